/* cluster_split (how the cluster kernel spreads a code block's windows over its thread blocks)
 * against brute force: which window and thread block hold each step, that every thread block
 * has windows and its halo covers their training steps, and the sizes shared memory is made
 * for. Host only.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lte_turbo_cluster_split.h"
#include <cppunit/extensions/HelperMacros.h>
#include <algorithm>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

class turbo_cluster_split_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(turbo_cluster_split_test);
    CPPUNIT_TEST(owners_equal_brute_force);
    CPPUNIT_TEST_SUITE_END();

    static void check(unsigned K, unsigned P, unsigned g, unsigned C)
    {
        const cuda::cluster_split sp{ K, P, g, C };
        const std::string what = "K=" + std::to_string(K) + " P=" + std::to_string(P) + " g=" +
                                 std::to_string(g) + " C=" + std::to_string(C);
        // Windows as docs/turbo.md defines them: [floor(w K / P), floor((w + 1) K / P)).
        std::vector<unsigned> b(P + 1);
        for (unsigned w = 0; w <= P; ++w)
            b[w] = unsigned(uint64_t(w) * K / P);
        // Thread block r: windows [floor(r P / C), floor((r + 1) P / C)).
        std::vector<unsigned> first(C + 1);
        for (unsigned r = 0; r <= C; ++r)
            first[r] = unsigned(uint64_t(r) * P / C);
        size_t most_windows = 0, most_owned = 0, most_halo = 0;
        for (unsigned r = 0; r < C; ++r) {
            CPPUNIT_ASSERT_MESSAGE(what + ": thread block without windows", first[r + 1] > first[r]);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, first[r], sp.first_window(r));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, b[first[r]], sp.begin(r));
            most_windows = std::max<size_t>(most_windows, first[r + 1] - first[r]);
            most_owned = std::max<size_t>(most_owned, b[first[r + 1]] - b[first[r]]);
            // Every window's recursions (training included) run inside the halo.
            for (unsigned w = first[r]; w < first[r + 1]; ++w) {
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what + " window " + std::to_string(w), r, sp.rank_of_window(w));
                const unsigned train_begin = w == 0 ? 0 : b[w] - g;
                const unsigned train_end = w + 1 == P ? K : b[w + 1] + g;
                CPPUNIT_ASSERT_MESSAGE(what + " window " + std::to_string(w),
                                       sp.halo_begin(r) <= train_begin && train_end <= sp.halo_end(r));
            }
            CPPUNIT_ASSERT(sp.halo_begin(r) <= sp.begin(r) && sp.begin(r + 1) <= sp.halo_end(r) &&
                           sp.halo_end(r) <= K);
            most_halo = std::max<size_t>(most_halo, sp.halo_end(r) - sp.halo_begin(r));
        }
        CPPUNIT_ASSERT_EQUAL_MESSAGE(what, K, sp.begin(C));
        CPPUNIT_ASSERT_MESSAGE(what, most_windows <= sp.max_windows());
        CPPUNIT_ASSERT_EQUAL_MESSAGE(what, most_owned, size_t(sp.max_owned()));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(what, most_halo, size_t(sp.max_halo()));
        // Each step's window and thread block.
        for (unsigned w = 0, r = 0; w < P; ++w) {
            while (first[r + 1] <= w)
                ++r;
            for (unsigned k = b[w]; k < b[w + 1]; ++k) {
                if (sp.window_of(k) != w || sp.rank_of(k) != r)
                    CPPUNIT_FAIL(what + ": step " + std::to_string(k) + " in window " + std::to_string(w) +
                                 " of thread block " + std::to_string(r) + ", computed " +
                                 std::to_string(sp.window_of(k)) + " of " + std::to_string(sp.rank_of(k)));
            }
        }
    }

    /* Windows of equal and unequal sizes, every cluster size, no training and the most. */
    void owners_equal_brute_force()
    {
        const struct {
            unsigned K, P;
        } splits[] = { { 6144, 128 }, { 6144, 384 }, { 6144, 768 }, { 6144, 64 }, { 6144, 96 }, { 6144, 1024 },
                       { 6144, 6144 }, { 1056, 33 },  { 1056, 5 },   { 40, 40 },   { 40, 3 },    { 2112, 128 },
                       { 512, 7 },    { 6080, 127 } };
        for (const auto& s : splits)
            for (unsigned C = 2; C <= std::min(16u, s.P); ++C)
                for (unsigned g : { 0u, s.K / s.P / 2, s.K / s.P })
                    check(s.K, s.P, g, C);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(turbo_cluster_split_test);

} // namespace gpufec
} // namespace gr
