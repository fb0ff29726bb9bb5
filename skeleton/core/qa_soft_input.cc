/* The soft-input stage's float path (the turbo decoder's input): sign, clamping, non-finite
 * values and their positions, int8 values back to LLRs; and the batches that llr_scale
 * quantizes to nothing. The int8 values themselves are checked through the Viterbi engine
 * (conv/qa_viterbi_engine.cc).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "soft_input.h"
#include <cppunit/extensions/HelperMacros.h>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

namespace gr {
namespace gpufec {

class soft_input_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(soft_input_test);
    CPPUNIT_TEST(float_values_clamped_nonfinite_replaced);
    CPPUNIT_TEST(nonfinite_positions_over_workers_and_calls);
    CPPUNIT_TEST(int8_values_divided_by_the_scale);
    CPPUNIT_TEST(batches_erased_by_llr_scale);
    CPPUNIT_TEST(rejects_bad_parameters);
    CPPUNIT_TEST_SUITE_END();

    static constexpr float inf = std::numeric_limits<float>::infinity();

    void float_values_clamped_nonfinite_replaced()
    {
        const std::vector<float> in = { 1.5f, -2000.0f, std::nanf(""), inf, -inf, 1e30f, -0.25f, 1024.0f };
        const std::vector<float> want = { 1.5f, -1024.0f, 0.0f, 1024.0f, -1024.0f, 1024.0f, -0.25f, 1024.0f };
        for (bool invert : { false, true }) {
            soft_input s(8.0f, invert, 1024.0f);
            std::vector<float> out(in.size(), 99.0f);
            s.to_float(in.data(), in.size(), out.data(), 0);
            for (size_t i = 0; i < in.size(); ++i)
                CPPUNIT_ASSERT_EQUAL(invert ? -want[i] : want[i], out[i]);
            CPPUNIT_ASSERT_EQUAL(uint64_t(3), s.nonfinite().count);
            CPPUNIT_ASSERT_EQUAL(uint64_t(2), s.nonfinite().first);
        }
    }

    void nonfinite_positions_over_workers_and_calls()
    {
        std::vector<float> in(100000, 1.0f);
        in[70000] = std::nanf("");
        in[90000] = -inf;
        soft_input s(8.0f, false, 1024.0f);
        std::vector<float> out(in.size());
        s.to_float(in.data(), in.size(), out.data(), 500, 4); // the later share finds the first
        CPPUNIT_ASSERT_EQUAL(uint64_t(2), s.nonfinite().count);
        CPPUNIT_ASSERT_EQUAL(uint64_t(70500), s.nonfinite().first);
        CPPUNIT_ASSERT_EQUAL(0.0f, out[70000]);
        CPPUNIT_ASSERT_EQUAL(-1024.0f, out[90000]);
        in[5] = inf;
        s.to_float(in.data(), in.size(), out.data(), 100000, 3);
        CPPUNIT_ASSERT_EQUAL(uint64_t(5), s.nonfinite().count);
        CPPUNIT_ASSERT_EQUAL(uint64_t(70500), s.nonfinite().first); // the first of all calls
        s.reset();
        s.to_float(in.data(), in.size(), out.data(), 7, 2);
        CPPUNIT_ASSERT_EQUAL(uint64_t(3), s.nonfinite().count);
        CPPUNIT_ASSERT_EQUAL(uint64_t(12), s.nonfinite().first);
    }

    void int8_values_divided_by_the_scale()
    {
        const std::vector<int8_t> in = { -128, -127, -1, 0, 5, 127 };
        std::vector<float> out(in.size());
        soft_input s(8.0f, false, 1024.0f);
        s.to_float(in.data(), in.size(), out.data(), 0);
        const std::vector<float> want = { -127.0f / 8, -127.0f / 8, -1.0f / 8, 0.0f, 5.0f / 8, 127.0f / 8 };
        CPPUNIT_ASSERT(out == want);
        soft_input inv(8.0f, true, 1024.0f);
        inv.to_float(in.data(), in.size(), out.data(), 0);
        for (size_t i = 0; i < in.size(); ++i)
            CPPUNIT_ASSERT_EQUAL(-want[i], out[i]);
        // A small scale makes large LLRs: they are clamped like float input.
        soft_input small(0.1f, false, 1024.0f);
        small.to_float(in.data(), in.size(), out.data(), 0);
        CPPUNIT_ASSERT_EQUAL(-1024.0f, out[0]);
        CPPUNIT_ASSERT_EQUAL(1024.0f, out[5]);
        CPPUNIT_ASSERT_EQUAL(50.0f, out[4]);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), small.nonfinite().count);
    }

    void batches_erased_by_llr_scale()
    {
        // With scale 8, |x| < 1/16 rounds to 0 (|x| * 8 < 0.5; 0.5 itself rounds to even, 0).
        std::vector<float> in(1000, 0.0625f);
        for (size_t i = 0; i < in.size(); i += 2)
            in[i] = -0.05f;
        std::vector<int8_t> out(in.size());
        soft_input s(8.0f, false);
        s.to_int8(in.data(), in.size(), out.data(), 0, 3); // 0.0625 * 8 = 0.5: 0 too
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), s.nonfinite().erased_batches);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), s.nonfinite().erased_first);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), s.nonfinite().kept_batches);
        // One value that survives (on any worker's share) keeps the batch.
        in[777] = 0.07f;
        s.to_int8(in.data(), in.size(), out.data(), 1000, 3);
        CPPUNIT_ASSERT_EQUAL(int8_t(1), out[777]);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), s.nonfinite().erased_batches);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), s.nonfinite().kept_batches);
        in[777] = 0.0f;
        s.to_int8(in.data(), in.size(), out.data(), 2000, 2);
        CPPUNIT_ASSERT_EQUAL(uint64_t(2), s.nonfinite().erased_batches);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), s.nonfinite().erased_first); // the first of all
        // Nothing to erase: zeros and NaN are erasures anyway; +-Inf saturate.
        soft_input t(8.0f, true);
        std::vector<float> blank(100, 0.0f);
        blank[3] = std::nanf("");
        t.to_int8(blank.data(), blank.size(), out.data(), 0);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), t.nonfinite().erased_batches);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), t.nonfinite().kept_batches);
        blank[5] = -inf;
        t.to_int8(blank.data(), blank.size(), out.data(), 100);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), t.nonfinite().kept_batches);
        // Short batches are not judged: a few small values are no evidence.
        t.to_int8(in.data(), soft_erasure_min_batch - 1, out.data(), 200);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), t.nonfinite().erased_batches);
        t.to_int8(in.data(), soft_erasure_min_batch, out.data(), 300);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), t.nonfinite().erased_batches);
        CPPUNIT_ASSERT_EQUAL(uint64_t(300), t.nonfinite().erased_first);
        // LLRs quantized again (the turbo decoder's 16-bit metrics) are judged alike.
        soft_input r(8.0f, true);
        r.requantize(in.data(), in.size(), out.data(), 40);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), r.nonfinite().erased_batches);
        CPPUNIT_ASSERT_EQUAL(uint64_t(40), r.nonfinite().erased_first);
        const std::vector<float> big(100, -3.0f);
        r.requantize(big.data(), big.size(), out.data(), 0);
        CPPUNIT_ASSERT_EQUAL(int8_t(-24), out[0]); // not inverted again
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), r.nonfinite().kept_batches);
        r.reset();
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), r.nonfinite().erased_batches);
    }

    void rejects_bad_parameters()
    {
        CPPUNIT_ASSERT_THROW(soft_input(0.0f, false, 1024.0f), std::invalid_argument);
        CPPUNIT_ASSERT_THROW(soft_input(8.0f, false, 0.0f), std::invalid_argument);
        CPPUNIT_ASSERT_THROW(soft_input(8.0f, false, inf), std::invalid_argument);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(soft_input_test);

} // namespace gpufec
} // namespace gr
