/* The drift distribution of the BSID channel, the drift limits derived from it, and the MAP
 * decoder's options (docs/bsid.md, "Drift limits" and "Options").
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gnuradio/gpufec/bsid/bsid_map.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {

/* Mass trimmed from each end after each convolution. */
constexpr double trim_mass = 1e-303;
/* Largest drift limit an option may set. */
constexpr int max_drift_option = 65535;

struct distribution {
    long lo = 0;
    std::vector<double> p;
};

void trim(distribution& d)
{
    size_t b = 0, e = d.p.size();
    double acc = 0.0;
    while (e - b > 1 && acc + d.p[b] <= trim_mass)
        acc += d.p[b++];
    acc = 0.0;
    while (e - b > 1 && acc + d.p[e - 1] <= trim_mass)
        acc += d.p[--e];
    if (b > 0 || e < d.p.size()) {
        d.p = std::vector<double>(d.p.begin() + static_cast<long>(b), d.p.begin() + static_cast<long>(e));
        d.lo += static_cast<long>(b);
    }
}

distribution convolve(const distribution& a, const distribution& b)
{
    distribution c;
    c.lo = a.lo + b.lo;
    c.p.assign(a.p.size() + b.p.size() - 1, 0.0);
    for (size_t i = 0; i < a.p.size(); ++i) {
        const double x = a.p[i];
        if (x == 0.0)
            continue;
        double* out = c.p.data() + i;
        for (size_t j = 0; j < b.p.size(); ++j)
            out[j] += x * b.p[j];
    }
    trim(c);
    return c;
}

/* The drift change of one input bit. */
distribution one_bit(const bsid_params& p)
{
    distribution d;
    d.lo = -1;
    d.p.push_back(p.pd);
    const double c = p.pt() + p.pi * p.pd;
    double pk = c; // P(delta = k) = pi^k c
    double tail = 1.0 - p.pd;
    for (;;) {
        d.p.push_back(pk);
        tail -= pk;
        pk *= p.pi;
        if (pk <= trim_mass || !(tail > trim_mass))
            break;
    }
    trim(d);
    return d;
}

std::string fmt(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

[[noreturn]] void bad_option(const std::string& name, const std::string& value, const std::string& allowed)
{
    throw std::invalid_argument(name + " = " + value + " is not allowed: " + allowed);
}

/* [min, max] holding all but at most threshold/2 on each side (0 inside). */
void limits_of(const bsid_params& p, size_t T, double threshold, int* min, int* max)
{
    int lo = 0, hi = 0;
    const std::vector<double> d = bsid_drift_distribution(p, T, &lo, &hi);
    const double side = threshold / 2;
    // Upper: the smallest x >= 0 with P(S > x) <= side.
    int x = hi;
    double tail = 0.0;
    while (x > 0 && tail + d[static_cast<size_t>(x - lo)] <= side) {
        tail += d[static_cast<size_t>(x - lo)];
        --x;
    }
    *max = std::max(x, 0);
    x = lo;
    tail = 0.0;
    while (x < 0 && tail + d[static_cast<size_t>(x - lo)] <= side) {
        tail += d[static_cast<size_t>(x - lo)];
        ++x;
    }
    *min = std::min(x, 0);
    if (p.pi > 0 && *max < 1)
        *max = 1;
    if (p.pd > 0 && *min > -1)
        *min = -1;
}

} // namespace

std::vector<double> bsid_drift_distribution(const bsid_params& p, size_t T, int* lo, int* hi)
{
    p.check();
    distribution result;
    result.p.assign(1, 1.0);
    if (T > 0) {
        distribution power = one_bit(p);
        for (size_t t = T;;) {
            if (t & 1u)
                result = convolve(result, power);
            t >>= 1;
            if (!t)
                break;
            power = convolve(power, power);
        }
    }
    if (result.lo < INT32_MIN || result.lo + static_cast<long>(result.p.size()) - 1 > INT32_MAX)
        throw std::invalid_argument("the drift after T = " + std::to_string(T) +
                                    " bits leaves 32 bits");
    if (lo)
        *lo = static_cast<int>(result.lo);
    if (hi)
        *hi = static_cast<int>(result.lo + static_cast<long>(result.p.size()) - 1);
    return result.p;
}

bsid_drift_limits bsid_derive_drift_limits(const bsid_params& p,
                                           size_t n,
                                           size_t N,
                                           double threshold,
                                           int max_drift,
                                           int max_symbol_drift)
{
    p.check();
    if (!std::isfinite(threshold) || !(threshold > 0.0) || !(threshold < 1.0))
        bad_option("drift_threshold", fmt(threshold), "a probability in (0, 1), e.g. 1e-10");
    if (n < 1)
        throw std::invalid_argument("n = 0: a codeword has at least one bit");
    if (N < 1)
        throw std::invalid_argument("N = 0: a frame has at least one codeword");
    if (N > (size_t(1) << 31) / n)
        throw std::invalid_argument("n N = " + std::to_string(n) + " * " + std::to_string(N) +
                                    " is too large: below 2^31 is allowed");
    bsid_drift_limits l;
    if (max_drift >= 0) {
        l.frame_min = -max_drift;
        l.frame_max = max_drift;
    } else {
        limits_of(p, n * N, threshold, &l.frame_min, &l.frame_max);
    }
    if (max_symbol_drift >= 0) {
        l.symbol_min = -max_symbol_drift;
        l.symbol_max = max_symbol_drift;
    } else {
        limits_of(p, n, threshold, &l.symbol_min, &l.symbol_max);
    }
    l.symbol_min = std::max(l.symbol_min, l.frame_min);
    l.symbol_max = std::min(l.symbol_max, l.frame_max);
    return l;
}

void bsid_map_options::check() const
{
    decoder_options::check();
    if (!std::isfinite(drift_threshold) || !(drift_threshold > 0.0) || !(drift_threshold < 1.0))
        bad_option("drift_threshold", fmt(drift_threshold), "a probability in (0, 1), e.g. 1e-10");
    // -1 is the one "derived" value: another negative one is a mistake, not a request.
    if (max_drift < -1 || max_drift > max_drift_option)
        bad_option("max_drift", std::to_string(max_drift),
                   "-1 (derived from the channel) or 0 to " + std::to_string(max_drift_option));
    if (max_symbol_drift < -1 || max_symbol_drift > max_drift_option)
        bad_option("max_symbol_drift", std::to_string(max_symbol_drift),
                   "-1 (derived from the channel) or 0 to " + std::to_string(max_drift_option));
    const int s = static_cast<int>(storage);
    if (s < 0 || s > 2)
        bad_option("storage", std::to_string(s), "auto, global or local");
    const int pr = static_cast<int>(precision);
    if (pr < 0 || pr > 1)
        bad_option("precision", std::to_string(pr), "float or double");
    const int la = static_cast<int>(lattice);
    if (la < 0 || la > 1)
        bad_option("lattice", std::to_string(la), "corridor or pooled");
    if (lookahead > (size_t(1) << 31))
        bad_option("lookahead", std::to_string(lookahead), "at most N codewords (the code's)");
}

} // namespace gpufec
} // namespace gr
