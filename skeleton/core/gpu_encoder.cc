/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "gpu_encoder.h"
#include "skeleton/cuda/cuda_check.h"
#include <map>
#include <stdexcept>
#include <string>

namespace gr {
namespace gpufec {

namespace {

std::map<std::string, gpu_encode_fn>& registry()
{
    static std::map<std::string, gpu_encode_fn> encoders;
    return encoders;
}

void encode_uncoded(const code&, const uint8_t* info, uint8_t* coded, size_t n, cudaStream_t st)
{
    if (n)
        GPUFEC_CUDA_CHECK(cudaMemcpyAsync(coded, info, n, cudaMemcpyDeviceToDevice, st));
}

const gpu_encoder_registration uncoded_registration("uncoded", encode_uncoded);

} // namespace

gpu_encoder_registration::gpu_encoder_registration(const char* family, gpu_encode_fn encode)
{
    registry()[family] = encode;
}

bool has_gpu_encoder(const code& c) { return registry().count(c.family()) != 0; }

gpu_encode_fn gpu_encoder_for(const code& c)
{
    const auto it = registry().find(c.family());
    if (it == registry().end())
        throw std::invalid_argument("code '" + c.name() + "' (family '" + c.family() +
                                    "') has no GPU encoder: use backend 'cpu'");
    return it->second;
}

} // namespace gpufec
} // namespace gr
