/* The time-varying block code's GPU encoder, registered under family "tvb" for the GPU source
 * and the BER tool. Its codebooks live on the device, uploaded once per code object and device
 * and kept (a code is immutable; the copy is compared, so that a new code at a freed code's
 * address is uploaded anew).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/core/gpu_encoder.h"
#include "bsid/cuda/bsid_tvb_encode_kernels.h"
#include "skeleton/cuda/device_buffer.h"
#include <gnuradio/gpufec/bsid/tvb_code.h>
#include <map>
#include <mutex>
#include <utility>
#include <vector>

namespace gr {
namespace gpufec {

namespace {

struct device_codebooks {
    std::vector<uint32_t> host;
    cuda::device_buffer<uint32_t> device;
};

/* The device copy of @p c's codewords on the current device. */
const uint32_t* codebooks_on_device(const tvb_code& c)
{
    static std::mutex lock;
    static std::map<std::pair<int, const tvb_code*>, device_codebooks> cache;
    int dev = 0;
    GPUFEC_CUDA_CHECK(cudaGetDevice(&dev));
    std::lock_guard<std::mutex> hold(lock);
    device_codebooks& e = cache[{ dev, &c }];
    if (e.host != c.packed()) {
        e.host = c.packed();
        e.device = cuda::device_buffer<uint32_t>(e.host.size());
        GPUFEC_CUDA_CHECK(cudaMemcpy(e.device.get(), e.host.data(), e.host.size() * sizeof(uint32_t),
                                     cudaMemcpyHostToDevice));
    }
    return e.device.get();
}

void encode(const code& base, const uint8_t* info, uint8_t* coded, size_t n_blocks, cudaStream_t st)
{
    const auto& c = static_cast<const tvb_code&>(base);
    cuda::launch_tvb_encode(codebooks_on_device(c), unsigned(c.n()), unsigned(c.q()), unsigned(c.N()),
                            c.bits_per_symbol(), info, coded, n_blocks, st);
}

const gpu_encoder_registration registration("tvb", encode);

} // namespace

} // namespace gpufec
} // namespace gr
