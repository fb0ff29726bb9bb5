/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "viterbi_decoder_impl.h"
#include <gnuradio/io_signature.h>
#include <deque>
#include <stdexcept>

namespace gr {
namespace gpufec {

viterbi_decoder::sptr viterbi_decoder::make(conv_code_sptr code,
                                            const std::string& backend,
                                            const std::string& input,
                                            float llr_scale,
                                            bool invert,
                                            size_t payload,
                                            size_t before,
                                            size_t after,
                                            int device,
                                            const std::string& length_tag,
                                            bool find_pairing)
{
    if (!code)
        throw std::invalid_argument(
            "code is None: pass a convolutional code, e.g. gpufec.conv_code(7, [0o171, 0o133])");
    const decoder_options common =
        decoder_options::from_parameters(backend, input, llr_scale, invert, device);
    const viterbi_options opts(common, viterbi_tiling{ payload, before, after });
    return gnuradio::make_block_sptr<viterbi_decoder_impl>(code, opts, length_tag, find_pairing);
}

namespace {

/* Length-tagged frames: the engine for the same code with frames of that coded length. */
sized_frame_decoder sized_engines(const conv_code_sptr& code, const viterbi_options& opts)
{
    return [code, opts](size_t soft_values) -> std::shared_ptr<frame_decoder> {
        return std::make_shared<viterbi_decoder_engine>(
            conv_code_for_coded_length(*code, soft_values), opts);
    };
}

/* The pairing decoder as a stream engine: each change of pairing is an event that tags the
 * first bit decoded with the new pairing ("pairing", the new offset). */
class pairing_engine final : public stream_engine
{
public:
    pairing_engine(std::shared_ptr<viterbi_pairing_decoder> dec, soft_type input)
        : m_dec(dec), m_soft(as_stream_engine(std::move(dec), input))
    {
    }
    const backend_choice& backend() const override { return m_soft->backend(); }
    stream_shape shape() const override { return m_soft->shape(); }
    void push(const void* in, size_t n) override { m_soft->push(in, n); }
    size_t flush() override { return m_soft->flush(); }
    void reset() override
    {
        m_soft->reset();
        m_pulled = 0;
        m_events.clear();
    }
    size_t pending() const override { return m_soft->pending(); }
    size_t available() const override { return m_soft->available(); }
    size_t pull(void* out, size_t max) override
    {
        m_changes.clear();
        const size_t n = m_dec->pull(static_cast<uint8_t*>(out), max, m_changes);
        for (const auto& c : m_changes) {
            stream_event e;
            e.out_item = m_pulled + c.bit;
            e.add_i64("pairing", c.offset);
            m_events.push_back(std::move(e));
        }
        m_pulled += n;
        return n;
    }
    bool next_event(stream_event& e) override
    {
        if (m_events.empty())
            return false;
        e = std::move(m_events.front());
        m_events.pop_front();
        return true;
    }
    nonfinite_report nonfinite() const override { return m_soft->nonfinite(); }

private:
    const std::shared_ptr<viterbi_pairing_decoder> m_dec;
    const std::shared_ptr<stream_engine> m_soft;
    std::vector<pairing_change> m_changes;
    std::deque<stream_event> m_events;
    uint64_t m_pulled = 0; //!< bits pulled since the last reset
};

} // namespace

viterbi_decoder_impl::viterbi_decoder_impl(conv_code_sptr code,
                                           const viterbi_options& opts,
                                           const std::string& length_tag,
                                           bool find_pairing)
    : viterbi_decoder_impl(
          code,
          find_pairing ? nullptr : std::make_shared<viterbi_decoder_engine>(code, opts),
          find_pairing ? std::make_shared<viterbi_pairing_decoder>(code, opts) : nullptr,
          opts,
          length_tag)
{
}

/* One of @p engine and @p pairing. */
viterbi_decoder_impl::viterbi_decoder_impl(const conv_code_sptr& code,
                                           std::shared_ptr<viterbi_decoder_engine> engine,
                                           std::shared_ptr<viterbi_pairing_decoder> pairing,
                                           const viterbi_options& opts,
                                           const std::string& length_tag)
    : gr::block("viterbi_decoder",
                gr::io_signature::make(
                    1, 1, opts.input == soft_type::FLOAT ? sizeof(float) : sizeof(int8_t)),
                gr::io_signature::make(1, 1, sizeof(uint8_t))),
      decoder_block<viterbi_decoder>(
          engine && !engine->streaming() ? std::shared_ptr<frame_decoder>(engine) : nullptr,
          pairing ? std::shared_ptr<stream_engine>(
                        std::make_shared<pairing_engine>(pairing, opts.input))
                  : engine->streaming() ? as_stream_engine(engine, opts.input) : nullptr,
          opts.input,
          code->name(),
          length_tag,
          sized_engines(code, opts),
          code->coded_bits_per_block())
{
}

} // namespace gpufec
} // namespace gr
