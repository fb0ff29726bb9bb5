/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "bsid_map_decoder_impl.h"
#include "skeleton/blocks/decoder_block.h"
#include "skeleton/blocks/length_tags.h"
#include <gnuradio/io_signature.h>
#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {

/* Largest output buffer the allocation trick may ask for: posteriors are q floats per item. */
constexpr size_t max_alloc_bytes = size_t(16) << 20;

bool parse_output(const std::string& output)
{
    if (output == "bits")
        return false;
    if (output == "posteriors")
        return true;
    throw std::invalid_argument("output = '" + output +
                                "': allowed are 'bits' (decided symbols as bits) and "
                                "'posteriors' (q floats per symbol)");
}

} // namespace

bsid_map_decoder::sptr bsid_map_decoder::make(tvb_code_sptr code,
                                              bsid_channel_model_sptr channel,
                                              const std::string& output,
                                              const std::string& backend,
                                              int device,
                                              int max_drift,
                                              size_t lookahead,
                                              const std::string& storage,
                                              const std::string& precision,
                                              unsigned threads,
                                              double drift_threshold,
                                              int max_symbol_drift,
                                              const std::string& lattice)
{
    if (!code)
        throw std::invalid_argument(
            "code is None: pass a time-varying block code, e.g. gpufec.tvb_code(10, 32, 210)");
    if (!channel)
        throw std::invalid_argument("channel is None: pass a channel model, e.g. "
                                    "gpufec.bsid_channel_model(0.01, 0.01, 0.0)");
    bsid_map_options o;
    o.backend = parse_backend(backend);
    o.device = device;
    o.max_drift = max_drift;
    o.lookahead = lookahead;
    o.storage = parse_bsid_storage(storage);
    o.precision = parse_bsid_precision(precision);
    o.threads = threads;
    o.drift_threshold = drift_threshold;
    o.max_symbol_drift = max_symbol_drift;
    o.lattice = parse_bsid_lattice(lattice);
    o.check();
    return gnuradio::make_block_sptr<bsid_map_decoder_impl>(
        code, channel, parse_output(output), o);
}

bsid_map_decoder_impl::bsid_map_decoder_impl(tvb_code_sptr code,
                                             bsid_channel_model_sptr channel,
                                             bool posteriors,
                                             const bsid_map_options& opts)
    : gr::block("bsid_map_decoder",
                gr::io_signature::make(1, 1, sizeof(uint8_t)),
                gr::io_signature::make(
                    1, 1, posteriors ? code->q() * sizeof(float) : sizeof(uint8_t))),
      d_code(code),
      d_posteriors(posteriors),
      d_item_size(posteriors ? code->q() * sizeof(float) : sizeof(uint8_t)),
      d_items_per_frame(posteriors ? code->N() : code->N() * code->bits_per_symbol()),
      d_push_bits(std::max(code->tau(),
                           resolve_backend(opts.backend, opts.device).kind == backend_kind::CUDA
                               ? decoder_block_batch_cuda
                               : decoder_block_batch_cpu)),
      d_dec(code, channel->params(), opts, posteriors)
{
    const size_t tau = d_code->tau();
    if (tau > decoder_block_max_frame)
        throw std::invalid_argument(d_code->name() + ": a frame of " + std::to_string(tau) +
                                    " bits is too large for a block: at most " +
                                    std::to_string(decoder_block_max_frame));
    set_relative_rate(static_cast<uint64_t>(d_items_per_frame), static_cast<uint64_t>(tau));
    // Input tags go to the frame whose received bits hold them (move_tags): how many bits a
    // frame takes is known only once it is decoded.
    set_tag_propagation_policy(TPP_DONT);
    // As decoder_block does: a large output multiple while the flowgraph allocates buffers
    // makes GNU Radio give the upstream buffer a batch of input; 1 while running.
    const size_t batch_items = d_push_bits / tau * d_items_per_frame;
    d_alloc_multiple = static_cast<int>(std::max<size_t>(
        1, std::min(batch_items, max_alloc_bytes / d_item_size)));
    set_output_multiple(d_alloc_multiple);
    d_logger->info("{}, {}, drift limits [{}, {}] per frame, [{}, {}] per codeword: {}",
                   d_code->name(),
                   channel->name(),
                   limits().frame_min,
                   limits().frame_max,
                   limits().symbol_min,
                   limits().symbol_max,
                   d_dec.engine().backend().why);
}

std::string bsid_map_decoder_impl::backend() const
{
    return backend_name(d_dec.engine().backend().kind);
}

bool bsid_map_decoder_impl::start()
{
    // A new run is a new stream: nothing of the last run's state may leak into it.
    d_dec.reset();
    d_queue.clear();
    d_queue_head = 0;
    d_flushed = false;
    d_origin = nitems_read(0);
    d_tags.clear();
    d_frames = 0;
    d_resyncs = 0;
    d_drift = 0;
    set_output_multiple(1);
    return true;
}

bool bsid_map_decoder_impl::stop()
{
    // A later start() of the flowgraph allocates its buffers again.
    set_output_multiple(d_alloc_multiple);
    return true;
}

bool bsid_map_decoder_impl::upstream_done() const { return detail()->input(0)->done(); }

size_t bsid_map_decoder_impl::unread() const
{
    return static_cast<size_t>(detail()->input(0)->items_available());
}

void bsid_map_decoder_impl::forecast(int noutput_items, gr_vector_int& ninput_items_required)
{
    (void)noutput_items;
    // Decoded items waiting, or (at the end of the stream) a flush to do, need no input;
    // otherwise any input helps: the decoder needs a frame and its lookahead before it
    // decides, which with the drift is no fixed number of bits.
    const bool ready = d_queue_head < d_queue.size() || d_dec.available() > 0;
    const bool flush = upstream_done() && (unread() > 0 || (!d_flushed && d_dec.pending() > 0));
    ninput_items_required[0] = ready || flush ? 0 : 1;
}

/* The frame's output items, queued, and its tags, on its first item. Items already queued are
 * written before it, so it starts at nitems_written() plus those. */
void bsid_map_decoder_impl::queue_frame(const bsid_stream_frame& f)
{
    static const pmt::pmt_t start_key = pmt::string_to_symbol("frame_start");
    static const pmt::pmt_t drift_key = pmt::string_to_symbol("drift");
    static const pmt::pmt_t confidence_key = pmt::string_to_symbol("drift_confidence");
    static const pmt::pmt_t resync_key = pmt::string_to_symbol("resync");
    const uint64_t offset = nitems_written(0) + (d_queue.size() - d_queue_head) / d_item_size;
    add_item_tag(0, offset, start_key, pmt::from_uint64(f.index), alias_pmt());
    add_item_tag(0, offset, drift_key, pmt::from_long(static_cast<long>(f.drift)), alias_pmt());
    add_item_tag(0, offset, confidence_key, pmt::from_double(f.drift_confidence), alias_pmt());
    add_item_tag(0, offset, resync_key, pmt::from_bool(f.resynchronised), alias_pmt());
    move_tags(static_cast<uint64_t>(static_cast<int64_t>((f.index + 1) * d_code->tau()) + f.drift),
              offset);
    d_last_offset = offset;
    const size_t at = d_queue.size();
    d_queue.resize(at + d_items_per_frame * d_item_size);
    if (d_posteriors) {
        float* p = reinterpret_cast<float*>(d_queue.data() + at);
        std::copy(f.posteriors.begin(), f.posteriors.end(), p);
    } else {
        const std::vector<uint8_t> bits =
            tvb_bits_from_symbols(*d_code, f.symbols.data(), f.symbols.size());
        std::copy(bits.begin(), bits.end(), d_queue.begin() + static_cast<long>(at));
    }
    if (f.resynchronised)
        d_logger->warn("frame {}: sync was lost and re-acquired, the frame placed at received "
                       "bit {} (end drift {})",
                       f.index,
                       f.start,
                       f.drift);
    d_drift = f.drift;
    ++d_frames;
}

/* The input tags of received bits before @p received_end (a stream position: the end of the
 * frame being queued, or of the stream) onto output item @p offset, the frame's first. A
 * length tag's value becomes the items of the whole frames its received bits make. */
void bsid_map_decoder_impl::move_tags(uint64_t received_end, uint64_t offset)
{
    const size_t tau = d_code->tau();
    while (!d_tags.empty() && d_tags.front().offset < d_origin + received_end) {
        gr::tag_t tag = d_tags.front();
        d_tags.pop_front();
        tag.offset = offset;
        uint64_t length;
        if (pmt::eqv(tag.key, packet_len_key()) && tag_length(tag.value, length))
            tag.value = length_value((length + tau / 2) / tau * d_items_per_frame);
        add_item_tag(0, tag);
    }
}

/* Pushes n received bits (the last of the stream when @p last) and queues every frame the
 * decoder then has. */
void bsid_map_decoder_impl::decode(const uint8_t* in, size_t n, bool last)
{
    if (n > 0) {
        std::vector<gr::tag_t> tags;
        get_tags_in_range(tags, 0, nitems_read(0), nitems_read(0) + n);
        std::stable_sort(tags.begin(), tags.end(), gr::tag_t::offset_compare);
        d_tags.insert(d_tags.end(), tags.begin(), tags.end());
        d_bits.resize(n);
        for (size_t i = 0; i < n; ++i)
            d_bits[i] = in[i] != 0;
        d_dec.push(d_bits.data(), n);
    }
    if (last && !d_flushed) {
        d_dec.flush();
        d_flushed = true;
    }
    if (d_queue_head == d_queue.size()) {
        d_queue.clear();
        d_queue_head = 0;
    }
    bsid_stream_frame f;
    while (d_dec.pull(f))
        queue_frame(f);
    // The last frame ends where the stream does: what is left is its own.
    if (last && d_frames > 0)
        move_tags(UINT64_MAX - d_origin, d_last_offset);
    d_resyncs = d_dec.resyncs();
}

int bsid_map_decoder_impl::general_work(int noutput_items,
                                        gr_vector_int& ninput_items,
                                        gr_vector_const_void_star& input_items,
                                        gr_vector_void_star& output_items)
{
    // New input only once the queue is written out, so that it stays about a batch long.
    if (d_queue_head == d_queue.size()) {
        const size_t avail = static_cast<size_t>(ninput_items[0]);
        const size_t n = std::min(avail, d_push_bits);
        // The end of a finite stream: everything is in this call.
        const bool last = upstream_done() && unread() == avail && n == avail;
        decode(static_cast<const uint8_t*>(input_items[0]), n, last);
        consume(0, static_cast<int>(n));
    }
    const size_t items =
        std::min(static_cast<size_t>(noutput_items), (d_queue.size() - d_queue_head) / d_item_size);
    std::memcpy(output_items[0], d_queue.data() + d_queue_head, items * d_item_size);
    d_queue_head += items * d_item_size;
    return static_cast<int>(items);
}

} // namespace gpufec
} // namespace gr
