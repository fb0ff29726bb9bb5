/* Streaming decoding: tiles and flush as docs/viterbi.md specifies, output independent of the
 * chunking (the puncturing phase carries across calls), and agreement with framed decoding.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "qa_conv_viterbi_util.h"
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <cppunit/extensions/HelperMacros.h>
#include <string>

namespace gr {
namespace gpufec {

class viterbi_streaming_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(viterbi_streaming_test);
    CPPUNIT_TEST(equals_reference_tiles);
    CPPUNIT_TEST(chunking_does_not_matter);
    CPPUNIT_TEST(flush_starts_a_new_stream);
    CPPUNIT_TEST(frames_and_stream_agree);
    CPPUNIT_TEST(generator_stream_decodes);
    CPPUNIT_TEST_SUITE_END();

    static viterbi_options cpu(viterbi_tiling tiling, size_t batch = 0, unsigned threads = 1)
    {
        viterbi_options o;
        o.backend = backend_kind::CPU;
        o.tiling = tiling;
        o.max_batch = batch;
        o.threads = threads;
        return o;
    }

    /* Pushes @p y in the given chunk sizes (cycled), pulling as it goes, then flushes. */
    template <typename T>
    static std::vector<uint8_t> stream(const conv_code_sptr& c, const std::vector<T>& y,
                                       const viterbi_options& o, const std::vector<size_t>& chunks)
    {
        viterbi_decoder_engine dec(c, o);
        std::vector<uint8_t> out;
        const auto drain = [&] {
            std::vector<uint8_t> b(dec.available() + 1);
            b.resize(dec.pull(b.data(), b.size()));
            out.insert(out.end(), b.begin(), b.end());
        };
        for (size_t pos = 0, i = 0; pos < y.size(); ++i) {
            const size_t len = std::min(chunks[i % chunks.size()], y.size() - pos);
            dec.push(y.data() + pos, len);
            pos += len;
            if (i % 3 == 0)
                drain();
        }
        dec.flush();
        drain();
        return out;
    }

    void equals_reference_tiles()
    {
        std::mt19937 rng(20);
        // The shortest tiling allowed, odd sizes, and a warm-up longer than a tile.
        const viterbi_tiling tilings[] = { { 16, 1, 1 }, { 33, 7, 20 }, { 100, 200, 50 } };
        for (int k : { 3, 7, 9 })
            for (const char* p : { "", "3/4", "7/8" })
                for (const auto& shape : tilings) {
                    // 0o105 and 0o177, the K=7 code of this family, share the factor 1 + D.
                    const unsigned low = k == 7 ? 011u : 5u;
                    const auto c = conv_code::make(k, { (1u << (k - 1)) | low, (1u << k) - 1 }, p,
                                                   termination::STREAMING);
                    const viterbi_tiling tiling = qa::at_least(shape, *c);
                    // Lengths around whole tiles, and one that ends inside a step.
                    for (size_t len : { size_t(299), size_t(700), size_t(701) }) {
                        const auto y = qa::channel(qa::random_bits(len, rng), 2, 6, rng);
                        CPPUNIT_ASSERT_MESSAGE(c->name() + " " + std::to_string(len),
                                               stream(c, y, cpu(tiling, 2), { 37, 5 }) ==
                                                   qa::reference_stream(*c, tiling, y));
                    }
                }
    }

    void chunking_does_not_matter()
    {
        std::mt19937 rng(21);
        const auto c = conv_code::make(7, { 0171, 0133 }, "7/8", termination::STREAMING);
        const auto info = qa::random_bits(7 * 1500, rng);
        const auto y8 = qa::channel(qa::encode(*c, info), 30, 60, rng);
        std::vector<float> yf(y8.size());
        for (size_t i = 0; i < yf.size(); ++i)
            yf[i] = y8[i] / 8.0f; // llr_scale 8 recovers y8 exactly
        const viterbi_options o = cpu(viterbi_tiling{ 64, 32, 60 }, 3, 2);
        const auto whole = stream(c, y8, o, { y8.size() });
        CPPUNIT_ASSERT_EQUAL(info.size(), whole.size());
        CPPUNIT_ASSERT(stream(c, yf, o, { y8.size() }) == whole);
        for (int trial = 0; trial < 4; ++trial) {
            std::vector<size_t> chunks(17);
            for (auto& ch : chunks)
                ch = 1 + rng() % (trial == 0 ? 3 : 500); // single values and random runs
            CPPUNIT_ASSERT(stream(c, y8, o, chunks) == whole);
            CPPUNIT_ASSERT(stream(c, yf, o, chunks) == whole);
        }
    }

    void flush_starts_a_new_stream()
    {
        std::mt19937 rng(22);
        const auto c = conv_code::make(5, { 023, 035 }, "2/3", termination::STREAMING);
        const auto info = qa::random_bits(2 * 200, rng);
        const auto y = qa::channel(qa::encode(*c, info), 1, 0, rng);
        viterbi_decoder_engine dec(c, cpu(viterbi_tiling{ 50, 10, 30 }));
        std::vector<uint8_t> out(2 * info.size());
        for (int round = 0; round < 2; ++round) {
            dec.push(y.data(), y.size());
            dec.flush();
            CPPUNIT_ASSERT_EQUAL(info.size(), dec.available());
            CPPUNIT_ASSERT_EQUAL(info.size(), dec.pull(out.data(), out.size()));
            CPPUNIT_ASSERT(std::vector<uint8_t>(out.begin(), out.begin() + info.size()) == info);
        }
        dec.flush(); // nothing pending: nothing out
        CPPUNIT_ASSERT_EQUAL(size_t(0), dec.available());
    }

    void frames_and_stream_agree()
    {
        // At high SNR a truncated frame and a stream of the same bits decode alike.
        const auto f = conv_code::make(7, { 0171, 0133 }, "3/4", termination::TRUNCATED, 3000);
        const auto s = conv_code::make(7, { 0171, 0133 }, "3/4", termination::STREAMING);
        awgn_bpsk_generator gen(f, awgn_noise::from_snr(7.0, snr_kind::EBN0, f->rate()),
                                soft_output::LLR, 5, backend_kind::CPU);
        std::vector<uint8_t> info(3000);
        std::vector<float> soft(f->coded_bits_per_block());
        gen.generate(1, info.data(), soft.data());
        viterbi_options o = cpu(viterbi_tiling{});
        const auto framed = viterbi_decode(f, soft, o);
        const auto streamed = viterbi_decode(s, soft, o);
        CPPUNIT_ASSERT(framed == info);
        CPPUNIT_ASSERT(streamed == info);
    }

    void generator_stream_decodes()
    {
        // The generator encodes a streaming code block by block through history_bits().
        const auto c = conv_code::make(7, { 0171, 0133 }, "5/6", termination::STREAMING);
        awgn_bpsk_generator gen(c, awgn_noise::from_snr(8.0, snr_kind::EBN0, c->rate()),
                                soft_output::LLR, 6, backend_kind::CPU);
        viterbi_decoder_engine dec(c, cpu(viterbi_tiling{}, 0, 2));
        std::vector<uint8_t> info, out;
        for (size_t call = 0; call < 20; ++call) {
            const size_t blocks = 1 + call * 37 % 400;
            std::vector<uint8_t> b(blocks * c->info_bits_per_block());
            std::vector<float> soft(blocks * c->coded_bits_per_block());
            gen.generate(blocks, b.data(), soft.data());
            info.insert(info.end(), b.begin(), b.end());
            dec.push(soft.data(), soft.size());
        }
        dec.flush();
        out.resize(dec.available());
        dec.pull(out.data(), out.size());
        CPPUNIT_ASSERT(out == info);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(viterbi_streaming_test);

} // namespace gpufec
} // namespace gr
