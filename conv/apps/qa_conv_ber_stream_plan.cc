/* The GPU-resident simulation's arithmetic, run on the CPU: decoding each batch as the complete
 * tiles that stream_plan names (with the CPU Viterbi backend in place of the CUDA kernels) gives,
 * frame for frame, the errors of the host simulation, which streams through
 * viterbi_decoder_engine.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "apps/ber/code_registry.h"
#include "conv/core/conv_puncture.h"
#include "skeleton/common/quantize.h"
#include "conv/core/conv_viterbi_backend.h"
#include "conv_ber_stream_plan.h"
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <gnuradio/gpufec/conv/conv_code.h>
#include <cppunit/extensions/HelperMacros.h>
#include <random>
#include <vector>

namespace gpufec_ber {

using namespace gr::gpufec;

class ber_stream_plan_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(ber_stream_plan_test);
    CPPUNIT_TEST(plan_covers_the_frames_with_complete_tiles);
    CPPUNIT_TEST(planned_tiles_decode_like_the_engine);
    CPPUNIT_TEST_SUITE_END();

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
        // Block by block, as the device depuncturer restarts the pattern at every block.
        const conv::puncturer punct(c->puncture_pattern(), c->inverted());
        const size_t M = c->mother_bits_per_block(), C = c->coded_bits_per_block();
        std::vector<int8_t> llr(blocks * M);
        for (size_t b = 0; b < blocks; ++b)
            punct.depuncture(q.data() + b * C, M, 0, llr.data() + b * M);

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
