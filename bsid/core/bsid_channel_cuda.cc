/* The BSID channel on the GPU, registered for the simulator (bsid_channel_model.h): the input
 * goes to the device, the count pass gives each segment's received bits, their prefix sums
 * place the write pass's output, and the received bits and the drift come back. The output is
 * the CPU channel's, bit for bit (docs/bsid-cuda.md, "Channel").
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/core/backend_factory.h"
#include "bsid_backend.h"
#include "bsid_internal.h"
#include "bsid/cuda/bsid_channel_kernels.h"
#include "skeleton/cuda/device_buffer.h"
#include "skeleton/cuda/device_guard.h"
#include <gnuradio/gpufec/bsid/bsid_channel_model.h>
#include <algorithm>
#include <cstdint>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {

class channel_cuda final : public bsid_channel_backend
{
public:
    channel_cuda(const bsid_channel_model& m, int device)
        : m_device(device),
          m_seed(m.seed()),
          m_th(detail::make_bsid_thresholds(m.params().pi, m.params().pd, m.params().ps))
    {
    }

    bsid_transmission transmit(const uint8_t* bits, size_t n, uint64_t first) override
    {
        detail::check_stream_bits(first, n);
        bsid_transmission tx;
        tx.drift.assign(n + 1, 0);
        if (!n)
            return tx;
        cuda::device_guard on(m_device);
        cudaStream_t st = m_stream.get();
        const size_t segments = cuda::bsid_channel_segments(n, first);
        cuda::grow(m_h_in, n);
        cuda::grow(m_d_in, n);
        cuda::grow(m_d_counts, segments);
        cuda::grow(m_h_counts, segments);
        cuda::grow(m_d_offsets, segments);
        cuda::grow(m_h_offsets, segments);
        std::copy(bits, bits + n, m_h_in.get());
        GPUFEC_CUDA_CHECK(cudaMemcpyAsync(m_d_in.get(), m_h_in.get(), n, cudaMemcpyHostToDevice, st));
        cuda::launch_bsid_channel_count(m_d_in.get(), n, first, m_seed, m_th, m_d_counts.get(), st);
        GPUFEC_CUDA_CHECK(cudaMemcpyAsync(m_h_counts.get(), m_d_counts.get(), segments * sizeof(uint32_t),
                                          cudaMemcpyDeviceToHost, st));
        m_stream.synchronize(); // the output's size decides the next pass's buffers
        uint64_t total = 0;
        for (size_t s = 0; s < segments; ++s) {
            m_h_offsets.get()[s] = total;
            total += m_h_counts.get()[s];
        }
        if (int64_t(total) - int64_t(n) > INT32_MAX || int64_t(total) - int64_t(n) < INT32_MIN)
            throw std::invalid_argument("the drift of this piece leaves 32 bits: send it in pieces");
        cuda::grow(m_d_out, std::max<uint64_t>(total, 1));
        cuda::grow(m_h_out, std::max<uint64_t>(total, 1));
        cuda::grow(m_d_drift, n);
        cuda::grow(m_h_drift, n);
        GPUFEC_CUDA_CHECK(cudaMemcpyAsync(m_d_offsets.get(), m_h_offsets.get(), segments * sizeof(uint64_t),
                                          cudaMemcpyHostToDevice, st));
        cuda::launch_bsid_channel_write(m_d_in.get(), n, first, m_seed, m_th, m_d_offsets.get(), m_d_out.get(),
                                        m_d_drift.get(), st);
        GPUFEC_CUDA_CHECK(cudaMemcpyAsync(m_h_out.get(), m_d_out.get(), total, cudaMemcpyDeviceToHost, st));
        GPUFEC_CUDA_CHECK(cudaMemcpyAsync(m_h_drift.get(), m_d_drift.get(), n * sizeof(int32_t),
                                          cudaMemcpyDeviceToHost, st));
        m_stream.synchronize();
        tx.received.assign(m_h_out.get(), m_h_out.get() + total);
        std::copy(m_h_drift.get(), m_h_drift.get() + n, tx.drift.begin());
        tx.drift[n] = int32_t(int64_t(total) - int64_t(n));
        return tx;
    }

private:
    int m_device;
    uint64_t m_seed;
    detail::bsid_thresholds m_th;
    cuda::stream m_stream;
    cuda::pinned_buffer<uint8_t> m_h_in, m_h_out;
    cuda::device_buffer<uint8_t> m_d_in, m_d_out;
    cuda::pinned_buffer<uint32_t> m_h_counts;
    cuda::device_buffer<uint32_t> m_d_counts;
    cuda::pinned_buffer<uint64_t> m_h_offsets;
    cuda::device_buffer<uint64_t> m_d_offsets;
    cuda::pinned_buffer<int32_t> m_h_drift;
    cuda::device_buffer<int32_t> m_d_drift;
};

std::unique_ptr<bsid_channel_backend> make_bsid_channel_cuda(const bsid_channel_model& model, int device)
{
    cuda::device_guard on(device);
    return std::make_unique<channel_cuda>(model, device);
}

const cuda_backend_registration<bsid_channel_backend, const bsid_channel_model&, int>
    registration(make_bsid_channel_cuda);

} // namespace

} // namespace gpufec
} // namespace gr
