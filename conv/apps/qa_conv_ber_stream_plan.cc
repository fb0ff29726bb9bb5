/* The GPU-resident simulation's arithmetic, run on the CPU: the depuncture map equals
 * conv::puncturer, and decoding each batch as the complete tiles that stream_plan names (with
 * the CPU Viterbi backend in place of the CUDA kernels) gives, frame for frame, the errors of
 * the host simulation, which streams through viterbi_decoder_engine.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "apps/ber/code_registry.h"
#include "conv/core/conv_puncture.h"
#include "skeleton/common/quantize.h"
#include "conv/core/conv_viterbi_backend.h"
#include "conv/common/conv_depuncture_map.h"
#include "conv_ber_stream_plan.h"
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <gnuradio/gpufec/conv/conv_code.h>
#include <cppunit/extensions/HelperMacros.h>
#include <random>
#include <vector>

namespace gpufec_ber {

using namespace gr::gpufec;

namespace {

/* What the depuncture kernel writes for n_blocks blocks. */
std::vector<int8_t> depuncture_by_map(const cuda::depuncture_map& map, const std::vector<int8_t>& in, size_t n_blocks)
{
    std::vector<int8_t> out(n_blocks * map.mother_per_block);
    for (size_t i = 0; i < out.size(); ++i) {
        const size_t block = i / map.mother_per_block;
        out[i] = map.value(uint32_t(i - block * map.mother_per_block), in.data() + block * map.coded_per_block);
    }
    return out;
}

} // namespace

class ber_stream_plan_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(ber_stream_plan_test);
    CPPUNIT_TEST(depuncture_map_equals_puncturer);
    CPPUNIT_TEST(plan_covers_the_frames_with_complete_tiles);
    CPPUNIT_TEST(planned_tiles_decode_like_the_engine);
    CPPUNIT_TEST_SUITE_END();

    void depuncture_map_equals_puncturer()
    {
        std::mt19937 rng(4);
        // Framed codes restart the pattern per frame (M not a multiple of the period here);
        // a streaming code's block is one period.
        for (const auto& c : { conv_code::make(7, { 0171, 0133 }, "3/4", termination::TERMINATED, 100),
                               conv_code::make(7, { 0171, 0133 }, "7/8", termination::TAILBITING, 33),
                               conv_code::make(5, { 023, 035 }, "110110", termination::STREAMING),
                               conv_code::make(7, { 0171, 0133 }, "", termination::TRUNCATED, 50),
                               conv_code::make_signed(7, { 0171, -0133 }, "", termination::STREAMING),
                               conv_code::make_signed(7, { -0133, 0171 }, "3/4", termination::TERMINATED, 70) }) {
            const size_t M = c->mother_bits_per_block(), C = c->coded_bits_per_block(), blocks = 9;
            std::vector<int8_t> in(blocks * C);
            for (auto& x : in)
                x = int8_t(int(rng() % 255) - 127);
            std::vector<int8_t> expect(blocks * M);
            const conv::puncturer p(c->puncture_pattern(), c->inverted());
            for (size_t b = 0; b < blocks; ++b)
                CPPUNIT_ASSERT_EQUAL(C, p.depuncture(in.data() + b * C, M, 0, expect.data() + b * M));
            const auto map = cuda::make_depuncture_map(c->puncture_pattern(), M, C, c->inverted());
            CPPUNIT_ASSERT_MESSAGE(c->name(), expect == depuncture_by_map(map, in, blocks));
        }
        CPPUNIT_ASSERT_THROW(cuda::make_depuncture_map(std::vector<uint8_t>(1025, 1), 1025, 1025),
                             std::invalid_argument);
    }

    void plan_covers_the_frames_with_complete_tiles()
    {
        viterbi_tiling t;
        t.payload = 1024;
        t.before = 32;
        t.after = 64;
        for (size_t spb : { 1, 3, 7 }) {
            for (size_t F : { 1, 100, 1024, 5000 }) {
                for (uint64_t f0 : { 0, 1, 9, 1000 }) {
                    for (size_t n : { 1, 2, 77 }) {
                        const stream_batch b = plan_stream_batch(spb, t, F, f0, n);
                        const uint64_t begin = f0 * F, end = begin + n * F;
                        const uint64_t s0 = b.first_block * spb, s1 = s0 + b.n_blocks * spb;
                        CPPUNIT_ASSERT_EQUAL(begin, s0 + b.info_offset);
                        CPPUNIT_ASSERT_EQUAL(begin, b.first_tile * t.payload + b.decoded_offset);
                        CPPUNIT_ASSERT(end <= (b.first_tile + b.n_tiles) * t.payload);
                        CPPUNIT_ASSERT(b.first_tile * t.payload <= begin);
                        // every step of every tile, warm-up and traceback included, is generated
                        const uint64_t warm = b.first_tile * t.payload;
                        CPPUNIT_ASSERT(s0 <= (warm > t.before ? warm - t.before : 0));
                        CPPUNIT_ASSERT(s1 >= (b.first_tile + b.n_tiles) * t.payload + t.after);
                        CPPUNIT_ASSERT(b.n_tiles <= stream_batch_max_tiles(t, F, n));
                        CPPUNIT_ASSERT(b.n_blocks <= stream_batch_max_blocks(spb, t, F, n));
                    }
                }
            }
        }
    }

    void planned_tiles_decode_like_the_engine()
    {
        for (const char* spec : { "conv:term=streaming", "conv:puncture=3/4,term=streaming",
                                  "conv:k=5,polys=23:35:37,term=streaming",
                                  "conv:preset=ccsds,term=streaming" }) {
            check_streaming(spec, 700, 1.5, { 1, 7, 2, 20 });
            // past the host simulation's 2^18-bit generation chunks: the stream goes on
            check_streaming(spec, 2048, 2.0, { 1, 7, 2, 140 });
        }
    }

    /* Batches of frames of @p F bits: the host simulation against batches decoded per
     * stream_plan. */
    static void check_streaming(const std::string& spec, size_t F, double ebn0, const std::vector<size_t>& batches)
    {
        const code_under_test cut = make_code(spec, F);
        const auto c = std::dynamic_pointer_cast<const conv_code>(cut.coded);
        const channel_point channel = make_channel("awgn").at(ebn0, c->rate());
        const viterbi_tiling tiling = viterbi_tiling::defaults(*c);
        size_t frames = 0;
        for (size_t nf : batches)
            frames += nf;
        const size_t spb = c->steps_per_block(), n = c->n();

        // The host simulation's errors per frame, in the same batches.
        const auto sim = cut.cpu({ channel, 9, 0 });
        std::vector<uint32_t> expect;
        for (size_t nf : batches) {
            sim->launch(nf);
            sim->wait();
            expect.resize(expect.size() + nf);
            sim->frame_bit_errors(0, nf, expect.data() + expect.size() - nf);
        }

        // The GPU pipeline's steps on the CPU: the stream, quantized and depunctured as the
        // kernels do, then each batch's planned tiles.
        const size_t blocks = stream_batch_max_blocks(spb, tiling, F, frames) + 2;
        awgn_bpsk_generator gen(c, channel.awgn_noise(c->name()), soft_output::LLR, 9, backend_kind::CPU);
        std::vector<uint8_t> info(blocks * spb);
        std::vector<float> soft(blocks * c->coded_bits_per_block());
        gen.generate(blocks, info.data(), soft.data());
        std::vector<int8_t> q(soft.size());
        for (size_t i = 0; i < q.size(); ++i)
            q[i] = quantize_llr(soft[i], 8.0f);
        const auto map = cuda::make_depuncture_map(c->puncture_pattern(), c->mother_bits_per_block(),
                                                   c->coded_bits_per_block(), c->inverted());
        const std::vector<int8_t> llr = depuncture_by_map(map, q, blocks);

        viterbi_options opts;
        opts.threads = 1;
        const auto tiles = make_viterbi_cpu(*c, tiling, opts);
        uint64_t first = 0;
        size_t checked = 0;
        for (size_t nf : batches) {
            const stream_batch b = plan_stream_batch(spb, tiling, F, first, nf);
            CPPUNIT_ASSERT((b.first_block + b.n_blocks) <= blocks);
            std::vector<uint8_t> decoded(b.n_tiles * tiling.payload);
            tiles->decode_tiles(llr.data() + b.first_block * spb * n, b.first_block * spb,
                                b.n_blocks * spb, b.first_tile, b.n_tiles, decoded.data());
            for (size_t f = 0; f < nf; ++f, ++checked) {
                uint32_t e = 0;
                for (size_t i = 0; i < F; ++i)
                    e += info[b.first_block * spb + b.info_offset + f * F + i] != decoded[b.decoded_offset + f * F + i];
                CPPUNIT_ASSERT_EQUAL_MESSAGE(spec + " frame " + std::to_string(checked), expect[checked], e);
            }
            first += nf;
        }
        size_t errors = 0;
        for (uint32_t e : expect)
            errors += e;
        CPPUNIT_ASSERT_MESSAGE(spec + ": the comparison needs errors", errors > 0);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ber_stream_plan_test);

} // namespace gpufec_ber
