/* The stream engine's defaults, and soft-value stream decoders as stream engines.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gnuradio/gpufec/core/engine.h>
#include <stdexcept>

namespace gr {
namespace gpufec {

stream_tag& stream_event::put(const char* key, stream_tag::kind_t kind)
{
    if (n_tags == tags.size())
        throw std::logic_error("stream_event: at most 4 tags");
    stream_tag& t = tags[n_tags++];
    t.key = key;
    t.kind = kind;
    return t;
}

stream_engine::~stream_engine() = default;
bool stream_engine::next_event(stream_event&) { return false; }
nonfinite_report stream_engine::nonfinite() const { return {}; }
uint64_t stream_engine::frames() const { return 0; }

uint64_t stream_engine::out_length(uint64_t in_items) const
{
    const stream_shape s = shape();
    const uint64_t from = s.in_per_period, to = s.out_per_period;
    return in_items / from * to + in_items % from * to / from;
}

namespace {

class soft_stream_engine final : public stream_engine
{
public:
    soft_stream_engine(std::shared_ptr<stream_decoder> dec, soft_type input)
        : m_dec(std::move(dec)), m_input(input)
    {
        if (!m_dec)
            throw std::invalid_argument("as_stream_engine: no decoder");
    }
    const backend_choice& backend() const override { return m_dec->backend(); }
    stream_shape shape() const override
    {
        stream_shape s;
        s.in_item_bytes = m_input == soft_type::FLOAT ? sizeof(float) : sizeof(int8_t);
        s.in_per_period = m_dec->soft_per_period();
        s.out_per_period = m_dec->bits_per_period();
        return s;
    }
    void push(const void* in, size_t n) override
    {
        if (m_input == soft_type::FLOAT)
            m_dec->push(static_cast<const float*>(in), n);
        else
            m_dec->push(static_cast<const int8_t*>(in), n);
    }
    size_t flush() override { return m_dec->flush(); }
    void reset() override { m_dec->reset(); }
    size_t pending() const override { return m_dec->pending(); }
    size_t available() const override { return m_dec->available(); }
    size_t pull(void* out, size_t max) override
    {
        return m_dec->pull(static_cast<uint8_t*>(out), max);
    }
    nonfinite_report nonfinite() const override { return m_dec->nonfinite(); }

private:
    std::shared_ptr<stream_decoder> m_dec;
    soft_type m_input;
};

} // namespace

std::shared_ptr<stream_engine> as_stream_engine(std::shared_ptr<stream_decoder> dec, soft_type input)
{
    return std::make_shared<soft_stream_engine>(std::move(dec), input);
}

} // namespace gpufec
} // namespace gr
