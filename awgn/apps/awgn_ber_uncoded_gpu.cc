/* Uncoded BPSK on the device: the family's fused source (bits and LLRs, awgn_device.h), hard
 * decisions.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "apps/ber/cuda/ber_kernels.h"
#include "apps/ber/gpu_pipelines.h"
#include "apps/ber/gpu_simulator.h"
#include "skeleton/cuda/device_buffer.h"
#include <gnuradio/gpufec/awgn/awgn_device.h>
#include <array>

namespace gpufec_ber {

using namespace gr::gpufec;

namespace {

class uncoded_pipeline final : public gpu_pipeline
{
    struct lane {
        cuda::device_buffer<uint8_t> info, decoded;
        cuda::device_buffer<float> soft;
    };

public:
    uncoded_pipeline(size_t frame_bits, const sim_setup& s)
        : m_frame_bits(frame_bits),
          m_seed(s.seed),
          m_noise(s.channel.awgn_noise("uncoded")),
          m_max_frames(gpu_batch_frames(s.max_batch_frames, frame_bits, [frame_bits](size_t n) {
              return n * frame_bits * (2 * sizeof(uint8_t) + sizeof(float));
          }))
    {
        const size_t bits = m_max_frames * frame_bits;
        for (auto& l : m_lanes) {
            l.info = cuda::device_buffer<uint8_t>(bits);
            l.decoded = cuda::device_buffer<uint8_t>(bits);
            l.soft = cuda::device_buffer<float>(bits);
        }
    }

    size_t max_batch_frames() const override { return m_max_frames; }

    batch_bits enqueue(unsigned index, uint64_t first_frame, size_t n_frames, cudaStream_t st) override
    {
        lane& l = m_lanes[index];
        const size_t bits = n_frames * m_frame_bits;
        device::awgn_uncoded_source(l.info.get(), l.soft.get(), bits, first_frame * m_frame_bits, m_seed,
                                    m_noise, soft_output::LLR, st);
        cuda::launch_hard_decisions(l.soft.get(), l.decoded.get(), bits, st);
        return { l.info.get(), l.decoded.get() };
    }

private:
    size_t m_frame_bits;
    uint64_t m_seed;
    awgn_noise m_noise;
    size_t m_max_frames;
    std::array<lane, lanes> m_lanes;
};

} // namespace

std::unique_ptr<frame_simulator> make_uncoded_gpu(size_t frame_bits, const sim_setup& setup)
{
    return make_gpu_simulator(std::make_unique<uncoded_pipeline>(frame_bits, setup), frame_bits);
}

} // namespace gpufec_ber
