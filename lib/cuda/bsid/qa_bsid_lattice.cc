/* The GPU decoder's register lattice (bsid_lattice.h), run on the host, against the lattice the
 * CPU decoder uses (bsid_receiver_metric): every register width, every corridor that fits it,
 * codeword lengths 1 to 32, received windows at every bit alignment of the packed words, with
 * and without substitutions (the ps = 0 form with its weights scaled as the kernels scale
 * them). Needs no GPU.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cuda/bsid/bsid_lattice.h"
#include "cuda/bsid/bsid_map_kernels.h"
#include <cppunit/extensions/HelperMacros.h>
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

template <typename real, int W, bool MatchOnly>
void check_width(std::mt19937_64& rng, const bsid_lattice_weights<real>& w, double tol)
{
    for (int width = 1; width <= W; ++width) {
        for (int smin = -(width - 1); smin <= 0; ++smin) {
            const int smax = smin + width - 1;
            const int n = 1 + int(rng() % 32);
            if (smin < -n)
                continue; // the drift cannot fall below -n in n bits: the limits never ask it
            std::vector<uint8_t> y(200);
            for (auto& b : y)
                b = uint8_t(rng() & 1);
            const std::vector<uint32_t> words = pack(y);
            const int p = int(rng() % 70); // the codeword's first received bit, any alignment
            const int avail = int(y.size()) - p;
            const uint32_t x = uint32_t(rng()) & (n == 32 ? 0xffffffffu : (1u << n) - 1);
            lattice_consts<real, W> c;
            c.init(width, smin, w.insert);
            real row[W];
            const int64_t bit = 32 * int64_t(cuda::bsid_words_before) + p + smin - 1;
            lattice_full<real, W, MatchOnly>(x, n, read64(words.data(), bit), w, c, row);
            std::vector<real> scratch(width), ref(width);
            bsid_receiver_metric<real>(x, n, y.data() + p, avail, smin, smax, w, scratch.data(), ref.data());
            for (int s = 0; s < W; ++s) {
                const double want = s < width ? double(ref[s]) : 0.0;
                const double bound = tol * std::max(std::fabs(want), 1e-30);
                if (!(std::fabs(double(row[s]) - want) <= bound))
                    CPPUNIT_FAIL("W=" + std::to_string(W) + " width=" + std::to_string(width) +
                                 " symbol_min=" + std::to_string(smin) + " n=" + std::to_string(n) +
                                 " p=" + std::to_string(p) + " cell " + std::to_string(s) + ": " +
                                 std::to_string(double(row[s])) + " vs " + std::to_string(want));
            }
        }
    }
}

template <typename real, bool MatchOnly>
void check_all(const bsid_lattice_weights<real>& w, double tol)
{
    std::mt19937_64 rng(MatchOnly ? 1 : 2);
    for (int rep = 0; rep < 4; ++rep) {
        check_width<real, 4, MatchOnly>(rng, w, tol);
        check_width<real, 8, MatchOnly>(rng, w, tol);
        check_width<real, 12, MatchOnly>(rng, w, tol);
        check_width<real, 16, MatchOnly>(rng, w, tol);
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
