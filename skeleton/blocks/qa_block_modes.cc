/* The decoder block's modes over a fake block (vectors for the buffers, a loop for the
 * scheduler): fixed frames, length-tagged frames and streams in any chunking give the output
 * of the whole input at once; tags land where the rules say; the end of a stream is flushed or
 * dropped with a warning; the batch policy's output multiples.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/blocks/batch_policy.h"
#include "skeleton/blocks/frame_mode.h"
#include "skeleton/blocks/stream_mode.h"
#include "skeleton/blocks/tagged_mode.h"
#include <cppunit/extensions/HelperMacros.h>
#include <cmath>
#include <deque>
#include <functional>

namespace gr {
namespace gpufec {

namespace {

/* A block's buffers as vectors; the input arrives in pieces (its upstream block). */
struct fake_io final : block_io {
    std::vector<gr::tag_t> in_tags, out_tags;
    std::vector<std::string> warnings;
    uint64_t read = 0, written = 0, arrived = 0;
    size_t consumed = 0; // in the present call
    bool done = false;
    int min_noutput = 1;

    uint64_t nitems_read() const override { return read; }
    uint64_t nitems_written() const override { return written; }
    std::vector<gr::tag_t> input_tags(uint64_t from, uint64_t to, const pmt::pmt_t& key) override
    {
        std::vector<gr::tag_t> v;
        for (const auto& t : in_tags)
            if (t.offset >= from && t.offset < to && (pmt::is_null(key) || pmt::eqv(t.key, key)))
                v.push_back(t);
        std::stable_sort(v.begin(), v.end(), gr::tag_t::offset_compare);
        return v;
    }
    void add_tag(const gr::tag_t& tag) override { out_tags.push_back(tag); }
    void add_tag(uint64_t offset, const pmt::pmt_t& key, const pmt::pmt_t& value) override
    {
        gr::tag_t t;
        t.offset = offset;
        t.key = key;
        t.value = value;
        out_tags.push_back(t);
    }
    void consume(size_t n) override { consumed += n; }
    bool upstream_done() const override { return done; }
    size_t unread() const override { return static_cast<size_t>(arrived - read); }
    void set_min_noutput_items(int n) override { min_noutput = n; }
    void warn(const std::string& m) override { warnings.push_back(m); }

    void tag(uint64_t offset, const char* key, long value)
    {
        gr::tag_t t;
        t.offset = offset;
        t.key = pmt::string_to_symbol(key);
        t.value = pmt::from_long(value);
        in_tags.push_back(t);
    }
    /* The value of the output tag of @p key at @p offset, or -1. */
    long out_tag(uint64_t offset, const char* key) const
    {
        for (const auto& t : out_tags)
            if (t.offset == offset && pmt::eqv(t.key, pmt::string_to_symbol(key)))
                return pmt::is_uint64(t.value) ? static_cast<long>(pmt::to_uint64(t.value))
                                               : pmt::to_long(t.value);
        return -1;
    }
};

/* The scheduler: input in pieces of @p chunk, output space @p space a call; @p work(nout, nin,
 * in, out) and @p forecast(nout) as a mode's. As GNU Radio's, it halves the output asked for
 * until the forecast's input is there, and ends the block when the upstream is done and that
 * much will never come. Returns the output. */
template <typename In, typename Out>
std::vector<Out> run(fake_io& io,
                     const std::vector<In>& in,
                     size_t chunk,
                     size_t space,
                     const std::function<int(size_t, size_t, const In*, Out*)>& work,
                     const std::function<int(size_t)>& forecast)
{
    std::vector<Out> out;
    std::vector<Out> buf(space);
    for (int idle = 0; idle < 3;) {
        io.arrived = std::min<uint64_t>(in.size(), io.arrived + chunk);
        io.done = io.arrived == in.size();
        io.consumed = 0;
        const size_t nin = static_cast<size_t>(io.arrived - io.read);
        size_t nout = space;
        while (nout > 0 && nin < static_cast<size_t>(forecast(nout)))
            nout /= 2;
        if (nout == 0) {
            if (io.done)
                break;
            continue;
        }
        const int produced = work(nout, nin, in.data() + io.read, buf.data());
        out.insert(out.end(), buf.begin(), buf.begin() + produced);
        io.read += io.consumed;
        io.written += static_cast<uint64_t>(produced);
        idle = produced == 0 && io.consumed == 0 && io.done ? idle + 1 : 0;
    }
    return out;
}

/* Frames of 2 b soft values give b bits: bit k is soft value 2k > 0 (the odd ones are parity
 * nobody reads). Counts non-finite values. */
class fake_frames final : public frame_decoder
{
public:
    explicit fake_frames(size_t bits) : m_bits(bits) { m_choice.kind = backend_kind::CPU; }
    const backend_choice& backend() const override { return m_choice; }
    size_t soft_per_frame() const override { return 2 * m_bits; }
    size_t bits_per_frame() const override { return m_bits; }
    void decode_frames(const float* soft, uint8_t* bits, size_t n) override
    {
        for (size_t i = 0; i < n * m_bits; ++i) {
            if (!std::isfinite(soft[2 * i]))
                ++m_report.count;
            bits[i] = soft[2 * i] > 0;
        }
        ++calls;
    }
    void decode_frames(const int8_t*, uint8_t*, size_t) override { CPPUNIT_FAIL("int8"); }
    nonfinite_report nonfinite() const override { return m_report; }
    void reset() override { m_report = {}; }
    bool has_status() const override { return true; }
    /* The bits through decode_frames; as status, the frame's index in the call + 1 as its
     * iterations, the CRC unknown. */
    void decode(const frame_io& io, size_t n) override
    {
        CPPUNIT_ASSERT(!io.app && io.status && io.in_type == soft_type::FLOAT);
        decode_frames(static_cast<const float*>(io.in), io.bits, n);
        for (size_t f = 0; f < n; ++f)
            io.status[f].iterations = static_cast<int>(f + 1);
    }
    size_t calls = 0;

private:
    size_t m_bits;
    backend_choice m_choice;
    nonfinite_report m_report;
};

/* A stream of rate 1/2 (bit k from soft value 2k) that holds its last @p delay bits back
 * until more input or a flush (a traceback's delay); an odd value at the end is dropped. */
class fake_stream final : public stream_engine
{
public:
    explicit fake_stream(size_t delay) : m_delay(delay) { m_choice.kind = backend_kind::CPU; }
    const backend_choice& backend() const override { return m_choice; }
    stream_shape shape() const override
    {
        stream_shape s;
        s.in_item_bytes = sizeof(float);
        s.in_per_period = 2;
        s.out_per_period = 1;
        return s;
    }
    void push(const void* in, size_t n) override
    {
        const float* f = static_cast<const float*>(in);
        m_in.insert(m_in.end(), f, f + n);
        while (m_in.size() >= 2 * (m_delay + 1)) {
            m_out.push_back(m_in[0] > 0);
            m_in.erase(m_in.begin(), m_in.begin() + 2);
        }
    }
    size_t flush() override
    {
        for (; m_in.size() >= 2; m_in.erase(m_in.begin(), m_in.begin() + 2))
            m_out.push_back(m_in[0] > 0);
        const size_t dropped = m_in.size();
        m_in.clear();
        return dropped;
    }
    void reset() override
    {
        m_in.clear();
        m_out.clear();
    }
    size_t pending() const override { return m_in.size() / 2; }
    size_t available() const override { return m_out.size(); }
    size_t pull(void* out, size_t max) override
    {
        const size_t n = std::min(max, m_out.size());
        std::copy(m_out.begin(), m_out.begin() + static_cast<long>(n), static_cast<uint8_t*>(out));
        m_out.erase(m_out.begin(), m_out.begin() + static_cast<long>(n));
        return n;
    }

private:
    size_t m_delay;
    backend_choice m_choice;
    std::deque<float> m_in;
    std::deque<uint8_t> m_out;
};

/* Frames found in a stream (as BSID's): a frame starts at every value 9; its output item is
 * the count of the values up to the next 9. An event a frame, with its input's end. */
class fake_finder final : public stream_engine
{
public:
    fake_finder() { m_choice.kind = backend_kind::CPU; }
    const backend_choice& backend() const override { return m_choice; }
    stream_shape shape() const override
    {
        stream_shape s;
        s.in_per_period = 4;
        s.out_per_period = 1;
        s.tags_by_events = true;
        return s;
    }
    void push(const void* in, size_t n) override
    {
        const uint8_t* b = static_cast<const uint8_t*>(in);
        for (size_t i = 0; i < n; ++i, ++m_pos) {
            if (b[i] == 9 && m_open)
                close(m_pos);
            m_open = m_open || b[i] == 9;
            if (m_open)
                ++m_len;
        }
    }
    size_t flush() override
    {
        if (m_open)
            close(m_pos);
        return 0;
    }
    void reset() override { *this = fake_finder(); }
    size_t pending() const override { return m_open ? m_len : 0; }
    size_t available() const override { return m_out.size(); }
    size_t pull(void* out, size_t max) override
    {
        const size_t n = std::min(max, m_out.size());
        std::copy(m_out.begin(), m_out.begin() + static_cast<long>(n), static_cast<uint8_t*>(out));
        m_out.erase(m_out.begin(), m_out.begin() + static_cast<long>(n));
        return n;
    }
    bool next_event(stream_event& e) override
    {
        if (m_events.empty())
            return false;
        e = m_events.front();
        m_events.pop_front();
        return true;
    }
    uint64_t frames() const override { return m_frames; }

private:
    void close(uint64_t end)
    {
        stream_event e;
        e.out_item = m_frames;
        e.in_end = end;
        e.add_u64("frame_start", m_frames);
        if (m_len != 4)
            e.warning = "odd frame";
        m_events.push_back(e);
        m_out.push_back(static_cast<uint8_t>(m_len));
        ++m_frames;
        m_len = 0;
    }
    backend_choice m_choice;
    std::deque<uint8_t> m_out;
    std::deque<stream_event> m_events;
    uint64_t m_pos = 0, m_frames = 0;
    size_t m_len = 0;
    bool m_open = false;
};

std::vector<float> soft_of(const std::vector<uint8_t>& bits)
{
    std::vector<float> s;
    for (uint8_t b : bits) {
        s.push_back(b ? 1.5f : -1.5f);
        s.push_back(0.25f); // parity
    }
    return s;
}

} // namespace

class block_modes_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(block_modes_test);
    CPPUNIT_TEST(frames_in_any_chunking);
    CPPUNIT_TEST(frames_end_inside_a_frame);
    CPPUNIT_TEST(tagged_frames);
    CPPUNIT_TEST(stream_flushed_at_the_end);
    CPPUNIT_TEST(stream_events_carry_tags);
    CPPUNIT_TEST(policy_multiples);
    CPPUNIT_TEST_SUITE_END();

    static std::vector<uint8_t> bits_of(size_t n, unsigned seed)
    {
        std::vector<uint8_t> b(n);
        for (size_t i = 0; i < n; ++i)
            b[i] = ((i * 2654435761u + seed) >> 7) & 1u;
        return b;
    }

public:
    void frames_in_any_chunking()
    {
        const std::vector<uint8_t> bits = bits_of(60, 1); // 10 frames of 6 bits
        const std::vector<float> soft = soft_of(bits);
        for (size_t chunk : { 1, 5, 12, 1000 }) {
            fake_io io;
            io.tag(13, "packet_len", 24); // inside frame 1: on its first bit, 12 bits
            io.tag(40, "other", 7);       // frame 3
            auto dec = std::make_shared<fake_frames>(6);
            // A batch of 2 frames a call at most.
            frame_mode m(io, dec, soft_type::FLOAT, 12);
            m.reset();
            const auto out = run<float, uint8_t>(
                io, soft, chunk, 64, [&](size_t nout, size_t nin, const float* in, uint8_t* o) {
                    return m.work(nout, nin, in, o, nullptr);
                },
                [&](size_t nout) { return m.forecast(nout); });
            CPPUNIT_ASSERT(out == bits);
            CPPUNIT_ASSERT_EQUAL(uint64_t(10), m.frames());
            CPPUNIT_ASSERT(dec->calls >= 5);
            for (size_t f = 0; f < 10; ++f) {
                CPPUNIT_ASSERT_EQUAL(long(f), io.out_tag(f * 6, "frame_start"));
                // The fake's status: its call's frame count as iterations, no CRC.
                CPPUNIT_ASSERT(io.out_tag(f * 6, "iterations") >= 1);
                CPPUNIT_ASSERT_EQUAL(-1L, io.out_tag(f * 6, "crc_pass"));
            }
            CPPUNIT_ASSERT_EQUAL(12L, io.out_tag(6, "packet_len"));
            CPPUNIT_ASSERT_EQUAL(7L, io.out_tag(18, "other"));
            CPPUNIT_ASSERT(io.warnings.empty());
        }
    }

    void frames_end_inside_a_frame()
    {
        const std::vector<uint8_t> bits = bits_of(18, 2);
        std::vector<float> soft = soft_of(bits);
        soft.resize(soft.size() + 5, 1.0f); // 5 values of a fourth frame
        soft[2] = NAN;
        fake_io io;
        frame_mode m(io, std::make_shared<fake_frames>(6), soft_type::FLOAT, 600);
        m.reset();
        CPPUNIT_ASSERT_EQUAL(12, m.forecast(6));
        const auto out = run<float, uint8_t>(
            io, soft, 7, 64, [&](size_t nout, size_t nin, const float* in, uint8_t* o) {
                return m.work(nout, nin, in, o, nullptr);
            },
            [&](size_t nout) { return m.forecast(nout); });
        std::vector<uint8_t> want = bits;
        want[1] = 0; // NaN decoded by the fake as a 0
        CPPUNIT_ASSERT(out == want);
        CPPUNIT_ASSERT_EQUAL(size_t(1), io.warnings.size());
        CPPUNIT_ASSERT(io.warnings[0].find("ended 5 soft values into a frame of 12") != std::string::npos);
        CPPUNIT_ASSERT_EQUAL(uint64_t(41), io.read);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), m.nonfinite().count);
        // The stream is over and read: one more item is asked for, which never comes.
        CPPUNIT_ASSERT_EQUAL(1, m.forecast(6));
    }

    void tagged_frames()
    {
        // Frames of 4, 8 and 4 soft values, 3 stray values before the first tag, a frame of
        // 6 cut short by the next tag after 2, a length no engine has (5), the end inside a
        // frame.
        std::vector<float> soft;
        fake_io io;
        const auto add = [&](size_t n, long tag_len) {
            if (tag_len >= 0)
                io.tag(soft.size(), "len", tag_len);
            for (size_t i = 0; i < n; ++i)
                soft.push_back((soft.size() / 2) % 3 == 0 ? 1.0f : -1.0f);
        };
        add(3, -1);
        add(4, 4);
        add(8, 8);
        add(4, 4);
        add(2, 6);
        add(5, 5);
        add(4, 4);
        add(3, 8);
        const auto sized = [](size_t n) -> std::shared_ptr<frame_decoder> {
            if (n % 2 != 0)
                throw std::invalid_argument("odd");
            return std::make_shared<fake_frames>(n / 2);
        };
        for (size_t chunk : { 1, 3, 100 }) {
            fake_io run_io = io;
            tagged_mode m(run_io, std::make_shared<fake_frames>(2), soft_type::FLOAT, "len", sized, 8);
            m.reset();
            const auto out = run<float, uint8_t>(
                run_io, soft, chunk, 64, [&](size_t nout, size_t nin, const float* in, uint8_t* o) {
                    return m.work(nout, nin, in, o, nullptr);
                },
                [&](size_t) { return m.forecast(); });
            // The decoded frames: items 3-6 (2 bits), 7-14 (4), 15-18 (2), 26-29 (2).
            std::vector<uint8_t> want;
            for (size_t first : { 3, 5, 7, 9, 11, 13, 15, 17, 26, 28 })
                want.push_back(soft[first] > 0);
            CPPUNIT_ASSERT(out == want);
            CPPUNIT_ASSERT_EQUAL(uint64_t(4), m.frames());
            CPPUNIT_ASSERT_EQUAL(4L, run_io.out_tag(2, "len")); // 8 soft values: 4 bits
            CPPUNIT_ASSERT_EQUAL(3L, run_io.out_tag(8, "frame_start"));
            // Stray values, the cut frame, the odd length, the end: a warning each.
            CPPUNIT_ASSERT_EQUAL(size_t(4), run_io.warnings.size());
            CPPUNIT_ASSERT(run_io.warnings[0].find("carry no 'len' tag") != std::string::npos);
            CPPUNIT_ASSERT(run_io.warnings[1].find("cut short") != std::string::npos);
            CPPUNIT_ASSERT(run_io.warnings[2].find("odd") != std::string::npos);
            CPPUNIT_ASSERT(run_io.warnings[3].find("stream ended 3 soft values") != std::string::npos);
        }
    }

    void stream_flushed_at_the_end()
    {
        const std::vector<uint8_t> bits = bits_of(101, 3);
        std::vector<float> soft = soft_of(bits);
        soft.push_back(1.0f); // half a step: dropped at the flush
        for (size_t chunk : { 1, 7, 64, 1000 })
            for (size_t space : { 1, 5, 300 }) {
                fake_io io;
                io.tag(21, "packet_len", 9); // period 10: output 10, length 4
                stream_mode m(io, std::make_shared<fake_stream>(8));
                m.reset();
                const auto out = run<float, uint8_t>(
                    io, soft, chunk, space, [&](size_t nout, size_t nin, const float* in, uint8_t* o) {
                        return m.work(nout, nin, in, o);
                    },
                    [&](size_t nout) { return m.forecast(nout); });
                CPPUNIT_ASSERT(out == bits);
                CPPUNIT_ASSERT_EQUAL(4L, io.out_tag(10, "packet_len"));
                CPPUNIT_ASSERT_EQUAL(size_t(1), io.warnings.size());
                CPPUNIT_ASSERT(io.warnings[0].find("last 1 soft values") != std::string::npos);
            }
    }

    void stream_events_carry_tags()
    {
        // Frames of 4, 4, 6, 4 values; a tag in each frame's input and one in the last.
        const std::vector<uint8_t> in = { 9, 0, 0, 0, 9, 1, 1, 1, 9, 2, 2, 2, 2, 2, 9, 3, 3, 3 };
        for (size_t chunk : { 1, 5, 100 }) {
            fake_io io;
            io.tag(2, "a", 1);
            io.tag(4, "packet_len", 8); // two frames' worth (4 values a period)
            io.tag(13, "c", 3);
            io.tag(17, "d", 4);
            auto engine = std::make_shared<fake_finder>();
            stream_mode m(io, engine);
            m.reset();
            const auto out = run<uint8_t, uint8_t>(
                io, in, chunk, 3, [&](size_t nout, size_t nin, const uint8_t* i, uint8_t* o) {
                    return m.work(nout, nin, i, o);
                },
                [&](size_t nout) { return m.forecast(nout); });
            CPPUNIT_ASSERT(out == std::vector<uint8_t>({ 4, 4, 6, 4 }));
            CPPUNIT_ASSERT_EQUAL(uint64_t(4), engine->frames());
            for (long f = 0; f < 4; ++f)
                CPPUNIT_ASSERT_EQUAL(f, io.out_tag(static_cast<uint64_t>(f), "frame_start"));
            CPPUNIT_ASSERT_EQUAL(1L, io.out_tag(0, "a"));
            CPPUNIT_ASSERT_EQUAL(2L, io.out_tag(1, "packet_len"));
            CPPUNIT_ASSERT_EQUAL(3L, io.out_tag(2, "c"));
            CPPUNIT_ASSERT_EQUAL(4L, io.out_tag(3, "d")); // the last frame's, at the flush
            CPPUNIT_ASSERT_EQUAL(size_t(1), io.warnings.size());
            CPPUNIT_ASSERT_EQUAL(std::string("odd frame"), io.warnings[0]);
        }
    }

    void policy_multiples()
    {
        // A CPU frame of 3 000 soft values and 1 000 bits: 87 frames a batch (2^18 / 3 000)
        // while buffers are allocated, one frame while running.
        batch_policy p = batch_policy::make(backend_kind::CPU, 3000, 1000, true, 1);
        CPPUNIT_ASSERT_EQUAL(1000, p.work_multiple);
        CPPUNIT_ASSERT_EQUAL(87000, p.alloc_multiple);
        // CUDA streams: 2^24 / 2 periods of one bit, any amount while running.
        p = batch_policy::make(backend_kind::CUDA, 2, 1, false, 1);
        CPPUNIT_ASSERT_EQUAL(1, p.work_multiple);
        CPPUNIT_ASSERT_EQUAL(1 << 23, p.alloc_multiple);
        // Large items: at most 16 MiB of output.
        p = batch_policy::make(backend_kind::CUDA, 1000, 100, false, 1024);
        CPPUNIT_ASSERT_EQUAL(16384, p.alloc_multiple);
        // Length-tagged frames up to 3 000: two of those.
        p = batch_policy::make(backend_kind::CPU, 300000, 100000, true, 1);
        p.for_sized_frames(3000000, 300000, 100000);
        CPPUNIT_ASSERT_EQUAL(1, p.work_multiple);
        CPPUNIT_ASSERT_EQUAL(2000000, p.alloc_multiple);
        CPPUNIT_ASSERT_THROW(check_block_frame("x", size_t(1) << 25, 1), std::invalid_argument);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(block_modes_test);

} // namespace gpufec
} // namespace gr
