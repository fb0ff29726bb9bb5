/* The packed DPX tile core (conv_viterbi_tile_dpx_core.h) run on the host, no GPU
 * (qa_conv_viterbi_tile_dpx_emulation.h): the catalogue's shape and the butterfly's branch
 * algebra (dpx::butterfly, dpx::team_flips) against the trellis for every code of the catalogue
 * and the JIT examples, and K=7 171/133's tiles and frames against the reference pass. The
 * decoding of every other code is checked by a suite a code (viterbi_dpx_catalogue_<i>_test,
 * viterbi_dpx_jit_<i>_test: label slow, conv/CMakeLists.txt).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "qa_conv_viterbi_dpx_jit_codes.h"
#include "qa_conv_viterbi_tile_dpx_emulation.h"
#include <cppunit/extensions/HelperMacros.h>
#include <string>

namespace gr {
namespace gpufec {

// The suites a code that CMake generates, one for each index of the lists.
static_assert(cuda::dpx_catalogue::size == GPUFEC_DPX_CATALOGUE_SIZE,
              "conv/CMakeLists.txt: GPUFEC_DPX_CATALOGUE_SIZE is the catalogue's size");
static_assert(cuda::dpx_jit_examples::size == GPUFEC_DPX_JIT_EXAMPLES_SIZE,
              "conv/CMakeLists.txt: GPUFEC_DPX_JIT_EXAMPLES_SIZE is the examples' count");

class viterbi_tile_dpx_host_test : public qa_dpx::dpx_code_checks<cuda::dpx_code<7, 0171, 0133>, true>
{
    CPPUNIT_TEST_SUITE(viterbi_tile_dpx_host_test);
    CPPUNIT_TEST(tiles_equal_reference);
    CPPUNIT_TEST(aligned_tiles_equal_reference);
    CPPUNIT_TEST(framed_modes_equal_reference);
    CPPUNIT_TEST(catalogue_covers_every_shape);
    CPPUNIT_TEST(butterfly_branches_follow_the_taps);
    CPPUNIT_TEST(team_flips_give_each_thread_its_branches);
    CPPUNIT_TEST_SUITE_END();

    /* The catalogue holds every K 3..9 and n 2..4, each code matching its own trellis; the JIT
     * examples have generators that miss an end tap on one thread and on teams of 2 and 4 (the
     * exchange step's flipped branches), none of them in the catalogue. */
    void catalogue_covers_every_shape()
    {
        unsigned seen_k = 0, seen_n = 0;
        cuda::dpx_catalogue::for_each([&](auto code) {
            const conv::trellis t = decltype(code)::trellis();
            CPPUNIT_ASSERT(decltype(code)::matches(t));
            seen_k |= 1u << t.k;
            seen_n |= 1u << t.n;
        });
        CPPUNIT_ASSERT_EQUAL(0x3F8u, seen_k);
        CPPUNIT_ASSERT_EQUAL(0x1Cu, seen_n);
        unsigned one_sided_k = 0;
        cuda::dpx_jit_examples::for_each([&](auto code) {
            const conv::trellis t = decltype(code)::trellis();
            CPPUNIT_ASSERT(!cuda::dpx_catalogue::find(t, [](auto) {})); // what NVRTC compiles
            if (t.outputs(1, 1) != 0) // Fo != Fu: a generator taps one end only
                one_sided_k |= 1u << t.k;
        });
        CPPUNIT_ASSERT_EQUAL(0x3F8u, one_sided_k);
    }

    /* butterfly(s) against the trellis: the four branches of A = s, B = s + 1 on inputs 0 and
     * 1, c10 = c00 ^ Fo, c01 = c00 ^ Fu, c11 = c00 ^ Fo ^ Fu; and x, -x, -x, x (complements)
     * exactly when every generator taps both ends. */
    void butterfly_branches_follow_the_taps()
    {
        const auto run = [](auto code) { branches_of(code); };
        cuda::dpx_catalogue::for_each(run);
        cuda::dpx_jit_examples::for_each(run);
    }

    template <int K, unsigned... G>
    static void branches_of(cuda::dpx_code<K, G...>)
    {
        const conv::trellis t{ K, int(sizeof...(G)), { G... } };
        unsigned fo = 0, fu = 0;
        for (int j = 0; j < t.n; ++j) {
            fo |= (t.polys[j] & 1u) << j;
            fu |= ((t.polys[j] >> (K - 1)) & 1u) << j;
        }
        const unsigned all = (1u << t.n) - 1;
        const bool both_ends = fo == all && fu == all;
        for (int s = 0; s < t.states(); s += 2) {
            const cuda::dpx::branches b = cuda::dpx::butterfly<K, G...>(s);
            const std::string what = "K=" + std::to_string(K) + " g0=" + std::to_string(t.polys[0]) +
                                     " s=" + std::to_string(s);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, t.outputs(s, 0), unsigned(b.a0));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, t.outputs(s + 1, 0), unsigned(b.b0));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, t.outputs(s, 1), unsigned(b.a1));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, t.outputs(s + 1, 1), unsigned(b.b1));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, unsigned(b.a0) ^ fo, unsigned(b.b0));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, unsigned(b.a0) ^ fu, unsigned(b.a1));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, unsigned(b.a0) ^ fo ^ fu, unsigned(b.b1));
            const bool symmetric = unsigned(b.b0) == (all ^ unsigned(b.a0)) &&
                                   unsigned(b.a1) == (all ^ unsigned(b.a0)) && b.b1 == b.a0;
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, both_ends, symmetric);
        }
    }

    /* K = 8, 9 teams: with v'[c] = v[c ^ flips], thread tid's local coded bits turn into the
     * true ones of the butterflies at its positions. In phases below `local`, c00 of the A
     * state (its top bits are tid's); in the exchange phases, c00 for the lower thread of the
     * pair and c11 for the upper one (and so c10, c01: the formula step_exchange shares). */
    void team_flips_give_each_thread_its_branches()
    {
        const auto run = [](auto code) { flips_of(code); };
        cuda::dpx_catalogue::for_each(run);
        cuda::dpx_jit_examples::for_each(run);
    }

    template <int K, unsigned... G>
    static void flips_of(cuda::dpx_code<K, G...>)
    {
        using shape = cuda::dpx::shape<K>;
        if constexpr (shape::threads > 1) {
            const conv::trellis t{ K, int(sizeof...(G)), { G... } };
            constexpr int m = shape::m, L = shape::local;
            for (uint32_t tid = 0; tid < uint32_t(shape::threads); ++tid) {
                const uint32_t flips = cuda::dpx::team_flips<K, G...>(tid);
                for (int T = 0; T < m; ++T)
                    for (int j = 0; j < (1 << L); ++j) {
                        if (T < L && ((j >> T) & 1))
                            continue; // B positions of the vertical and swap steps
                        const int p = int(tid << L) | j;
                        const int state = cuda::dpx::rotr(p, T, m);
                        const bool upper = T >= L && ((tid >> (T - L)) & 1u);
                        const int a = state & ~1; // the butterfly's A state
                        const cuda::dpx::branches local = cuda::dpx::butterfly<K, G...>(cuda::dpx::rotr(j, T, m));
                        const uint32_t f = (flips >> (4 * T)) & 15u;
                        const std::string what = "K=" + std::to_string(K) + " g0=" + std::to_string(t.polys[0]) +
                                                 " tid " + std::to_string(tid) + " T " + std::to_string(T) +
                                                 " j " + std::to_string(j);
                        CPPUNIT_ASSERT_EQUAL_MESSAGE(what, t.outputs(a + (upper ? 1 : 0), upper ? 1 : 0),
                                                     uint32_t(local.a0) ^ f);
                        CPPUNIT_ASSERT_EQUAL_MESSAGE(what, t.outputs(a + (upper ? 0 : 1), upper ? 1 : 0),
                                                     uint32_t(local.b0) ^ f);
                        if (T < L) { // the vertical and swap steps also take input 1's branches
                            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, t.outputs(a, 1), uint32_t(local.a1) ^ f);
                            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, t.outputs(a + 1, 1), uint32_t(local.b1) ^ f);
                        }
                    }
            }
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(viterbi_tile_dpx_host_test);

} // namespace gpufec
} // namespace gr
