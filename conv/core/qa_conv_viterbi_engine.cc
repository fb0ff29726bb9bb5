/* The engine's input handling: quantization of float and int8 values (NaN, Inf, -128,
 * invert), option checking, and misuse that must throw.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/test/qa_expect.h"
#include "qa_conv_viterbi_util.h"
#include <cppunit/extensions/HelperMacros.h>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace gr {
namespace gpufec {

using qa::expect_throw;

class viterbi_engine_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(viterbi_engine_test);
    CPPUNIT_TEST(float_and_int8_inputs_agree);
    CPPUNIT_TEST(nan_is_erasure_inf_clips);
    CPPUNIT_TEST(nonfinite_counted_where_they_are);
    CPPUNIT_TEST(invert_flips_the_convention);
    CPPUNIT_TEST(invert_reads_minus_128_as_one);
    CPPUNIT_TEST(quantizer_rounds_half_to_even);
    CPPUNIT_TEST(default_tiling);
    CPPUNIT_TEST(rejects_bad_options);
    CPPUNIT_TEST(rejects_misuse);
    CPPUNIT_TEST_SUITE_END();

    static viterbi_options cpu()
    {
        viterbi_options o;
        o.backend = backend_kind::CPU;
        o.threads = 1;
        return o;
    }

    const conv_code_sptr m_framed =
        conv_code::make(7, { 0171, 0133 }, "3/4", termination::TERMINATED, 120);
    const conv_code_sptr m_stream = conv_code::make(7, { 0171, 0133 }, "", termination::STREAMING);

    std::vector<uint8_t> decode(const std::vector<int8_t>& y, viterbi_options o = cpu())
    {
        viterbi_decoder_engine dec(m_framed, o);
        std::vector<uint8_t> bits(y.size() / m_framed->coded_bits_per_block() * 120);
        dec.decode_frames(y.data(), bits.data(), y.size() / m_framed->coded_bits_per_block());
        return bits;
    }

    std::vector<uint8_t> decode(const std::vector<float>& y, viterbi_options o = cpu())
    {
        return viterbi_decode(m_framed, y, o);
    }

    void float_and_int8_inputs_agree()
    {
        // round(x * scale) clamped to +-127, half to even, equals the int8 input.
        std::mt19937 rng(30);
        const auto y = qa::channel(qa::random_bits(3 * m_framed->coded_bits_per_block(), rng), 20, 100, rng);
        std::vector<float> f(y.size());
        for (size_t i = 0; i < y.size(); ++i)
            f[i] = y[i] == -128 ? -200.0f : y[i] * 0.25f + (i % 2 ? 0.1f : -0.1f) / 4;
        viterbi_options o = cpu();
        o.llr_scale = 4.0f;
        CPPUNIT_ASSERT(decode(f, o) == decode(y));
        // -128 reads as -127.
        auto y127 = y;
        for (auto& v : y127)
            v = v == -128 ? -127 : v;
        CPPUNIT_ASSERT(decode(y127) == decode(y));
        CPPUNIT_ASSERT(decode(y) == qa::reference_frames(*m_framed, y127));
    }

    void nan_is_erasure_inf_clips()
    {
        std::mt19937 rng(31);
        const auto coded = qa::random_bits(2 * m_framed->coded_bits_per_block(), rng);
        const auto y = qa::channel(coded, 10, 30, rng);
        std::vector<float> f(y.begin(), y.end());
        std::vector<int8_t> expect = y;
        const float inf = std::numeric_limits<float>::infinity();
        for (size_t i = 0; i < f.size(); i += 7) {
            const int kind = (i / 7) % 3;
            f[i] = kind == 0 ? std::nanf("") : (kind == 1 ? inf : -inf);
            expect[i] = kind == 0 ? 0 : (kind == 1 ? 127 : -127);
        }
        viterbi_options o = cpu();
        o.llr_scale = 1.0f;
        CPPUNIT_ASSERT(decode(f, o) == decode(expect));
        // All NaN: all erasures, all ties: zeros.
        const std::vector<float> nan(f.size(), std::nanf(""));
        CPPUNIT_ASSERT(decode(nan, o) == std::vector<uint8_t>(240, 0));
    }

    /* Counted at input positions from the last reset, across calls, also when the float
     * input of one call (8 MiB and more) is quantized on several threads. */
    void nonfinite_counted_where_they_are()
    {
        const float inf = std::numeric_limits<float>::infinity();
        const size_t per = m_framed->coded_bits_per_block();
        viterbi_decoder_engine dec(m_framed, cpu());
        std::vector<float> f(2 * per, 1.0f);
        std::vector<uint8_t> bits(240);
        f[per + 5] = std::nanf("");
        f[per + 9] = -inf;
        dec.decode_frames(f.data(), bits.data(), 2);
        CPPUNIT_ASSERT_EQUAL(uint64_t(2), dec.nonfinite().count);
        CPPUNIT_ASSERT_EQUAL(uint64_t(per + 5), dec.nonfinite().first);
        f.assign(per, 1.0f);
        f[3] = inf;
        dec.decode_frames(f.data(), bits.data(), 1);
        CPPUNIT_ASSERT_EQUAL(uint64_t(3), dec.nonfinite().count);
        CPPUNIT_ASSERT_EQUAL(uint64_t(per + 5), dec.nonfinite().first);
        dec.reset();
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), dec.nonfinite().count);
        CPPUNIT_ASSERT_EQUAL(~uint64_t(0), dec.nonfinite().first);

        // 2^21 + 4 values: two threads where the machine has two (the last in the second).
        const auto big = conv_code::make(3, { 07, 05 }, "", termination::TERMINATED,
                                         conv_code::max_frame_bits);
        viterbi_decoder_engine whole(big, cpu());
        std::vector<float> g(big->coded_bits_per_block(), 1.0f);
        g[g.size() - 3] = std::nanf("");
        std::vector<uint8_t> out(big->frame_bits());
        whole.decode_frames(g.data(), out.data(), 1);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), whole.nonfinite().count);
        CPPUNIT_ASSERT_EQUAL(uint64_t(g.size() - 3), whole.nonfinite().first);
    }

    void invert_flips_the_convention()
    {
        std::mt19937 rng(32);
        const auto info = qa::random_bits(240, rng);
        auto y = qa::channel(qa::encode(*m_framed, info), 50, 60, rng);
        for (auto& v : y)
            v = static_cast<int8_t>(v == -128 ? 127 : -v); // a positive value now means 0
        std::vector<float> f(y.begin(), y.end());
        viterbi_options o = cpu();
        o.invert = true;
        CPPUNIT_ASSERT(decode(y, o) == info);
        o.llr_scale = 1.0f;
        CPPUNIT_ASSERT(decode(f, o) == info);
        y[3] = -128; // -(-128) saturates to +127 rather than overflowing
        CPPUNIT_ASSERT(decode(y, o).size() == info.size());
    }

    void invert_reads_minus_128_as_one()
    {
        // With invert, -128 is the strongest "bit 1" there is: flipped, it must saturate to
        // +127. Every coded 1 is sent as -128 here, so a flip that wraps back to -128 (then read
        // as -127, a strong 0) would decode the all-zero word instead.
        std::mt19937 rng(34);
        const auto info = qa::random_bits(3 * 120, rng);
        const auto coded = qa::encode(*m_framed, info);
        std::vector<int8_t> y(coded.size());
        for (size_t i = 0; i < y.size(); ++i)
            y[i] = coded[i] ? int8_t(-128) : int8_t(90);
        viterbi_options o = cpu();
        o.invert = true;
        CPPUNIT_ASSERT(decode(y, o) == info);

        const auto stream_info = qa::random_bits(5000, rng);
        const auto stream_coded = qa::encode(*m_stream, stream_info);
        std::vector<int8_t> s(stream_coded.size());
        for (size_t i = 0; i < s.size(); ++i)
            s[i] = stream_coded[i] ? int8_t(-128) : int8_t(90);
        viterbi_decoder_engine dec(m_stream, o);
        dec.push(s.data(), s.size());
        dec.flush();
        std::vector<uint8_t> bits(dec.available());
        dec.pull(bits.data(), bits.size());
        CPPUNIT_ASSERT(bits == stream_info);
    }

    void quantizer_rounds_half_to_even()
    {
        // Values exactly halfway between integers, and at the clamp (docs/viterbi.md).
        const struct {
            float x, scale;
            int8_t q;
        } known[] = {
            { 0.5f, 1, 0 },       { 1.5f, 1, 2 },       { 2.5f, 1, 2 },     { 3.5f, 1, 4 },
            { -0.5f, 1, 0 },      { -1.5f, 1, -2 },     { -2.5f, 1, -2 },   { 0.125f, 4, 0 },
            { 0.375f, 4, 2 },     { -0.625f, 4, -2 },   { 125.5f, 1, 126 }, { 126.5f, 1, 126 },
            { -126.5f, 1, -126 }, { 126.6f, 1, 127 },   { 127.4f, 1, 127 }, { 127.5f, 1, 127 },
            { 128.0f, 1, 127 },   { -127.5f, 1, -127 }, { -1e30f, 1, -127 }, { 0.49f, 1, 0 },
        };
        for (const auto& k : known)
            CPPUNIT_ASSERT_EQUAL_MESSAGE(std::to_string(k.x) + " * " + std::to_string(k.scale),
                                         int(k.q), int(quantize_llr(k.x, k.scale)));
        // The same through the decoder: one-bit truncated frames of K=3 [7,5], whose two coded
        // bits both equal the information bit, so the bit is 1 exactly when q0 + q1 > 0 (a tie
        // keeps 0).
        const auto c = conv_code::make(3, { 07, 05 }, "", termination::TRUNCATED, 1);
        const std::vector<float> pairs = {
            0.5f, 0.5f,     // 0 + 0: a tie, 0 (rounding half up would give 1)
            2.5f, -1.5f,    // 2 - 2: 0
            1.5f, -1.4f,    // 2 - 1: 1
            -0.5f, 0.4f,    // 0 + 0: 0
            126.5f, -126.4f, // 126 - 126: 0
            127.5f, -126.6f, // 127 - 127: 0
            200.0f, -126.4f, // 127 - 126: 1
        };
        const std::vector<uint8_t> want = { 0, 0, 1, 0, 0, 0, 1 };
        viterbi_options o = cpu();
        o.llr_scale = 1.0f;
        CPPUNIT_ASSERT(viterbi_decode(c, pairs, o) == want);
    }

    void default_tiling()
    {
        // Decision depth D = 60 (K=7 r1/2) and 240 (r7/8): traceback D/2, warm-up D/4,
        // rounded up to 8.
        const viterbi_tiling a = viterbi_tiling::defaults(*m_stream);
        CPPUNIT_ASSERT_EQUAL(size_t(512), a.payload);
        CPPUNIT_ASSERT_EQUAL(size_t(16), a.before);
        CPPUNIT_ASSERT_EQUAL(size_t(32), a.after);
        const viterbi_tiling b =
            viterbi_tiling::defaults(conv_code(7, { 0171, 0133 }, "7/8", termination::STREAMING));
        CPPUNIT_ASSERT_EQUAL(size_t(64), b.before);
        CPPUNIT_ASSERT_EQUAL(size_t(120), b.after);
        // A field left 0 takes its default; given fields are used as they are.
        CPPUNIT_ASSERT_EQUAL(size_t(32), viterbi_decoder_engine(m_stream, cpu()).tiling().after);
        viterbi_options o = cpu();
        o.tiling = { 10, 0, 20 };
        const viterbi_tiling t = viterbi_decoder_engine(m_stream, o).tiling();
        CPPUNIT_ASSERT_EQUAL(size_t(10), t.payload);
        CPPUNIT_ASSERT_EQUAL(size_t(16), t.before);
        CPPUNIT_ASSERT_EQUAL(size_t(20), t.after);
        o.tiling = { 0, 0, 100 }; // only the traceback: the rest default
        CPPUNIT_ASSERT_EQUAL(size_t(512), viterbi_decoder_engine(m_stream, o).tiling().payload);
        // The shortest accepted: a quarter of the depth D = 60 of traceback, an eighth warm-up.
        const viterbi_tiling least = viterbi_tiling::minimum(*m_stream);
        CPPUNIT_ASSERT_EQUAL(size_t(15), least.after);
        CPPUNIT_ASSERT_EQUAL(size_t(8), least.before);
    }

    void rejects_bad_options()
    {
        const auto make = [this](viterbi_options o) {
            return [this, o] { viterbi_decoder_engine dec(m_stream, o); };
        };
        viterbi_options o = cpu();
        for (float s : { 0.0f, -1.0f, std::nanf(""), std::numeric_limits<float>::infinity() }) {
            o.llr_scale = s;
            expect_throw<std::invalid_argument>(make(o), "llr_scale");
        }
        o = cpu();
        // Too short to decode even a noise-free stream (payload 1, no warm-up, traceback 1
        // once gave BER 0.5).
        o.tiling = { 1, 8, 1 };
        expect_throw<std::invalid_argument>(make(o), "tiling.after = 1");
        o.tiling = { 100, 1, 60 };
        expect_throw<std::invalid_argument>(make(o), "tiling.before = 1");
        o.tiling = { size_t(1) << 21, 5, 5 };
        expect_throw<std::invalid_argument>(make(o), "tiling");
        o = cpu();
        o.threads = 100000;
        expect_throw<std::invalid_argument>(make(o), "threads = 100000");
        o = cpu();
        o.max_batch = size_t(1) << 30;
        expect_throw<std::invalid_argument>(make(o), "max_batch");
        // Regression (fuzz/viterbi_stream): a batch within the option's limit of 2^20 once
        // allocated batch x payload soft values at construction, 1.2 GB for this one (with
        // tiles of 1024 steps, the default then).
        o.tiling.payload = 1024;
        o.max_batch = 601909;
        expect_throw<std::invalid_argument>(
            make(o), "max_batch = 601909 is not allowed: a batch of at most 1073741824 soft "
                     "values, 524288 tiles of 2048 (0: the backend's choice)");
        o.tiling = {};
        o.max_batch = 1024;
        expect_throw<std::invalid_argument>(
            [&] { viterbi_decoder_engine dec(conv_code::make(9, { 0557, 0663, 0711, 0447 }, "",
                                                             termination::TERMINATED,
                                                             conv_code::max_frame_bits), o); },
            "1024 is not allowed: a batch of at most 1073741824 soft values, 255 frames");
        expect_throw<std::invalid_argument>([] { viterbi_decoder_engine dec(nullptr); }, "code");
        if (!built_with_cuda()) {
            o = cpu();
            o.backend = backend_kind::CUDA;
            expect_throw<std::runtime_error>(make(o), "CUDA");
        }
    }

    void rejects_misuse()
    {
        viterbi_decoder_engine framed(m_framed, cpu()), streaming(m_stream, cpu());
        std::vector<float> f(2 * m_framed->coded_bits_per_block());
        std::vector<uint8_t> bits(240);
        expect_throw<std::invalid_argument>([&] { streaming.decode_frames(f.data(), bits.data(), 1); },
                                            "streaming");
        expect_throw<std::invalid_argument>([&] { framed.push(f.data(), 10); }, "framed");
        expect_throw<std::invalid_argument>([&] { framed.flush(); }, "framed");
        f.pop_back();
        expect_throw<std::invalid_argument>([&] { viterbi_decode(m_framed, f, cpu()); },
                                            "not a whole number of frames");
        CPPUNIT_ASSERT(viterbi_decode(m_framed, {}, cpu()).empty());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(viterbi_engine_test);

} // namespace gpufec
} // namespace gr
