/* The drift distribution (against a direct bit-by-bit recursion and its moments), the drift
 * limits derived from it, the overrides, and the MAP decoder's options.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/test/qa_expect.h"
#include <gnuradio/gpufec/bsid/bsid_map.h>
#include <cppunit/extensions/HelperMacros.h>
#include <cmath>

namespace gr {
namespace gpufec {

namespace {

bsid_params params(double pi, double pd, double ps = 0)
{
    bsid_params p;
    p.pi = pi;
    p.pd = pd;
    p.ps = ps;
    return p;
}

/* The drift after T bits by the channel's own recursion, bit by bit: the drift goes down by one
 * with pd, or up by k >= 0 with pi^k (pt + pi pd), truncated at +kmax per bit. */
std::vector<double> direct(const bsid_params& p, size_t T, int* lo)
{
    const int kmax = 400; // beyond where pi^k leaves double precision for pi <= 0.1
    std::vector<double> d(1, 1.0);
    int l = 0;
    for (size_t t = 0; t < T; ++t) {
        std::vector<double> e(d.size() + kmax + 1, 0.0);
        for (size_t x = 0; x < d.size(); ++x) {
            e[x] += d[x] * p.pd; // x - 1 at index x of the new (lo - 1) array
            double pk = p.pt() + p.pi * p.pd;
            for (int k = 0; k <= kmax; ++k, pk *= p.pi)
                e[x + 1 + k] += d[x] * pk;
        }
        d = e;
        --l;
    }
    *lo = l;
    return d;
}

} // namespace

class bsid_limits_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(bsid_limits_test);
    CPPUNIT_TEST(distribution);
    CPPUNIT_TEST(moments);
    CPPUNIT_TEST(limits);
    CPPUNIT_TEST(overrides);
    CPPUNIT_TEST(options);
    CPPUNIT_TEST_SUITE_END();

public:
    void distribution()
    {
        int lo, hi;
        std::vector<double> d = bsid_drift_distribution(params(0.1, 0.2), 0, &lo, &hi);
        CPPUNIT_ASSERT_EQUAL(0, lo);
        CPPUNIT_ASSERT_EQUAL(0, hi);
        CPPUNIT_ASSERT_EQUAL(1.0, d[0]);
        for (size_t T : { 1, 2, 7, 13 }) {
            const bsid_params p = params(0.1, 0.2);
            d = bsid_drift_distribution(p, T, &lo, &hi);
            CPPUNIT_ASSERT_EQUAL(-static_cast<int>(T), lo);
            CPPUNIT_ASSERT_EQUAL(static_cast<size_t>(hi - lo + 1), d.size());
            int rlo;
            const std::vector<double> r = direct(p, T, &rlo);
            for (int x = lo; x <= hi; ++x) {
                const double want = r[static_cast<size_t>(x - rlo)];
                CPPUNIT_ASSERT_DOUBLES_EQUAL(want, d[static_cast<size_t>(x - lo)], 1e-12 * want + 1e-300);
            }
            // Beyond hi the direct mass is below the trimmed amount.
            double beyond = 0;
            for (size_t k = static_cast<size_t>(hi - rlo + 1); k < r.size(); ++k)
                beyond += r[k];
            CPPUNIT_ASSERT(beyond < 1e-290);
        }
        // No insertions: the support ends at 0; no deletions: it starts at 0.
        d = bsid_drift_distribution(params(0, 0.3), 50, &lo, &hi);
        CPPUNIT_ASSERT_EQUAL(0, hi);
        CPPUNIT_ASSERT_EQUAL(-50, lo);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(std::pow(0.3, 50), d[0], 1e-12 * std::pow(0.3, 50));
        d = bsid_drift_distribution(params(0.2, 0), 50, &lo, &hi);
        CPPUNIT_ASSERT_EQUAL(0, lo);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(std::pow(0.8, 50), d[0], 1e-12);
        d = bsid_drift_distribution(params(0, 0), 1000, &lo, &hi);
        CPPUNIT_ASSERT_EQUAL(size_t(1), d.size());
        bsid_drift_distribution(params(0, 0), 5, nullptr, nullptr);
        qa::expect_invalid([] { bsid_drift_distribution(params(0.7, 0.7), 5, nullptr, nullptr); }, "pi + pd");
    }

    void moments()
    {
        const double pi = 0.01, pd = 0.02;
        const size_t T = 10000;
        int lo, hi;
        const std::vector<double> d = bsid_drift_distribution(params(pi, pd), T, &lo, &hi);
        double s = 0, m = 0, m2 = 0;
        for (int x = lo; x <= hi; ++x) {
            const double p = d[static_cast<size_t>(x - lo)];
            s += p;
            m += p * x;
            m2 += p * x * double(x);
        }
        const double c = (1 - pi - pd) + pi * pd;
        const double mean1 = -pd + c * pi / ((1 - pi) * (1 - pi));
        double ex2 = pd;
        for (int k = 1; k < 40; ++k)
            ex2 += double(k) * k * std::pow(pi, k) * c;
        CPPUNIT_ASSERT_DOUBLES_EQUAL(1.0, s, 1e-12);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(T * mean1, m, 1e-8 * T);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(T * (ex2 - mean1 * mean1), m2 - m * m, 1e-7 * T);
    }

    void limits()
    {
        const bsid_params p = params(0.01, 0.01);
        const double thr = 1e-6;
        const bsid_drift_limits l = bsid_derive_drift_limits(p, 10, 50, thr);
        int lo, hi;
        const std::vector<double> d = bsid_drift_distribution(p, 500, &lo, &hi);
        double above = 0, below = 0;
        for (int x = l.frame_max + 1; x <= hi; ++x)
            above += d[static_cast<size_t>(x - lo)];
        for (int x = lo; x < l.frame_min; ++x)
            below += d[static_cast<size_t>(x - lo)];
        CPPUNIT_ASSERT(above <= thr / 2 && below <= thr / 2);
        // The narrowest such limits: one step in leaves more than thr / 2 outside.
        CPPUNIT_ASSERT(above + d[static_cast<size_t>(l.frame_max - lo)] > thr / 2);
        CPPUNIT_ASSERT(below + d[static_cast<size_t>(l.frame_min - lo)] > thr / 2);
        CPPUNIT_ASSERT(l.frame_min <= l.symbol_min && l.symbol_min < 0);
        CPPUNIT_ASSERT(l.frame_max >= l.symbol_max && l.symbol_max > 0);
        CPPUNIT_ASSERT_EQUAL(size_t(l.frame_max - l.frame_min + 1), l.frame_states());
        // A smaller threshold never narrows them.
        const bsid_drift_limits w = bsid_derive_drift_limits(p, 10, 50, 1e-12);
        CPPUNIT_ASSERT(w.frame_min <= l.frame_min && w.frame_max >= l.frame_max);
        // A clean channel: no drift at all; a channel with insertions only: at least 1 above.
        const bsid_drift_limits z = bsid_derive_drift_limits(params(0, 0, 0.1), 10, 50);
        CPPUNIT_ASSERT(z.frame_min == 0 && z.frame_max == 0 && z.symbol_min == 0 && z.symbol_max == 0);
        const bsid_drift_limits ins = bsid_derive_drift_limits(params(1e-9, 0), 4, 2, 0.5);
        CPPUNIT_ASSERT(ins.frame_min == 0 && ins.frame_max == 1 && ins.symbol_max == 1 && ins.symbol_min == 0);
        qa::expect_invalid([&] { bsid_derive_drift_limits(p, 10, 50, 0.0); }, "drift_threshold = 0");
        qa::expect_invalid([&] { bsid_derive_drift_limits(p, 10, 50, 1.0); }, "drift_threshold = 1");
    }

    void overrides()
    {
        const bsid_params p = params(0.05, 0.05);
        bsid_drift_limits l = bsid_derive_drift_limits(p, 8, 100, 1e-10, 7);
        CPPUNIT_ASSERT(l.frame_min == -7 && l.frame_max == 7);
        CPPUNIT_ASSERT(l.symbol_min >= -7 && l.symbol_max <= 7);
        l = bsid_derive_drift_limits(p, 8, 100, 1e-10, 3, 5);
        CPPUNIT_ASSERT(l.symbol_min == -3 && l.symbol_max == 3); // clipped into the frame limits
        l = bsid_derive_drift_limits(p, 8, 100, 1e-10, -1, 2);
        CPPUNIT_ASSERT(l.symbol_min == -2 && l.symbol_max == 2 && l.frame_max > 2);
        l = bsid_derive_drift_limits(p, 8, 100, 1e-10, 0);
        CPPUNIT_ASSERT(l.frame_states() == 1 && l.symbol_states() == 1);
    }

    void options()
    {
        bsid_map_options o;
        o.check();
        CPPUNIT_ASSERT_EQUAL(bsid_default_drift_threshold, o.drift_threshold);
        using qa::expect_invalid;
        o.drift_threshold = 2;
        expect_invalid([&] { o.check(); }, "drift_threshold = 2");
        o = bsid_map_options();
        o.max_drift = 70000;
        expect_invalid([&] { o.check(); }, "max_drift = 70000");
        o = bsid_map_options();
        o.max_symbol_drift = 70000;
        expect_invalid([&] { o.check(); }, "max_symbol_drift = 70000");
        o = bsid_map_options();
        o.threads = 5000;
        expect_invalid([&] { o.check(); }, "threads");
        CPPUNIT_ASSERT(parse_bsid_storage("local") == bsid_storage::LOCAL);
        CPPUNIT_ASSERT(parse_bsid_storage("global") == bsid_storage::GLOBAL);
        CPPUNIT_ASSERT(parse_bsid_storage("auto") == bsid_storage::AUTO);
        CPPUNIT_ASSERT_EQUAL(std::string("local"), bsid_storage_name(bsid_storage::LOCAL));
        CPPUNIT_ASSERT(parse_bsid_precision("double") == bsid_precision::DOUBLE);
        CPPUNIT_ASSERT_EQUAL(std::string("float"), bsid_precision_name(bsid_precision::FLOAT));
        expect_invalid([] { parse_bsid_storage("disk"); }, "'auto', 'global' or 'local'");
        expect_invalid([] { parse_bsid_precision("half"); }, "'float' or 'double'");
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(bsid_limits_test);

} // namespace gpufec
} // namespace gr
