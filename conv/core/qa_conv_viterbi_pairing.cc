/* viterbi_pairing_decoder: a stream whose symbol clock slips by one soft value decodes right on
 * both sides of the slip, with one change of pairing placed at the slip; without a slip it is
 * the plain engine; the decisions do not depend on the chunking.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "qa_conv_viterbi_util.h"
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <gnuradio/gpufec/conv/viterbi_pairing.h>
#include <cppunit/extensions/HelperMacros.h>
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace gr {
namespace gpufec {

class viterbi_pairing_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(viterbi_pairing_test);
    CPPUNIT_TEST(no_slip_is_the_engine);
    CPPUNIT_TEST(inserted_value);
    CPPUNIT_TEST(deleted_value);
    CPPUNIT_TEST(slip_and_back);
    CPPUNIT_TEST(stream_joined_mid_step);
    CPPUNIT_TEST(rate_one_third);
    CPPUNIT_TEST(chunking_and_types_do_not_matter);
    CPPUNIT_TEST(invert);
    CPPUNIT_TEST(noise_does_not_flap);
    CPPUNIT_TEST(flush_starts_a_new_stream);
    CPPUNIT_TEST(delay_is_bounded);
    CPPUNIT_TEST(options_checked);
    CPPUNIT_TEST_SUITE_END();

    struct result {
        std::vector<uint8_t> bits;
        std::vector<pairing_change> changes; //!< bit: position in the whole output
    };

    static viterbi_options cpu()
    {
        viterbi_options o;
        o.backend = backend_kind::CPU;
        o.threads = 1;
        return o;
    }

    /* Pushes @p y in the given chunk sizes (cycled), pulling in odd amounts as it goes. */
    template <typename T>
    static result run(viterbi_pairing_decoder& dec, const std::vector<T>& y,
                      const std::vector<size_t>& chunks = { size_t(-1) })
    {
        result r;
        const auto drain = [&](size_t most) {
            std::vector<uint8_t> b(most);
            std::vector<pairing_change> ch;
            const uint64_t at = r.bits.size();
            b.resize(dec.pull(b.data(), b.size(), ch));
            r.bits.insert(r.bits.end(), b.begin(), b.end());
            for (auto c : ch) {
                CPPUNIT_ASSERT(c.bit < b.size());
                c.bit += at;
                r.changes.push_back(c);
            }
        };
        for (size_t pos = 0, i = 0; pos < y.size(); ++i) {
            const size_t len = std::min(chunks[i % chunks.size()], y.size() - pos);
            dec.push(y.data() + pos, len);
            pos += len;
            drain(1 + i * 37 % 300);
        }
        dec.flush();
        while (dec.available())
            drain(1000);
        return r;
    }

    /* LLRs of a K=7 171/133 stream of @p n_bits random bits at @p ebn0 dB. */
    static std::vector<float>
    llrs(const conv_code_sptr& c, size_t n_bits, double ebn0, uint64_t seed, std::vector<uint8_t>& info)
    {
        awgn_bpsk_generator gen(c, awgn_noise::from_snr(ebn0, snr_kind::EBN0, c->rate()),
                                soft_output::LLR, seed, backend_kind::CPU);
        info.resize(n_bits);
        std::vector<float> soft(n_bits * c->n());
        gen.generate(n_bits, info.data(), soft.data());
        return soft;
    }

    static conv_code_sptr k7() { return conv_code::make(7, { 0171, 0133 }, "", termination::STREAMING); }

    /* Bits of @p got that differ from @p want, outside [from, to) and the last 16 (the end of
     * a stream is decoded from the best state, without a tail: its last bits are weak). */
    static size_t errors_outside(const std::vector<uint8_t>& got, const std::vector<uint8_t>& want,
                                 size_t from, size_t to)
    {
        size_t e = 0;
        for (size_t t = 0; t + 16 < std::min(got.size(), want.size()); ++t)
            e += (t < from || t >= to) && got[t] != want[t];
        return e;
    }

    void no_slip_is_the_engine()
    {
        std::vector<uint8_t> info;
        const auto c = k7();
        // 3 dB: errors in the output, so that equality with the engine means something.
        const auto y = llrs(c, 20000, 2.0, 1, info);
        viterbi_pairing_decoder dec(c, cpu());
        const result r = run(dec, y);
        CPPUNIT_ASSERT(r.changes.empty());
        CPPUNIT_ASSERT(r.bits == viterbi_decode(c, y, cpu()));
        CPPUNIT_ASSERT(r.bits != info);
    }

    /* One value inserted in the middle of step S: alternative 1 then reads the steps as they
     * were sent, so every bit away from the slip is right. */
    void inserted_value()
    {
        const size_t S = 5000;
        std::vector<uint8_t> info;
        const auto c = k7();
        auto y = llrs(c, 10000, 5.0, 2, info);
        y.insert(y.begin() + 2 * S + 1, 3.0f);
        viterbi_pairing_decoder dec(c, cpu());
        const result r = run(dec, y);
        CPPUNIT_ASSERT_EQUAL(size_t(1), r.changes.size());
        CPPUNIT_ASSERT_EQUAL(1u, r.changes[0].offset);
        CPPUNIT_ASSERT(r.changes[0].bit + 8 >= S && r.changes[0].bit <= S + 8);
        CPPUNIT_ASSERT_EQUAL(info.size(), r.bits.size());
        CPPUNIT_ASSERT_EQUAL(size_t(0), errors_outside(r.bits, info, S - 16, S + 16));
        // The engine alone decodes garbage after the slip.
        const auto plain = viterbi_decode(c, std::vector<float>(y.begin(), y.end() - 1), cpu());
        CPPUNIT_ASSERT(errors_outside(plain, info, 0, S + 16) > 1000);
    }

    /* One value lost: after the slip alternative 1 reads step t + 1 as its step t. */
    void deleted_value()
    {
        const size_t S = 6000;
        std::vector<uint8_t> info;
        const auto c = k7();
        auto y = llrs(c, 12000, 5.0, 3, info);
        y.erase(y.begin() + 2 * S);
        viterbi_pairing_decoder dec(c, cpu());
        const result r = run(dec, y, { 999, 1, 4096 });
        CPPUNIT_ASSERT_EQUAL(size_t(1), r.changes.size());
        CPPUNIT_ASSERT_EQUAL(1u, r.changes[0].offset);
        CPPUNIT_ASSERT(r.changes[0].bit + 8 >= S && r.changes[0].bit <= S + 8);
        std::vector<uint8_t> want(info.begin(), info.begin() + S);
        want.insert(want.end(), info.begin() + S + 1, info.end());
        CPPUNIT_ASSERT_EQUAL(want.size(), r.bits.size());
        CPPUNIT_ASSERT_EQUAL(size_t(0), errors_outside(r.bits, want, S - 16, S + 16));
    }

    /* A value inserted, and later one lost: offset 1, then offset 0 again. */
    void slip_and_back()
    {
        const size_t S1 = 3000, S2 = 7000;
        std::vector<uint8_t> info;
        const auto c = k7();
        auto y = llrs(c, 10000, 5.0, 4, info);
        y.erase(y.begin() + 2 * S2 + 1); // value 2 S2 of the sent stream, after the insertion
        y.insert(y.begin() + 2 * S1 + 1, -2.0f);
        viterbi_pairing_decoder dec(c, cpu());
        const result r = run(dec, y, { 100 });
        CPPUNIT_ASSERT_EQUAL(size_t(2), r.changes.size());
        CPPUNIT_ASSERT_EQUAL(1u, r.changes[0].offset);
        CPPUNIT_ASSERT_EQUAL(0u, r.changes[1].offset);
        CPPUNIT_ASSERT(r.changes[0].bit + 8 >= S1 && r.changes[0].bit <= S1 + 8);
        CPPUNIT_ASSERT(r.changes[1].bit + 8 >= S2 && r.changes[1].bit <= S2 + 8);
        // Offset 0 again from S2: its step t reads value 2 t, sent as value 2 t.
        CPPUNIT_ASSERT_EQUAL(info.size(), r.bits.size());
        size_t errors = 0;
        for (size_t t = 0; t + 16 < info.size(); ++t)
            errors += (t + 16 < S1 || t >= S1 + 16) && (t + 16 < S2 || t >= S2 + 16) &&
                      r.bits[t] != info[t];
        CPPUNIT_ASSERT_EQUAL(size_t(0), errors);
    }

    /* A receiver that joins a stream mid-step: the right pairing from the first window on. */
    void stream_joined_mid_step()
    {
        std::vector<uint8_t> info;
        const auto c = k7();
        auto y = llrs(c, 4000, 5.0, 5, info);
        y.erase(y.begin());
        viterbi_pairing_decoder dec(c, cpu());
        const result r = run(dec, y);
        CPPUNIT_ASSERT_EQUAL(size_t(1), r.changes.size());
        CPPUNIT_ASSERT_EQUAL(1u, r.changes[0].offset);
        CPPUNIT_ASSERT(r.changes[0].bit <= 8);
        CPPUNIT_ASSERT_EQUAL(dec.offset(), 0u); // a new stream starts at offset 0
        const std::vector<uint8_t> want(info.begin() + 1, info.end());
        CPPUNIT_ASSERT_EQUAL(want.size(), r.bits.size());
        CPPUNIT_ASSERT_EQUAL(size_t(0), errors_outside(r.bits, want, 0, 16));
    }

    /* n = 3: three pairings; a lost value makes the stream's steps start at offset 2. */
    void rate_one_third()
    {
        const size_t S = 3000;
        std::vector<uint8_t> info;
        const auto c = conv_code::make(7, { 0133, 0171, 0165 }, "", termination::STREAMING);
        auto y = llrs(c, 6000, 4.0, 6, info);
        y.erase(y.begin() + 3 * S + 1);
        viterbi_pairing_decoder dec(c, cpu());
        CPPUNIT_ASSERT_EQUAL(size_t(3), dec.soft_per_period());
        const result r = run(dec, y);
        CPPUNIT_ASSERT_EQUAL(size_t(1), r.changes.size());
        CPPUNIT_ASSERT_EQUAL(2u, r.changes[0].offset);
        CPPUNIT_ASSERT(r.changes[0].bit + 8 >= S && r.changes[0].bit <= S + 8);
        // Alternative 2 reads step t from sent values 3 t + 1 ..: step t + 1 after the slip.
        std::vector<uint8_t> want(info.begin(), info.begin() + S);
        want.insert(want.end(), info.begin() + S + 1, info.end());
        CPPUNIT_ASSERT_EQUAL(size_t(0), errors_outside(r.bits, want, S - 16, S + 16));
    }

    void chunking_and_types_do_not_matter()
    {
        std::mt19937 rng(7);
        std::vector<uint8_t> info;
        const auto c = k7();
        auto yf = llrs(c, 8000, 2.5, 7, info);
        yf.insert(yf.begin() + 5001, 1.0f);
        yf.erase(yf.begin() + 11001);
        // int8 values that quantize as the floats do at llr_scale 8
        std::vector<int8_t> y8(yf.size());
        for (size_t i = 0; i < yf.size(); ++i) {
            y8[i] = static_cast<int8_t>(std::clamp(std::lround(yf[i] * 8.0f), -127L, 127L));
            yf[i] = y8[i] / 8.0f;
        }
        viterbi_pairing_decoder dec(c, cpu(), 32);
        const result whole = run(dec, yf);
        CPPUNIT_ASSERT(whole.changes.size() >= 2);
        for (int trial = 0; trial < 4; ++trial) {
            std::vector<size_t> chunks(13);
            for (auto& ch : chunks)
                ch = 1 + rng() % (trial == 0 ? 3 : 700);
            const result a = run(dec, yf, chunks), b = run(dec, y8, chunks);
            CPPUNIT_ASSERT(a.bits == whole.bits && b.bits == whole.bits);
            CPPUNIT_ASSERT_EQUAL(whole.changes.size(), a.changes.size());
            CPPUNIT_ASSERT_EQUAL(whole.changes.size(), b.changes.size());
            for (size_t i = 0; i < whole.changes.size(); ++i) {
                CPPUNIT_ASSERT_EQUAL(whole.changes[i].bit, a.changes[i].bit);
                CPPUNIT_ASSERT_EQUAL(whole.changes[i].offset, a.changes[i].offset);
                CPPUNIT_ASSERT_EQUAL(whole.changes[i].bit, b.changes[i].bit);
                CPPUNIT_ASSERT_EQUAL(whole.changes[i].offset, b.changes[i].offset);
            }
        }
    }

    void invert()
    {
        std::vector<uint8_t> info;
        const auto c = k7();
        auto y = llrs(c, 4000, 4.0, 8, info);
        y.insert(y.begin() + 4001, 0.5f);
        viterbi_pairing_decoder plain(c, cpu());
        const result want = run(plain, y);
        for (auto& v : y)
            v = -v;
        viterbi_options o = cpu();
        o.invert = true;
        viterbi_pairing_decoder inv(c, o);
        const result got = run(inv, y);
        CPPUNIT_ASSERT(got.bits == want.bits);
        CPPUNIT_ASSERT_EQUAL(size_t(1), got.changes.size());
        CPPUNIT_ASSERT_EQUAL(want.changes[0].bit, got.changes[0].bit);
    }

    /* Where no pairing fits (noise alone), a switch needs one pairing to disagree half as
     * often as the current one: rare. */
    void noise_does_not_flap()
    {
        std::mt19937 rng(9);
        std::normal_distribution<float> z(0.0f, 1.0f);
        std::vector<float> y(2 * 64 * 1000); // 1000 windows
        for (auto& v : y)
            v = z(rng);
        viterbi_pairing_decoder dec(k7(), cpu());
        const result r = run(dec, y);
        CPPUNIT_ASSERT_MESSAGE(std::to_string(r.changes.size()) + " changes", r.changes.size() <= 10);
    }

    void flush_starts_a_new_stream()
    {
        std::vector<uint8_t> info;
        const auto c = k7();
        auto y = llrs(c, 3000, 5.0, 10, info);
        y.erase(y.begin() + 3001);
        viterbi_pairing_decoder dec(c, cpu());
        const result first = run(dec, y);
        const result second = run(dec, y); // the same decoder: positions count on
        CPPUNIT_ASSERT(first.bits == second.bits);
        CPPUNIT_ASSERT_EQUAL(size_t(1), second.changes.size());
        CPPUNIT_ASSERT_EQUAL(first.changes[0].bit, second.changes[0].bit);
        // The stream ends one value into a step of offset 1.
        dec.push(y.data(), y.size());
        dec.push(y.data(), 1);
        CPPUNIT_ASSERT_EQUAL(size_t(1), dec.flush());
        dec.reset();
        CPPUNIT_ASSERT_EQUAL(size_t(0), dec.available());
        CPPUNIT_ASSERT_EQUAL(size_t(0), dec.pending());
    }

    /* max_delay() bounds the lag after every push, whatever the chunking and the slips, and
     * is reached (gr-fec's streaming cc_decoder with find_pairing outputs that much later);
     * with windows that do not divide the tiles too. */
    void delay_is_bounded()
    {
        std::vector<uint8_t> info;
        const auto c = k7();
        auto y = llrs(c, 6000, 4.0, 12, info);
        y.insert(y.begin() + 3001, 1.0f);
        y.erase(y.begin() + 8001);
        const viterbi_tiling t = viterbi_tiling::defaults(*c);
        for (size_t window : { size_t(64), size_t(48) }) {
            std::mt19937 rng(11);
            viterbi_pairing_decoder dec(c, cpu(), window);
            const size_t leftover = window == 64 ? 0 : 32; // 512 k mod 48 reaches 32
            CPPUNIT_ASSERT_EQUAL(t.payload + t.after + window + leftover, dec.max_delay());
            size_t pushed = 0, out = 0, worst = 0;
            std::vector<uint8_t> bits(y.size());
            while (pushed < y.size()) {
                const size_t len = std::min<size_t>(1 + rng() % 3, y.size() - pushed);
                dec.push(y.data() + pushed, len);
                pushed += len;
                const size_t lag = pushed / 2 - out - dec.available();
                CPPUNIT_ASSERT_MESSAGE(std::to_string(lag), lag <= dec.max_delay());
                worst = std::max(worst, lag);
                out += dec.pull(bits.data(), 1 + rng() % 200);
            }
            CPPUNIT_ASSERT_MESSAGE(std::to_string(worst), worst + 2 >= dec.max_delay());
        }
    }

    void options_checked()
    {
        const auto framed = conv_code::make(7, { 0171, 0133 });
        const auto punctured = conv_code::make(7, { 0171, 0133 }, "3/4", termination::STREAMING);
        CPPUNIT_ASSERT_THROW(viterbi_pairing_decoder(framed, cpu()), std::invalid_argument);
        CPPUNIT_ASSERT_THROW(viterbi_pairing_decoder(punctured, cpu()), std::invalid_argument);
        CPPUNIT_ASSERT_THROW(viterbi_pairing_decoder(k7(), cpu(), 7), std::invalid_argument);
        CPPUNIT_ASSERT_THROW(viterbi_pairing_decoder(nullptr, cpu()), std::invalid_argument);
        viterbi_options bad = cpu();
        bad.llr_scale = 0;
        CPPUNIT_ASSERT_THROW(viterbi_pairing_decoder(k7(), bad), std::invalid_argument);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(viterbi_pairing_test);

} // namespace gpufec
} // namespace gr
