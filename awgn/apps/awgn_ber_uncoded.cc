/* --code uncoded: BPSK with hard decisions.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "apps/ber/code_registry.h"
#include "apps/ber/cpu_simulator.h"
#include <algorithm>
#include <stdexcept>
#include <vector>
#ifdef GPUFEC_HAVE_CUDA
#include "apps/ber/gpu_pipelines.h"
#endif

namespace gpufec_ber {

namespace {

using namespace gr::gpufec;

class hard_decoder final : public soft_decoder
{
public:
    void push(const float* soft, size_t n_blocks) override
    {
        for (size_t i = 0; i < n_blocks; ++i)
            m_bits.push_back(soft[i] > 0);
    }
    size_t pull(uint8_t* bits, size_t max) override
    {
        const size_t n = std::min(max, m_bits.size());
        std::copy_n(m_bits.begin(), n, bits);
        m_bits.erase(m_bits.begin(), m_bits.begin() + n);
        return n;
    }

private:
    std::vector<uint8_t> m_bits;
};

code_under_test make_uncoded(const std::string& args, size_t frame_bits)
{
    if (frame_bits == 0)
        frame_bits = default_frame_bits;
    if (!args.empty())
        throw std::invalid_argument("--code uncoded:" + args + ": uncoded takes no arguments");
    code_under_test cut;
    cut.coded = uncoded();
    cut.frame_bits = frame_bits;
    cut.frames = "frames of " + std::to_string(frame_bits) + " bits";
    cut.decoder = "hard decisions";
    cut.cpu = [frame_bits](const sim_setup& s) {
        return make_cpu_simulator(uncoded(), frame_bits, s, std::make_unique<hard_decoder>());
    };
#ifdef GPUFEC_HAVE_CUDA
    cut.cuda = [frame_bits](const sim_setup& s) { return make_uncoded_gpu(frame_bits, s); };
#endif
    return cut;
}

const register_code_family registration({
    "uncoded",
    "  uncoded               BPSK with hard decisions\n",
    make_uncoded,
});

} // namespace

} // namespace gpufec_ber
