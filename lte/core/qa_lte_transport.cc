/* Transport blocks (lte_transport.h): the layout against numbers worked out by hand from
 * TS 36.212's text, encoding against the chain's pieces put together here, and decoding back.
 * The cross-check against another implementation's whole-chain vectors is in
 * qa_lte_vectors.cc.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "qa_lte_turbo_util.h"
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <gnuradio/gpufec/lte/lte_transport.h>
#include <cppunit/extensions/HelperMacros.h>
#include <numeric>

namespace gr {
namespace gpufec {

namespace {

lte_transport_params
params(size_t A, size_t G, int rv = 0, int Qm = 2, int NL = 1, size_t nsoft = 0)
{
    lte_transport_params p;
    p.A = A;
    p.G = G;
    p.rv = rv;
    p.Qm = Qm;
    p.NL = NL;
    p.nsoft = nsoft;
    return p;
}

std::string describe(const lte_transport_params& p)
{
    return "A = " + std::to_string(p.A) + ", G = " + std::to_string(p.G) + ", rv " +
           std::to_string(p.rv) + ", Qm " + std::to_string(p.Qm) + ", NL " +
           std::to_string(p.NL) + ", nsoft " + std::to_string(p.nsoft);
}

lte_turbo_options decoder_options_cpu(early_stop stop = early_stop::NONE)
{
    lte_turbo_options o;
    o.backend = backend_kind::CPU;
    o.turbo.stop = stop;
    return o;
}

} // namespace

class lte_transport_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(lte_transport_test);
    CPPUNIT_TEST(E_of_the_standard);
    CPPUNIT_TEST(soft_buffer_and_k0);
    CPPUNIT_TEST(circular_buffers_of_published_vectors);
    CPPUNIT_TEST(encoder_is_the_chain);
    CPPUNIT_TEST(noise_free_round_trips);
    CPPUNIT_TEST(every_redundancy_version);
    CPPUNIT_TEST(int8_and_inverted_input);
    CPPUNIT_TEST(moderate_noise);
    CPPUNIT_TEST(crc_failure_is_reported);
    CPPUNIT_TEST(llr_scale_erasures_are_reported);
    CPPUNIT_TEST(bad_parameters);
    CPPUNIT_TEST_SUITE_END();

    /* §5.1.4.1.2 by hand: G' = G / (NL Qm), gamma = G' mod C; blocks r <= C - gamma - 1 get
     * NL Qm floor(G' / C) bits, the others NL Qm ceil(G' / C). */
    void E_of_the_standard()
    {
        const struct {
            size_t A, G;
            int Qm, NL;
            size_t C, K_minus, K_plus, C_minus, F;
            std::vector<size_t> E;
        } rows[] = {
            // B = 6232: C = 2, B' = 6280, K+ = 3200, K- = 3136, C- = (6400 - 6280) / 64 = 1,
            // F = 3136 + 3200 - 6280 = 56. G' = 6003, gamma = 1: 2 * 3001, 2 * 3002.
            { 6208, 12006, 2, 1, 2, 3136, 3200, 1, 56, { 6002, 6004 } },
            // The same block on two layers of 16QAM: G' = 1500, gamma = 0.
            { 6208, 12000, 4, 2, 2, 3136, 3200, 1, 56, { 6000, 6000 } },
            // B = 75400: C = 13, B' = 75712 = 13 * 5824 (K- = 5760, C- = 0), F = 0.
            // G' = 14400 = 13 * 1107 + 9: 4 blocks of 6 * 1107, 9 of 6 * 1108.
            { 75376, 86400, 6, 1, 13, 5760, 5824, 0, 0,
              { 6642, 6642, 6642, 6642, 6648, 6648, 6648, 6648, 6648, 6648, 6648, 6648, 6648 } },
            // B = 30600: C = 5 of 6144 (K- = 6080, C- = 0). NL Qm = 24, G' = 1001 = 5 * 200 + 1.
            { 30576, 24024, 6, 4, 5, 6080, 6144, 0, 0, { 4800, 4800, 4800, 4800, 4824 } },
            // One block: B = 44 -> K = 48, F = 4; all of G.
            { 20, 100, 2, 1, 1, 0, 48, 0, 4, { 100 } },
            // 256QAM: B = 1024, K = 1024; G' = 125.
            { 1000, 1000, 8, 1, 1, 0, 1024, 0, 0, { 1000 } },
        };
        for (const auto& row : rows) {
            const auto p = params(row.A, row.G, 0, row.Qm, row.NL);
            const auto l = lte_transport_layout::compute(p);
            const std::string what = describe(p);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, row.C, l.seg.C);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, row.K_minus, l.seg.K_minus);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, row.K_plus, l.seg.K_plus);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, row.C_minus, l.seg.C_minus);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, row.F, l.seg.F);
            CPPUNIT_ASSERT_MESSAGE(what, row.E == l.E);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, size_t(0), l.N_IR);
            for (size_t r = 0; r < l.seg.C; ++r) // no soft buffer limit: N_cb = K_w
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, 3 * 32 * ((l.seg.block_size(r) + 4 + 31) / 32),
                                             l.ncb[r]);
        }
    }

    /* A category 2 UE (TS 36.306: N_soft = 1237248) in transmission mode 3 (K_MIMO = 2), 8
     * HARQ processes: N_IR = 1237248 / 16 = 77328. Its largest block, A = 51024: B = 51048,
     * C = 9, B' = 51264 = 9 * 5696; N_cb = min(floor(77328 / 9), K_w) = min(8592, 17184).
     * With rv 2, k0 = R (2 ceil(N_cb / 8R) rv + 2) with R = ceil(5700 / 32) = 179:
     * 179 (2 * 6 * 2 + 2) = 4654. w_4654 is v(0)_4654 = y_P(26) = y_11, a dummy (28 of them);
     * w_4655 = y_(11 + 32) = d(0)_15: the first coded bit is the transport block's bit 15. */
    void soft_buffer_and_k0()
    {
        auto p = params(51024, 51024 * 2, 2, 2, 1, 1237248);
        p.kmimo = 2;
        const auto l = lte_transport_layout::compute(p);
        CPPUNIT_ASSERT_EQUAL(size_t(77328), l.N_IR);
        CPPUNIT_ASSERT_EQUAL(size_t(9), l.seg.C);
        CPPUNIT_ASSERT_EQUAL(size_t(5696), l.seg.K_plus);
        CPPUNIT_ASSERT_EQUAL(size_t(17184), lte_circular_buffer_length(5696));
        for (size_t r = 0; r < 9; ++r)
            CPPUNIT_ASSERT_EQUAL(size_t(8592), l.ncb[r]);
        std::mt19937 rng(7);
        const auto bits = qa::random_bits(p.A, rng);
        const auto coded = lte_transport_encode(bits, p);
        CPPUNIT_ASSERT_EQUAL(bits[15], coded[0]);
        CPPUNIT_ASSERT_EQUAL(
            uint32_t(15), lte_rate_match_indices(*lte_turbo_code::make(5696), 1, 2, 8592)[0]);
        // Without the limit the buffer and k0 differ, and so does the output.
        auto unlimited = p;
        unlimited.nsoft = 0;
        CPPUNIT_ASSERT(lte_transport_encode(bits, unlimited) != coded);
        // M_DL_HARQ counts up to M_limit = 8; K_C divides too.
        p.mdlharq = 15;
        CPPUNIT_ASSERT_EQUAL(size_t(77328), lte_transport_layout::compute(p).N_IR);
        p.mdlharq = 4;
        p.kc = 2;
        CPPUNIT_ASSERT_EQUAL(size_t(77328), lte_transport_layout::compute(p).N_IR);
        p.kc = 5;
        CPPUNIT_ASSERT_EQUAL(size_t(1237248 / 40), lte_transport_layout::compute(p).N_IR);
    }

    /* N_cb = K_w as Intel's DPDK bbdev test vectors state them for whole buffers
     * (app/test-bbdev/test_vectors/turbo_enc_c2_k5952_r0_e17868_crc24b.data: ncb_pos 17952,
     * ncb_neg 17760; turbo_enc_c4_k4800_r2_e14412_crc24b.data: ncb_pos 14496, ncb_neg 14304;
     * BSD-3-Clause, Intel 2017), for transport blocks that segment into those sizes:
     * A = 11832 (B' = 2 * 5952) and A = 19080 (B' = 4 * 4800). */
    void circular_buffers_of_published_vectors()
    {
        CPPUNIT_ASSERT_EQUAL(size_t(17952), lte_circular_buffer_length(5952));
        CPPUNIT_ASSERT_EQUAL(size_t(17760), lte_circular_buffer_length(5888));
        CPPUNIT_ASSERT_EQUAL(size_t(14496), lte_circular_buffer_length(4800));
        CPPUNIT_ASSERT_EQUAL(size_t(14304), lte_circular_buffer_length(4736));
        const auto two = lte_transport_layout::compute(params(11832, 36000));
        CPPUNIT_ASSERT_EQUAL(size_t(2), two.seg.C);
        CPPUNIT_ASSERT_EQUAL(size_t(5952), two.seg.K_plus);
        CPPUNIT_ASSERT(two.ncb == std::vector<size_t>(2, 17952));
        const auto four = lte_transport_layout::compute(params(19080, 57648));
        CPPUNIT_ASSERT_EQUAL(size_t(4), four.seg.C);
        CPPUNIT_ASSERT_EQUAL(size_t(4800), four.seg.K_plus);
        CPPUNIT_ASSERT(four.ncb == std::vector<size_t>(4, 14496));
    }

    /* The encoder against the chain's pieces (cross-checked on their own) assembled here with
     * the E values written out by hand: C- > 0 with filler bits. */
    void encoder_is_the_chain()
    {
        std::mt19937 rng(1);
        const auto bits = qa::random_bits(6208, rng);
        const auto blocks = lte_segment(lte_crc_attach(bits, "24A"));
        CPPUNIT_ASSERT_EQUAL(size_t(2), blocks.size());
        const auto k0 = lte_turbo_code::make(3136), k1 = lte_turbo_code::make(3200);
        auto want = lte_rate_match(*k0, lte_turbo_encode(*k0, blocks[0]), 6002, 1, 0, 56);
        const auto second = lte_rate_match(*k1, lte_turbo_encode(*k1, blocks[1]), 6004, 1);
        want.insert(want.end(), second.begin(), second.end());
        CPPUNIT_ASSERT(lte_transport_encode(bits, params(6208, 12006, 1)) == want);
    }

    /* Noise-free LLRs decode to the transport block, for many A (C = 1 and C > 1, C- = 0 and
     * C- > 0, with and without filler bits) and every modulation, layer count, redundancy
     * version and soft buffer choice in turn. */
    void noise_free_round_trips()
    {
        const size_t sizes[] = { 16, 20, 1000, 1001, 6120, 6121, 6208, 11832, 19080 };
        const int Qms[] = { 2, 4, 6 };
        lte_transport_decoder_engine dec(decoder_options_cpu(early_stop::CRC24B));
        std::mt19937 rng(2);
        size_t i = 0;
        for (size_t A : sizes) {
            for (int limited = 0; limited < 2; ++limited, ++i) {
                const int Qm = Qms[i % 3], NL = 1 + int(i % 2);
                const size_t per = size_t(Qm * NL);
                // About rate 1/2, and G' not a multiple of C.
                auto p = params(A, (2 * A / per + 1) * per + 7 * per, int(i % 4), Qm, NL);
                const auto seg = lte_segmentation::compute(A + 24);
                if (limited) // N_cb = 2 K+ + 16, below K_w: the buffer limits
                    p.nsoft = 8 * seg.C * (2 * seg.K_plus + 16);
                const auto l = lte_transport_layout::compute(p);
                if (limited)
                    CPPUNIT_ASSERT(l.ncb.back() < lte_circular_buffer_length(seg.K_plus));
                const auto bits = qa::random_bits(A, rng);
                const auto coded = lte_transport_encode(bits, p);
                CPPUNIT_ASSERT_EQUAL(p.G, coded.size());
                std::vector<uint8_t> out(A, 0xAA);
                const auto st = dec.decode(qa::clean_llrs(coded, 4.0f).data(), p, out.data());
                const std::string what = describe(p);
                CPPUNIT_ASSERT_MESSAGE(what, out == bits);
                CPPUNIT_ASSERT_MESSAGE(what, st.crc_pass);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, seg.C, st.block_crc_pass.size());
                for (auto ok : st.block_crc_pass)
                    CPPUNIT_ASSERT_MESSAGE(what, ok);
                if (p.rv == 0) // systematic bits first: right after one iteration
                    CPPUNIT_ASSERT_EQUAL_MESSAGE(what, 1, st.iterations);
            }
        }
    }

    /* Each redundancy version alone decodes the 6208-bit block at rate 0.41 (rv 1 and 3 send
     * few systematic bits: at rate 0.69 rv 1 alone does not decode), and they all differ. */
    void every_redundancy_version()
    {
        lte_transport_decoder_engine dec(decoder_options_cpu());
        std::mt19937 rng(3);
        const auto bits = qa::random_bits(6208, rng);
        std::vector<std::vector<uint8_t>> sent;
        for (int rv = 0; rv < 4; ++rv) {
            const auto p = params(6208, 15000, rv, 6, 1);
            sent.push_back(lte_transport_encode(bits, p));
            std::vector<uint8_t> out(6208);
            const auto st = dec.decode(qa::clean_llrs(sent.back(), 4.0f).data(), p, out.data());
            CPPUNIT_ASSERT_MESSAGE("rv " + std::to_string(rv), out == bits && st.crc_pass);
            CPPUNIT_ASSERT_EQUAL(6, st.iterations); // no early stop asked for
        }
        for (int a = 0; a < 4; ++a)
            for (int b = a + 1; b < 4; ++b)
                CPPUNIT_ASSERT(sent[a] != sent[b]);
    }

    void int8_and_inverted_input()
    {
        lte_turbo_options o = decoder_options_cpu();
        o.invert = true;
        lte_transport_decoder_engine dec(o);
        std::mt19937 rng(4);
        const auto p = params(6208, 12006, 3);
        const auto bits = qa::random_bits(p.A, rng);
        const auto coded = lte_transport_encode(bits, p);
        std::vector<int8_t> q(coded.size());
        for (size_t i = 0; i < q.size(); ++i)
            q[i] = coded[i] ? -40 : 40; // inverted: positive means 0
        std::vector<uint8_t> out(p.A);
        CPPUNIT_ASSERT(dec.decode(q.data(), p, out.data()).crc_pass);
        CPPUNIT_ASSERT(out == bits);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), dec.nonfinite().count);
    }

    /* AWGN at Eb/N0 = 2 dB for the transport block's rate A / G (a turbo code of rate 1/2
     * needs about 1 dB): the hard decisions have errors, the decoder none. */
    void moderate_noise()
    {
        const auto p = params(6208, 12006, 0, 2, 1);
        std::mt19937 rng(5);
        const auto bits = qa::random_bits(p.A, rng);
        const auto coded = lte_transport_encode(bits, p);
        awgn_bpsk_channel_engine channel(
            awgn_noise::from_snr(2.0, snr_kind::EBN0, double(p.A) / double(p.G)),
            soft_output::LLR, 11, backend_kind::CPU);
        std::vector<float> llr(coded.size());
        channel.apply(coded.data(), llr.data(), llr.size(), 0);
        size_t wrong = 0;
        for (size_t i = 0; i < llr.size(); ++i)
            wrong += (llr[i] > 0) != (coded[i] != 0);
        CPPUNIT_ASSERT(wrong > 100);
        lte_transport_decoder_engine dec(decoder_options_cpu());
        std::vector<uint8_t> out(p.A);
        const auto st = dec.decode(llr.data(), p, out.data());
        CPPUNIT_ASSERT(st.crc_pass);
        CPPUNIT_ASSERT(out == bits);
    }

    /* A code block decoded wrong fails its CRC24B and the transport block's CRC24A: here the
     * second block's values arrive with the opposite sign. */
    void crc_failure_is_reported()
    {
        const auto p = params(6208, 12006);
        std::mt19937 rng(6);
        const auto bits = qa::random_bits(p.A, rng);
        auto llr = qa::clean_llrs(lte_transport_encode(bits, p), 4.0f);
        for (size_t i = 6002; i < llr.size(); ++i)
            llr[i] = -llr[i];
        lte_transport_decoder_engine dec(decoder_options_cpu());
        std::vector<uint8_t> out(p.A);
        const auto st = dec.decode(llr.data(), p, out.data());
        CPPUNIT_ASSERT(!st.crc_pass);
        CPPUNIT_ASSERT(st.block_crc_pass == std::vector<uint8_t>({ 1, 0 }));
        CPPUNIT_ASSERT(!std::equal(bits.begin() + 3200, bits.end(), out.begin() + 3200));
    }

    /* 16-bit metrics quantize each code block with llr_scale: a scale that rounds every value
     * to 0 is reported as erased batches at the transport block's first value (what blocks
     * warn about and lte_transport_decode raises for), one that keeps values as kept ones;
     * float metrics quantize nothing. */
    void llr_scale_erasures_are_reported()
    {
        const auto p = params(6208, 12006); // two code blocks of K = 3136
        std::mt19937 rng(7);
        const auto llr = qa::clean_llrs(lte_transport_encode(qa::random_bits(p.A, rng), p), 4.0f);
        std::vector<uint8_t> out(p.A);
        lte_turbo_options o = decoder_options_cpu();
        o.turbo.metrics = turbo_metrics::INT16;
        o.llr_scale = 1e-30f;
        lte_transport_decoder_engine erased(o);
        erased.decode(llr.data(), p, out.data());
        erased.decode(llr.data(), p, out.data());
        nonfinite_report r = erased.nonfinite();
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), r.kept_batches);
        CPPUNIT_ASSERT(r.erased_batches > 0);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), r.erased_first);
        erased.reset();
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), erased.nonfinite().erased_batches);
        CPPUNIT_ASSERT_EQUAL(uint64_t(UINT64_MAX), erased.nonfinite().erased_first);

        o.llr_scale = 8.0f;
        lte_transport_decoder_engine kept(o);
        CPPUNIT_ASSERT(kept.decode(llr.data(), p, out.data()).crc_pass);
        r = kept.nonfinite();
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), r.erased_batches);
        CPPUNIT_ASSERT(r.kept_batches > 0);

        o.turbo.metrics = turbo_metrics::FLOAT;
        o.llr_scale = 1e-30f;
        lte_transport_decoder_engine unquantized(o);
        CPPUNIT_ASSERT(unquantized.decode(llr.data(), p, out.data()).crc_pass);
        r = unquantized.nonfinite();
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), r.erased_batches + r.kept_batches);
    }

    void bad_parameters()
    {
        const auto layout = [](const lte_transport_params& p) {
            return [p] { lte_transport_layout::compute(p); };
        };
        qa::expect_invalid(layout(params(15, 100)), "A = 15");
        qa::expect_invalid(layout(params(391657, 1000000)), "A = 391657");
        qa::expect_invalid(layout(params(100, 0)), "G = 0");
        qa::expect_invalid(layout(params(100, (size_t(1) << 24) + 2)), "G = ");
        qa::expect_invalid(layout(params(100, 1001)), "NL * Qm = 2");
        qa::expect_invalid(layout(params(100, 1000, 0, 6, 2)), "G = 1000");
        qa::expect_invalid(layout(params(6208, 2)), "G = 2 is too small");
        qa::expect_invalid(layout(params(100, 1000, 4)), "rv = 4");
        qa::expect_invalid(layout(params(100, 1000, -1)), "rv = -1");
        qa::expect_invalid(layout(params(100, 1002, 0, 3)), "Qm = 3");
        qa::expect_invalid(layout(params(100, 1002, 0, 2, 3)), "NL = 3");
        qa::expect_invalid(layout(params(100, 1000, 0, 2, 1, (size_t(1) << 32) + 1)), "nsoft");
        // N_IR = 4 for C = 2: N_cb = 2, where block 0 holds a dummy and a filler bit only.
        qa::expect_invalid(layout(params(6208, 12006, 0, 2, 1, 32)), "nsoft = 32");
        qa::expect_invalid(layout(params(6208, 12006, 0, 2, 1, 8)), "nsoft = 8");
        auto p = params(100, 1000);
        p.kc = 3;
        qa::expect_invalid(layout(p), "kc = 3");
        p = params(100, 1000);
        p.kmimo = 0;
        qa::expect_invalid(layout(p), "kmimo = 0");
        p = params(100, 1000);
        p.mdlharq = 0;
        qa::expect_invalid(layout(p), "mdlharq = 0");
        qa::expect_invalid([] { lte_transport_encode(std::vector<uint8_t>(8), params(0, 100)); },
                           "A = 8");
        lte_turbo_options o = decoder_options_cpu();
        o.rate_match.E = 100;
        qa::expect_invalid([&] { lte_transport_decoder_engine dec(o); }, "E = 100");
        o = decoder_options_cpu();
        o.turbo.iterations = 0;
        qa::expect_invalid([&] { lte_transport_decoder_engine dec(o); }, "iterations");
        // A subblock count the smallest code block cannot take: refused for that block.
        o = decoder_options_cpu();
        o.turbo.subblocks = 100;
        lte_transport_decoder_engine dec(o);
        std::vector<float> soft(100);
        std::vector<uint8_t> out(16);
        qa::expect_invalid([&] { dec.decode(soft.data(), params(16, 100), out.data()); },
                           "subblocks");
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(lte_transport_test);

} // namespace gpufec
} // namespace gr
