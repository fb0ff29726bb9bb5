/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "viterbi_decoder_impl.h"
#include <gnuradio/io_signature.h>
#include <pmt/pmt.h>
#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {

/* Soft values per work() call that the buffers are sized for. A GPU call has a fixed cost
 * (launches, copies, one synchronisation) of tens of microseconds and the kernels want
 * thousands of tiles or frames in flight, so it needs megabytes of input per call to pass
 * 1 Gbit/s; GNU Radio's default buffers (32 KiB) would cap it far below that. The CPU decoder
 * only needs enough frames to keep its threads busy. */
constexpr size_t batch_soft_cuda = size_t(1) << 24;
constexpr size_t batch_soft_cpu = size_t(1) << 18;

conv_code_sptr checked(conv_code_sptr c)
{
    if (!c)
        throw std::invalid_argument(
            "code is None: pass a convolutional code, e.g. gpufec.conv_code(7, [0o171, 0o133])");
    return c;
}

bool parse_input(const std::string& input)
{
    if (input == "float")
        return true;
    if (input == "int8")
        return false;
    throw std::invalid_argument("input = '" + input + "' is not known: use 'float' or 'int8'");
}

int clamp_int(size_t v) { return static_cast<int>(std::min<size_t>(v, 1u << 30)); }

} // namespace

viterbi_decoder::sptr viterbi_decoder::make(conv_code_sptr code,
                                            const std::string& backend,
                                            const std::string& input,
                                            float llr_scale,
                                            bool invert,
                                            size_t payload,
                                            size_t before,
                                            size_t after)
{
    const bool float_input = parse_input(input);
    return gnuradio::make_block_sptr<viterbi_decoder_impl>(
        checked(code),
        viterbi_options::from_parameters(backend, llr_scale, invert, payload, before, after),
        float_input);
}

viterbi_decoder_impl::viterbi_decoder_impl(conv_code_sptr code,
                                           const viterbi_options& opts,
                                           bool float_input)
    : gr::block("viterbi_decoder",
                gr::io_signature::make(1, 1, float_input ? sizeof(float) : sizeof(int8_t)),
                gr::io_signature::make(1, 1, sizeof(uint8_t))),
      d_engine(code, opts),
      d_float_input(float_input),
      d_streaming(code->term() == termination::STREAMING),
      d_info_per_block(code->info_bits_per_block()),
      d_coded_per_block(code->coded_bits_per_block()),
      d_item_size(float_input ? sizeof(float) : sizeof(int8_t))
{
    set_relative_rate(static_cast<uint64_t>(d_info_per_block),
                      static_cast<uint64_t>(d_coded_per_block));
    const size_t batch_soft =
        d_engine.backend().kind == backend_kind::CUDA ? batch_soft_cuda : batch_soft_cpu;
    const size_t batch_blocks = std::max<size_t>(1, batch_soft / d_coded_per_block);
    // Framed codes work in whole frames. A streaming code's output may have any length.
    d_work_multiple = d_streaming ? 1 : clamp_int(d_info_per_block);
    // GNU Radio sizes the upstream buffer to at least twice this block's output_multiple
    // times its decimation, and a block cannot size its upstream buffer otherwise. So the
    // output multiple is one batch while the flowgraph allocates buffers, and whole frames
    // while it runs (start() / stop()): calls then take up to a batch whenever that much
    // input has queued, and still any whole number of frames (the end of a stream included).
    d_alloc_multiple =
        std::max(d_work_multiple, clamp_int(batch_blocks * d_info_per_block));
    if (!d_streaming)
        d_alloc_multiple -= d_alloc_multiple % d_work_multiple;
    set_output_multiple(d_alloc_multiple);
    d_logger->info("{}: {}", code->name(), d_engine.backend().why);
}

bool viterbi_decoder_impl::start()
{
    set_output_multiple(d_work_multiple);
    return true;
}

bool viterbi_decoder_impl::stop()
{
    // A later start() of the flowgraph allocates its buffers again.
    set_output_multiple(d_alloc_multiple);
    return true;
}

std::string viterbi_decoder_impl::backend() const
{
    return backend_name(d_engine.backend().kind);
}

void viterbi_decoder_impl::forecast(int noutput_items, gr_vector_int& ninput_items_required)
{
    const size_t nout = static_cast<size_t>(noutput_items);
    if (!d_streaming) {
        ninput_items_required[0] = clamp_int(nout / d_info_per_block * d_coded_per_block);
        return;
    }
    // Streaming: decoded bits already waiting need no input (work() outputs them first);
    // otherwise ask for the soft values of the requested bits, in whole periods.
    if (d_engine.available() > 0) {
        ninput_items_required[0] = 0;
        return;
    }
    const size_t periods = (nout + d_info_per_block - 1) / d_info_per_block;
    ninput_items_required[0] = clamp_int(std::max<size_t>(1, periods * d_coded_per_block));
}

void viterbi_decoder_impl::check_float_input(const float* in, size_t n)
{
    // The engine decodes NaN as an erasure and +-Inf as +-127; a stream that has them is
    // probably broken upstream, which is worth a warning (once) and a counter.
    size_t bad = 0;
    for (size_t i = 0; i < n; ++i)
        bad += !(std::fabs(in[i]) <= 3.4e38f);
    if (bad == 0)
        return;
    if (d_nonfinite == 0)
        d_logger->warn("non-finite soft values in the input (first at item {}): NaN is decoded "
                       "as an erasure (0), +-Inf as +-127; this warning is shown once, "
                       "nonfinite_count() counts them",
                       nitems_read(0));
    d_nonfinite += bad;
}

int viterbi_decoder_impl::work_frames(int noutput_items,
                                      int ninput_items,
                                      const void* in,
                                      uint8_t* out)
{
    const size_t frames =
        std::min(static_cast<size_t>(noutput_items) / d_info_per_block,
                 static_cast<size_t>(ninput_items) / d_coded_per_block);
    if (frames == 0)
        return 0;
    if (d_float_input) {
        check_float_input(static_cast<const float*>(in), frames * d_coded_per_block);
        d_engine.decode_frames(static_cast<const float*>(in), out, frames);
    } else {
        d_engine.decode_frames(static_cast<const int8_t*>(in), out, frames);
    }
    static const pmt::pmt_t key = pmt::string_to_symbol("frame_start");
    const uint64_t first_out = nitems_written(0);
    const uint64_t first_frame = d_frames;
    for (size_t f = 0; f < frames; ++f)
        add_item_tag(0, first_out + f * d_info_per_block, key,
                     pmt::from_uint64(first_frame + f), alias_pmt());
    d_frames += frames;
    consume(0, static_cast<int>(frames * d_coded_per_block));
    return static_cast<int>(frames * d_info_per_block);
}

int viterbi_decoder_impl::work_stream(int noutput_items,
                                      int ninput_items,
                                      const void* in,
                                      uint8_t* out)
{
    // Output first what is already decoded. Push new soft values only once that queue is
    // empty (the engine reuses its queue's memory only when it has been drained), and only as
    // many as the remaining output space can take, so the queue stays about one tile long.
    // The engine decides tiles from the stream alone, not from the calls.
    const size_t space = static_cast<size_t>(noutput_items);
    size_t produced = d_engine.pull(out, space);
    size_t n_push = 0;
    if (d_engine.available() == 0) {
        const size_t room_periods = (space - produced) / d_info_per_block;
        n_push = std::min(static_cast<size_t>(ninput_items),
                          std::max<size_t>(room_periods, 1) * d_coded_per_block);
    }
    if (n_push > 0) {
        if (d_float_input) {
            check_float_input(static_cast<const float*>(in), n_push);
            d_engine.push(static_cast<const float*>(in), n_push);
        } else {
            d_engine.push(static_cast<const int8_t*>(in), n_push);
        }
        produced += d_engine.pull(out + produced, space - produced);
    }
    consume(0, static_cast<int>(n_push));
    return static_cast<int>(produced);
}

int viterbi_decoder_impl::general_work(int noutput_items,
                                       gr_vector_int& ninput_items,
                                       gr_vector_const_void_star& input_items,
                                       gr_vector_void_star& output_items)
{
    auto* out = static_cast<uint8_t*>(output_items[0]);
    return d_streaming ? work_stream(noutput_items, ninput_items[0], input_items[0], out)
                       : work_frames(noutput_items, ninput_items[0], input_items[0], out);
}

} // namespace gpufec
} // namespace gr
