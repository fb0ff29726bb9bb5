/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "bsid_channel_impl.h"
#include <gnuradio/io_signature.h>
#include <algorithm>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {

/* Input bits per call: the GPU backend draws a segment of 4096 bits per thread, so a call
 * wants many segments; the queue of received bits stays about this long. */
constexpr size_t max_bits_per_call = size_t(1) << 20;

bsid_channel_model_sptr checked(bsid_channel_model_sptr c)
{
    if (!c)
        throw std::invalid_argument("channel is None: pass a channel model, e.g. "
                                    "gpufec.bsid_channel_model(0.01, 0.01, 0.0)");
    return c;
}

} // namespace

bsid_channel::sptr
bsid_channel::make(double pi, double pd, double ps, uint64_t seed, const std::string& backend)
{
    return make(bsid_channel_model::make(pi, pd, ps, seed), backend);
}

bsid_channel::sptr bsid_channel::make(bsid_channel_model_sptr channel, const std::string& backend)
{
    return gnuradio::make_block_sptr<bsid_channel_impl>(checked(channel), backend);
}

bsid_channel_impl::bsid_channel_impl(bsid_channel_model_sptr channel, const std::string& backend)
    : gr::block("bsid_channel",
                gr::io_signature::make(1, 1, sizeof(uint8_t)),
                gr::io_signature::make(1, 1, sizeof(uint8_t))),
      d_model(std::move(channel)),
      d_sim(d_model, parse_backend(backend))
{
    // An input bit gives (1 - pd) / (1 - pi) output bits on average: a geometric run of
    // insertions, then a transmission or a deletion.
    const bsid_params& p = d_model->params();
    set_relative_rate(std::max(1e-3, (1.0 - p.pd) / (1.0 - p.pi)));
    // Tags follow the drift: moved by work().
    set_tag_propagation_policy(TPP_CUSTOM);
    d_logger->info("{}: {}", d_model->name(), d_sim.backend().why);
}

std::string bsid_channel_impl::backend() const { return backend_name(d_sim.backend().kind); }

bool bsid_channel_impl::start()
{
    // A new run is a new stream: its draws start at input bit 0 again.
    d_queue.clear();
    d_sent = 0;
    d_received = 0;
    d_drift = 0;
    return true;
}

void bsid_channel_impl::forecast(int noutput_items, gr_vector_int& ninput_items_required)
{
    // Bits already received go out first, without input.
    ninput_items_required[0] = d_queue.empty() ? std::max(1, noutput_items) : 0;
}

/* Sends the next n input bits, queues what arrives and moves their tags along: the tag of
 * input bit t goes to the output position its first event gets, received index t + drift[t]. */
void bsid_channel_impl::transmit(const uint8_t* in, size_t n)
{
    const bsid_transmission r = d_sim.transmit(in, n, d_sent);
    const uint64_t read = nitems_read(0);
    std::vector<gr::tag_t> tags;
    get_tags_in_range(tags, 0, read, read + n);
    // Written so far plus queued is where this piece's output starts.
    const uint64_t out_start = nitems_written(0) + d_queue.size();
    for (auto& tag : tags) {
        const uint64_t t = tag.offset - read;
        tag.offset = out_start + static_cast<uint64_t>(static_cast<int64_t>(t) + r.drift[t]);
        add_item_tag(0, tag);
    }
    d_queue.insert(d_queue.end(), r.received.begin(), r.received.end());
    d_sent += n;
    d_received += r.received.size();
    d_drift = static_cast<int64_t>(d_received) - static_cast<int64_t>(d_sent);
}

int bsid_channel_impl::general_work(int noutput_items,
                                    gr_vector_int& ninput_items,
                                    gr_vector_const_void_star& input_items,
                                    gr_vector_void_star& output_items)
{
    // The model's draws end after max_stream_bits (they would repeat the stream's start): so
    // does the block's output, with a message, after what was received before.
    const uint64_t left = bsid_channel_model::max_stream_bits - d_sent;
    if (d_queue.empty() && left == 0) {
        d_logger->error("the channel's stream of 2^44 bits is used up (docs/bsid.md): the "
                        "output ends here; each run of the flowgraph starts a new stream");
        return WORK_DONE;
    }
    if (d_queue.empty() && ninput_items[0] > 0) {
        const size_t n = static_cast<size_t>(std::min<uint64_t>(
            std::min(static_cast<size_t>(ninput_items[0]), max_bits_per_call), left));
        transmit(static_cast<const uint8_t*>(input_items[0]), n);
        consume(0, static_cast<int>(n));
    }
    const size_t out = std::min(static_cast<size_t>(noutput_items), d_queue.size());
    std::copy_n(d_queue.begin(), out, static_cast<uint8_t*>(output_items[0]));
    d_queue.erase(d_queue.begin(), d_queue.begin() + static_cast<long>(out));
    return static_cast<int>(out);
}

} // namespace gpufec
} // namespace gr
