/* The CPU repetition decoder, the family's reference: frames over threads. A tie (a zero sum,
 * or as many copies for 1 as for 0) decides 0, on every backend.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "rep_backend.h"
#include "skeleton/core/parallel_for.h"

namespace gr {
namespace gpufec {

namespace {

class rep_cpu final : public rep_backend
{
public:
    rep_cpu(const rep_code& code, const rep_options& opts)
        : m_K(code.K()), m_n(code.n()), m_combining(opts.combining),
          m_max_batch(opts.max_batch ? opts.max_batch : 4096)
    {
    }

    size_t max_batch() const override { return m_max_batch; }

    void decode(const float* llr, size_t n_frames, uint8_t* bits) override
    {
        const size_t per = m_K * m_n;
        parallel_for(n_frames, copy_workers(n_frames * per * sizeof(float)),
                     [&](size_t, size_t first, size_t end) {
                         for (size_t i = first * m_K; i < end * m_K; ++i)
                             bits[i] = decide(llr + i * m_n);
                     });
    }

private:
    uint8_t decide(const float* copies) const
    {
        if (m_combining == rep_combining::SOFT) {
            float sum = 0.0f;
            for (size_t c = 0; c < m_n; ++c)
                sum += copies[c];
            return sum > 0.0f;
        }
        long votes = 0; // copies for 1 minus copies for 0; an erasure votes for neither
        for (size_t c = 0; c < m_n; ++c)
            votes += (copies[c] > 0.0f) - (copies[c] < 0.0f);
        return votes > 0;
    }

    size_t m_K, m_n;
    rep_combining m_combining;
    size_t m_max_batch;
};

} // namespace

std::unique_ptr<rep_backend> make_rep_cpu(const rep_code& code, const rep_options& opts)
{
    return std::make_unique<rep_cpu>(code, opts);
}

} // namespace gpufec
} // namespace gr
