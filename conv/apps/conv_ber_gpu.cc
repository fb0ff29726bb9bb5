/* Convolutional codes on the device: the generator's blocks (coded_blocks.h), int8 LLRs
 * quantized as the engine quantizes them (and depunctured: 0 at deleted positions, inverted
 * outputs negated), the CUDA Viterbi kernels. Framed codes: a batch is its frames. Streaming
 * codes: a batch is the complete tiles of the endless stream that its frames touch, with the
 * steps their warm-up and traceback read generated again (stream_plan.h), so that batches need
 * nothing from each other and decode exactly what the CPU engine decodes.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "awgn/core/awgn_bpsk_backends.h"
#include "conv/common/conv_code_trellis.h"
#include "apps/ber/cuda/ber_kernels.h"
#include "awgn/core/awgn_coded_blocks_cuda.h"
#include "skeleton/cuda/device_buffer.h"
#include "conv/cuda/conv_viterbi_kernels.h"
#include "conv/cuda/conv_depuncture_kernels.h"
#include "apps/ber/gpu_pipelines.h"
#include "apps/ber/gpu_simulator.h"
#include "conv_ber_stream_plan.h"
#include <gnuradio/gpufec/conv/viterbi.h>
#include <array>

namespace gpufec_ber {

using namespace gr::gpufec;

namespace {

class conv_pipeline final : public gpu_pipeline
{
    /* Buffer sizes of one lane for batches of n frames. */
    struct sizes {
        size_t blocks, info, coded, quantized, llr, decoded, work;
        size_t bytes() const { return info + coded + quantized + llr + decoded + work; }
    };

    struct lane {
        cuda::device_buffer<uint8_t> info, coded, decoded, work;
        cuda::device_buffer<int8_t> quantized, llr;
    };

public:
    conv_pipeline(conv_code_sptr c, size_t frame_bits, float llr_scale, const sim_setup& s)
        : m_code(std::move(c)),
          m_trellis(conv::make_trellis(*m_code)),
          m_tiling(viterbi_tiling::defaults(*m_code)),
          m_streaming(m_code->term() == termination::STREAMING),
          m_frame_bits(frame_bits),
          m_scale(llr_scale),
          m_seed(s.seed),
          m_params(sample_params(s.channel.awgn_noise(m_code->name()), soft_output::LLR)),
          m_kernel(cuda::pick_viterbi_tile_kernel(m_trellis, shape())),
          m_map(*m_code),
          m_mapped(m_code->punctured() || m_code->any_inverted()),
          m_max_frames(gpu_batch_frames(s.max_batch_frames, frame_bits,
                                        [this](size_t n) { return sizes_for(n).bytes(); }))
    {
        const sizes z = sizes_for(m_max_frames);
        for (auto& l : m_lanes) {
            l.info = cuda::device_buffer<uint8_t>(z.info);
            l.coded = cuda::device_buffer<uint8_t>(z.coded);
            l.quantized = cuda::device_buffer<int8_t>(z.quantized);
            l.llr = cuda::device_buffer<int8_t>(z.llr);
            l.decoded = cuda::device_buffer<uint8_t>(z.decoded);
            l.work = cuda::device_buffer<uint8_t>(z.work);
        }
    }

    size_t max_batch_frames() const override { return m_max_frames; }

    batch_bits enqueue(unsigned index, uint64_t first_frame, size_t n_frames, cudaStream_t st) override
    {
        lane& l = m_lanes[index];
        if (!m_streaming) {
            generate(l, first_frame, n_frames, st); // a framed code's block is its frame
            cuda::launch_viterbi_frames(m_trellis, m_code->term(), m_frame_bits, l.llr.get(),
                                        l.decoded.get(), n_frames, l.work.get(), st);
            return { l.info.get(), l.decoded.get() };
        }
        const size_t spb = m_code->steps_per_block();
        const stream_batch b = plan_stream_batch(spb, m_tiling, m_frame_bits, first_frame, n_frames);
        generate(l, b.first_block, b.n_blocks, st);
        cuda::launch_viterbi_tiles(m_trellis, shape(), l.llr.get(), b.first_block * spb,
                                   b.n_blocks * spb, b.first_tile, b.n_tiles, l.decoded.get(),
                                   l.work.get(), st, m_kernel);
        return { l.info.get() + m_code->history_bits() + b.info_offset,
                 l.decoded.get() + b.decoded_offset };
    }

private:
    cuda::viterbi_tile_shape shape() const
    {
        return { m_tiling.payload, m_tiling.before, m_tiling.after };
    }

    sizes sizes_for(size_t n_frames) const
    {
        sizes z{};
        size_t decoded_bits = n_frames * m_frame_bits;
        if (m_streaming) {
            const size_t tiles = stream_batch_max_tiles(m_tiling, m_frame_bits, n_frames);
            z.blocks = stream_batch_max_blocks(m_code->steps_per_block(), m_tiling, m_frame_bits, n_frames);
            decoded_bits = tiles * m_tiling.payload;
            z.work = cuda::viterbi_tiles_workspace_bytes(m_trellis, shape(), tiles);
        } else {
            z.blocks = n_frames;
            z.work = cuda::viterbi_frames_workspace_bytes(m_trellis, m_code->term(), m_frame_bits, n_frames);
        }
        z.info = m_code->history_bits() + z.blocks * m_code->info_bits_per_block();
        z.coded = z.blocks * m_code->coded_bits_per_block();
        z.quantized = m_mapped ? z.coded : 0;
        z.llr = z.blocks * m_code->mother_bits_per_block();
        z.decoded = decoded_bits;
        return z;
    }

    /* Blocks [first, first + n): info bits (after the history), int8 mother LLRs. */
    void generate(lane& l, uint64_t first, size_t n, cudaStream_t st)
    {
        // Quantized as the channel values are made: no float values in memory.
        int8_t* quantized = m_mapped ? l.quantized.get() : l.llr.get();
        cuda::launch_coded_blocks(*m_code, first, n, m_seed, m_params, l.info.get(), l.coded.get(),
                                  quantized, m_scale, st);
        if (m_mapped)
            cuda::launch_depuncture(m_map, l.quantized.get(), l.llr.get(), n, st);
    }

    conv_code_sptr m_code;
    conv::trellis m_trellis;
    viterbi_tiling m_tiling;
    bool m_streaming;
    size_t m_frame_bits;
    float m_scale;
    uint64_t m_seed;
    detail::awgn_sample_params m_params;
    cuda::viterbi_tile_kernel m_kernel; //!< chosen once, for this code and device
    cuda::device_puncture_map m_map;
    bool m_mapped; //!< punctured or inverted: the channel values go through m_map
    size_t m_max_frames;
    std::array<lane, lanes> m_lanes;
};

} // namespace

std::unique_ptr<frame_simulator> make_conv_gpu(conv_code_sptr c,
                                               size_t frame_bits,
                                               float llr_scale,
                                               const sim_setup& setup)
{
    return make_gpu_simulator(std::make_unique<conv_pipeline>(std::move(c), frame_bits, llr_scale, setup),
                              frame_bits);
}

} // namespace gpufec_ber
