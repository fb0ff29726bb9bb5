/* The CPU turbo decoder: noise-free identity for every block size, with and without rate
 * matching, early termination, threads, sub-blocks, parameters and bad input.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lte/common/lte_turbo_siso_arith.h"
#include "lte_turbo_map_cpu.h"
#include "qa_lte_turbo_util.h"
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <gnuradio/gpufec/lte/lte_chain.h>
#include <gnuradio/gpufec/lte/lte_turbo_code.h>
#include <cppunit/extensions/HelperMacros.h>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

namespace gr {
namespace gpufec {

namespace {

struct decoded {
    std::vector<uint8_t> bits;
    std::vector<float> app;
    std::vector<int> iterations;
    size_t nonfinite;
};

decoded decode(const lte_turbo_code& code,
               const std::vector<float>& llr,
               const lte_turbo_params& p = {},
               unsigned threads = 1)
{
    turbo::map_decoder_cpu dec(code, p, threads);
    const size_t blocks = llr.size() / code.coded_bits_per_block();
    decoded d;
    d.bits.assign(blocks * code.K(), 0xAA);
    d.app.assign(blocks * code.K(), NAN);
    d.iterations.assign(blocks, -1);
    d.nonfinite = dec.decode(llr.data(), blocks, d.bits.data(), d.app.data(), d.iterations.data());
    return d;
}

} // namespace

class turbo_decoder_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(turbo_decoder_test);
    CPPUNIT_TEST(noise_free_every_size);
    CPPUNIT_TEST(noise_free_log_map);
    CPPUNIT_TEST(noise_free_rate_matched);
    CPPUNIT_TEST(early_stop_crc_and_hard);
    CPPUNIT_TEST(threads_take_the_same_decisions);
    CPPUNIT_TEST(subblocks);
    CPPUNIT_TEST(tie_rule_and_nonfinite_input);
    CPPUNIT_TEST(tails_decide_the_last_bits);
    CPPUNIT_TEST(iterations_exchange_extrinsics_only);
    CPPUNIT_TEST(parameters);
    CPPUNIT_TEST_SUITE_END();

    void noise_free_every_size()
    {
        std::mt19937 rng(31);
        for (size_t K : lte_turbo_code::block_sizes()) {
            const auto code = lte_turbo_code::make(K);
            const auto info = qa::random_bits(K, rng);
            const auto d = decode(*code, qa::clean_llrs(lte_turbo_encode(*code, info), 4.0f));
            CPPUNIT_ASSERT_MESSAGE(code->name(), d.bits == info);
            CPPUNIT_ASSERT_EQUAL(6, d.iterations[0]);
            CPPUNIT_ASSERT_EQUAL(size_t(0), d.nonfinite);
            for (size_t i = 0; i < K; ++i) // a-posteriori LLRs: positive means 1, and confident
                CPPUNIT_ASSERT_MESSAGE(code->name(), info[i] ? d.app[i] > 8.0f : d.app[i] < -8.0f);
        }
    }

    void noise_free_log_map()
    {
        std::mt19937 rng(32);
        lte_turbo_params p;
        p.algorithm = turbo_algorithm::LOG_MAP;
        p.scaling = 1.0f;
        for (size_t K : { 40, 48, 400, 1056, 6144 }) {
            const auto code = lte_turbo_code::make(K);
            const auto info = qa::random_bits(2 * K, rng);
            const auto d = decode(*code, qa::clean_llrs(lte_turbo_encode(*code, info), 1.0f), p);
            CPPUNIT_ASSERT_MESSAGE(code->name(), d.bits == info);
        }
    }

    void noise_free_rate_matched()
    {
        // encode -> rate match -> +-4 -> de-match -> decode, with puncturing, repetition and
        // filler bits (de-matched as certain zeros).
        std::mt19937 rng(33);
        struct row {
            size_t K, E;
            int rv;
            size_t ncb, F;
        };
        const row rows[] = { { 40, 132, 0, 0, 0 },     { 40, 100, 1, 0, 10 },
                             { 512, 900, 0, 0, 0 },    { 512, 2000, 2, 0, 37 },
                             { 1024, 1400, 3, 0, 0 },  { 1024, 5000, 1, 2000, 0 },
                             { 6144, 8000, 0, 0, 0 },  { 6144, 12000, 2, 0, 63 },
                             { 6144, 18444, 3, 12000, 0 } };
        for (const auto& r : rows) {
            const auto code = lte_turbo_code::make(r.K);
            auto info = qa::random_bits(r.K, rng);
            std::fill(info.begin(), info.begin() + r.F, 0);
            const auto e = lte_rate_match(*code, lte_turbo_encode(*code, info), r.E, r.rv, r.ncb, r.F);
            const auto soft = lte_rate_dematch(*code, qa::clean_llrs(e, 4.0f), r.rv, r.ncb, r.F);
            const auto d = decode(*code, soft);
            CPPUNIT_ASSERT_MESSAGE(code->name() + " E=" + std::to_string(r.E) + " rv=" + std::to_string(r.rv),
                                   d.bits == info);
        }
    }

    void early_stop_crc_and_hard()
    {
        std::mt19937 rng(34);
        const auto code = lte_turbo_code::make(1024);
        const auto block = lte_crc_attach(qa::random_bits(1000, rng), "24B");
        const auto clean = qa::clean_llrs(lte_turbo_encode(*code, block), 4.0f);
        lte_turbo_params p;
        p.stop = early_stop::CRC24B;
        CPPUNIT_ASSERT_EQUAL(1, decode(*code, clean, p).iterations[0]);
        p.stop = early_stop::HARD; // the decisions of iteration 2 equal those of iteration 1
        CPPUNIT_ASSERT_EQUAL(2, decode(*code, clean, p).iterations[0]);
        // Nor after iteration 1 when its decisions happen to equal what the workspace held
        // before: an all-zero block, and a block after the same block.
        const auto zeros = qa::clean_llrs(lte_turbo_encode(*code, std::vector<uint8_t>(1024, 0)), 4.0f);
        CPPUNIT_ASSERT_EQUAL(2, decode(*code, zeros, p).iterations[0]);
        auto twice = clean;
        twice.insert(twice.end(), clean.begin(), clean.end());
        CPPUNIT_ASSERT((decode(*code, twice, p).iterations == std::vector<int>{ 2, 2 }));
        p.stop = early_stop::CRC24A; // a CRC24B block does not pass CRC24A
        CPPUNIT_ASSERT_EQUAL(6, decode(*code, clean, p).iterations[0]);
        const auto block_a = lte_crc_attach(qa::random_bits(1000, rng), "24A");
        CPPUNIT_ASSERT_EQUAL(1, decode(*code, qa::clean_llrs(lte_turbo_encode(*code, block_a), 4.0f), p).iterations[0]);

        // Noisy blocks near the waterfall: CRC stops vary, and a stopped block is decoded.
        const auto big = lte_turbo_code::make(6144);
        std::vector<uint8_t> info;
        std::vector<float> llr;
        const size_t blocks = 24;
        for (size_t b = 0; b < blocks; ++b) {
            auto blk = lte_crc_attach(qa::random_bits(6120, rng), "24B");
            info.insert(info.end(), blk.begin(), blk.end());
        }
        awgn_bpsk_channel_engine ch(awgn_noise::from_snr(0.8, snr_kind::EBN0, big->rate()),
                                    soft_output::LLR, 5, backend_kind::CPU);
        const auto coded = lte_turbo_encode(*big, info);
        llr.resize(coded.size());
        ch.apply(coded.data(), llr.data(), coded.size(), 0);
        p.stop = early_stop::CRC24B;
        p.iterations = 8;
        const auto d = decode(*big, llr, p, 2);
        int lo = 99, hi = 0;
        for (size_t b = 0; b < blocks; ++b) {
            lo = std::min(lo, d.iterations[b]);
            hi = std::max(hi, d.iterations[b]);
            const bool ok = std::equal(info.begin() + b * 6144, info.begin() + (b + 1) * 6144,
                                       d.bits.begin() + b * 6144);
            if (d.iterations[b] < 8)
                CPPUNIT_ASSERT(ok);
        }
        CPPUNIT_ASSERT(lo >= 1 && lo < hi && hi <= 8);
    }

    void threads_take_the_same_decisions()
    {
        const auto code = lte_turbo_code::make(2048);
        std::vector<uint8_t> info;
        const auto llr = qa::noisy_llrs(code, 7, 0.5, 9, info);
        for (auto alg : { turbo_algorithm::MAX_LOG, turbo_algorithm::LOG_MAP }) {
            lte_turbo_params p;
            p.algorithm = alg;
            p.stop = early_stop::HARD;
            const auto one = decode(*code, llr, p, 1);
            const auto three = decode(*code, llr, p, 3);
            CPPUNIT_ASSERT(one.bits == three.bits);
            CPPUNIT_ASSERT(std::memcmp(one.app.data(), three.app.data(), one.app.size() * 4) == 0);
            CPPUNIT_ASSERT(one.iterations == three.iterations);
            // Decoding is block by block: a block alone gives the same result.
            const std::vector<float> third(llr.begin() + 2 * code->coded_bits_per_block(),
                                           llr.begin() + 3 * code->coded_bits_per_block());
            const auto alone = decode(*code, third, p, 1);
            CPPUNIT_ASSERT(std::equal(alone.bits.begin(), alone.bits.end(), one.bits.begin() + 2 * 2048));
        }
    }

    void subblocks()
    {
        std::mt19937 rng(35);
        const auto code = lte_turbo_code::make(6144);
        const auto info = qa::random_bits(6144, rng);
        const auto clean = qa::clean_llrs(lte_turbo_encode(*code, info), 4.0f);
        std::vector<uint8_t> noisy_info;
        const auto llr = qa::noisy_llrs(code, 4, 0.6, 3, noisy_info);
        const auto whole = decode(*code, llr);
        lte_turbo_params p;
        for (unsigned P : { 2u, 7u, 96u, 6144u })
            for (unsigned g : { 0u, 1u, 8u }) {
                p.subblocks = P;
                p.guard = g;
                if (g > 6144 / P)
                    continue;
                const std::string m = "P=" + std::to_string(P) + " g=" + std::to_string(g);
                CPPUNIT_ASSERT_MESSAGE(m, decode(*code, clean, p).bits == info);
                // Windows lose information at their edges: different soft output.
                CPPUNIT_ASSERT_MESSAGE(m, decode(*code, llr, p).app != whole.app);
            }
        // One sub-block is the whole block.
        p.subblocks = 1;
        p.guard = 100;
        CPPUNIT_ASSERT(decode(*code, llr, p).app == whole.app);
    }

    void tie_rule_and_nonfinite_input()
    {
        const auto code = lte_turbo_code::make(40);
        const size_t N = code->coded_bits_per_block();
        // All-zero input: every metric ties, every a-posteriori LLR is 0, every bit 0.
        const auto zero = decode(*code, std::vector<float>(N, 0.0f));
        CPPUNIT_ASSERT(zero.bits == std::vector<uint8_t>(40, 0));
        CPPUNIT_ASSERT(zero.app == std::vector<float>(40, 0.0f));
        // NaN reads as 0 (erasure) and counts; all NaN decodes like all zero.
        const auto nan = decode(*code, std::vector<float>(N, NAN));
        CPPUNIT_ASSERT_EQUAL(N, nan.nonfinite);
        CPPUNIT_ASSERT(nan.bits == zero.bits && nan.app == zero.app);
        // A few NaN and Inf among clean values: counted, and the block still decodes; +-Inf
        // reads as +-1024, so Inf of the right sign changes nothing else.
        std::mt19937 rng(36);
        const auto info = qa::random_bits(40, rng);
        const auto coded = lte_turbo_encode(*code, info);
        auto llr = qa::clean_llrs(coded, 4.0f);
        const float inf = std::numeric_limits<float>::infinity();
        llr[3] = NAN;
        llr[50] = NAN;
        llr[7] = coded[7] ? inf : -inf;
        llr[100] = coded[100] ? inf : -inf;
        llr[131] = coded[131] ? 1e30f : -1e30f; // finite: clamped, not counted
        const auto d = decode(*code, llr);
        CPPUNIT_ASSERT_EQUAL(size_t(4), d.nonfinite);
        CPPUNIT_ASSERT(d.bits == info);
        auto same = llr;
        same[3] = same[50] = 0.0f;
        same[7] = coded[7] ? 1024.0f : -1024.0f;
        same[100] = coded[100] ? 1024.0f : -1024.0f;
        same[131] = coded[131] ? 1024.0f : -1024.0f;
        const auto d2 = decode(*code, same);
        CPPUNIT_ASSERT(d2.app == d.app);
        CPPUNIT_ASSERT_EQUAL(size_t(0), d2.nonfinite);
    }

    /* The last information bit of a constituent is known only from that constituent's
     * tail when its own systematic and parity values are erased and the other constituent
     * has nothing (its parity and tail erased): it sets the state the tail terminates. So
     * the tail values must be read where §5.1.3.2.2 deals them and scored as its steps. */
    void tails_decide_the_last_bits()
    {
        const auto code = lte_turbo_code::make(40);
        const size_t K = 40, D = K + 4;
        const auto& pi = code->interleaver();
        std::mt19937 rng(37);
        for (size_t constituent = 0; constituent < 2; ++constituent)
            for (int trial = 0; trial < 8; ++trial) {
                auto info = qa::random_bits(K, rng);
                // The last bit of the constituent's input, in natural order.
                const size_t last = constituent == 0 ? K - 1 : pi[K - 1];
                info[last] = trial & 1;
                const auto coded = lte_turbo_encode(*code, info);
                auto llr = qa::clean_llrs(coded, 4.0f);
                llr[last] = 0.0f;                                 // its systematic value
                llr[(1 + constituent) * D + K - 1] = 0.0f;       // its parity, step K-1
                const size_t other = 2 - constituent;            // the other's parity stream
                std::fill(llr.begin() + other * D, llr.begin() + other * D + K, 0.0f);
                for (size_t t = 6 * (1 - constituent); t < 6 * (2 - constituent); ++t)
                    llr[(t % 3) * D + K + t / 3] = 0.0f;         // the other's tail
                CPPUNIT_ASSERT(decode(*code, llr).bits == info);
            }
    }

    /* docs/turbo.md's iteration schedule run here on the SISO (which turbo_siso_test checks
     * against exhaustive search): each constituent's a priori value is the other's scaled
     * extrinsic, never its a-posteriori value, and app(k) = sa2(j) + e2(j), so that the
     * a-posteriori LLR minus the systematic and a priori values is the extrinsic exactly.
     * The decoder's app after 1, 2 and 3 iterations must be these floats, on a clean block
     * with strong LLRs and on a noisy one. */
    void iterations_exchange_extrinsics_only()
    {
        const size_t K = 512, D = K + 4;
        const auto code = lte_turbo_code::make(K);
        const auto& pi = code->interleaver();
        std::mt19937 rng(38);
        std::vector<uint8_t> noisy_info;
        const std::vector<std::vector<float>> inputs = {
            qa::clean_llrs(lte_turbo_encode(*code, qa::random_bits(K, rng)), 6.0f),
            qa::noisy_llrs(code, 1, 0.0, 4, noisy_info),
        };
        for (const auto& llr : inputs) {
            const float s = 0.75f;
            float tail[12], beta_K[2][8];
            for (size_t t = 0; t < 12; ++t)
                tail[t] = llr[(t % 3) * D + K + t / 3];
            turbo::tail_beta(tail, beta_K[0]);
            turbo::tail_beta(tail + 6, beta_K[1]);
            std::vector<float> A1(K, 0.0f), sa(K), e1(K), e2(K), app(K), alpha(8 * K);
            const auto siso = [&](int c, std::vector<float>& ext) {
                const turbo::siso_inputs in{ K, sa.data(), llr.data() + (1 + c) * D, beta_K[c] };
                turbo::siso_decode_window(turbo_algorithm::MAX_LOG, in, { 0, K, 0, K }, nullptr,
                                          nullptr, alpha.data(), ext.data(), { 0, nullptr, 0, nullptr });
            };
            for (int it = 1; it <= 3; ++it) {
                for (size_t k = 0; k < K; ++k)
                    sa[k] = llr[k] + A1[k];
                siso(0, e1);
                for (size_t j = 0; j < K; ++j)
                    sa[j] = llr[pi[j]] + s * e1[pi[j]];
                siso(1, e2);
                for (size_t j = 0; j < K; ++j) {
                    app[pi[j]] = sa[j] + e2[j];
                    A1[pi[j]] = s * e2[j];
                }
                lte_turbo_params p;
                p.iterations = it;
                p.scaling = s;
                const decoded d = decode(*code, llr, p);
                for (size_t k = 0; k < K; ++k)
                    CPPUNIT_ASSERT_EQUAL_MESSAGE("iteration " + std::to_string(it) + " k " +
                                                     std::to_string(k),
                                                 app[k], d.app[k]);
            }
        }
    }

    void parameters()
    {
        CPPUNIT_ASSERT(parse_turbo_algorithm("max-log") == turbo_algorithm::MAX_LOG);
        CPPUNIT_ASSERT(parse_turbo_algorithm("Log-MAP") == turbo_algorithm::LOG_MAP);
        CPPUNIT_ASSERT(parse_early_stop("none") == early_stop::NONE);
        CPPUNIT_ASSERT(parse_early_stop("CRC") == early_stop::CRC24B);
        CPPUNIT_ASSERT(parse_early_stop("crc24a") == early_stop::CRC24A);
        CPPUNIT_ASSERT(parse_early_stop("hard") == early_stop::HARD);
        for (auto s : { early_stop::NONE, early_stop::CRC24B, early_stop::CRC24A, early_stop::HARD })
            CPPUNIT_ASSERT(parse_early_stop(early_stop_name(s)) == s);
        for (auto a : { turbo_algorithm::MAX_LOG, turbo_algorithm::LOG_MAP })
            CPPUNIT_ASSERT(parse_turbo_algorithm(turbo_algorithm_name(a)) == a);
        qa::expect_invalid([] { parse_turbo_algorithm("sova"); }, "use 'max-log' or 'log-map'");
        qa::expect_invalid([] { parse_early_stop("crc16"); },
                           "use 'none', 'crc24b', 'crc24a' or 'hard'");

        const auto code = lte_turbo_code::make(40);
        const auto bad = [&](auto set, const std::string& needle) {
            lte_turbo_params p;
            set(p);
            qa::expect_invalid([&] { turbo::map_decoder_cpu(*code, p, 1); }, needle);
        };
        bad([](lte_turbo_params& p) { p.iterations = 0; }, "iterations = 0 is out of range: allowed is 1 to 32");
        bad([](lte_turbo_params& p) { p.iterations = 33; }, "iterations = 33");
        bad([](lte_turbo_params& p) { p.scaling = 0.0f; }, "allowed is (0, 1]");
        bad([](lte_turbo_params& p) { p.scaling = 1.5f; }, "scaling = 1.5");
        bad([](lte_turbo_params& p) { p.scaling = NAN; }, "scaling = nan");
        bad([](lte_turbo_params& p) { p.algorithm = turbo_algorithm(7); }, "algorithm = 7");
        bad([](lte_turbo_params& p) { p.stop = early_stop(9); }, "early_stop = 9");
        bad([](lte_turbo_params& p) { p.subblocks = 41; }, "subblocks = 41 is out of range for K = 40: allowed is 0 (the backend's default) to K");
        bad([](lte_turbo_params& p) { p.subblocks = 4; p.guard = 11; },
            "guard = 11 is out of range for K = 40 and 4 subblocks: allowed is 0 to floor(K / subblocks) = 10");
        lte_turbo_params ok;
        ok.subblocks = 4;
        ok.guard = 10;
        turbo::map_decoder_cpu dec(*code, ok, 0);
        CPPUNIT_ASSERT(dec.threads() >= 1);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(turbo_decoder_test);

} // namespace gpufec
} // namespace gr
