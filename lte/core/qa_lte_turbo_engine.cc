/* The LTE turbo decoder engine: the reference decoder's decisions through the soft-input
 * stage (float and int8 input, invert, non-finite values with their positions), batches,
 * rate de-matching, the per-block status, reset, and bad options.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lte_turbo_map_cpu.h"
#include "qa_lte_turbo_util.h"
#include <gnuradio/gpufec/lte/lte_chain.h>
#include <gnuradio/gpufec/lte/lte_turbo.h>
#include <cppunit/extensions/HelperMacros.h>
#include <cmath>
#include <limits>
#include <random>

namespace gr {
namespace gpufec {

namespace {

using qa::assert_same;
using qa::result;

lte_turbo_options cpu(unsigned threads = 1)
{
    lte_turbo_options o;
    o.backend = backend_kind::CPU;
    o.threads = threads;
    return o;
}

template <typename T>
result engine_decode(lte_turbo_decoder_engine& dec, const std::vector<T>& soft)
{
    return qa::engine_decode(dec, soft);
}

template <typename T>
result engine_decode(const lte_turbo_code_sptr& code, const std::vector<T>& soft,
                     const lte_turbo_options& o = cpu())
{
    return qa::engine_decode(code, soft, o);
}

/* The reference decoder on LLRs given as they are. */
result reference(const lte_turbo_code& code, const std::vector<float>& llr,
                 const lte_turbo_params& p = lte_turbo_params())
{
    turbo::map_decoder_cpu dec(code, p, 1);
    const size_t n = llr.size() / code.coded_bits_per_block(), K = code.K();
    result r;
    r.bits.resize(n * K);
    r.app.resize(n * K);
    std::vector<int> it(n);
    dec.decode(llr.data(), n, r.bits.data(), r.app.data(), it.data());
    for (size_t b = 0; b < n; ++b)
        r.status.push_back({ it[b], lte_crc_parity(r.bits.data() + b * K, K, lte_crc::CRC24B) == 0 });
    return r;
}

} // namespace

class lte_turbo_engine_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(lte_turbo_engine_test);
    CPPUNIT_TEST(same_decisions_as_the_reference);
    CPPUNIT_TEST(int8_input_is_llr_times_scale);
    CPPUNIT_TEST(invert_flips_the_convention);
    CPPUNIT_TEST(nonfinite_values_counted_with_positions);
    CPPUNIT_TEST(batches_larger_than_max_batch);
    CPPUNIT_TEST(rate_dematching);
    CPPUNIT_TEST(status_crc_and_iterations);
    CPPUNIT_TEST(reset_starts_anew);
    CPPUNIT_TEST(rejects_bad_options);
    CPPUNIT_TEST(soft_in_soft_out_with_apriori);
    CPPUNIT_TEST(subblocks_zero_is_the_backends_default);
    CPPUNIT_TEST_SUITE_END();

    const lte_turbo_code_sptr m_code = lte_turbo_code::make(256);

    void same_decisions_as_the_reference()
    {
        // Noisy blocks (some left with errors), several stop rules and both algorithms: the
        // engine's soft-input stage leaves in-range LLRs exactly as they are.
        std::vector<uint8_t> info;
        const auto llr = qa::noisy_llrs(m_code, 12, 1.0, 5, info);
        for (const auto& [alg, stop] : { std::pair(turbo_algorithm::MAX_LOG, early_stop::NONE),
                                         std::pair(turbo_algorithm::MAX_LOG, early_stop::HARD),
                                         std::pair(turbo_algorithm::LOG_MAP, early_stop::CRC24B) }) {
            lte_turbo_options o = cpu(2);
            o.turbo.algorithm = alg;
            o.turbo.stop = stop;
            o.turbo.scaling = alg == turbo_algorithm::LOG_MAP ? 1.0f : 0.75f;
            const auto want = reference(*m_code, llr, o.turbo);
            assert_same(want, engine_decode(m_code, llr, o),
                        turbo_algorithm_name(alg) + " " + early_stop_name(stop));
            // The plain frame_decoder call takes the same decisions and records the status.
            lte_turbo_decoder_engine dec(m_code, o);
            const auto bits = decode_all(dec, llr.data(), llr.size());
            CPPUNIT_ASSERT(bits == want.bits);
            CPPUNIT_ASSERT_EQUAL(size_t(12), dec.last_status().size());
            for (size_t b = 0; b < 12; ++b)
                CPPUNIT_ASSERT_EQUAL(want.status[b].iterations, dec.last_status()[b].iterations);
        }
        // The input is not trivial: the decoder corrects most errors and leaves a few blocks.
        const auto want = reference(*m_code, llr);
        size_t raw = 0, left = 0;
        for (size_t i = 0; i < info.size(); ++i) {
            raw += (llr[(i / 256) * m_code->coded_bits_per_block() + i % 256] > 0) != (info[i] != 0);
            left += want.bits[i] != info[i];
        }
        CPPUNIT_ASSERT(raw > 100);
        CPPUNIT_ASSERT(raw > 300);                // about 600
        CPPUNIT_ASSERT(left > 0 && left < raw / 4); // about 70: most corrected, some blocks not
        CPPUNIT_ASSERT_EQUAL(size_t(3 * 260), lte_turbo_decoder_engine(m_code, cpu()).soft_per_frame());
        CPPUNIT_ASSERT_EQUAL(size_t(256), lte_turbo_decoder_engine(m_code, cpu()).bits_per_frame());
    }

    void int8_input_is_llr_times_scale()
    {
        // int8 q with llr_scale s decodes exactly as the float LLRs q / s, -128 as -127.
        std::vector<uint8_t> info;
        const auto llr = qa::noisy_llrs(m_code, 4, 1.0, 6, info);
        for (float scale : { 8.0f, 2.5f }) {
            std::vector<int8_t> q(llr.size());
            std::vector<float> as_llr(llr.size());
            for (size_t i = 0; i < q.size(); ++i) {
                q[i] = static_cast<int8_t>(std::lrint(std::min(std::max(llr[i] * scale, -128.0f), 127.0f)));
                as_llr[i] = static_cast<float>(q[i] == -128 ? -127 : q[i]) / scale;
            }
            q[3] = -128;
            as_llr[3] = -127.0f / scale;
            lte_turbo_options o = cpu();
            o.llr_scale = scale;
            assert_same(reference(*m_code, as_llr), engine_decode(m_code, q, o), "int8");
            // Float input does not depend on llr_scale.
            assert_same(reference(*m_code, llr), engine_decode(m_code, llr, o), "float");
        }
    }

    void invert_flips_the_convention()
    {
        std::vector<uint8_t> info;
        const auto llr = qa::noisy_llrs(m_code, 4, 1.0, 7, info);
        const auto want = reference(*m_code, llr);
        std::vector<float> neg(llr.size());
        std::vector<int8_t> q(llr.size()), qneg(llr.size());
        for (size_t i = 0; i < llr.size(); ++i) {
            neg[i] = -llr[i];
            q[i] = static_cast<int8_t>(std::lrint(std::min(std::max(llr[i] * 4.0f, -127.0f), 127.0f)));
            qneg[i] = static_cast<int8_t>(-q[i]);
        }
        lte_turbo_options o = cpu();
        assert_same(reference(*m_code, neg), engine_decode(m_code, neg, o), "plain");
        o.invert = true;
        assert_same(want, engine_decode(m_code, neg, o), "float inverted");
        o.llr_scale = 4.0f;
        const auto q_want = engine_decode(m_code, q, cpu_scaled(4.0f));
        assert_same(q_want, engine_decode(m_code, qneg, o), "int8 inverted");
        // -128 inverted is +127, not an overflow.
        qneg[5] = -128;
        q[5] = 127;
        assert_same(engine_decode(m_code, q, cpu_scaled(4.0f)), engine_decode(m_code, qneg, o),
                    "-128 inverted");
        CPPUNIT_ASSERT(want.bits != reference(*m_code, neg).bits);
    }

    static lte_turbo_options cpu_scaled(float scale)
    {
        lte_turbo_options o = cpu();
        o.llr_scale = scale;
        return o;
    }

    void nonfinite_values_counted_with_positions()
    {
        // NaN -> 0, +-Inf -> +-1024, finite values beyond +-1024 clamped (not counted);
        // positions count from the engine's start, across calls and batches.
        std::vector<uint8_t> info;
        auto llr = qa::noisy_llrs(m_code, 5, 1.0, 8, info);
        const size_t N = m_code->coded_bits_per_block();
        auto sane = llr;
        const float inf = std::numeric_limits<float>::infinity();
        const size_t nan_at = 2 * N + 17, pinf_at = 3 * N + 5, minf_at = 4 * N + 2 * 260 + 1;
        llr[nan_at] = std::nanf("");
        sane[nan_at] = 0.0f;
        llr[pinf_at] = inf;
        sane[pinf_at] = 1024.0f;
        llr[minf_at] = -inf;
        sane[minf_at] = -1024.0f;
        llr[10] = 5000.0f;
        sane[10] = 1024.0f;
        llr[11] = -1e30f;
        sane[11] = -1024.0f;
        lte_turbo_options o = cpu();
        o.max_batch = 2;
        lte_turbo_decoder_engine dec(m_code, o);
        assert_same(reference(*m_code, sane), engine_decode(dec, llr), "sanitized");
        CPPUNIT_ASSERT_EQUAL(uint64_t(3), dec.nonfinite().count);
        CPPUNIT_ASSERT_EQUAL(uint64_t(nan_at), dec.nonfinite().first);
        // A second call: positions go on from the end of the first.
        std::vector<float> again(llr.begin(), llr.begin() + N);
        again[7] = -inf;
        engine_decode(dec, again);
        CPPUNIT_ASSERT_EQUAL(uint64_t(4), dec.nonfinite().count);
        CPPUNIT_ASSERT_EQUAL(uint64_t(nan_at), dec.nonfinite().first);
        dec.reset();
        engine_decode(dec, again);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), dec.nonfinite().count);
        CPPUNIT_ASSERT_EQUAL(uint64_t(7), dec.nonfinite().first);
        // Inverted: +Inf means a certain 0.
        lte_turbo_options inv = cpu();
        inv.invert = true;
        std::vector<float> inf_block(N, -1.0f);
        inf_block[0] = inf;
        std::vector<float> want_block(N, 1.0f);
        want_block[0] = -1024.0f;
        assert_same(reference(*m_code, want_block), engine_decode(m_code, inf_block, inv), "inverted Inf");
        // All NaN: all erasures, every a-posteriori LLR 0, every bit 0.
        const std::vector<float> nan(N, std::nanf(""));
        const auto r = engine_decode(m_code, nan);
        CPPUNIT_ASSERT(r.bits == std::vector<uint8_t>(256, 0));
        CPPUNIT_ASSERT(r.app == std::vector<float>(256, 0.0f));
    }

    void batches_larger_than_max_batch()
    {
        std::vector<uint8_t> info;
        const auto llr = qa::noisy_llrs(m_code, 11, 0.9, 9, info);
        const auto want = reference(*m_code, llr);
        for (size_t max_batch : { 1, 3, 4, 11, 64 }) {
            lte_turbo_options o = cpu(2);
            o.max_batch = max_batch;
            assert_same(want, engine_decode(m_code, llr, o), "max_batch " + std::to_string(max_batch));
        }
        std::vector<int8_t> q(llr.size());
        for (size_t i = 0; i < q.size(); ++i)
            q[i] = static_cast<int8_t>(std::lrint(std::min(std::max(llr[i] * 8.0f, -127.0f), 127.0f)));
        lte_turbo_options one = cpu(), three = cpu();
        three.max_batch = 3;
        assert_same(engine_decode(m_code, q, one), engine_decode(m_code, q, three), "int8 batches");
    }

    void rate_dematching()
    {
        // With E > 0 a block is E received values (punctured or repeated): the engine
        // de-matches them as lte_rate_dematch does.
        std::mt19937 rng(10);
        const size_t N = m_code->coded_bits_per_block();
        for (const auto& [E, rv, ncb] : { std::tuple(size_t(400), 0, size_t(0)),
                                          std::tuple(size_t(1000), 2, size_t(0)),
                                          std::tuple(size_t(2000), 3, size_t(0)),
                                          std::tuple(size_t(900), 1, size_t(600)) }) {
            const std::string what = "E " + std::to_string(E) + " rv " + std::to_string(rv) +
                                     " ncb " + std::to_string(ncb);
            lte_turbo_options o = cpu();
            o.rate_match = { E, rv, ncb };
            lte_turbo_decoder_engine dec(m_code, o);
            CPPUNIT_ASSERT_EQUAL(E, dec.soft_per_frame());
            std::vector<float> received, dematched;
            std::vector<uint8_t> sent;
            for (int b = 0; b < 3; ++b) {
                const auto bits = qa::random_bits(256, rng);
                sent.insert(sent.end(), bits.begin(), bits.end());
                auto e = qa::clean_llrs(lte_rate_match(*m_code, lte_turbo_encode(*m_code, bits), E, rv, ncb), 3.0f);
                for (size_t k = 0; k < E; k += 17)
                    e[k] = -e[k] * 0.5f; // some wrong values to correct
                received.insert(received.end(), e.begin(), e.end());
                const auto d = lte_rate_dematch(*m_code, e, rv, ncb);
                dematched.insert(dematched.end(), d.begin(), d.end());
            }
            CPPUNIT_ASSERT_EQUAL(3 * N, dematched.size());
            const auto got = engine_decode(dec, received);
            assert_same(reference(*m_code, dematched), got, what);
            CPPUNIT_ASSERT_MESSAGE(what, got.bits == sent);
        }
    }

    void status_crc_and_iterations()
    {
        // Blocks ending in their CRC24B pass, the same blocks with one bit flipped do not;
        // with the CRC early stop a clean block stops after one iteration.
        std::mt19937 rng(11);
        std::vector<uint8_t> info;
        for (int b = 0; b < 4; ++b) {
            auto blk = lte_crc_attach(qa::random_bits(232, rng), "24B");
            if (b % 2)
                blk[100] ^= 1;
            info.insert(info.end(), blk.begin(), blk.end());
        }
        const auto llr = qa::clean_llrs(lte_turbo_encode(*m_code, info), 4.0f);
        lte_turbo_options o = cpu();
        o.turbo.stop = early_stop::CRC24B;
        const auto r = engine_decode(m_code, llr, o);
        CPPUNIT_ASSERT(r.bits == info);
        for (int b = 0; b < 4; ++b) {
            CPPUNIT_ASSERT_EQUAL(b % 2 == 0, r.status[b].crc_pass);
            CPPUNIT_ASSERT_EQUAL(b % 2 == 0 ? 1 : 6, r.status[b].iterations);
        }
        // CRC24A blocks: the status checks CRC24A when the stop rule is CRC24A.
        info.clear();
        for (int b = 0; b < 2; ++b) {
            const auto blk = lte_crc_attach(qa::random_bits(232, rng), "24A");
            info.insert(info.end(), blk.begin(), blk.end());
        }
        const auto llr_a = qa::clean_llrs(lte_turbo_encode(*m_code, info), 4.0f);
        CPPUNIT_ASSERT(!engine_decode(m_code, llr_a).status[0].crc_pass);
        o.turbo.stop = early_stop::CRC24A;
        const auto ra = engine_decode(m_code, llr_a, o);
        CPPUNIT_ASSERT(ra.status[0].crc_pass && ra.status[1].crc_pass);
        CPPUNIT_ASSERT_EQUAL(1, ra.status[1].iterations);
    }

    void reset_starts_anew()
    {
        std::vector<uint8_t> info;
        const auto llr = qa::noisy_llrs(m_code, 3, 1.0, 12, info);
        lte_turbo_decoder_engine dec(m_code, cpu());
        const auto first = engine_decode(dec, llr);
        auto bad = llr;
        bad[1] = std::nanf("");
        engine_decode(dec, bad);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), dec.nonfinite().count);
        CPPUNIT_ASSERT_EQUAL(uint64_t(llr.size() + 1), dec.nonfinite().first);
        dec.reset();
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), dec.nonfinite().count);
        CPPUNIT_ASSERT_EQUAL(UINT64_MAX, dec.nonfinite().first);
        // Decoding keeps no state from block to block or call to call.
        assert_same(first, engine_decode(dec, llr), "after reset");
    }

    void soft_in_soft_out_with_apriori()
    {
        std::vector<uint8_t> info;
        const auto llr = qa::noisy_llrs(m_code, 6, -0.5, 13, info);
        const size_t K = 256, N = m_code->coded_bits_per_block();
        lte_turbo_decoder_engine dec(m_code, cpu(2));
        siso_decoder& siso = dec;
        // Without a priori: the APP LLRs of the richer decode_frames call.
        std::vector<float> app(6 * K), want(6 * K);
        std::vector<uint8_t> bits(6 * K);
        siso.decode_soft(llr.data(), nullptr, app.data(), 6);
        dec.decode_frames(llr.data(), bits.data(), 6, want.data(), nullptr);
        CPPUNIT_ASSERT(app == want);
        // A priori LLRs act as extra systematic evidence: the same as adding them to d(0)
        // (values chosen to stay far inside the clamp).
        std::vector<float> apriori(6 * K), added(llr);
        for (size_t i = 0; i < apriori.size(); ++i) {
            apriori[i] = (info[i] ? 1.5f : -1.5f) * float(i % 3);
            added[(i / K) * N + i % K] += apriori[i];
        }
        siso.decode_soft(llr.data(), apriori.data(), app.data(), 6);
        dec.decode_frames(added.data(), bits.data(), 6, want.data(), nullptr);
        CPPUNIT_ASSERT(app == want);
        // Evidence helps: fewer wrong signs than without it.
        std::vector<float> plain(6 * K);
        siso.decode_soft(llr.data(), nullptr, plain.data(), 6);
        size_t wrong_plain = 0, wrong_helped = 0;
        for (size_t i = 0; i < info.size(); ++i) {
            wrong_plain += (plain[i] > 0) != (info[i] != 0);
            wrong_helped += (app[i] > 0) != (info[i] != 0);
        }
        CPPUNIT_ASSERT(wrong_plain > 0);
        CPPUNIT_ASSERT(wrong_helped < wrong_plain);
    }

    void rejects_bad_options()
    {
        lte_turbo_options o = cpu();
        qa::expect_invalid([&] { lte_turbo_decoder_engine(nullptr, o); }, "code is null");
        o.turbo.iterations = 0;
        qa::expect_invalid([&] { lte_turbo_decoder_engine(m_code, o); }, "iterations = 0");
        o = cpu();
        o.turbo.scaling = 1.5f;
        qa::expect_invalid([&] { lte_turbo_decoder_engine(m_code, o); }, "scaling");
        o = cpu();
        o.turbo.subblocks = 300;
        qa::expect_invalid([&] { lte_turbo_decoder_engine(m_code, o); }, "subblocks = 300");
        o = cpu();
        o.llr_scale = 0.0f;
        qa::expect_invalid([&] { lte_turbo_decoder_engine(m_code, o); }, "llr_scale");
        o = cpu();
        o.max_batch = size_t(1) << 30;
        qa::expect_invalid([&] { lte_turbo_decoder_engine(m_code, o); }, "max_batch");
        o = cpu();
        o.rate_match = { 500, 4, 0 };
        qa::expect_invalid([&] { lte_turbo_decoder_engine(m_code, o); }, "rv = 4");
        o.rate_match = { 500, 0, 100000 };
        qa::expect_invalid([&] { lte_turbo_decoder_engine(m_code, o); }, "ncb = 100000");
        // ncb means nothing without rate de-matching; a redundancy version other than 0..3
        // is a mistake even then (docs/conventions.md: every parameter is checked).
        o.rate_match = { 0, 3, 100000 };
        CPPUNIT_ASSERT_EQUAL(size_t(780), lte_turbo_decoder_engine(m_code, o).soft_per_frame());
        o.rate_match = { 0, -1, 0 };
        qa::expect_invalid([&] { lte_turbo_decoder_engine(m_code, o); }, "rv = -1");
        lte_turbo_decoder_engine dec(m_code, cpu());
        const std::vector<float> short_input(779);
        qa::expect_invalid([&] { decode_all(dec, short_input.data(), short_input.size()); },
                           "779 values");
        if (!built_with_cuda()) {
            o = cpu();
            o.backend = backend_kind::CUDA;
            CPPUNIT_ASSERT_THROW(lte_turbo_decoder_engine(m_code, o), std::runtime_error);
        }
    }

    /* The defaults of docs/turbo.md's table: the CPU decodes whole blocks, a GPU windows of
     * about 48 steps trained over 16; explicit splits are kept, and the engine reports the
     * split it uses. */
    void subblocks_zero_is_the_backends_default()
    {
        const lte_turbo_params automatic; // subblocks 0
        CPPUNIT_ASSERT_EQUAL(0u, automatic.subblocks);
        const auto split_of = [&](size_t K, backend_kind b) {
            const lte_turbo_params r = automatic.resolved_for(K, b);
            return std::pair(r.subblocks, r.guard);
        };
        CPPUNIT_ASSERT(split_of(6144, backend_kind::CPU) == std::pair(1u, 0u));
        CPPUNIT_ASSERT(split_of(6144, backend_kind::CUDA) == std::pair(128u, 16u));
        CPPUNIT_ASSERT(split_of(1008, backend_kind::CUDA) == std::pair(21u, 16u));
        CPPUNIT_ASSERT(split_of(64, backend_kind::CUDA) == std::pair(1u, 0u));
        CPPUNIT_ASSERT(split_of(40, backend_kind::CUDA) == std::pair(1u, 0u));
        for (size_t K : lte_turbo_code::block_sizes())
            automatic.resolved_for(K, backend_kind::CUDA).validate(K);
        lte_turbo_params fixed;
        fixed.subblocks = 4;
        fixed.guard = 2;
        CPPUNIT_ASSERT_EQUAL(4u, fixed.resolved_for(6144, backend_kind::CUDA).subblocks);
        CPPUNIT_ASSERT_EQUAL(2u, fixed.resolved_for(6144, backend_kind::CPU).guard);
        CPPUNIT_ASSERT_EQUAL(1u, lte_turbo_decoder_engine(m_code, cpu()).options().turbo.subblocks);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(lte_turbo_engine_test);

} // namespace gpufec
} // namespace gr
