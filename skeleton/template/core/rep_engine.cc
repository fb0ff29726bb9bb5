/* rep_decoder_engine: option checking, the soft-input stage (skeleton/core/soft_input.h) into
 * float LLRs batch by batch, and the backend.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "rep_backend.h"
#include "skeleton/core/backend_factory.h"
#include "skeleton/core/parallel_for.h"
#include "skeleton/core/soft_input.h"
#include <algorithm>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {

const rep_code_sptr& checked(const rep_code_sptr& code)
{
    if (!code)
        throw std::invalid_argument("code is null: pass a repetition code, e.g. rep_code(64, 3)");
    return code;
}

/* Auto takes the GPU only where this family has a CUDA backend registered (rep_backend.h). */
backend_choice choose_backend(const rep_options& opts)
{
    using cuda_factory = cuda_backend_registration<rep_backend, const rep_code&, const rep_options&>;
    if (opts.backend == backend_kind::AUTO && !cuda_factory::slot())
        return { backend_kind::CPU, "backend auto -> cpu (the family has no CUDA backend)" };
    return resolve_backend(opts.backend, opts.device);
}

} // namespace

rep_decoder_engine::rep_decoder_engine(rep_code_sptr code, const rep_options& opts)
    : m_code(checked(code)), m_opts(opts)
{
    opts.check();
    m_choice = choose_backend(opts);
    m_impl = make_backend(m_choice, make_rep_cpu, *m_code, m_opts);
    m_soft = std::make_unique<soft_input>(opts.llr_scale, opts.invert);
}

rep_decoder_engine::~rep_decoder_engine() = default;

nonfinite_report rep_decoder_engine::nonfinite() const { return m_soft->nonfinite(); }

void rep_decoder_engine::reset()
{
    m_soft->reset();
    m_soft_seen = 0;
}

template <typename T>
void rep_decoder_engine::decode_t(const T* soft, uint8_t* bits, size_t n_frames)
{
    const size_t per = soft_per_frame(), K = bits_per_frame();
    for (size_t done = 0; done < n_frames;) {
        const size_t batch = std::min(m_impl->max_batch(), n_frames - done);
        const size_t n_soft = batch * per;
        m_llr.resize(n_soft);
        m_soft->to_float(soft + done * per, n_soft, m_llr.data(), m_soft_seen,
                         copy_workers(n_soft * sizeof(T)));
        m_soft_seen += n_soft;
        m_impl->decode(m_llr.data(), batch, bits + done * K);
        done += batch;
    }
}

void rep_decoder_engine::decode_frames(const float* soft, uint8_t* bits, size_t n_frames)
{
    decode_t(soft, bits, n_frames);
}

void rep_decoder_engine::decode_frames(const int8_t* soft, uint8_t* bits, size_t n_frames)
{
    decode_t(soft, bits, n_frames);
}

} // namespace gpufec
} // namespace gr
