/* Convolutional codes on the device, through the families' device entry points
 * (awgn_device.h, conv_device.h): the generator's blocks, int8 LLRs quantized as the engine
 * quantizes them (and depunctured: 0 at deleted positions, inverted outputs negated), the
 * Viterbi plans the CUDA backend's kernels run on. Framed codes: a batch is its frames. Streaming
 * codes: a batch is the complete tiles of the endless stream that its frames touch, with the
 * steps their warm-up and traceback read generated again (stream_plan.h), so that batches need
 * nothing from each other and decode exactly what the CPU engine decodes.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "apps/ber/cuda/ber_kernels.h"
#include "apps/ber/gpu_pipelines.h"
#include "apps/ber/gpu_simulator.h"
#include "conv_ber_stream_plan.h"
#include "skeleton/cuda/device_buffer.h"
#include <gnuradio/gpufec/awgn/awgn_device.h>
#include <gnuradio/gpufec/conv/conv_device.h>
#include <gnuradio/gpufec/conv/viterbi.h>
#include <optional>
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
          m_tiling(viterbi_tiling::defaults(*m_code)),
          m_streaming(m_code->term() == termination::STREAMING),
          m_frame_bits(frame_bits),
          m_scale(llr_scale),
          m_seed(s.seed),
          m_noise(s.channel.awgn_noise(m_code->name())),
          m_frames(frame_plan_for(*m_code)),
          m_tiles(tile_plan_for(*m_code, m_tiling)),
          m_depuncture(*m_code),
          m_mapped(!m_depuncture.identity()),
          m_max_frames(gpu_batch_frames(s.max_batch_frames, frame_bits,
                                        [this](size_t n) { return sizes_for(n).bytes(); }))
    {
        const sizes z = sizes_for(m_max_frames);
        m_work_bytes = z.work;
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
            m_frames->decode(l.llr.get(), l.decoded.get(), n_frames, l.work.get(), m_work_bytes, st);
            return { l.info.get(), l.decoded.get() };
        }
        const size_t spb = m_code->steps_per_block();
        const stream_batch b = plan_stream_batch(spb, m_tiling, m_frame_bits, first_frame, n_frames);
        generate(l, b.first_block, b.n_blocks, st);
        m_tiles->decode(l.llr.get(), b.first_block * spb, b.n_blocks * spb, b.first_tile, b.n_tiles,
                        l.decoded.get(), l.work.get(), m_work_bytes, st);
        return { l.info.get() + m_code->history_bits() + b.info_offset,
                 l.decoded.get() + b.decoded_offset };
    }

private:
    static std::optional<device::viterbi_frame_plan> frame_plan_for(const conv_code& c)
    {
        if (c.term() == termination::STREAMING)
            return std::nullopt;
        return device::viterbi_frame_plan(c);
    }

    static std::optional<device::viterbi_tile_plan> tile_plan_for(const conv_code& c, const viterbi_tiling& t)
    {
        if (c.term() != termination::STREAMING)
            return std::nullopt;
        return device::viterbi_tile_plan(c, t);
    }

    sizes sizes_for(size_t n_frames) const
    {
        sizes z{};
        size_t decoded_bits = n_frames * m_frame_bits;
        if (m_streaming) {
            const size_t tiles = stream_batch_max_tiles(m_tiling, m_frame_bits, n_frames);
            z.blocks = stream_batch_max_blocks(m_code->steps_per_block(), m_tiling, m_frame_bits, n_frames);
            decoded_bits = tiles * m_tiling.payload;
            z.work = m_tiles->workspace_bytes(tiles);
        } else {
            z.blocks = n_frames;
            z.work = m_frames->workspace_bytes(n_frames);
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
        device::awgn_coded_blocks(*m_code, first, n, m_seed, m_noise, soft_output::LLR, l.info.get(),
                                  l.coded.get(), quantized, m_scale, st);
        if (m_mapped)
            m_depuncture.depuncture(l.quantized.get(), l.llr.get(), n, st);
    }

    conv_code_sptr m_code;
    viterbi_tiling m_tiling;
    bool m_streaming;
    size_t m_frame_bits;
    float m_scale;
    uint64_t m_seed;
    awgn_noise m_noise;
    // one of the two, built before the sizes (the kernel chosen once, for this code and device)
    std::optional<device::viterbi_frame_plan> m_frames;
    std::optional<device::viterbi_tile_plan> m_tiles;
    device::conv_depuncture_plan m_depuncture;
    bool m_mapped; //!< punctured or inverted: the channel values go through m_depuncture
    size_t m_max_frames;
    size_t m_work_bytes = 0;
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
