/* Tail-biting: the wrap-around decoder of docs/viterbi.md (W = 6(k-1) steps on each side)
 * against an exact maximum-likelihood tail-biting decoder, on short frames. Stated tolerance:
 * the wrap-around's frame errors at most 15 % above ML's on the same frames (measured: 10-13 %
 * above at FER 1-10 %, equal for K=7 at FER 1.7 %; docs/viterbi.md has the table).
 *
 * The ML decoder runs one Viterbi pass per start state s0 (s0 known, every other state
 * unreachable) and keeps the metric of s0 at the end: the best path from s0 back to s0, i.e.
 * the best tail-biting codeword through s0. The largest of the 2^(k-1) is the ML codeword for
 * the metric docs/viterbi.md maximises (the correlation with the int8 LLRs). That it is ML is
 * checked against a brute-force search over all 2^N messages for N <= 16.
 *
 * The comparison draws BPSK/AWGN frames (std::mt19937, fixed seeds, LLR 2y/sigma^2 quantized
 * as round(4 LLR) clamped to +-127) and decodes each with both decoders. Frame errors of the two
 * are paired (the same frames), and the figures are documented in docs/viterbi.md.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "qa_conv_viterbi_util.h"
#include <cppunit/extensions/HelperMacros.h>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

namespace {

struct ml_result {
    std::vector<uint8_t> bits;
    int64_t metric;
};

/* The ML tail-biting codeword (see the file comment); ties keep the lowest start state, and
 * inside a pass the ACS rule of docs/viterbi.md. */
ml_result ml_tailbiting(const conv::trellis& t, const int8_t* llr, size_t N)
{
    const uint32_t S = uint32_t(t.states());
    const int64_t minus_inf = std::numeric_limits<int64_t>::min() / 4;
    // Branch metrics of every register value r = u 2^(k-1) + s, per step.
    std::vector<int64_t> bm(N << t.k);
    for (size_t i = 0; i < N; ++i)
        for (uint32_t r = 0; r < (2u << (t.k - 1)); ++r) {
            const uint32_t c = t.outputs(r & (S - 1), r >> (t.k - 1));
            int64_t m = 0;
            for (int j = 0; j < t.n; ++j)
                m += ((c >> j) & 1u) ? llr_value(llr[i * t.n + j]) : -llr_value(llr[i * t.n + j]);
            bm[(i << t.k) + r] = m;
        }
    std::vector<int64_t> pm(S), next(S);
    std::vector<uint8_t> dec(N * S);
    ml_result best{ std::vector<uint8_t>(N), minus_inf };
    for (uint32_t s0 = 0; s0 < S; ++s0) {
        std::fill(pm.begin(), pm.end(), minus_inf);
        pm[s0] = 0;
        for (size_t i = 0; i < N; ++i) {
            for (uint32_t s = 0; s < S; ++s) {
                const uint32_t u = t.input_of(s);
                const uint32_t p0 = t.predecessor(s, 0), p1 = t.predecessor(s, 1);
                const int64_t m0 = pm[p0] + bm[(i << t.k) + (u << (t.k - 1)) + p0];
                const int64_t m1 = pm[p1] + bm[(i << t.k) + (u << (t.k - 1)) + p1];
                dec[i * S + s] = m1 > m0;
                next[s] = m1 > m0 ? m1 : m0;
            }
            pm.swap(next);
        }
        if (pm[s0] <= best.metric)
            continue;
        best.metric = pm[s0];
        uint32_t s = s0;
        for (size_t i = N; i-- > 0;) {
            best.bits[i] = uint8_t(t.input_of(s));
            s = t.predecessor(s, dec[i * S + s]);
        }
    }
    return best;
}

/* Frames of BPSK/AWGN at @p ebn0_db (rate 1/n, no puncturing), quantized int8 LLRs. */
std::vector<int8_t> noisy_llrs(const std::vector<uint8_t>& coded, double rate, double ebn0_db, std::mt19937& rng)
{
    const double sigma2 = 1.0 / (2.0 * rate * std::pow(10.0, ebn0_db / 10.0));
    std::normal_distribution<double> noise(0.0, std::sqrt(sigma2));
    std::vector<int8_t> q(coded.size());
    for (size_t i = 0; i < q.size(); ++i) {
        const double y = (coded[i] ? 1.0 : -1.0) + noise(rng);
        q[i] = int8_t(std::clamp(std::lround(4.0 * 2.0 * y / sigma2), -127l, 127l));
    }
    return q;
}

struct fer_counts {
    size_t frames = 0, frame_bits = 0, wrap_errors = 0, ml_errors = 0, wrap_only = 0, ml_only = 0;
    size_t wrap_bit_errors = 0, ml_bit_errors = 0;
};

fer_counts compare(conv_code_sptr code, double ebn0_db, size_t frames, unsigned seed)
{
    const conv::trellis t = conv::make_trellis(*code);
    const size_t N = code->frame_bits(), n = code->n();
    std::mt19937 rng(seed);
    const std::vector<uint8_t> info = qa::random_bits(frames * N, rng);
    const std::vector<uint8_t> coded = qa::encode(*code, info);
    const std::vector<int8_t> llr = noisy_llrs(coded, 1.0 / double(n), ebn0_db, rng);
    viterbi_options o;
    o.backend = backend_kind::CPU;
    viterbi_decoder_engine dec(code, o);
    std::vector<uint8_t> wrap(info.size());
    dec.decode_frames(llr.data(), wrap.data(), frames);
    fer_counts f;
    f.frames = frames;
    f.frame_bits = N;
    for (size_t fr = 0; fr < frames; ++fr) {
        const ml_result ml = ml_tailbiting(t, llr.data() + fr * N * n, N);
        size_t we = 0, me = 0;
        for (size_t i = 0; i < N; ++i) {
            we += wrap[fr * N + i] != info[fr * N + i];
            me += ml.bits[i] != info[fr * N + i];
        }
        f.wrap_bit_errors += we;
        f.ml_bit_errors += me;
        f.wrap_errors += we != 0;
        f.ml_errors += me != 0;
        f.wrap_only += we != 0 && me == 0;
        f.ml_only += we == 0 && me != 0;
    }
    return f;
}

} // namespace

class viterbi_tailbiting_ml_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(viterbi_tailbiting_ml_test);
    CPPUNIT_TEST(ml_decoder_is_ml);
    CPPUNIT_TEST(wrap_around_near_ml_lte_k7_r13);
    CPPUNIT_TEST(wrap_around_near_ml_k5_r12);
    CPPUNIT_TEST_SUITE_END();

    /* The ML decoder's codeword has the largest correlation of all 2^N tail-biting codewords,
     * and its metric is that codeword's correlation. */
    void ml_decoder_is_ml()
    {
        struct small_code {
            int k;
            std::vector<unsigned> polys;
            size_t N;
            double ebn0;
        };
        const small_code codes[] = {
            { 7, { 0133, 0171, 0165 }, 16, 0.0 },
            { 5, { 023, 035 }, 12, 1.0 },
            { 3, { 07, 05 }, 10, -1.0 },
            { 4, { 015, 017, 013 }, 8, 0.5 },
        };
        std::mt19937 rng(5);
        for (const small_code& sc : codes) {
            const auto code = conv_code::make(sc.k, sc.polys, "", termination::TAILBITING, sc.N);
            const conv::trellis t = conv::make_trellis(*code);
            for (int trial = 0; trial < 6; ++trial) {
                const std::vector<uint8_t> info = qa::random_bits(sc.N, rng);
                const std::vector<int8_t> llr =
                    noisy_llrs(qa::encode(*code, info), 1.0 / double(sc.polys.size()), sc.ebn0, rng);
                const ml_result ml = ml_tailbiting(t, llr.data(), sc.N);
                int64_t brute = std::numeric_limits<int64_t>::min();
                std::vector<uint8_t> m(sc.N);
                for (uint32_t v = 0; v < (1u << sc.N); ++v) {
                    for (size_t i = 0; i < sc.N; ++i)
                        m[i] = (v >> i) & 1u;
                    brute = std::max(brute, qa::correlation(qa::encode(*code, m), llr.data()));
                }
                const std::string what = code->name() + " trial " + std::to_string(trial);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, brute, ml.metric);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, ml.metric,
                                             qa::correlation(qa::encode(*code, ml.bits), llr.data()));
            }
        }
    }

    static void report(const std::string& name, double ebn0, const fer_counts& f)
    {
        std::printf("\n%s, Eb/N0 %.1f dB, %zu frames: FER wrap-around %.4f (%zu), ML %.4f (%zu); "
                    "wrap wrong/ML right %zu, ML wrong/wrap right %zu; BER wrap %.3e, ML %.3e\n",
                    name.c_str(), ebn0, f.frames, double(f.wrap_errors) / double(f.frames), f.wrap_errors,
                    double(f.ml_errors) / double(f.frames), f.ml_errors, f.wrap_only, f.ml_only,
                    double(f.wrap_bit_errors) / double(f.frames * f.frame_bits),
                    double(f.ml_bit_errors) / double(f.frames * f.frame_bits));
    }

    /* The wrap-around decoder's frame errors within the stated tolerance of ML's on the same
     * frames, and never below ML's by more than chance (ML is optimal, so a wrap-around that
     * beat it clearly would mean one of the two is wrong). */
    static void check(conv_code_sptr code, const double (&ebn0)[2], size_t frames, double tolerance)
    {
        for (int p = 0; p < 2; ++p) {
            const fer_counts f = compare(code, ebn0[p], frames, 1000u + unsigned(p));
            report(code->name(), ebn0[p], f);
            const std::string what = code->name() + " at " + std::to_string(ebn0[p]) + " dB: wrap " +
                                     std::to_string(f.wrap_errors) + ", ML " + std::to_string(f.ml_errors);
            CPPUNIT_ASSERT_MESSAGE(what, f.ml_errors >= 20); // enough errors to compare
            CPPUNIT_ASSERT_MESSAGE(what, double(f.wrap_errors) <= (1.0 + tolerance) * double(f.ml_errors));
            CPPUNIT_ASSERT_MESSAGE(what, f.wrap_errors + 5 >= f.ml_errors);
        }
    }

    void wrap_around_near_ml_lte_k7_r13()
    {
        const auto code = conv_code::make(7, { 0133, 0171, 0165 }, "", termination::TAILBITING, 40);
        check(code, { 1.0, 2.0 }, 4000, 0.15);
    }

    void wrap_around_near_ml_k5_r12()
    {
        const auto code = conv_code::make(5, { 023, 035 }, "", termination::TAILBITING, 24);
        check(code, { 2.0, 3.0 }, 4000, 0.15);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(viterbi_tailbiting_ml_test);

} // namespace gpufec
} // namespace gr
