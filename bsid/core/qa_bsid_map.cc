/* The insertion/deletion MAP decoder on the CPU: noise-free identity for every construction
 * and a range of sizes; the posteriors against a brute-force decoder written from the
 * channel's definition (every message, the whole frame's lattice), with priors, start-drift
 * priors, free ends and lookahead; batch consistency (slots, max_batch, threads); float
 * against double; a statistical symbol error rate; and bad input.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/test/qa_expect.h"
#include "bsid_lattice_cpu.h"
#include "bsid_pooled_cpu.h"
#include <gnuradio/gpufec/bsid/bsid_map.h>
#include <cppunit/extensions/HelperMacros.h>
#include <cmath>
#include <cstring>
#include <iostream>
#include <random>

namespace gr {
namespace gpufec {

namespace {

bsid_params params(double pi, double pd, double ps)
{
    bsid_params p;
    p.pi = pi;
    p.pd = pd;
    p.ps = ps;
    return p;
}

bsid_map_options cpu_options(bsid_precision prec = bsid_precision::DOUBLE,
                             bsid_lattice lattice = bsid_lattice::CORRIDOR)
{
    bsid_map_options o;
    o.backend = backend_kind::CPU;
    o.precision = prec;
    o.lattice = lattice;
    return o;
}

constexpr bsid_lattice both_lattices[] = { bsid_lattice::CORRIDOR, bsid_lattice::POOLED };

/* P(y | x) of the BSID channel over a whole sequence: the lattice of equations (7)-(10) with
 * every path (no corridor), insertions on every row but the last. */
double likelihood(const std::vector<uint8_t>& x, const uint8_t* y, size_t L, const bsid_params& p)
{
    const size_t T = x.size();
    std::vector<double> F((T + 1) * (L + 1), 0.0);
    auto f = [&](size_t i, size_t j) -> double& { return F[i * (L + 1) + j]; };
    for (size_t i = 0; i <= T; ++i)
        for (size_t j = 0; j <= L; ++j) {
            if (i == 0 && j == 0) {
                f(i, j) = 1.0;
                continue;
            }
            double v = 0.0;
            if (i < T && j > 0)
                v += p.pi / 2 * f(i, j - 1);
            if (i > 0)
                v += p.pd * f(i - 1, j);
            if (i > 0 && j > 0)
                v += (y[j - 1] == x[i - 1] ? p.pt() * (1 - p.ps) : p.pt() * p.ps) * f(i - 1, j - 1);
            f(i, j) = v;
        }
    return f(T, L);
}

/* P(y | x) as the sum over every event sequence of the channel that sends x and receives
 * exactly y, enumerated one event at a time (no lattice): at input bit t with j bits received,
 * an insertion of y[j] (P_i / 2, only before an input bit), a deletion (P_d), or a
 * transmission received as y[j] (P_t (1 - P_s) or P_t P_s). */
double enumerate(const std::vector<uint8_t>& x, const std::vector<uint8_t>& y, size_t t, size_t j,
                 const bsid_params& p)
{
    if (t == x.size())
        return j == y.size() ? 1.0 : 0.0;
    double sum = 0.0;
    if (j < y.size())
        sum += p.pi / 2 * enumerate(x, y, t, j + 1, p);
    sum += p.pd * enumerate(x, y, t + 1, j, p);
    if (j < y.size())
        sum += p.pt() * (y[j] == x[t] ? 1 - p.ps : p.ps) * enumerate(x, y, t + 1, j + 1, p);
    return sum;
}

std::vector<uint8_t> bits_of(const tvb_code& c, const std::vector<uint32_t>& msg)
{
    std::vector<uint8_t> x(msg.size() * c.n());
    for (size_t i = 0; i < msg.size(); ++i)
        for (size_t k = 0; k < c.n(); ++k)
            x[i * c.n() + k] = (c.codeword(i % c.N(), msg[i]) >> (c.n() - 1 - k)) & 1u;
    return x;
}

/*
 * Brute force: posteriors of the N symbols and of the end drift, summing over every message
 * (and the la lookahead symbols, equiprobable), every start drift (prior @p start over
 * [fmin, fmax], or 0) and every end drift allowed (the known one, or any in [fmin, fmax] that
 * the window holds).
 */
void brute_force(const tvb_code& c,
                 const bsid_params& p,
                 const std::vector<uint8_t>& win,
                 size_t origin,
                 bool end_known,
                 size_t la,
                 int fmin,
                 int fmax,
                 const std::vector<double>& start,
                 const std::vector<double>& priors,
                 std::vector<double>& post,
                 std::vector<double>& end)
{
    const size_t N = c.N(), q = c.q(), S = end_known ? N : N + la;
    const size_t M = static_cast<size_t>(fmax - fmin + 1);
    post.assign(N * q, 0.0);
    end.assign(M, 0.0);
    std::vector<uint32_t> msg(S, 0);
    const long long L = static_cast<long long>(win.size());
    for (;;) {
        double pr = 1.0;
        for (size_t i = 0; i < N; ++i)
            pr *= priors.empty() ? 1.0 : priors[i * q + msg[i]];
        const std::vector<uint8_t> x = bits_of(c, msg);
        const long long tauS = static_cast<long long>(x.size());
        for (int d0 = fmin; d0 <= fmax; ++d0) {
            const double ps = start.empty() ? (d0 == 0 ? 1.0 : 0.0) : start[static_cast<size_t>(d0 - fmin)];
            const long long b = static_cast<long long>(origin) + d0;
            if (ps == 0.0 || b < 0 || b > L)
                continue;
            for (int dN = fmin; dN <= fmax; ++dN) {
                const long long e = static_cast<long long>(origin) + tauS + dN;
                if (e < b || e > L)
                    continue;
                if (end_known && e != L)
                    continue;
                // The end drift at boundary N: only known for S == N (end_known or la == 0).
                const double lk = pr * ps * likelihood(x, win.data() + b, static_cast<size_t>(e - b), p);
                for (size_t i = 0; i < N; ++i)
                    post[i * q + msg[i]] += lk;
                if (S == N)
                    end[static_cast<size_t>(dN - fmin)] += lk;
            }
        }
        size_t k = 0;
        while (k < S && ++msg[k] == q)
            msg[k++] = 0;
        if (k == S)
            break;
    }
    for (size_t i = 0; i < N; ++i) {
        double s = 0;
        for (size_t D = 0; D < q; ++D)
            s += post[i * q + D];
        for (size_t D = 0; D < q; ++D)
            post[i * q + D] /= s;
    }
    double s = 0;
    for (double v : end)
        s += v;
    for (double& v : end)
        v = s > 0 ? v / s : 0;
}

/* Posteriors [N][q] of one frame by the exhaustive sum over messages and event sequences. */
std::vector<double> exhaustive(const tvb_code& c,
                               const bsid_params& p,
                               const std::vector<uint8_t>& y,
                               const std::vector<double>& priors)
{
    const size_t N = c.N(), q = c.q();
    std::vector<double> post(N * q, 0.0);
    std::vector<uint32_t> msg(N, 0);
    for (;;) {
        double pr = 1.0;
        for (size_t i = 0; i < N; ++i)
            pr *= priors.empty() ? 1.0 : priors[i * q + msg[i]];
        const double lk = pr * enumerate(bits_of(c, msg), y, 0, 0, p);
        for (size_t i = 0; i < N; ++i)
            post[i * q + msg[i]] += lk;
        size_t k = 0;
        while (k < N && ++msg[k] == q)
            msg[k++] = 0;
        if (k == N)
            break;
    }
    for (size_t i = 0; i < N; ++i) {
        double s = 0;
        for (size_t D = 0; D < q; ++D)
            s += post[i * q + D];
        for (size_t D = 0; D < q; ++D)
            post[i * q + D] /= s;
    }
    return post;
}

void assert_close(const std::vector<double>& want, const double* got, double tol, const char* what)
{
    for (size_t k = 0; k < want.size(); ++k)
        CPPUNIT_ASSERT_MESSAGE(std::string(what) + "[" + std::to_string(k) + "] = " +
                                   std::to_string(got[k]) + ", want " + std::to_string(want[k]),
                               std::fabs(want[k] - got[k]) <= tol * std::max(1e-3, want[k]));
}

std::vector<uint32_t> random_symbols(size_t n, size_t q, std::mt19937& g)
{
    std::vector<uint32_t> s(n);
    for (auto& x : s)
        x = static_cast<uint32_t>(g() % q);
    return s;
}

} // namespace

class bsid_map_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(bsid_map_test);
    CPPUNIT_TEST(lattice_bit_identical);
    CPPUNIT_TEST(noise_free_identity);
    CPPUNIT_TEST(brute_force_frames);
    CPPUNIT_TEST(bsc_closed_form);
    CPPUNIT_TEST(brute_force_windows);
    CPPUNIT_TEST(batch_consistency);
    CPPUNIT_TEST(float_against_double);
    CPPUNIT_TEST(symbol_error_rate);
    CPPUNIT_TEST(bad_input);
    CPPUNIT_TEST(pooled_lattice_bit_identical);
    CPPUNIT_TEST(pooled_equals_corridor);
    CPPUNIT_TEST(pooled_batches);
    CPPUNIT_TEST(pooled_symbol_error_rate);
    CPPUNIT_TEST_SUITE_END();

public:
    /* The CPU backend's lattice over all symbols at once equals the shared one, bit for bit. */
    template <typename real>
    void lattice_case(std::mt19937& g)
    {
        const int n = 1 + static_cast<int>(g() % 16);
        const size_t q = size_t(1) << (1 + g() % 5);
        const int smin = -static_cast<int>(g() % (n + 1)), smax = static_cast<int>(g() % 9);
        const int width = smax - smin + 1;
        std::vector<uint32_t> cw(q);
        for (auto& x : cw)
            x = g() & ((1u << n) - 1u);
        std::vector<uint8_t> y(static_cast<size_t>(n + smax + 1));
        for (auto& b : y)
            b = g() & 1u;
        const int avail = static_cast<int>(g() % (y.size() + 1));
        const auto w = make_bsid_lattice_weights<real>(0.05 * (g() % 5), 0.07 * (g() % 4), 0.1 * (g() % 3));
        std::vector<real> q0(n * q), q1(n * q), rows((width + 1) * q, real(0));
        detail::bsid_lattice_q(cw.data(), n, q, w, q0.data(), q1.data());
        detail::bsid_receiver_metric_all(q0.data(), q1.data(), n, q, y.data(), avail, smin, smax, w,
                                         rows.data());
        std::vector<real> row(width), out(width);
        for (size_t D = 0; D < q; ++D) {
            bsid_receiver_metric<real>(cw[D], n, y.data(), avail, smin, smax, w, row.data(), out.data());
            for (int e = 0; e < width; ++e)
                CPPUNIT_ASSERT(std::memcmp(&out[e], &rows[e * q + D], sizeof(real)) == 0);
        }
    }

    void lattice_bit_identical()
    {
        std::mt19937 g(31);
        for (int t = 0; t < 300; ++t) {
            lattice_case<float>(g);
            lattice_case<double>(g);
        }
    }

    void noise_free_identity()
    {
        std::mt19937 g(1);
        for (const char* cons : { "random", "watermark", "marker" })
            for (size_t n : { 1, 2, 5, 8, 12, 32 })
                for (size_t q : { 2, 4, 16, 256 }) {
                    if (n < 32 && q > (size_t(1) << n))
                        continue;
                    for (size_t N : { 1, 3, 17 }) {
                        const auto code = tvb_code::make(n, q, N, {}, cons, 5);
                        // A clean channel and one with (unused) insertions and deletions.
                        for (const bsid_params& p : { params(0, 0, 0), params(1e-3, 1e-3, 1e-3) }) {
                            bsid_map_decoder_engine dec(code, p, cpu_options(bsid_precision::FLOAT));
                            const auto msg = random_symbols(2 * N, q, g);
                            std::vector<uint8_t> bits(2 * code->tau());
                            code->encode_symbols(msg.data(), bits.data(), 2);
                            const size_t ends[2] = { code->tau(), 2 * code->tau() };
                            std::vector<uint32_t> dec_out(2 * N);
                            std::vector<double> post(2 * N * q);
                            dec.decode_frames(bits.data(), ends, 2, nullptr, post.data(), dec_out.data());
                            CPPUNIT_ASSERT_MESSAGE(code->name(), dec_out == msg);
                            if (p.pi == 0 && q > 2 && n > 1)
                                for (size_t s = 0; s < 2 * N; ++s)
                                    CPPUNIT_ASSERT_DOUBLES_EQUAL(1.0, post[s * q + msg[s]], 1e-6);
                        }
                    }
                }
    }

    void brute_force_frames()
    {
        // Tiny codes (n <= 4, N <= 3): every message, every event sequence of the channel
        // (enumerated one event at a time), drift limits that hold every path: the MAP
        // decoder's posteriors are exact.
        struct shape {
            size_t n, q, N;
        };
        for (bsid_lattice lattice : both_lattices) {
        std::mt19937 g(3);
        for (const shape& sh : { shape{ 3, 4, 2 }, shape{ 2, 4, 3 }, shape{ 4, 16, 1 }, shape{ 1, 2, 3 } }) {
            const auto code = tvb_code::make(sh.n, sh.q, sh.N, {}, "random", 11);
            const bsid_params p = params(0.08, 0.1, 0.05);
            const size_t tau = code->tau();
            bsid_map_options o = cpu_options(bsid_precision::DOUBLE, lattice);
            o.max_drift = static_cast<int>(2 * tau); // every path of a frame of at most 2 tau bits
            o.max_symbol_drift = o.max_drift;
            bsid_map_decoder_engine dec(code, p, o);
            std::vector<double> priors(sh.N * sh.q);
            for (size_t i = 0; i < sh.N; ++i) {
                double sum = 0;
                for (size_t D = 0; D < sh.q; ++D)
                    sum += priors[i * sh.q + D] = 0.1 + (g() % 100) / 100.0;
                for (size_t D = 0; D < sh.q; ++D)
                    priors[i * sh.q + D] /= sum;
            }
            for (int trial = 0; trial < 8; ++trial) {
                const auto msg = random_symbols(sh.N, sh.q, g);
                std::vector<uint8_t> x(tau);
                code->encode_symbols(msg.data(), x.data(), 1);
                const auto tx = bsid_channel_model::make(p.pi, p.pd, p.ps, 100 + trial)->transmit(x.data(), tau);
                if (tx.received.size() > 2 * tau)
                    continue;
                const bool use_priors = trial % 2 == 1;
                const std::vector<double> want = exhaustive(*code, p, tx.received,
                                                            use_priors ? priors : std::vector<double>());
                const size_t ends[1] = { tx.received.size() };
                std::vector<double> post(sh.N * sh.q);
                std::vector<uint32_t> d(sh.N);
                dec.decode_frames(tx.received.data(), ends, 1, use_priors ? priors.data() : nullptr,
                                  post.data(), d.data());
                assert_close(want, post.data(), 1e-9, "posterior");
                for (size_t i = 0; i < sh.N; ++i) {
                    size_t best = 0;
                    for (size_t D = 1; D < sh.q; ++D)
                        if (want[i * sh.q + D] > want[i * sh.q + best])
                            best = D;
                    // An exact tie in the sum (symbols the received bits cannot tell apart) is
                    // decided by rounding: the decision must be one of the tied symbols.
                    CPPUNIT_ASSERT(d[i] < sh.q);
                    const double top = want[i * sh.q + best], got = want[i * sh.q + d[i]];
                    CPPUNIT_ASSERT_MESSAGE(bsid_lattice_name(lattice) + " decision " + std::to_string(d[i]) +
                                               " instead of " + std::to_string(best),
                                           d[i] == best || top - got <= 1e-9 * top);
                }
            }
        }
        }
    }

    void bsc_closed_form()
    {
        // pi = pd = 0: the channel is a BSC, the drift limits are 0 and the posteriors are
        // prior(D) ps^d (1 - ps)^(n - d) / sum, d the Hamming distance of C_i(D) to the
        // received codeword.
        const auto code = tvb_code::make(7, 16, 12, {}, "random", 2);
        const double ps = 0.13;
        std::mt19937 g(4);
        for (bsid_lattice lattice : both_lattices)
        for (bsid_precision prec : { bsid_precision::DOUBLE, bsid_precision::FLOAT }) {
            bsid_map_decoder_engine dec(code, params(0, 0, ps), cpu_options(prec, lattice));
            CPPUNIT_ASSERT_EQUAL(size_t(1), dec.limits().frame_states());
            std::vector<double> priors(12 * 16);
            for (size_t i = 0; i < 12; ++i) {
                double sum = 0;
                for (size_t D = 0; D < 16; ++D)
                    sum += priors[i * 16 + D] = 1.0 + g() % 7;
                for (size_t D = 0; D < 16; ++D)
                    priors[i * 16 + D] /= sum;
            }
            std::vector<uint8_t> y(code->tau());
            for (auto& b : y)
                b = g() & 1u;
            const size_t ends[1] = { y.size() };
            std::vector<double> post(12 * 16);
            dec.decode_frames(y.data(), ends, 1, priors.data(), post.data(), nullptr);
            for (size_t i = 0; i < 12; ++i) {
                std::vector<double> want(16);
                double sum = 0;
                for (size_t D = 0; D < 16; ++D) {
                    int dist = 0;
                    for (size_t k = 0; k < 7; ++k)
                        dist += ((code->codeword(i, D) >> (6 - k)) & 1u) != y[i * 7 + k];
                    want[D] = priors[i * 16 + D] * std::pow(ps, dist) * std::pow(1 - ps, 7 - dist);
                    sum += want[D];
                }
                for (auto& v : want)
                    v /= sum;
                assert_close(want, post.data() + i * 16,
                             prec == bsid_precision::DOUBLE ? 1e-12 : 1e-5, "BSC posterior");
            }
        }
    }

    void brute_force_windows()
    {
        const auto code = tvb_code::make(3, 4, 2, {}, "watermark", 4);
        const bsid_params p = params(0.1, 0.1, 0.04);
        for (bsid_lattice lattice : both_lattices) {
        std::mt19937 g(9);
        for (size_t la : { 0, 2 }) {
            bsid_map_options o = cpu_options(bsid_precision::DOUBLE, lattice);
            o.max_drift = 13; // every path of a window of at most 16 bits from origin 3
            o.max_symbol_drift = 13;
            o.lookahead = la;
            bsid_map_decoder_engine dec(code, p, o);
            const size_t M = dec.limits().frame_states();
            CPPUNIT_ASSERT_EQUAL(size_t(27), M);
            for (int trial = 0; trial < 8; ++trial) {
                // A window: 3 bits before the frame, the frame, then a little of the next one.
                std::vector<uint8_t> win(3 + 6 + 3 + (g() % 5));
                for (auto& b : win)
                    b = g() & 1u;
                const auto msg = random_symbols(2, 4, g);
                std::vector<uint8_t> x(6);
                code->encode_symbols(msg.data(), x.data(), 1);
                for (size_t k = 0; k < 6; ++k)
                    win[3 + k] = x[k];
                std::vector<double> start(M, 0.0);
                for (size_t a = 11; a < 16; ++a) // drifts -2 .. 2
                    start[a] = 1.0 + (g() % 10);
                const bool known = trial % 3 == 0;
                bsid_frame_window w;
                w.offset = 0;
                w.origin = 3;
                w.end_known = known;
                w.length = known ? 3 + 6 + (g() % 3) : win.size();
                std::vector<uint8_t> used(win.begin(), win.begin() + static_cast<long>(w.length));
                std::vector<double> want, want_end;
                brute_force(*code, p, used, 3, known, la, -13, 13, start, {}, want, want_end);
                // The same window behind 5 other bits of the buffer.
                std::vector<uint8_t> buffer(5, 1);
                buffer.insert(buffer.end(), used.begin(), used.end());
                w.offset = 5;
                std::vector<double> post(8), end(M);
                std::vector<uint32_t> d(2);
                dec.decode_windows(buffer.data(), &w, 1, start.data(), nullptr, post.data(),
                                   d.data(), end.data());
                assert_close(want, post.data(), 1e-9, "posterior");
                if (known || la == 0)
                    assert_close(want_end, end.data(), 1e-9, "end drift");
                double s = 0;
                for (double v : end)
                    s += v;
                CPPUNIT_ASSERT_DOUBLES_EQUAL(1.0, s, 1e-12);
            }
        }
        }
    }

    void batch_consistency()
    {
        const auto code = tvb_code::make(8, 16, 20, {}, "random", 2);
        const bsid_params p = params(0.01, 0.01, 0.01);
        std::mt19937 g(5);
        const auto msg = random_symbols(20, 16, g);
        std::vector<uint8_t> x(code->tau());
        code->encode_symbols(msg.data(), x.data(), 1);
        const auto tx = bsid_channel_model::make(p.pi, p.pd, p.ps, 3)->transmit(x.data(), x.size());
        const size_t F = 7, L = tx.received.size();
        std::vector<uint8_t> rx;
        std::vector<size_t> ends;
        for (size_t f = 0; f < F; ++f) {
            rx.insert(rx.end(), tx.received.begin(), tx.received.end());
            ends.push_back(rx.size());
        }
        std::vector<std::vector<double>> results;
        for (size_t max_batch : { 0, 1, 3 })
            for (unsigned threads : { 1, 2, 5 }) {
                bsid_map_options o = cpu_options(bsid_precision::FLOAT);
                o.max_batch = max_batch;
                o.threads = threads;
                bsid_map_decoder_engine dec(code, p, o);
                std::vector<double> post(F * 20 * 16);
                std::vector<uint32_t> d(F * 20);
                dec.decode_frames(rx.data(), ends.data(), F, nullptr, post.data(), d.data());
                for (size_t f = 1; f < F; ++f)
                    for (size_t k = 0; k < 20 * 16; ++k)
                        CPPUNIT_ASSERT_EQUAL(post[k], post[f * 20 * 16 + k]);
                results.push_back(post);
            }
        for (const auto& r : results)
            CPPUNIT_ASSERT(r == results[0]);
        // An engine with lookahead decodes frames with known ends without it.
        bsid_map_options o = cpu_options(bsid_precision::FLOAT);
        o.lookahead = 3;
        bsid_map_decoder_engine la(code, p, o);
        std::vector<double> post(F * 20 * 16);
        la.decode_frames(rx.data(), ends.data(), F, nullptr, post.data(), nullptr);
        CPPUNIT_ASSERT(post == results[0]);
        (void)L;
    }

    void float_against_double()
    {
        const auto code = tvb_code::make(10, 32, 30, {}, "watermark", 8);
        const bsid_params p = params(0.02, 0.02, 0.01);
        std::mt19937 g(6);
        const auto msg = random_symbols(30, 32, g);
        std::vector<uint8_t> x(code->tau());
        code->encode_symbols(msg.data(), x.data(), 1);
        const auto tx = bsid_channel_model::make(p.pi, p.pd, p.ps, 8)->transmit(x.data(), x.size());
        const size_t ends[1] = { tx.received.size() };
        bsid_map_decoder_engine df(code, p, cpu_options(bsid_precision::FLOAT));
        bsid_map_decoder_engine dd(code, p, cpu_options(bsid_precision::DOUBLE));
        std::vector<double> pf(30 * 32), pd(30 * 32);
        df.decode_frames(tx.received.data(), ends, 1, nullptr, pf.data(), nullptr);
        dd.decode_frames(tx.received.data(), ends, 1, nullptr, pd.data(), nullptr);
        for (size_t k = 0; k < pf.size(); ++k)
            CPPUNIT_ASSERT(std::fabs(pf[k] - pd[k]) <= 1e-4 * std::max(pd[k], 1e-3));
        CPPUNIT_ASSERT(df.bytes_per_frame(bsid_storage::GLOBAL) < dd.bytes_per_frame(bsid_storage::GLOBAL));
        CPPUNIT_ASSERT(df.bytes_per_frame(bsid_storage::LOCAL) < df.bytes_per_frame(bsid_storage::GLOBAL));
        CPPUNIT_ASSERT(df.storage_for(10) == bsid_storage::GLOBAL);
    }

    void symbol_error_rate()
    {
        // A watermark code n = 10, q = 16, N = 50 at pi = pd = 0.01, ps = 0: the decisions are
        // right for all but about 6% of the symbols (measured 5.9%), and the decoder's estimate
        // of its own symbol error rate (1 - the largest posterior, averaged: 5.94%) matches the
        // measured one within its standard error: the posteriors are calibrated.
        const auto code = tvb_code::make(10, 16, 50, {}, "watermark", 1);
        const bsid_params p = params(0.01, 0.01, 0.0);
        bsid_map_decoder_engine dec(code, p, cpu_options(bsid_precision::FLOAT));
        const auto ch = bsid_channel_model::make(p.pi, p.pd, p.ps, 21);
        std::mt19937 g(7);
        const size_t frames = 60;
        size_t errors = 0;
        double expected = 0;
        for (size_t f = 0; f < frames; ++f) {
            const auto msg = random_symbols(50, 16, g);
            std::vector<uint8_t> x(code->tau());
            code->encode_symbols(msg.data(), x.data(), 1);
            const auto tx = ch->transmit(x.data(), x.size(), f * x.size());
            const size_t ends[1] = { tx.received.size() };
            std::vector<double> post(50 * 16);
            std::vector<uint32_t> d(50);
            dec.decode_frames(tx.received.data(), ends, 1, nullptr, post.data(), d.data());
            for (size_t i = 0; i < 50; ++i) {
                errors += d[i] != msg[i];
                expected += 1.0 - post[i * 16 + d[i]];
            }
        }
        const double n = frames * 50.0;
        const double ser = errors / n;
        CPPUNIT_ASSERT_MESSAGE("SER " + std::to_string(ser) + " est " + std::to_string(expected / n), ser < 0.1);
        const double se = std::sqrt(std::max(expected, 1.0)) / n;
        CPPUNIT_ASSERT_MESSAGE("SER " + std::to_string(ser) + " vs estimated " + std::to_string(expected / n),
                               std::fabs(ser - expected / n) < 5 * se + 2.0 / n);
    }

    template <typename real>
    void pooled_lattice_case(std::mt19937& g)
    {
        // The CPU's lattices across codewords (bsid_pooled_cpu.h) against the shared per-codeword
        // ones, bit for bit: windows that cut the lattice at either end, start and end
        // positions before and after the window.
        const int n = 1 + static_cast<int>(g() % 12), M = 1 + static_cast<int>(g() % 40);
        const size_t q = 1 + g() % 9;
        const long long length = static_cast<long long>(g() % 60);
        const long long p0 = static_cast<long long>(g() % 80) - 40;
        const auto w = make_bsid_lattice_weights<real>(0.01 * (g() % 20), 0.01 * (g() % 20), 0.01 * (g() % 10));
        std::vector<uint8_t> y(static_cast<size_t>(length) + 1);
        for (auto& b : y)
            b = g() & 1u;
        std::vector<uint32_t> cw(q);
        for (auto& x : cw)
            x = static_cast<uint32_t>(g()) & ((n == 32 ? 0u : (1u << n)) - 1u);
        std::vector<real> seed(static_cast<size_t>(M));
        for (auto& v : seed)
            v = static_cast<real>(g() % 100) / 100;
        std::vector<real> q0(n * q), q1(n * q), zero(q, real(0)), all(M * q), one(M * q);
        detail::bsid_lattice_q(cw.data(), n, q, w, q0.data(), q1.data());
        for (int backward = 0; backward < 2; ++backward) {
            if (backward)
                detail::bsid_pooled_backward_all(q0.data(), q1.data(), n, q, y.data(), p0, length, M, w, seed.data(),
                                                 zero.data(), all.data());
            else
                detail::bsid_pooled_forward_all(q0.data(), q1.data(), n, q, y.data(), p0, length, M, w, seed.data(),
                                                zero.data(), all.data());
            for (size_t x = 0; x < q; ++x) {
                if (backward)
                    bsid_pooled_backward<real>(cw[x], n, y.data(), p0, length, M, w, seed.data(), one.data() + x, q);
                else
                    bsid_pooled_forward<real>(cw[x], n, y.data(), p0, length, M, w, seed.data(), one.data() + x, q);
            }
            CPPUNIT_ASSERT(std::memcmp(all.data(), one.data(), all.size() * sizeof(real)) == 0);
        }
    }

    void pooled_lattice_bit_identical()
    {
        std::mt19937 g(21);
        for (int t = 0; t < 300; ++t) {
            pooled_lattice_case<float>(g);
            pooled_lattice_case<double>(g);
        }
    }

    void pooled_equals_corridor()
    {
        // Limits that hold every path of the frame (drift within [-tau, 2 tau] at every bit):
        // both lattices are the exact sum, so they agree to rounding, with start priors, free
        // ends and lookahead too.
        const auto code = tvb_code::make(6, 8, 5, {}, "random", 12);
        const bsid_params p = params(0.04, 0.05, 0.02);
        const int tau = static_cast<int>(code->tau());
        std::mt19937 g(13);
        for (size_t la : { 0, 2 }) {
            bsid_map_options o = cpu_options();
            o.max_drift = 2 * tau + 12;
            o.max_symbol_drift = o.max_drift;
            o.lookahead = la;
            bsid_map_decoder_engine corr(code, p, o);
            o.lattice = bsid_lattice::POOLED;
            bsid_map_decoder_engine pool(code, p, o);
            const size_t M = corr.limits().frame_states();
            for (int trial = 0; trial < 6; ++trial) {
                const auto msg = random_symbols(5, 8, g);
                std::vector<uint8_t> x(code->tau());
                code->encode_symbols(msg.data(), x.data(), 1);
                auto rx = bsid_channel_model::make(p.pi, p.pd, p.ps, 40 + trial)->transmit(x.data(), x.size()).received;
                rx.insert(rx.begin(), 4, 1); // 4 bits before the frame
                for (int k = 0; k < 9; ++k)
                    rx.push_back(g() & 1u);
                bsid_frame_window w;
                w.origin = 4;
                w.length = rx.size();
                w.end_known = false;
                std::vector<double> start(M, 0.0);
                for (size_t a = M / 2 - 3; a <= M / 2 + 3; ++a)
                    start[a] = 1.0 + (g() % 5);
                std::vector<double> pc(5 * 8), pp(5 * 8), ec(M), ep(M);
                corr.decode_windows(rx.data(), &w, 1, start.data(), nullptr, pc.data(), nullptr, ec.data());
                pool.decode_windows(rx.data(), &w, 1, start.data(), nullptr, pp.data(), nullptr, ep.data());
                assert_close(pc, pp.data(), 1e-9, "pooled posterior");
                if (la == 0)
                    assert_close(ec, ep.data(), 1e-9, "pooled end drift");
            }
        }
    }

    void pooled_batches()
    {
        // Threads and max_batch do not change the pooled decoder's results, float and double;
        // float within 1e-4 of double; no stored gamma.
        const auto code = tvb_code::make(8, 16, 20, {}, "random", 2);
        const bsid_params p = params(0.01, 0.01, 0.01);
        std::mt19937 g(5);
        std::vector<uint8_t> rx;
        std::vector<size_t> ends;
        for (size_t f = 0; f < 5; ++f) {
            const auto msg = random_symbols(20, 16, g);
            std::vector<uint8_t> x(code->tau());
            code->encode_symbols(msg.data(), x.data(), 1);
            const auto tx = bsid_channel_model::make(p.pi, p.pd, p.ps, 3)->transmit(x.data(), x.size(), f * x.size());
            rx.insert(rx.end(), tx.received.begin(), tx.received.end());
            ends.push_back(rx.size());
        }
        std::vector<std::vector<double>> results[2];
        for (bsid_precision prec : { bsid_precision::FLOAT, bsid_precision::DOUBLE })
            for (size_t max_batch : { 0, 2 })
                for (unsigned threads : { 1, 3 }) {
                    bsid_map_options o = cpu_options(prec, bsid_lattice::POOLED);
                    o.max_batch = max_batch;
                    o.threads = threads;
                    bsid_map_decoder_engine dec(code, p, o);
                    std::vector<double> post(5 * 20 * 16);
                    dec.decode_frames(rx.data(), ends.data(), 5, nullptr, post.data(), nullptr);
                    results[prec == bsid_precision::DOUBLE].push_back(post);
                    const bsid_map_options oc = cpu_options(prec);
                    CPPUNIT_ASSERT(dec.bytes_per_frame(bsid_storage::GLOBAL) <
                                   bsid_map_decoder_engine(code, p, oc).bytes_per_frame(bsid_storage::LOCAL));
                }
        for (const auto& r : results)
            for (const auto& v : r)
                CPPUNIT_ASSERT(v == r[0]);
        for (size_t k = 0; k < results[0][0].size(); ++k)
            CPPUNIT_ASSERT(std::fabs(results[0][0][k] - results[1][0][k]) <= 1e-4 * std::max(results[1][0][k], 1e-3));
    }

    void pooled_symbol_error_rate()
    {
        // The paper's setting (q = 32, n = 10, N = 840, pi = pd = 1e-3, ps = 0) with the derived
        // limits, the same frames through both lattices: the pooled lattice keeps at least the
        // corridor's paths within the frame limits, so its SER is not worse beyond noise; at a
        // noisier channel (pi = pd = 1e-2, N = 100) the same.
        struct setting {
            size_t N;
            double p;
            size_t frames;
        };
        for (const setting& st : { setting{ 840, 1e-3, 24 }, setting{ 100, 1e-2, 120 } }) {
            const auto code = tvb_code::make(10, 32, st.N, {}, "random", 1);
            const bsid_params p = params(st.p, st.p, 0.0);
            bsid_map_options o = cpu_options(bsid_precision::FLOAT);
            o.threads = 2;
            bsid_map_decoder_engine corr(code, p, o);
            o.lattice = bsid_lattice::POOLED;
            bsid_map_decoder_engine pool(code, p, o);
            const auto ch = bsid_channel_model::make(p.pi, p.pd, p.ps, 77);
            std::mt19937 g(17);
            std::vector<uint8_t> rx;
            std::vector<size_t> ends;
            std::vector<uint32_t> msgs;
            for (size_t f = 0; f < st.frames; ++f) {
                const auto msg = random_symbols(st.N, 32, g);
                std::vector<uint8_t> x(code->tau());
                code->encode_symbols(msg.data(), x.data(), 1);
                const auto tx = ch->transmit(x.data(), x.size(), f * x.size());
                rx.insert(rx.end(), tx.received.begin(), tx.received.end());
                ends.push_back(rx.size());
                msgs.insert(msgs.end(), msg.begin(), msg.end());
            }
            std::vector<uint32_t> dc(msgs.size()), dp(msgs.size());
            corr.decode_frames(rx.data(), ends.data(), st.frames, nullptr, nullptr, dc.data());
            pool.decode_frames(rx.data(), ends.data(), st.frames, nullptr, nullptr, dp.data());
            size_t ec = 0, ep = 0;
            for (size_t k = 0; k < msgs.size(); ++k) {
                ec += dc[k] != msgs[k];
                ep += dp[k] != msgs[k];
            }
            const double n = static_cast<double>(msgs.size());
            std::cout << "\nSER at pi = pd = " << st.p << ", N = " << st.N << ", " << st.frames
                      << " frames: corridor " << ec / n << " (" << ec << "), pooled " << ep / n << " (" << ep << ")"
                      << std::endl;
            // Not worse than the corridor beyond 3 sigma of a count (and a few symbols).
            CPPUNIT_ASSERT(static_cast<double>(ep) <= ec + 3.0 * std::sqrt(static_cast<double>(ec) + 1.0) + 3.0);
        }
    }

    void bad_input()
    {
        using qa::expect_invalid;
        const auto code = tvb_code::make(4, 4, 5);
        const bsid_params p = params(0.01, 0.01, 0);
        expect_invalid([&] { bsid_map_decoder_engine(nullptr, p); }, "code is null");
        expect_invalid([&] { bsid_map_decoder_engine(code, params(0.9, 0.9, 0)); }, "pi + pd");
        bsid_map_options o = cpu_options();
        o.lookahead = 6;
        expect_invalid([&] { bsid_map_decoder_engine(code, p, o); }, "lookahead = 6");
        o = cpu_options();
        o.max_drift = 2;
        bsid_map_decoder_engine dec(code, p, o);
        std::vector<uint8_t> rx(40, 0);
        const size_t long_end[1] = { 23 };
        expect_invalid([&] { dec.decode_frames(rx.data(), long_end, 1, nullptr, nullptr, nullptr); },
                       "frame 0 has 23 received bits");
        expect_invalid([&] { dec.decode_frames(rx.data(), long_end, 1, nullptr, nullptr, nullptr); },
                       "lengths 18 to 22 are allowed");
        const size_t bad_ends[2] = { 20, 19 };
        expect_invalid([&] { dec.decode_frames(rx.data(), bad_ends, 2, nullptr, nullptr, nullptr); },
                       "ends must not decrease");
        std::vector<double> priors(5 * 4, 0.25);
        priors[7] = -1;
        const size_t ends[1] = { 20 };
        expect_invalid([&] { dec.decode_frames(rx.data(), ends, 1, priors.data(), nullptr, nullptr); },
                       "priors of frame 0, position 1");
        priors[7] = 0.25;
        for (size_t D = 0; D < 4; ++D)
            priors[8 + D] = 0;
        expect_invalid([&] { dec.decode_frames(rx.data(), ends, 1, priors.data(), nullptr, nullptr); },
                       "sums to");
        std::vector<double> start(dec.limits().frame_states(), 0.0);
        bsid_frame_window w;
        w.length = 20;
        expect_invalid([&] { dec.decode_windows(rx.data(), &w, 1, start.data(), nullptr, nullptr, nullptr, nullptr); },
                       "start_drift of frame 0 sums to");
        expect_invalid([&] { dec.decode_frames(nullptr, ends, 1, nullptr, nullptr, nullptr); },
                       "received is null");
        // An empty window at the end of an empty buffer: the lattice reads no received bit
        // (fuzz/corpus/bsid_decode/crash-empty-window-reads-y0 read y[0] there).
        bsid_frame_window empty;
        empty.end_known = false;
        std::vector<double> post0(20);
        dec.decode_windows(nullptr, &empty, 1, nullptr, nullptr, post0.data(), nullptr, nullptr);
        for (size_t i = 0; i < 5; ++i)
            CPPUNIT_ASSERT_DOUBLES_EQUAL(1.0, post0[i * 4] + post0[i * 4 + 1] + post0[i * 4 + 2] + post0[i * 4 + 3], 1e-12);
        // Bytes other than 0/1 are bits; a frame with no path gets its priors back.
        std::vector<uint8_t> x(20);
        const uint32_t msg[5] = { 1, 2, 3, 0, 1 };
        code->encode_symbols(msg, x.data(), 1);
        std::vector<uint8_t> y(x);
        for (auto& b : y)
            b = b ? 0xff : 0;
        std::vector<uint32_t> d(5);
        dec.decode_frames(y.data(), ends, 1, nullptr, nullptr, d.data());
        CPPUNIT_ASSERT(std::equal(d.begin(), d.end(), msg));
        for (bsid_lattice lattice : both_lattices) {
        bsid_map_decoder_engine clean(code, params(0, 0, 0), cpu_options(bsid_precision::DOUBLE, lattice));
        std::vector<uint8_t> wrong(x);
        wrong[0] ^= 1; // impossible on a clean channel
        std::vector<double> post(20);
        clean.decode_frames(wrong.data(), ends, 1, nullptr, post.data(), d.data());
        for (double v : post)
            CPPUNIT_ASSERT_DOUBLES_EQUAL(0.25, v, 1e-15);
        for (uint32_t v : d)
            CPPUNIT_ASSERT_EQUAL(0u, v); // a tie: the lowest symbol
        // ... or the priors given, with no end drift.
        std::vector<double> pri(20, 0.1);
        for (size_t i = 0; i < 5; ++i)
            pri[i * 4 + (i % 4)] = 0.7;
        bsid_frame_window fw;
        fw.length = 20;
        std::vector<double> endd(1, 5.0);
        clean.decode_windows(wrong.data(), &fw, 1, nullptr, pri.data(), post.data(), d.data(), endd.data());
        for (size_t k = 0; k < 20; ++k)
            CPPUNIT_ASSERT_DOUBLES_EQUAL(pri[k], post[k], 1e-15);
        for (size_t i = 0; i < 5; ++i)
            CPPUNIT_ASSERT_EQUAL(static_cast<uint32_t>(i % 4), d[i]);
        CPPUNIT_ASSERT_EQUAL(0.0, endd[0]);
        }
        // Lattice names.
        CPPUNIT_ASSERT(parse_bsid_lattice("pooled") == bsid_lattice::POOLED);
        CPPUNIT_ASSERT(parse_bsid_lattice(bsid_lattice_name(bsid_lattice::CORRIDOR)) == bsid_lattice::CORRIDOR);
        expect_invalid([] { parse_bsid_lattice("pool"); }, "lattice = 'pool' is not known: use 'corridor' or 'pooled'");
        bsid_map_options bad = cpu_options();
        bad.lattice = static_cast<bsid_lattice>(7);
        expect_invalid([&] { bsid_map_decoder_engine(code, p, bad); }, "lattice");
        // Prior rows sum to 1.
        std::vector<double> twice(20, 0.5);
        expect_invalid([&] { dec.decode_frames(y.data(), ends, 1, twice.data(), nullptr, nullptr); },
                       "priors of frame 0, position 0 sums to 2");
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(bsid_map_test);

} // namespace gpufec
} // namespace gr
