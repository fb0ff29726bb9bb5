/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "lte_turbo_tables.h"
#include <vector>

namespace gr {
namespace gpufec {
namespace cuda {

namespace {

device_buffer<uint16_t> upload(const std::vector<uint16_t>& h)
{
    device_buffer<uint16_t> d(h.size());
    GPUFEC_CUDA_CHECK(cudaMemcpy(d.get(), h.data(), h.size() * sizeof(uint16_t), cudaMemcpyHostToDevice));
    return d;
}

} // namespace

turbo_tables::turbo_tables(const lte_turbo_code& code)
    : m_K(unsigned(code.K())), m_f1(code.f1()), m_f2(code.f2())
{
    const std::vector<uint32_t>& pi = code.interleaver();
    std::vector<uint16_t> narrow(pi.begin(), pi.end()), inverse(pi.size());
    for (size_t j = 0; j < pi.size(); ++j)
        inverse[pi[j]] = uint16_t(j);
    m_pi = upload(narrow);
    m_pi_inv = upload(inverse);
}

} // namespace cuda
} // namespace gpufec
} // namespace gr
