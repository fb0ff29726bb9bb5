/* What the CUDA layer provides, for a build without CUDA: no devices, and factories that
 * explain why they cannot build a GPU backend (resolve_backend never asks them to).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "channel/awgn_bpsk_backends.h"
#include "conv/viterbi_backend.h"
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {
[[noreturn]] void no_cuda()
{
    throw std::runtime_error("gr-gpufec was built without CUDA: no GPU backend is available");
}
} // namespace

bool built_with_cuda() { return false; }
int cuda_device_count() { return 0; }
std::string cuda_device_name(int) { return ""; }

std::unique_ptr<awgn_bpsk_channel_engine::backend_impl> make_awgn_channel_cuda(uint64_t)
{
    no_cuda();
}
std::unique_ptr<awgn_bpsk_generator::backend_impl> make_awgn_generator_cuda(code_sptr, uint64_t)
{
    no_cuda();
}
std::unique_ptr<viterbi_decoder_engine::backend_impl>
make_viterbi_cuda(const conv_code&, const viterbi_tiling&, const viterbi_options&)
{
    no_cuda();
}

} // namespace gpufec
} // namespace gr
