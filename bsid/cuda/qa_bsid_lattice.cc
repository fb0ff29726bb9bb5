/* The GPU decoder's register lattice (bsid_lattice.h), run on the host, against the lattice the
 * CPU decoder uses (bsid_receiver_metric): every register width, every corridor that fits it,
 * codeword lengths 1 to 32, received windows at every bit alignment of the packed words, sorted
 * codebooks through the checkpoints at every depth, with and without substitutions (the
 * ps = 0 form with its weights scaled as the kernels scale them). Needs no GPU.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "bsid_lattice.h"
#include "bsid_map_kernels.h"
#include <cppunit/extensions/HelperMacros.h>
#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

namespace {

using namespace cuda::bsid_detail;

/* The received bytes packed as launch_bsid_pack packs them. */
std::vector<uint32_t> pack(const std::vector<uint8_t>& y)
{
    std::vector<uint32_t> w(cuda::bsid_packed_words(y.size()), 0u);
    for (size_t b = 0; b < y.size(); ++b)
        if (y[b])
            w[cuda::bsid_words_before + b / 32] |= 1u << (31 - b % 32);
    return w;
}

/* Every corridor width this register width serves (exactly W up to bsid_exact_widths, 1 .. W
 * above), every position of the corridor, a random n, a received window at a random bit
 * alignment, and a codebook of up to 40 sorted codewords (sharing prefixes) through one
 * lattice object with random checkpoint depths: each codeword's R against
 * bsid_receiver_metric. */
template <typename real, int W, bool MatchOnly>
void check_width(std::mt19937_64& rng, const bsid_lattice_weights<real>& w, double tol)
{
    const int lowest = W <= bsid_exact_widths ? W : 1;
    for (int width = lowest; width <= W; ++width) {
        for (int smin = -(width - 1); smin <= 0; ++smin) {
            const int smax = smin + width - 1;
            const int n = std::max(-smin, 1) + int(rng() % 32);
            if (n > 32)
                continue;
            std::vector<uint8_t> y(200);
            for (auto& b : y)
                b = uint8_t(rng() & 1);
            const std::vector<uint32_t> words = pack(y);
            const int p = int(rng() % 70); // the codeword's first received bit, any alignment
            const int avail = int(y.size()) - p;
            const uint32_t mask = n == 32 ? 0xffffffffu : (1u << n) - 1;
            // Codewords with common prefixes: a few random stems, random tails.
            std::vector<uint32_t> code(1 + rng() % 40);
            const uint32_t stem = uint32_t(rng());
            for (auto& x : code)
                x = (stem ^ (uint32_t(rng()) >> (rng() % 32))) & mask;
            std::sort(code.begin(), code.end());
            const int c2 = n > 1 ? int(rng() % n) : 0, c1 = c2 > 0 ? int(rng() % c2) : 0;
            register_lattice<real, W, MatchOnly> lat;
            lat.init(n, width, smin, c1, c2, w);
            const int64_t bit = 32 * int64_t(cuda::bsid_words_before) + p + smin - 1;
            const uint64_t yw = read64(words.data(), bit);
            for (uint32_t x : code) {
                real row[W];
                lat.run(x, yw, row);
                std::vector<real> scratch(width), ref(width);
                bsid_receiver_metric<real>(x, n, y.data() + p, avail, smin, smax, w, scratch.data(), ref.data());
                for (int s = 0; s < W; ++s) {
                    const double want = s < width ? double(ref[s]) : 0.0;
                    const double bound = tol * std::max(std::fabs(want), 1e-30);
                    if (!(std::fabs(double(row[s]) - want) <= bound))
                        CPPUNIT_FAIL("W=" + std::to_string(W) + " width=" + std::to_string(width) +
                                     " symbol_min=" + std::to_string(smin) + " n=" + std::to_string(n) +
                                     " c1=" + std::to_string(c1) + " c2=" + std::to_string(c2) +
                                     " p=" + std::to_string(p) + " x=" + std::to_string(x) + " cell " +
                                     std::to_string(s) + ": " + std::to_string(double(row[s])) + " vs " +
                                     std::to_string(want));
                }
            }
        }
    }
}

template <typename real, bool MatchOnly, int W = 1>
void check_widths(std::mt19937_64& rng, const bsid_lattice_weights<real>& w, double tol)
{
    check_width<real, W, MatchOnly>(rng, w, tol);
    if constexpr (W < bsid_exact_widths)
        check_widths<real, MatchOnly, W + 1>(rng, w, tol);
}

template <typename real, bool MatchOnly>
void check_all(const bsid_lattice_weights<real>& w, double tol)
{
    std::mt19937_64 rng(MatchOnly ? 1 : 2);
    for (int rep = 0; rep < 4; ++rep) {
        check_widths<real, MatchOnly>(rng, w, tol);
        check_width<real, 24, MatchOnly>(rng, w, tol);
        check_width<real, 32, MatchOnly>(rng, w, tol);
    }
}

} // namespace

class bsid_lattice_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(bsid_lattice_test);
    CPPUNIT_TEST(with_substitutions);
    CPPUNIT_TEST(match_only);
    CPPUNIT_TEST_SUITE_END();

public:
    void with_substitutions()
    {
        check_all<double, false>(make_bsid_lattice_weights<double>(0.1, 0.07, 0.05), 1e-12);
        check_all<float, false>(make_bsid_lattice_weights<float>(0.1, 0.07, 0.05), 2e-5);
    }

    /* ps = 0: the kernels scale the transmission weight to 1 (P_d / P_t for a deletion). */
    void match_only()
    {
        const double pi = 0.08, pd = 0.06, pt = 1 - pi - pd;
        check_all<double, true>(bsid_lattice_weights<double>{ pi / 2, pd / pt, 1.0, 0.0 }, 1e-12);
        check_all<float, true>(bsid_lattice_weights<float>{ float(pi / 2), float(pd / pt), 1.0f, 0.0f }, 2e-5);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(bsid_lattice_test);

} // namespace gpufec
} // namespace gr
