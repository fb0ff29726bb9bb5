/* The LTE turbo decoder with 16-bit metrics (metrics = INT16) on the CPU: noise-free identity
 * through the engine (int8 and float input, with and without rate matching, whole blocks and
 * sub-blocks); the constituent decoder against exhaustive search in integers; the engine's
 * soft-input paths against the decoder fed the int8 values they must make; BER against the
 * float decoder; threads and batches; early stop; parameters and mismatched entry points.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/common/quantize.h"
#include "lte/common/lte_turbo_siso_arith.h"
#include "lte_turbo_map_cpu.h"
#include "qa_lte_turbo_util.h"
#include "lte_turbo_backend.h"
#include <gnuradio/gpufec/lte/lte_chain.h>
#include <gnuradio/gpufec/lte/lte_turbo.h>
#include <cppunit/extensions/HelperMacros.h>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <iostream>
#include <limits>
#include <random>

namespace gr {
namespace gpufec {

namespace {

using qa::assert_same;
using qa::engine_decode;
using qa::result;

lte_turbo_options int16_options(unsigned threads = 1, float llr_scale = 8.0f)
{
    lte_turbo_options o;
    o.backend = backend_kind::CPU;
    o.threads = threads;
    o.llr_scale = llr_scale;
    o.turbo.metrics = turbo_metrics::INT16;
    return o;
}

std::vector<int8_t> quantized(const std::vector<float>& llr, float scale)
{
    std::vector<int8_t> q(llr.size());
    for (size_t i = 0; i < llr.size(); ++i)
        q[i] = quantize_llr(llr[i], scale);
    return q;
}

/* map_decoder_cpu's decode_quantized on int8 values as they are. */
result reference(const lte_turbo_code& code, const std::vector<int8_t>& q, float scale,
                 lte_turbo_params p = lte_turbo_params(), unsigned threads = 1)
{
    p.metrics = turbo_metrics::INT16;
    turbo::map_decoder_cpu dec(code, p, threads);
    const size_t n = q.size() / code.coded_bits_per_block(), K = code.K();
    result r;
    r.bits.assign(n * K, 0xAA);
    r.app.assign(n * K, NAN);
    std::vector<int> it(n, -1);
    dec.decode_quantized(q.data(), scale, n, r.bits.data(), r.app.data(), it.data());
    for (size_t b = 0; b < n; ++b)
        r.status.push_back(
            { it[b], lte_crc_parity(r.bits.data() + b * K, K, lte_crc::CRC24B) == 0 });
    return r;
}

size_t errors(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b)
{
    size_t n = 0;
    for (size_t i = 0; i < a.size(); ++i)
        n += a[i] != b[i];
    return n;
}

/* The extrinsic of every step by exhaustive search over the input sequences, in integers:
 * best path with u_k = 1 minus best with u_k = 0, less sa(k) (max-log-MAP is exact there). */
std::vector<int64_t> best_path_extrinsic(const std::vector<int32_t>& sa,
                                         const std::vector<int32_t>& par,
                                         const std::vector<int32_t>& tail)
{
    const size_t K = sa.size();
    std::vector<int64_t> best[2] = { std::vector<int64_t>(K, INT64_MIN),
                                     std::vector<int64_t>(K, INT64_MIN) };
    for (uint32_t seq = 0; seq < (1u << K); ++seq) {
        int64_t m = 0;
        unsigned s = 0;
        for (size_t k = 0; k < K; ++k) {
            const unsigned u = (seq >> k) & 1u;
            m += int64_t(u) * sa[k] + int64_t(turbo::rsc_parity(s, u)) * par[k];
            s = turbo::rsc_next(s, u);
        }
        for (int t = 0; t < 3; ++t, s >>= 1)
            m += int64_t(turbo::rsc_tail_input(s)) * tail[2 * t] +
                int64_t(turbo::rsc_tail_parity(s)) * tail[2 * t + 1];
        for (size_t k = 0; k < K; ++k)
            best[(seq >> k) & 1u][k] = std::max(best[(seq >> k) & 1u][k], m);
    }
    std::vector<int64_t> ext(K);
    for (size_t k = 0; k < K; ++k)
        ext[k] = best[1][k] - best[0][k] - sa[k];
    return ext;
}

} // namespace

class turbo_int16_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(turbo_int16_test);
    CPPUNIT_TEST(siso_equals_best_path);
    CPPUNIT_TEST(noise_free_identity);
    CPPUNIT_TEST(engine_feeds_the_int8_values_of_its_soft_input_stage);
    CPPUNIT_TEST(rate_dematching_and_apriori_quantize_the_llrs);
    CPPUNIT_TEST(ber_close_to_float);
    CPPUNIT_TEST(threads_and_batches_take_the_same_decisions);
    CPPUNIT_TEST(early_stop);
    CPPUNIT_TEST(ties_and_saturated_input);
    CPPUNIT_TEST(parameters);
    CPPUNIT_TEST(entry_point_must_match_the_metrics);
    CPPUNIT_TEST_SUITE_END();

    /* The constituent decoder in 16-bit metrics computes max-log-MAP exactly (integers do
     * not round): its extrinsics equal the best-path search's, clamped to +-1023, for small K
     * (every sequence) over the whole range of inputs. Windows started from the whole run's
     * edge metrics reproduce its extrinsics. */
    void siso_equals_best_path()
    {
        std::mt19937 rng(41);
        const turbo::int16_metrics dom(0.75f);
        for (size_t K : { 1, 2, 3, 5, 8, 12 })
            for (int32_t spread : { 3, 40, 127 }) {
                std::uniform_int_distribution<int32_t> value(-spread, spread), big(-1150, 1150);
                std::vector<int32_t> sa(K), par(K), tail(6);
                for (size_t k = 0; k < K; ++k) {
                    sa[k] = spread == 127 ? big(rng) : value(rng);
                    par[k] = value(rng);
                }
                for (auto& t : tail)
                    t = value(rng);
                const auto want = best_path_extrinsic(sa, par, tail);
                std::vector<int16_t> sa16(sa.begin(), sa.end()), par16(par.begin(), par.end()),
                    ext(K, -999);
                int32_t beta_K[8];
                turbo::tail_beta(tail.data(), beta_K);
                const turbo::basic_siso_inputs<turbo::int16_metrics> in{ K, sa16.data(),
                                                                         par16.data(), beta_K };
                std::vector<int32_t> alpha(8 * K);
                turbo::siso_decode_window(turbo_algorithm::MAX_LOG, dom, in, { 0, K, 0, K },
                                          nullptr, nullptr, alpha.data(), ext.data(),
                                          { 0, nullptr, 0, nullptr });
                for (size_t k = 0; k < K; ++k)
                    CPPUNIT_ASSERT_EQUAL_MESSAGE(
                        "K=" + std::to_string(K) + " k=" + std::to_string(k),
                        std::clamp<int64_t>(want[k], -1023, 1023), int64_t(ext[k]));
            }
        // Windows with exact edges, g = 0 and g > 0.
        const size_t K = 120;
        std::uniform_int_distribution<int32_t> sa_v(-1150, 1150), par_v(-127, 127);
        std::vector<int16_t> sa(K), par(K), whole(K), part(K);
        for (size_t k = 0; k < K; ++k) {
            sa[k] = int16_t(sa_v(rng));
            par[k] = int16_t(par_v(rng));
        }
        const int32_t tail[6] = { 127, -127, 40, 3, -90, 127 };
        int32_t beta_K[8];
        turbo::tail_beta(tail, beta_K);
        const turbo::basic_siso_inputs<turbo::int16_metrics> in{ K, sa.data(), par.data(), beta_K };
        std::vector<int32_t> alpha(8 * K), scratch(8 * K);
        turbo::siso_decode_window(turbo_algorithm::MAX_LOG, dom, in, { 0, K, 0, K }, nullptr,
                                  nullptr, alpha.data(), whole.data(), { 0, nullptr, 0, nullptr });
        for (size_t g : { 0, 2, 17 })
            for (const auto& [b, e] :
                 { std::pair<size_t, size_t>(0, 30), { 30, 31 }, { 31, 77 }, { 77, K } }) {
                turbo::siso_window w{ b, e, b >= g ? b - g : 0, std::min(K, e + g) };
                int32_t a0[8], b0[8];
                std::vector<int16_t> ignore(K);
                turbo::siso_decode_window(turbo_algorithm::MAX_LOG, dom, in, { 0, K, 0, K },
                                          nullptr, nullptr, scratch.data(), ignore.data(),
                                          { w.train_begin, a0, w.train_end, b0 });
                turbo::siso_decode_window(turbo_algorithm::MAX_LOG, dom, in, w, a0, b0,
                                          alpha.data(), part.data(), { 0, nullptr, 0, nullptr });
                CPPUNIT_ASSERT(std::equal(whole.begin() + b, whole.begin() + e, part.begin() + b));
            }
        CPPUNIT_ASSERT_THROW(turbo::siso_decode_window(
                                 turbo_algorithm::LOG_MAP, dom, in, { 0, K, 0, K }, nullptr,
                                 nullptr, alpha.data(), part.data(), { 0, nullptr, 0, nullptr }),
                             std::logic_error);
    }

    void noise_free_identity()
    {
        std::mt19937 rng(42);
        for (size_t K : { 40, 1008, 6144 }) {
            const auto code = lte_turbo_code::make(K);
            const auto info = qa::random_bits(2 * K, rng);
            const auto coded = lte_turbo_encode(*code, info);
            const auto clean = qa::clean_llrs(coded, 4.0f); // q = 32 at llr_scale 8
            std::vector<int8_t> q(coded.size());
            for (size_t i = 0; i < q.size(); ++i)
                q[i] = coded[i] ? 127 : -127;
            // Rate matching: punctured for K = 40 and 6144, repeated for K = 1008.
            const size_t E = K == 1008 ? 4000 : (K == 40 ? 100 : 12000);
            const int rv = K == 40 ? 1 : (K == 1008 ? 2 : 0);
            std::vector<float> received;
            for (size_t b = 0; b < 2; ++b) {
                const std::vector<uint8_t> one(coded.begin() + b * 3 * (K + 4),
                                               coded.begin() + (b + 1) * 3 * (K + 4));
                const auto e = qa::clean_llrs(lte_rate_match(*code, one, E, rv), 3.0f);
                received.insert(received.end(), e.begin(), e.end());
            }
            std::vector<int8_t> received_q(received.size());
            for (size_t i = 0; i < received.size(); ++i)
                received_q[i] = received[i] > 0 ? 100 : -100;
            for (const auto& [P, g] :
                 { std::pair<unsigned, unsigned>(1, 0),
                   std::pair<unsigned, unsigned>(8, unsigned(std::min<size_t>(8, K / 8))) }) {
                lte_turbo_options o = int16_options(2);
                o.turbo.subblocks = P;
                o.turbo.guard = g;
                const std::string what =
                    code->name() + " P=" + std::to_string(P) + " g=" + std::to_string(g);
                for (const result& r :
                     { engine_decode(code, clean, o), engine_decode(code, q, o) }) {
                    CPPUNIT_ASSERT_MESSAGE(what, r.bits == info);
                    for (size_t i = 0; i < info.size(); ++i) // confident, signed as the bit
                        CPPUNIT_ASSERT_MESSAGE(what, info[i] ? r.app[i] > 8.0f : r.app[i] < -8.0f);
                    CPPUNIT_ASSERT_EQUAL(6, r.status[1].iterations);
                }
                o.rate_match = { E, rv, 0 };
                CPPUNIT_ASSERT_MESSAGE(what + " rate matched",
                                       engine_decode(code, received, o).bits == info);
                o.input = soft_type::INT8;
                CPPUNIT_ASSERT_MESSAGE(what + " rate matched int8",
                                       engine_decode(code, received_q, o).bits == info);
            }
        }
    }

    /* Without de-matching or a priori values the engine hands the backend the values of its
     * int8 soft-input stage: floats quantized with llr_scale (NaN 0 and counted, +-Inf
     * +-127), int8 as it is (-128 as -127), either inverted. The decisions, a-posteriori
     * values and iterations are those of the decoder on those int8 values. */
    void engine_feeds_the_int8_values_of_its_soft_input_stage()
    {
        const auto code = lte_turbo_code::make(256);
        std::vector<uint8_t> info;
        auto llr = qa::noisy_llrs(code, 6, 1.0, 5, info);
        const float inf = std::numeric_limits<float>::infinity();
        llr[17] = std::nanf("");
        llr[900] = inf;
        llr[2000] = -inf;
        llr[3001] = 1e30f;
        for (float scale : { 8.0f, 3.0f }) {
            const auto q = quantized(llr, scale);
            CPPUNIT_ASSERT(q[17] == 0 && q[900] == 127 && q[2000] == -127 && q[3001] == 127);
            const result want = reference(*code, q, scale);
            // Not trivial: most errors corrected, a-posteriori values multiples of 1/scale
            // within |sa| + |e| <= 1150 + 1023.
            size_t raw = 0;
            for (size_t i = 0; i < info.size(); ++i)
                raw +=
                    (llr[(i / 256) * code->coded_bits_per_block() + i % 256] > 0) != (info[i] != 0);
            CPPUNIT_ASSERT(raw > 150 && errors(want.bits, info) < raw / 3);
            for (float a : want.app) {
                const float n = a * scale;
                CPPUNIT_ASSERT(std::fabs(n - std::nearbyint(n)) < 1e-3f && std::fabs(n) <= 2173.0f);
            }
            const std::string what = "scale " + std::to_string(scale);
            lte_turbo_decoder_engine dec(code, int16_options(1, scale));
            assert_same(want, engine_decode(dec, llr), what + " float");
            CPPUNIT_ASSERT_EQUAL(uint64_t(3), dec.nonfinite().count);
            CPPUNIT_ASSERT_EQUAL(uint64_t(17), dec.nonfinite().first);
            auto q128 = q;
            for (auto& v : q128)
                if (v == -127)
                    v = -128;
            assert_same(want, engine_decode(code, q128, int16_options(2, scale)), what + " int8");
            lte_turbo_options inv = int16_options(1, scale);
            inv.invert = true;
            std::vector<float> neg(llr.size());
            std::vector<int8_t> qneg(q.size());
            for (size_t i = 0; i < llr.size(); ++i) {
                neg[i] = -llr[i];
                qneg[i] = int8_t(-q[i]);
            }
            assert_same(want, engine_decode(code, neg, inv), what + " float inverted");
            assert_same(want, engine_decode(code, qneg, inv), what + " int8 inverted");
        }
    }

    /* With rate de-matching or a priori values the engine builds the LLRs as the float path
     * does (summing repeated values, clamping), then quantizes them. */
    void rate_dematching_and_apriori_quantize_the_llrs()
    {
        const auto code = lte_turbo_code::make(256);
        const size_t K = 256, N = code->coded_bits_per_block();
        std::mt19937 rng(43);
        std::normal_distribution<float> noise(0.0f, 1.5f);
        for (const auto& [E, rv] :
             { std::pair<size_t, int>(500, 0), std::pair<size_t, int>(2000, 3) }) {
            std::vector<float> received, dematched;
            for (int b = 0; b < 3; ++b) {
                auto e = qa::clean_llrs(
                    lte_rate_match(*code, lte_turbo_encode(*code, qa::random_bits(K, rng)), E, rv),
                    2.0f);
                for (auto& v : e)
                    v += noise(rng);
                received.insert(received.end(), e.begin(), e.end());
                const auto d = lte_rate_dematch(*code, e, rv);
                dematched.insert(dematched.end(), d.begin(), d.end());
            }
            lte_turbo_options o = int16_options(1, 6.0f);
            o.rate_match = { E, rv, 0 };
            assert_same(reference(*code, quantized(dematched, 6.0f), 6.0f),
                        engine_decode(code, received, o), "E " + std::to_string(E));
            // int8 received values are read as LLRs q / scale first.
            const auto rq = quantized(received, 6.0f);
            std::vector<float> as_llr(rq.size());
            for (size_t i = 0; i < rq.size(); ++i)
                as_llr[i] = float(rq[i]) / 6.0f;
            o.input = soft_type::INT8;
            assert_same(reference(*code,
                                  quantized(lte_rate_dematch_blocks(*code, as_llr, E, rv), 6.0f),
                                  6.0f),
                        engine_decode(code, rq, o), "int8 E " + std::to_string(E));
        }
        // A priori LLRs add to the systematic LLRs before quantization.
        std::vector<uint8_t> info;
        const auto llr = qa::noisy_llrs(code, 4, 0.0, 44, info);
        std::vector<float> apriori(4 * K), added(llr);
        for (size_t i = 0; i < apriori.size(); ++i) {
            apriori[i] = (info[i] ? 2.0f : -2.0f) * float(i % 3) + 0.3f;
            added[(i / K) * N + i % K] += apriori[i];
        }
        lte_turbo_decoder_engine dec(code, int16_options(2));
        std::vector<float> app(4 * K);
        static_cast<siso_decoder&>(dec).decode_soft(llr.data(), apriori.data(), app.data(), 4);
        CPPUNIT_ASSERT(app == reference(*code, quantized(added, 8.0f), 8.0f).app);
    }

    /* Rate de-matching of several blocks of E values (lte_rate_dematch takes one). */
    static std::vector<float> lte_rate_dematch_blocks(const lte_turbo_code& code,
                                                      const std::vector<float>& e, size_t E, int rv)
    {
        std::vector<float> out;
        for (size_t b = 0; b * E < e.size(); ++b) {
            const auto d = lte_rate_dematch(
                code, std::vector<float>(e.begin() + b * E, e.begin() + (b + 1) * E), rv);
            out.insert(out.end(), d.begin(), d.end());
        }
        return out;
    }

    /* The same noisy blocks (K = 1024, Eb/N0 0.7 dB, 2000 frames, seed 3) through the float
     * decoder and the 16-bit one (the LLRs quantized with llr_scale 8: steps of 1/8, clipped
     * at +-15.9). Measured: float 150 frame / 5828 bit errors, int16 158 / 5926 (seeds 1 to 5:
     * int16's bit errors 2 % to 8 % above float's, its frame errors -6 % to +5 %). The
     * tolerance, 15 % either way, is a loss of about 0.02 dB here (FER halves and BER falls
     * 2.5-fold per 0.1 dB); the counts are paired (the same frames), so noise alone moves
     * them apart less than independent draws would. */
    void ber_close_to_float()
    {
        const size_t K = 1024, frames = 2000;
        const auto code = lte_turbo_code::make(K);
        std::vector<uint8_t> info;
        const auto llr = qa::noisy_llrs(code, frames, 0.7, 3, info);
        lte_turbo_options f = int16_options(2);
        f.turbo.metrics = turbo_metrics::FLOAT;
        const result rf = engine_decode(code, llr, f);
        const result ri = engine_decode(code, llr, int16_options(2));
        size_t fe_f = 0, fe_i = 0;
        for (size_t b = 0; b < frames; ++b) {
            fe_f += !std::equal(info.begin() + b * K, info.begin() + (b + 1) * K,
                                rf.bits.begin() + b * K);
            fe_i += !std::equal(info.begin() + b * K, info.begin() + (b + 1) * K,
                                ri.bits.begin() + b * K);
        }
        const size_t be_f = errors(rf.bits, info), be_i = errors(ri.bits, info);
        std::cerr << "\nK=1024 0.7 dB, " << frames << " frames: float " << fe_f << " frame / "
                  << be_f << " bit errors, int16 " << fe_i << " / " << be_i << "\n";
        CPPUNIT_ASSERT(fe_f >= 100); // a point with errors enough to compare
        CPPUNIT_ASSERT(rf.bits != ri.bits); // the arithmetic differs
        const auto within = [](size_t got, size_t ref) {
            return 100 * got <= 115 * ref && 100 * got >= 85 * ref;
        };
        CPPUNIT_ASSERT(within(be_i, be_f));
        CPPUNIT_ASSERT(within(fe_i, fe_f));
    }

    void threads_and_batches_take_the_same_decisions()
    {
        const auto code = lte_turbo_code::make(2048);
        std::vector<uint8_t> info;
        const auto q = quantized(qa::noisy_llrs(code, 7, 1.0, 9, info), 8.0f);
        lte_turbo_params p;
        p.stop = early_stop::HARD;
        const result one = reference(*code, q, 8.0f, p, 1);
        const result three = reference(*code, q, 8.0f, p, 3);
        assert_same(one, three, "1 and 3 threads");
        CPPUNIT_ASSERT(
            std::memcmp(one.app.data(), three.app.data(), one.app.size() * sizeof(float)) == 0);
        int lo = 99, hi = 0;
        for (const auto& s : one.status) {
            lo = std::min(lo, s.iterations);
            hi = std::max(hi, s.iterations);
        }
        CPPUNIT_ASSERT(lo < hi); // the stop rule acted differently on different blocks
        // A block alone, and batches of every size through the engine.
        const std::vector<int8_t> third(q.begin() + 2 * code->coded_bits_per_block(),
                                        q.begin() + 3 * code->coded_bits_per_block());
        const result alone = reference(*code, third, 8.0f, p);
        CPPUNIT_ASSERT(std::equal(alone.app.begin(), alone.app.end(), one.app.begin() + 2 * 2048));
        CPPUNIT_ASSERT_EQUAL(one.status[2].iterations, alone.status[0].iterations);
        for (size_t max_batch : { 1, 3, 64 }) {
            lte_turbo_options o = int16_options(2);
            o.input = soft_type::INT8;
            o.turbo.stop = early_stop::HARD;
            o.max_batch = max_batch;
            assert_same(one, engine_decode(code, q, o), "max_batch " + std::to_string(max_batch));
        }
    }

    void early_stop()
    {
        std::mt19937 rng(45);
        const auto code = lte_turbo_code::make(1024);
        const auto block = lte_crc_attach(qa::random_bits(1000, rng), "24B");
        const auto clean = qa::clean_llrs(lte_turbo_encode(*code, block), 4.0f);
        lte_turbo_options o = int16_options();
        o.turbo.stop = early_stop::CRC24B;
        CPPUNIT_ASSERT_EQUAL(1, engine_decode(code, clean, o).status[0].iterations);
        o.turbo.stop = early_stop::HARD;
        CPPUNIT_ASSERT_EQUAL(2, engine_decode(code, clean, o).status[0].iterations);
        o.turbo.stop = early_stop::CRC24A; // a CRC24B block does not pass CRC24A
        CPPUNIT_ASSERT_EQUAL(6, engine_decode(code, clean, o).status[0].iterations);
        const auto block_a = lte_crc_attach(qa::random_bits(1000, rng), "24A");
        const auto r =
            engine_decode(code, qa::clean_llrs(lte_turbo_encode(*code, block_a), 4.0f), o);
        CPPUNIT_ASSERT(r.status[0].crc_pass && r.status[0].iterations == 1 && r.bits == block_a);

        // Noisy CRC24B blocks near the waterfall: the stops vary, and a stopped block is right.
        const auto big = lte_turbo_code::make(6144);
        std::vector<uint8_t> info;
        for (int b = 0; b < 16; ++b) {
            const auto blk = lte_crc_attach(qa::random_bits(6120, rng), "24B");
            info.insert(info.end(), blk.begin(), blk.end());
        }
        awgn_bpsk_channel_engine ch(awgn_noise::from_snr(0.8, snr_kind::EBN0, big->rate()),
                                    soft_output::LLR, 5, backend_kind::CPU);
        const auto coded = lte_turbo_encode(*big, info);
        std::vector<float> llr(coded.size());
        ch.apply(coded.data(), llr.data(), coded.size(), 0);
        lte_turbo_options n = int16_options(2);
        n.turbo.stop = early_stop::CRC24B;
        n.turbo.iterations = 8;
        const auto d = engine_decode(big, llr, n);
        int lo = 99, hi = 0;
        for (size_t b = 0; b < 16; ++b) {
            lo = std::min(lo, d.status[b].iterations);
            hi = std::max(hi, d.status[b].iterations);
            if (d.status[b].iterations < 8)
                CPPUNIT_ASSERT(std::equal(info.begin() + b * 6144, info.begin() + (b + 1) * 6144,
                                          d.bits.begin() + b * 6144));
        }
        CPPUNIT_ASSERT(lo >= 1 && lo < hi && hi <= 8);
    }

    void ties_and_saturated_input()
    {
        // All-zero input: every metric ties, every a-posteriori value is 0, every bit 0.
        const auto code = lte_turbo_code::make(40);
        const size_t N = code->coded_bits_per_block();
        const result zero = reference(*code, std::vector<int8_t>(N, 0), 8.0f);
        CPPUNIT_ASSERT(zero.bits == std::vector<uint8_t>(40, 0));
        CPPUNIT_ASSERT(zero.app == std::vector<float>(40, 0.0f));
        // A codeword at the int8 limits (-128 among them) over 32 iterations: the extrinsics
        // reach their clamp, so the a-posteriori values reach |sa| + |e| exactly, and no
        // further, with the bounds docs/turbo.md states: channel 127, extrinsic 1023, a priori
        // (n e + 8) >> 4 with n = round(16 scaling).
        std::mt19937 rng(46);
        const auto big = lte_turbo_code::make(6144);
        const auto info = qa::random_bits(6144, rng);
        const auto coded = lte_turbo_encode(*big, info);
        std::vector<int8_t> q(coded.size());
        for (size_t i = 0; i < q.size(); ++i)
            q[i] = coded[i] ? 127 : -128;
        for (float scaling : { 1.0f, 0.75f, 0.3f }) {
            const long n = std::lround(16 * scaling);
            const float most = float(127 + ((n * 1023 + 8) >> 4) + 1023);
            lte_turbo_params p;
            p.iterations = 32;
            p.scaling = scaling;
            const result r = reference(*big, q, 1.0f, p);
            CPPUNIT_ASSERT(r.bits == info);
            float largest = 0.0f;
            for (float a : r.app)
                largest = std::max(largest, std::fabs(a));
            CPPUNIT_ASSERT_EQUAL(most, largest);
        }
    }

    void parameters()
    {
        CPPUNIT_ASSERT(parse_turbo_metrics("int16") == turbo_metrics::INT16);
        CPPUNIT_ASSERT(parse_turbo_metrics("INT") == turbo_metrics::INT16);
        CPPUNIT_ASSERT(parse_turbo_metrics("Float") == turbo_metrics::FLOAT);
        for (auto m : { turbo_metrics::FLOAT, turbo_metrics::INT16 })
            CPPUNIT_ASSERT(parse_turbo_metrics(turbo_metrics_name(m)) == m);
        qa::expect_invalid([] { parse_turbo_metrics("double"); },
                           "metrics = 'double' is not known: use 'float' or 'int16'");
        const lte_turbo_params p =
            lte_turbo_params::from_parameters(6, "max-log", 0.75f, "none", 0, 0, "int16");
        CPPUNIT_ASSERT(p.metrics == turbo_metrics::INT16);
        CPPUNIT_ASSERT(
            lte_turbo_params::from_parameters(6, "max-log", 0.75f, "none", 0, 0, "float").metrics ==
            turbo_metrics::FLOAT);
        qa::expect_invalid(
            [] { lte_turbo_params::from_parameters(6, "max-log", 0.75f, "none", 0, 0, "int8"); },
            "metrics = 'int8'");
        const auto code = lte_turbo_code::make(40);
        lte_turbo_params bad;
        bad.metrics = turbo_metrics::INT16;
        bad.algorithm = turbo_algorithm::LOG_MAP;
        const std::string needle = "metrics = 'int16' runs max-log-MAP only";
        qa::expect_invalid([&] { turbo::map_decoder_cpu(*code, bad, 1); }, needle);
        lte_turbo_options o = int16_options();
        o.turbo.algorithm = turbo_algorithm::LOG_MAP;
        qa::expect_invalid([&] { lte_turbo_decoder_engine(code, o); }, needle);
        bad = lte_turbo_params();
        bad.metrics = turbo_metrics(7);
        qa::expect_invalid([&] { turbo::map_decoder_cpu(*code, bad, 1); }, "metrics = 7 is not known");
    }

    /* decode() with 16-bit metrics and decode_quantized() with float metrics are programming
     * errors (the engine calls the one that matches): std::logic_error naming the mismatch. */
    void entry_point_must_match_the_metrics()
    {
        const auto code = lte_turbo_code::make(40);
        const size_t N = code->coded_bits_per_block();
        const std::vector<float> llr(N, 1.0f);
        const std::vector<int8_t> q(N, 1);
        std::vector<uint8_t> bits(40);
        const auto expect_logic = [](auto call, const std::string& needle) {
            try {
                call();
            } catch (const std::logic_error& e) {
                CPPUNIT_ASSERT_MESSAGE(e.what(),
                                       std::string(e.what()).find(needle) != std::string::npos);
                return;
            }
            CPPUNIT_FAIL("no std::logic_error");
        };
        lte_turbo_params p;
        p.metrics = turbo_metrics::INT16;
        turbo::map_decoder_cpu d16(*code, p, 1);
        expect_logic([&] { d16.decode(llr.data(), 1, bits.data(), nullptr, nullptr); },
                     "metrics = 'int16'");
        qa::expect_invalid(
            [&] { d16.decode_quantized(q.data(), 0.0f, 1, bits.data(), nullptr, nullptr); },
            "llr_scale = 0");
        turbo::map_decoder_cpu dfl(*code, lte_turbo_params(), 1);
        expect_logic(
            [&] { dfl.decode_quantized(q.data(), 8.0f, 1, bits.data(), nullptr, nullptr); },
            "metrics = 'float'");
        decoder_options opts;
        opts.backend = backend_kind::CPU;
        opts.threads = 1;
        const auto b16 = make_lte_turbo_cpu(*code, p, opts);
        expect_logic([&] { b16->decode(llr.data(), 1, bits.data(), nullptr, nullptr); },
                     "metrics = 'int16'");
        b16->decode_quantized(q.data(), 8.0f, 1, bits.data(), nullptr, nullptr);
        const auto bfl = make_lte_turbo_cpu(*code, lte_turbo_params(), opts);
        expect_logic(
            [&] { bfl->decode_quantized(q.data(), 8.0f, 1, bits.data(), nullptr, nullptr); },
            "metrics = 'float'");
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(turbo_int16_test);

} // namespace gpufec
} // namespace gr
