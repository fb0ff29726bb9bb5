/* The repetition code and decoder: answers worked by hand, noise-free identity in every
 * setting, erasures, batches and bad parameters.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/test/qa_expect.h"
#include <gnuradio/gpufec/rep/rep.h>
#include <cppunit/extensions/HelperMacros.h>
#include <cmath>
#include <limits>
#include <random>

namespace gr {
namespace gpufec {

namespace {

rep_options cpu(rep_combining combining)
{
    rep_options o;
    o.backend = backend_kind::CPU;
    o.combining = combining;
    return o;
}

std::vector<uint8_t> decode(const rep_code_sptr& c, const rep_options& o, std::vector<float> soft)
{
    rep_decoder_engine dec(c, o);
    return decode_all(dec, soft.data(), soft.size());
}

} // namespace

class rep_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(rep_test);
    CPPUNIT_TEST(encoder_worked_by_hand);
    CPPUNIT_TEST(soft_and_hard_decisions_by_hand);
    CPPUNIT_TEST(noise_free_identity);
    CPPUNIT_TEST(nan_is_an_erasure_and_counted);
    CPPUNIT_TEST(batches_do_not_change_decisions);
    CPPUNIT_TEST(bad_parameters_are_named);
    CPPUNIT_TEST_SUITE_END();

public:
    void encoder_worked_by_hand()
    {
        const auto c = rep_code::make(3, 2);
        CPPUNIT_ASSERT_EQUAL(size_t(6), c->coded_bits_per_block());
        const uint8_t info[] = { 1, 0, 7, 0, 0, 2 }; // any nonzero byte is a 1
        uint8_t coded[12];
        c->encode(info, coded, 2);
        const uint8_t want[] = { 1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 1, 1 };
        CPPUNIT_ASSERT(std::equal(coded, coded + 12, want));
    }

    void soft_and_hard_decisions_by_hand()
    {
        const auto c = rep_code::make(4, 3);
        // One strong copy against two weak ones; a zero sum (a 1-1 vote and an erasure); one
        // copy and two erasures; all 0.
        const std::vector<float> soft = { 5, -1, -1, 1, -1, 0, 2, 0, 0, -1, -1, -1 };
        const std::vector<uint8_t> soft_bits = { 1, 0, 1, 0 }; // sums 3, 0, 2, -3
        const std::vector<uint8_t> hard_bits = { 0, 0, 1, 0 }; // votes -1, 0, 1, -3
        CPPUNIT_ASSERT(decode(c, cpu(rep_combining::SOFT), soft) == soft_bits);
        CPPUNIT_ASSERT(decode(c, cpu(rep_combining::HARD), soft) == hard_bits);
        // The same values read as "positive means 0".
        rep_options inverted = cpu(rep_combining::HARD);
        inverted.invert = true;
        CPPUNIT_ASSERT(decode(c, inverted, soft) == std::vector<uint8_t>({ 1, 0, 0, 1 }));
    }

    void noise_free_identity()
    {
        const auto c = rep_code::make(100, 5);
        std::mt19937 g(1);
        std::vector<uint8_t> info(300), coded(1500);
        for (auto& b : info)
            b = g() & 1u;
        c->encode(info.data(), coded.data(), 3);
        for (const auto comb : { rep_combining::SOFT, rep_combining::HARD })
            for (const bool invert : { false, true }) {
                rep_options o = cpu(comb);
                o.invert = invert;
                std::vector<float> f(coded.size());
                std::vector<int8_t> q(coded.size());
                for (size_t i = 0; i < coded.size(); ++i) {
                    const bool plus = (coded[i] != 0) != invert;
                    f[i] = plus ? 0.75f : -0.75f;
                    q[i] = plus ? 40 : -40;
                }
                rep_decoder_engine dec(c, o);
                CPPUNIT_ASSERT(decode_all(dec, f.data(), f.size()) == info);
                CPPUNIT_ASSERT(decode_all(dec, q.data(), q.size()) == info);
            }
    }

    void nan_is_an_erasure_and_counted()
    {
        const auto c = rep_code::make(2, 3);
        const float nan = std::numeric_limits<float>::quiet_NaN();
        std::vector<float> soft = { 1, 1, -1, nan, 1, -2 };
        rep_decoder_engine dec(c, cpu(rep_combining::SOFT));
        CPPUNIT_ASSERT(decode_all(dec, soft.data(), soft.size()) == std::vector<uint8_t>({ 1, 0 }));
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), dec.nonfinite().count);
        CPPUNIT_ASSERT_EQUAL(uint64_t(3), dec.nonfinite().first);
        dec.reset();
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), dec.nonfinite().count);
    }

    void batches_do_not_change_decisions()
    {
        const auto c = rep_code::make(7, 3);
        std::mt19937 g(2);
        std::normal_distribution<float> noise(0.0f, 1.0f);
        std::vector<float> soft(50 * 21);
        for (auto& v : soft)
            v = noise(g);
        rep_options small = cpu(rep_combining::SOFT);
        small.max_batch = 3;
        CPPUNIT_ASSERT(decode(c, small, soft) == decode(c, cpu(rep_combining::SOFT), soft));
    }

    void bad_parameters_are_named()
    {
        qa::expect_invalid([] { rep_code::make(0, 3); }, "K = 0");
        qa::expect_invalid([] { rep_code::make(8, 0); }, "n = 0");
        qa::expect_invalid([] { rep_code::make(std::numeric_limits<long long>::max(), 3); }, "K = ");
        qa::expect_invalid([] { rep_decoder_engine(nullptr); }, "code is null");
        rep_options o;
        o.llr_scale = -1;
        qa::expect_invalid([&] { rep_decoder_engine(rep_code::make(8, 3), o); }, "llr_scale");
        rep_decoder_engine dec(rep_code::make(8, 3), cpu(rep_combining::SOFT));
        const std::vector<float> soft(25);
        qa::expect_invalid([&] { decode_all(dec, soft.data(), soft.size()); }, "25");
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(rep_test);

} // namespace gpufec
} // namespace gr
