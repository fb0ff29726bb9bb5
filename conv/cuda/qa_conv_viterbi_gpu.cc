/* The CUDA Viterbi decoder takes the CPU reference's decisions bit for bit, and the GPU
 * convolutional encoder writes conv_code::encode's bits.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/cuda/device_buffer.h"
#include "skeleton/core/gpu_encoder.h"
#include "conv/common/conv_code_trellis.h"
#include "qa_conv_viterbi_dpx_jit_codes.h"
#include "conv_viterbi_kernels.h"
#include "conv_viterbi_tile_dpx_catalogue.h"
#include "conv_viterbi_tile_dpx_jit.h"
#include "conv_viterbi_tile_kernels.h" // viterbi_tile_dpx_available
#include "skeleton/cuda/device_caps.h"
#include "skeleton/test/qa_ptx_jit.h"
#include "conv/core/qa_conv_viterbi_util.h"
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <gnuradio/gpufec/conv/viterbi.h>
#include <cppunit/extensions/HelperMacros.h>
#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

namespace {

/* Generators for constraint length k and n outputs that tap the newest and the oldest bit,
 * distinct and not catastrophic (conv_code rejects the others). */
std::vector<unsigned> polys_for(int k, unsigned n, std::mt19937& rng)
{
    static const std::vector<unsigned> k7 = { 0171, 0133, 0165, 0117 };
    if (k == 7)
        return std::vector<unsigned>(k7.begin(), k7.begin() + n);
    std::vector<unsigned> p(n);
    for (;;) {
        for (auto& g : p)
            g = (1u << (k - 1)) | 1u | (rng() & ((1u << k) - 1));
        if (n > 2) // one generator that does not tap both ends: a less symmetric trellis
            p[2] = (rng() & ((1u << (k - 1)) - 1)) | 1u;
        if (n > 3) // any odd generator: k = 3 has only two that tap both ends
            p[3] = (rng() & ((1u << k) - 1)) | 1u;
        try {
            conv_code(k, p);
            return p;
        } catch (const std::invalid_argument&) {
        }
    }
}

/* Noisy BPSK of a code's encoding of random bits, as soft values (positive = bit 1). */
std::vector<float> noisy(const conv_code& c, size_t n_blocks, float sigma, std::mt19937& rng)
{
    const size_t hist = c.history_bits();
    std::vector<uint8_t> info(hist + n_blocks * c.info_bits_per_block());
    for (auto& b : info)
        b = rng() & 1;
    std::fill(info.begin(), info.begin() + hist, 0);
    std::vector<uint8_t> coded(n_blocks * c.coded_bits_per_block());
    c.encode(info.data() + hist, coded.data(), n_blocks);
    std::normal_distribution<float> z(0.0f, sigma);
    std::vector<float> soft(coded.size());
    for (size_t i = 0; i < soft.size(); ++i)
        soft[i] = (coded[i] ? 1.0f : -1.0f) + z(rng);
    return soft;
}

/* int8 soft values from a small alphabet: many equal path metrics, so ties decide. */
std::vector<int8_t> coarse(size_t n, std::mt19937& rng)
{
    std::vector<int8_t> v(n);
    for (auto& x : v)
        x = int8_t(int(rng() % 5) - 2);
    return v;
}

std::vector<int8_t> full_range(size_t n, std::mt19937& rng)
{
    std::vector<int8_t> v(n);
    for (auto& x : v)
        x = int8_t(rng() & 0xff); // -128 included
    return v;
}

viterbi_options opts_for(backend_kind b, size_t max_batch = 0)
{
    viterbi_options o;
    o.backend = b;
    o.max_batch = max_batch;
    o.threads = 2;
    return o;
}

template <typename T>
std::vector<uint8_t> decode_frames(conv_code_sptr c, const std::vector<T>& soft, backend_kind b, size_t max_batch)
{
    viterbi_decoder_engine dec(c, opts_for(b, max_batch));
    const size_t n_frames = soft.size() / c->coded_bits_per_block();
    std::vector<uint8_t> bits(n_frames * c->frame_bits(), 0xee);
    dec.decode_frames(soft.data(), bits.data(), n_frames);
    return bits;
}

/* A stream pushed in the given chunk lengths (cycled), then flushed. */
template <typename T>
std::vector<uint8_t> decode_stream(conv_code_sptr c,
                                   const std::vector<T>& soft,
                                   backend_kind b,
                                   const viterbi_tiling& tiling,
                                   const std::vector<size_t>& chunks,
                                   size_t max_batch)
{
    viterbi_options o = opts_for(b, max_batch);
    o.tiling = qa::at_least(tiling, *c);
    viterbi_decoder_engine dec(c, o);
    std::vector<uint8_t> out;
    size_t done = 0, q = 0;
    auto drain = [&] {
        std::vector<uint8_t> tmp(dec.available());
        dec.pull(tmp.data(), tmp.size());
        out.insert(out.end(), tmp.begin(), tmp.end());
    };
    while (done < soft.size()) {
        const size_t len = std::min(chunks[q++ % chunks.size()], soft.size() - done);
        dec.push(soft.data() + done, len);
        done += len;
        drain();
    }
    dec.flush();
    drain();
    return out;
}

std::string where(const conv_code& c, const std::string& what)
{
    return c.name() + " " + what;
}

/* The JIT off for a test's scope: random codes outside the DPX catalogue take the warp kernel
 * instead of an NVRTC compilation each (4-30 s); the tests of dpx_jit_examples cover the JIT. */
struct jit_off {
    const bool was = cuda::viterbi_dpx_jit_enabled();
    jit_off() { cuda::set_viterbi_dpx_jit_enabled(false); }
    ~jit_off() { cuda::set_viterbi_dpx_jit_enabled(was); }
    jit_off(const jit_off&) = delete;
    jit_off& operator=(const jit_off&) = delete;
};

} // namespace

class viterbi_gpu_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(viterbi_gpu_test);
    CPPUNIT_TEST(frames_match_cpu_all_codes);
    CPPUNIT_TEST(frames_ties_and_extremes);
    CPPUNIT_TEST(frames_long_survivors_in_global_memory);
    CPPUNIT_TEST(batch_of_one_frame_decodes_alike);
    CPPUNIT_TEST(streaming_matches_cpu_any_chunking);
    CPPUNIT_TEST(dpx_kernels_where_the_image_has_them);
    CPPUNIT_TEST(tile_kernels_equal_general_kernel);
    CPPUNIT_TEST(dpx_catalogue_equals_general_kernel);
    CPPUNIT_TEST(dpx_catalogue_streams_match_cpu);
    CPPUNIT_TEST(dpx_catalogue_frames_match_cpu);
    CPPUNIT_TEST(dpx_jit_equals_general_kernel);
    CPPUNIT_TEST(dpx_jit_streams_match_cpu);
    CPPUNIT_TEST(dpx_jit_frames_match_cpu);
    CPPUNIT_TEST(clean_full_scale_input_decodes_exactly);
    CPPUNIT_TEST(encoder_matches_cpu);
    CPPUNIT_TEST(generator_with_conv_code_matches_cpu);
    CPPUNIT_TEST(inverted_outputs_match_cpu);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override
    {
        CPPUNIT_ASSERT_MESSAGE("the GPU suite needs a CUDA device", cuda_device_count() > 0);
    }

private:
    /* Random codes of every K and n (warp kernel, but for catalogue codes) against the CPU. */
    void frames_match_cpu_all_codes()
    {
        const jit_off no_jit;
        std::mt19937 rng(11);
        const termination terms[] = { termination::TERMINATED, termination::TRUNCATED,
                                      termination::TAILBITING };
        for (int k = 3; k <= 9; ++k)
            for (unsigned n = 2; n <= 4; ++n)
                for (termination term : terms) {
                    const bool punct = n == 2 && (k + int(term)) % 2 == 0;
                    const size_t frame = (k * 37 + n * 11 + int(term) * 5) % 300 + 1;
                    auto c = conv_code::make(k, polys_for(k, n, rng), punct ? "3/4" : "", term, frame);
                    for (float sigma : { 0.4f, 0.8f, 1.2f }) {
                        const auto soft = noisy(*c, 9, sigma, rng);
                        const auto cpu = decode_frames(c, soft, backend_kind::CPU, 0);
                        const auto gpu = decode_frames(c, soft, backend_kind::CUDA, 4);
                        CPPUNIT_ASSERT_MESSAGE(where(*c, "sigma " + std::to_string(sigma)), cpu == gpu);
                    }
                }
    }

    void frames_ties_and_extremes()
    {
        std::mt19937 rng(12);
        for (const char* p : { "", "2/3", "5/6", "7/8", "110111" })
            for (termination term :
                 { termination::TERMINATED, termination::TRUNCATED, termination::TAILBITING })
                for (size_t frame : { size_t(1), size_t(3), size_t(6), size_t(47), size_t(1000) }) {
                    auto c = conv_code::make(7, { 0171, 0133 }, p, term, frame);
                    for (int variant = 0; variant < 2; ++variant) {
                        const size_t len = 5 * c->coded_bits_per_block();
                        const auto soft = variant ? full_range(len, rng) : coarse(len, rng);
                        CPPUNIT_ASSERT_MESSAGE(
                            where(*c, variant ? "full range" : "coarse"),
                            decode_frames(c, soft, backend_kind::CPU, 0) ==
                                decode_frames(c, soft, backend_kind::CUDA, 3));
                    }
                }
    }

    void frames_long_survivors_in_global_memory()
    {
        const jit_off no_jit; // the warp kernel's subject (K=9: a random code outside the catalogue)
        std::mt19937 rng(13);
        // 48 KiB of survivors per warp is the shared-memory limit: these go to global memory.
        for (int k : { 7, 9 }) {
            auto c = conv_code::make(k, polys_for(k, 2, rng), "", termination::TAILBITING, 20011);
            const auto soft = noisy(*c, 3, 0.9f, rng);
            CPPUNIT_ASSERT_MESSAGE(where(*c, "long"),
                                   decode_frames(c, soft, backend_kind::CPU, 0) ==
                                       decode_frames(c, soft, backend_kind::CUDA, 0));
        }
    }

    void batch_of_one_frame_decodes_alike()
    {
        std::mt19937 rng(14);
        auto c = conv_code::make(7, { 0171, 0133 }, "3/4", termination::TERMINATED, 501);
        const auto one = noisy(*c, 1, 1.0f, rng);
        std::vector<float> many;
        for (int i = 0; i < 333; ++i)
            many.insert(many.end(), one.begin(), one.end());
        const auto gpu = decode_frames(c, many, backend_kind::CUDA, 100);
        const auto ref = decode_frames(c, one, backend_kind::CPU, 0);
        for (size_t f = 0; f < 333; ++f)
            CPPUNIT_ASSERT_MESSAGE("frame " + std::to_string(f),
                                   std::equal(ref.begin(), ref.end(), gpu.begin() + f * 501));
    }

    /* The engine's chunking (random codes on the warp kernel, K=7 r1/2 on its default kernel). */
    void streaming_matches_cpu_any_chunking()
    {
        const jit_off no_jit;
        std::mt19937 rng(15);
        struct stream_case {
            int k;
            unsigned n;
            const char* punct;
            viterbi_tiling tiling;
        };
        const stream_case cases[] = {
            { 7, 2, "", viterbi_tiling{} },                 // the defaults: the register kernel
            { 7, 2, "3/4", viterbi_tiling{ 64, 1, 24 } },   // the shortest warm-up
            { 7, 2, "7/8", viterbi_tiling{ 37, 13, 29 } },  // odd sizes
            { 7, 2, "", viterbi_tiling{ 1, 5, 1 } },
            { 3, 2, "", viterbi_tiling{ 100, 7, 15 } },
            { 5, 3, "", viterbi_tiling{ 77, 20, 30 } },
            { 9, 2, "2/3", viterbi_tiling{ 300, 40, 90 } },
            { 8, 4, "", viterbi_tiling{ 129, 31, 40 } },
            { 6, 2, "5/6", viterbi_tiling{ 50, 60, 70 } },   // warm-up longer than a tile
        };
        for (const auto& sc : cases) {
            auto c = conv_code::make(sc.k, polys_for(sc.k, sc.n, rng), sc.punct, termination::STREAMING);
            const size_t blocks = 40000 / c->info_bits_per_block() + 1;
            const auto soft = noisy(*c, blocks, 0.9f, rng);
            const auto cpu = decode_stream(c, soft, backend_kind::CPU, sc.tiling, { soft.size() }, 0);
            CPPUNIT_ASSERT_EQUAL(blocks * c->info_bits_per_block(), cpu.size());
            const std::vector<size_t> one = { soft.size() };
            const std::vector<size_t> odd = { 1, 7, 1000, 3, 4099, 65536 + 17 };
            const std::vector<size_t> small = { 13 };
            for (const auto* chunks : { &one, &odd, &small })
                for (size_t batch : { size_t(0), size_t(5) }) {
                    const auto gpu = decode_stream(c, soft, backend_kind::CUDA, sc.tiling, *chunks, batch);
                    CPPUNIT_ASSERT_MESSAGE(where(*c, "P=" + std::to_string(sc.tiling.payload) +
                                                         " chunks " + std::to_string((*chunks)[0]) +
                                                         " batch " + std::to_string(batch)),
                                           cpu == gpu);
                }
            // int8 input at full range too (ties and -128).
            const auto raw = full_range(soft.size(), rng);
            CPPUNIT_ASSERT_MESSAGE(where(*c, "int8"),
                                   decode_stream(c, raw, backend_kind::CPU, sc.tiling, { raw.size() }, 0) ==
                                       decode_stream(c, raw, backend_kind::CUDA, sc.tiling, odd, 0));
        }
    }

    /* The DPX kernels are there exactly where the loaded image has their code: on a Hopper
     * with the build's machine code, yes (so the DPX tests below cannot quietly test nothing);
     * with CUDA_FORCE_PTX_JIT=1 the driver runs the build's PTX for older GPUs, whose DPX
     * kernels are empty, and then no caller may get them. */
    void dpx_kernels_where_the_image_has_them()
    {
        const bool hopper = cuda::current_device_caps().major == 9;
        const bool expected = hopper && !qa::ptx_jit_forced();
        CPPUNIT_ASSERT_EQUAL(expected, cuda::viterbi_tile_dpx_available());
        const conv::trellis t{ 7, 2, { 0171, 0133, 0, 0 } };
        if (hopper)
            CPPUNIT_ASSERT_EQUAL(expected, cuda::viterbi_tile_dpx_native());
        if (expected)
            return;
        // Nothing to launch: AUTO takes another kernel, and a caller who names DPX gets the
        // warp kernel (launch_viterbi_tiles), as for a code without DPX kernels.
        CPPUNIT_ASSERT(cuda::viterbi_tile_dpx_kernels(t).tile == nullptr);
        CPPUNIT_ASSERT(cuda::viterbi_tile_dpx_kernels(t).frame == nullptr);
        CPPUNIT_ASSERT(cuda::pick_viterbi_tile_kernel(t, { 1024, 32, 64 }) != cuda::viterbi_tile_kernel::DPX);
    }

    /* Every streaming kernel against the warp kernel (itself checked against the CPU above) on
     * noisy, tie-heavy and full-range int8 input (-128 included), with a state-0-known first
     * tile and clipped tiles at the end; tiles long enough for several renormalisations of the
     * DPX kernel's 16-bit metrics. */
    void tile_kernels_equal_general_kernel()
    {
        std::mt19937 rng(16);
        auto c = conv_code::make(7, { 0171, 0133 }, "", termination::STREAMING);
        for (unsigned g0 : { 0171u, 0133u }) {
            const conv::trellis t{ 7, 2, { g0, g0 == 0171u ? 0133u : 0171u, 0, 0 } };
            for (const cuda::viterbi_tile_shape shape :
                 { cuda::viterbi_tile_shape{ 1024, 32, 64 }, cuda::viterbi_tile_shape{ 61, 45, 23 },
                   cuda::viterbi_tile_shape{ 256, 0, 40 }, cuda::viterbi_tile_shape{ 1, 5, 1 },
                   cuda::viterbi_tile_shape{ 5000, 7, 300 } }) {
                const size_t n_tiles = shape.payload >= 1000 ? 700 : 3000;
                const size_t n_steps = n_tiles * shape.payload + 17;
                for (int variant = 0; variant < 3; ++variant) {
                    std::vector<int8_t> llr;
                    if (variant == 0)
                        llr = coarse(2 * n_steps, rng);
                    else if (variant == 1)
                        llr = full_range(2 * n_steps, rng);
                    else {
                        const auto soft = noisy(*c, n_steps / c->info_bits_per_block() + 1, 0.7f, rng);
                        for (float x : soft)
                            llr.push_back(int8_t(std::max(-128.0f, std::min(127.0f, std::round(x * 40)))));
                        llr.resize(2 * n_steps);
                    }
                    cuda::stream s;
                    cuda::device_buffer<int8_t> d_llr(llr.size());
                    GPUFEC_CUDA_CHECK(cudaMemcpy(d_llr.get(), llr.data(), llr.size(), cudaMemcpyHostToDevice));
                    // Tiles whose traceback reaches past the end are clipped: the last is partial.
                    const size_t tiles = (n_steps + shape.payload - 1) / shape.payload;
                    const cuda::viterbi_tile_kernel kinds[] = { cuda::viterbi_tile_kernel::GENERAL,
                                                                cuda::viterbi_tile_kernel::AUTO,
                                                                cuda::viterbi_tile_kernel::REGISTER,
                                                                cuda::viterbi_tile_kernel::DPX };
                    std::vector<uint8_t> out[4];
                    for (int w = 0; w < 4; ++w) {
                        const auto which = kinds[w];
                        cuda::device_buffer<uint8_t> d_bits(tiles * shape.payload);
                        cuda::device_buffer<uint8_t> work(
                            std::max<size_t>(1, cuda::viterbi_tiles_workspace_bytes(t, shape, tiles, which)));
                        GPUFEC_CUDA_CHECK(cudaMemset(d_bits.get(), 0xee, tiles * shape.payload));
                        cuda::launch_viterbi_tiles(t, shape, d_llr.get(), 0, n_steps, 0, tiles,
                                                   d_bits.get(), work.get(), s.get(), which);
                        out[w].resize(n_steps);
                        GPUFEC_CUDA_CHECK(cudaMemcpyAsync(out[w].data(), d_bits.get(), n_steps,
                                                          cudaMemcpyDeviceToHost, s.get()));
                        s.synchronize();
                    }
                    for (int w = 1; w < 4; ++w)
                        CPPUNIT_ASSERT_MESSAGE("P=" + std::to_string(shape.payload) + " variant " +
                                                   std::to_string(variant) + " kernel " + std::to_string(w),
                                               out[w] == out[0]);
                }
            }
        }
    }

    /* launch_viterbi_tiles on the DPX kernel (forced, and AUTO, which picks it on Hopper) and
     * on the warp kernel, for every code of the DPX catalogue (K 3..9, n 2..4): noisy,
     * tie-heavy and full-range input, a state-0-known first tile and clipped tiles at the end,
     * and the tiles split over two launches (first_tile and first_step not 0, as a streaming
     * engine launches them). */
    void dpx_catalogue_equals_general_kernel() { dpx_equals_general_kernel<cuda::dpx_catalogue>(19); }

    /* The same for codes outside the catalogue: NVRTC's kernels (docs/viterbi.md, JIT). */
    void dpx_jit_equals_general_kernel() { dpx_equals_general_kernel<cuda::dpx_jit_examples>(119); }

    template <class Codes>
    void dpx_equals_general_kernel(unsigned seed)
    {
        if (!cuda::viterbi_tile_dpx_available())
            return; // nothing to force (dpx_kernels_where_the_image_has_them checks that is right)
        std::mt19937 rng(seed);
        Codes::for_each([&](auto code) {
            const conv::trellis t = decltype(code)::trellis();
            // The DPX kernel exists for the code (else DPX would quietly run the warp kernel).
            CPPUNIT_ASSERT_MESSAGE("K=" + std::to_string(t.k) + " g0=" + std::to_string(t.polys[0]) + " DPX kernel",
                                   cuda::viterbi_tile_dpx_kernels(t).tile != nullptr);
            const std::vector<unsigned> polys(t.polys, t.polys + t.n);
            const auto c = conv_code::make(t.k, polys, "", termination::STREAMING);
            for (const cuda::viterbi_tile_shape shape :
                 { cuda::viterbi_tile_shape{ 1024, 32, 64 }, cuda::viterbi_tile_shape{ 61, 45, 23 },
                   cuda::viterbi_tile_shape{ 1, 5, 1 }, cuda::viterbi_tile_shape{ 3000, 0, 300 } }) {
                // Small enough for the memcheck run of the whole suite (scripts/device-check).
                const size_t n_tiles = shape.payload >= 3000 ? 40 : shape.payload >= 1000 ? 100 : 1000;
                const size_t n_steps = n_tiles * shape.payload + 17;
                const size_t tiles = (n_steps + shape.payload - 1) / shape.payload;
                for (int variant = 0; variant < 3; ++variant) {
                    std::vector<int8_t> llr;
                    if (variant == 0)
                        llr = coarse(t.n * n_steps, rng);
                    else if (variant == 1)
                        llr = full_range(t.n * n_steps, rng);
                    else {
                        const auto soft = noisy(*c, n_steps + 1, 0.7f, rng);
                        for (float x : soft)
                            llr.push_back(int8_t(std::max(-128.0f, std::min(127.0f, std::round(x * 40)))));
                        llr.resize(t.n * n_steps);
                    }
                    cuda::stream st;
                    cuda::device_buffer<int8_t> d_llr(llr.size());
                    GPUFEC_CUDA_CHECK(cudaMemcpy(d_llr.get(), llr.data(), llr.size(), cudaMemcpyHostToDevice));
                    const auto run = [&](cuda::viterbi_tile_kernel which, size_t split) {
                        cuda::device_buffer<uint8_t> d_bits(tiles * shape.payload);
                        cuda::device_buffer<uint8_t> work(
                            std::max<size_t>(1, cuda::viterbi_tiles_workspace_bytes(t, shape, tiles, which)));
                        GPUFEC_CUDA_CHECK(cudaMemset(d_bits.get(), 0xee, tiles * shape.payload));
                        // Tiles [0, split), then [split, tiles) from the first step they read.
                        cuda::launch_viterbi_tiles(t, shape, d_llr.get(), 0, n_steps, 0, split, d_bits.get(),
                                                   work.get(), st.get(), which);
                        const size_t from = split * shape.payload > shape.before
                                                ? split * shape.payload - shape.before
                                                : 0;
                        cuda::launch_viterbi_tiles(t, shape, d_llr.get() + t.n * from, from, n_steps - from,
                                                   split, tiles - split, d_bits.get() + split * shape.payload,
                                                   work.get(), st.get(), which);
                        std::vector<uint8_t> h(n_steps);
                        GPUFEC_CUDA_CHECK(cudaMemcpyAsync(h.data(), d_bits.get(), n_steps,
                                                          cudaMemcpyDeviceToHost, st.get()));
                        st.synchronize();
                        return h;
                    };
                    const auto general = run(cuda::viterbi_tile_kernel::GENERAL, tiles);
                    const std::string what = where(*c, "P=" + std::to_string(shape.payload) + " variant " +
                                                           std::to_string(variant));
                    CPPUNIT_ASSERT_MESSAGE(what + " DPX", run(cuda::viterbi_tile_kernel::DPX, tiles) == general);
                    CPPUNIT_ASSERT_MESSAGE(what + " DPX split",
                                           run(cuda::viterbi_tile_kernel::DPX, tiles / 3 + 1) == general);
                    CPPUNIT_ASSERT_MESSAGE(what + " AUTO", run(cuda::viterbi_tile_kernel::AUTO, tiles) == general);
                }
            }
            if (cuda::viterbi_tile_dpx_native())
                CPPUNIT_ASSERT_MESSAGE(where(*c, "AUTO picks DPX on Hopper"),
                                       cuda::pick_viterbi_tile_kernel(t, { 1024, 32, 64 }) ==
                                           cuda::viterbi_tile_kernel::DPX);
        });
    }

    /* The engine on the GPU (which picks the DPX kernel for these codes on Hopper) against the
     * CPU, for every catalogue code, punctured where the code is rate 1/2, pushed in odd chunks;
     * float noisy input and full-range int8. */
    void dpx_catalogue_streams_match_cpu() { dpx_streams_match_cpu<cuda::dpx_catalogue>(20); }

    /* The same for codes outside the catalogue (AUTO takes NVRTC's kernel on Hopper). */
    void dpx_jit_streams_match_cpu() { dpx_streams_match_cpu<cuda::dpx_jit_examples>(120); }

    template <class Codes>
    void dpx_streams_match_cpu(unsigned seed)
    {
        std::mt19937 rng(seed);
        int index = 0;
        Codes::for_each([&](auto code) {
            const conv::trellis t = decltype(code)::trellis();
            const std::vector<unsigned> polys(t.polys, t.polys + t.n);
            const char* puncture = t.n == 2 ? (index % 2 ? "3/4" : "7/8") : "";
            ++index;
            const auto c = conv_code::make(t.k, polys, puncture, termination::STREAMING);
            const size_t blocks = 30000 / c->info_bits_per_block() + 1;
            const auto soft = noisy(*c, blocks, 0.9f, rng);
            const std::vector<size_t> odd = { 1, 7, 1000, 3, 4099, 65536 + 17 };
            for (const viterbi_tiling tiling : { viterbi_tiling{}, viterbi_tiling{ 77, 20, 30 } }) {
                const auto cpu = decode_stream(c, soft, backend_kind::CPU, tiling, { soft.size() }, 0);
                CPPUNIT_ASSERT_MESSAGE(where(*c, "float, odd chunks"),
                                       cpu == decode_stream(c, soft, backend_kind::CUDA, tiling, odd, 5));
                const auto raw = full_range(soft.size(), rng);
                CPPUNIT_ASSERT_MESSAGE(where(*c, "int8 full range"),
                                       decode_stream(c, raw, backend_kind::CPU, tiling, { raw.size() }, 0) ==
                                           decode_stream(c, raw, backend_kind::CUDA, tiling, odd, 0));
            }
        });
    }

    /* Framed codes of the DPX catalogue (one thread per frame on Hopper) against the CPU: every
     * termination, frames shorter than the tail-biting wrap and long ones, punctured rate-1/2
     * codes, noisy float and full-range int8 input, batches that split the frames. */
    void dpx_catalogue_frames_match_cpu() { dpx_frames_match_cpu<cuda::dpx_catalogue>(21); }

    /* The same for codes outside the catalogue (NVRTC's frame kernel on Hopper). */
    void dpx_jit_frames_match_cpu() { dpx_frames_match_cpu<cuda::dpx_jit_examples>(121); }

    template <class Codes>
    void dpx_frames_match_cpu(unsigned seed)
    {
        std::mt19937 rng(seed);
        int index = 0;
        Codes::for_each([&](auto code) {
            const conv::trellis t = decltype(code)::trellis();
            CPPUNIT_ASSERT_MESSAGE("K=" + std::to_string(t.k) + " g0=" + std::to_string(t.polys[0]) +
                                       " DPX frame kernel",
                                   cuda::viterbi_tile_dpx_kernels(t).frame != nullptr ||
                                       !cuda::viterbi_tile_dpx_available());
            const std::vector<unsigned> polys(t.polys, t.polys + t.n);
            for (termination term : { termination::TERMINATED, termination::TRUNCATED, termination::TAILBITING })
                for (size_t frame : { size_t(1), size_t(6), size_t(47), size_t(1000), size_t(2048) }) {
                    const char* puncture = t.n == 2 && ++index % 3 == 0 ? "2/3" : "";
                    const auto c = conv_code::make(t.k, polys, puncture, term, frame);
                    const size_t frames = frame >= 1000 ? 70 : 300;
                    const auto soft = noisy(*c, frames, 0.8f, rng);
                    CPPUNIT_ASSERT_MESSAGE(where(*c, "float"), decode_frames(c, soft, backend_kind::CPU, 0) ==
                                                                   decode_frames(c, soft, backend_kind::CUDA, 33));
                    const auto raw = full_range(soft.size(), rng);
                    CPPUNIT_ASSERT_MESSAGE(where(*c, "int8 full range"),
                                           decode_frames(c, raw, backend_kind::CPU, 0) ==
                                               decode_frames(c, raw, backend_kind::CUDA, 0));
                }
        });
    }

    /* Clean full-scale input (+-127, no noise) drives the path metrics' spread to its largest:
     * metric renormalisation is at its limit there (the DPX kernel keeps 16-bit metrics). Long
     * streams and frames must decode exactly, on every kernel, with the CPU's decisions. */
    void clean_full_scale_input_decodes_exactly()
    {
        std::mt19937 rng(41);
        const auto full_scale = [](const conv_code& c, const std::vector<uint8_t>& info) {
            const size_t h = c.history_bits(), blocks = info.size() / c.info_bits_per_block();
            std::vector<uint8_t> in(h + info.size(), 0), coded(blocks * c.coded_bits_per_block());
            std::copy(info.begin(), info.end(), in.begin() + h);
            c.encode(in.data() + h, coded.data(), blocks);
            std::vector<int8_t> soft(coded.size());
            for (size_t i = 0; i < coded.size(); ++i)
                soft[i] = coded[i] ? 127 : -127;
            return soft;
        };
        for (const auto& c : { conv_code::make(7, { 0171, 0133 }, "", termination::STREAMING),
                               conv_code::make(7, { 0171, 0133 }, "3/4", termination::STREAMING),
                               conv_code::make(5, { 023, 035 }, "", termination::STREAMING),
                               conv_code::make(9, { 0561, 0753 }, "", termination::STREAMING) }) {
            const size_t blocks = (size_t(1) << 20) / c->info_bits_per_block();
            std::vector<uint8_t> info(blocks * c->info_bits_per_block());
            for (auto& b : info)
                b = rng() & 1;
            const auto soft = full_scale(*c, info);
            const auto gpu = decode_stream(c, soft, backend_kind::CUDA, viterbi_tiling{}, { soft.size() }, 0);
            CPPUNIT_ASSERT_MESSAGE(where(*c, "GPU decodes a clean full-scale stream"), gpu == info);
            CPPUNIT_ASSERT_MESSAGE(where(*c, "CPU"), decode_stream(c, soft, backend_kind::CPU, viterbi_tiling{},
                                                                   { soft.size() }, 0) == gpu);
        }
        for (int k : { 7, 9 }) {
            const auto c = conv_code::make(k, k == 7 ? std::vector<unsigned>{ 0171, 0133 }
                                                     : std::vector<unsigned>{ 0561, 0753 },
                                           "", termination::TERMINATED, 1 << 16);
            std::vector<uint8_t> info(8 << 16);
            for (auto& b : info)
                b = rng() & 1;
            const auto soft = full_scale(*c, info);
            const auto gpu = decode_frames(c, soft, backend_kind::CUDA, 0);
            CPPUNIT_ASSERT_MESSAGE(where(*c, "GPU decodes clean full-scale frames"), gpu == info);
            CPPUNIT_ASSERT_MESSAGE(where(*c, "CPU"), decode_frames(c, soft, backend_kind::CPU, 0) == gpu);
        }
    }

    void encoder_matches_cpu()
    {
        std::mt19937 rng(17);
        const termination terms[] = { termination::TERMINATED, termination::TRUNCATED,
                                      termination::TAILBITING, termination::STREAMING };
        for (int k = 3; k <= 9; k += 2)
            for (unsigned n = 2; n <= 4; ++n)
                for (termination term : terms)
                    for (const char* p : { "", "3/4", "7/8" })
                        for (size_t frame : { size_t(1), size_t(5), size_t(333) }) {
                            if (n > 2 && *p)
                                continue;
                            auto c = conv_code::make(k, polys_for(k, n, rng), p, term, frame);
                            const size_t blocks = 57, hist = c->history_bits();
                            std::vector<uint8_t> info(hist + blocks * c->info_bits_per_block());
                            for (auto& b : info)
                                b = rng() & 1;
                            std::vector<uint8_t> cpu(blocks * c->coded_bits_per_block()), gpu(cpu.size());
                            c->encode(info.data() + hist, cpu.data(), blocks);
                            cuda::device_buffer<uint8_t> d_info(info.size()), d_coded(gpu.size());
                            GPUFEC_CUDA_CHECK(cudaMemcpy(d_info.get(), info.data(), info.size(), cudaMemcpyHostToDevice));
                            gpu_encoder_for(*c)(*c, d_info.get() + hist, d_coded.get(), blocks, nullptr);
                            GPUFEC_CUDA_CHECK(cudaMemcpy(gpu.data(), d_coded.get(), gpu.size(), cudaMemcpyDeviceToHost));
                            CPPUNIT_ASSERT_MESSAGE(where(*c, "encoder"), cpu == gpu);
                        }
    }

    void generator_with_conv_code_matches_cpu()
    {
        const awgn_noise noise = awgn_noise::from_snr(3.0, snr_kind::EBN0, 0.5);
        for (termination term : { termination::TERMINATED, termination::STREAMING }) {
            auto c = conv_code::make(7, { 0171, 0133 }, "3/4", term, 1000);
            awgn_bpsk_generator g_cpu(c, noise, soft_output::LLR, 5, backend_kind::CPU);
            awgn_bpsk_generator g_gpu(c, noise, soft_output::LLR, 5, backend_kind::CUDA);
            for (size_t blocks : { size_t(1), size_t(7), size_t(3001), size_t(20000) }) {
                std::vector<uint8_t> i1(blocks * c->info_bits_per_block()), i2(i1.size());
                std::vector<float> s1(blocks * c->coded_bits_per_block()), s2(s1.size());
                g_cpu.generate(blocks, i1.data(), s1.data());
                g_gpu.generate(blocks, i2.data(), s2.data());
                CPPUNIT_ASSERT_MESSAGE(where(*c, "info"), i1 == i2);
                CPPUNIT_ASSERT_MESSAGE(where(*c, "soft"), s1 == s2);
            }
        }
    }

    /* Inverted outputs (gr-fec's negative generators; CCSDS, NASA-DSN): the engine negates
     * their soft values before either backend sees them, so the CUDA decisions equal the CPU's,
     * and the GPU encoder complements the same bits as conv_code::encode. */
    void inverted_outputs_match_cpu()
    {
        std::mt19937 rng(19);
        const std::vector<std::vector<int>> codes = { { 0171, -0133 }, { -0133, 0171 },
                                                      { -0133, 0171, -0165 } };
        for (const auto& polys : codes)
            for (const char* p : { "", "3/4" })
                for (termination term : { termination::TERMINATED, termination::TRUNCATED,
                                          termination::TAILBITING, termination::STREAMING }) {
                    if (polys.size() > 2 && *p)
                        continue;
                    auto c = conv_code::make_signed(7, polys, p, term, 700);
                    if (term == termination::STREAMING) {
                        const auto soft = noisy(*c, 40000 / c->info_bits_per_block() + 1, 0.9f, rng);
                        const auto cpu = decode_stream(c, soft, backend_kind::CPU, {}, { soft.size() }, 0);
                        CPPUNIT_ASSERT_MESSAGE(where(*c, "stream"),
                                               cpu == decode_stream(c, soft, backend_kind::CUDA, {},
                                                                    { 1, 7, 1000, 4099 }, 0));
                    } else {
                        const auto soft = noisy(*c, 9, 0.9f, rng);
                        CPPUNIT_ASSERT_MESSAGE(where(*c, "frames"),
                                               decode_frames(c, soft, backend_kind::CPU, 0) ==
                                                   decode_frames(c, soft, backend_kind::CUDA, 4));
                    }
                    const size_t blocks = 57, hist = c->history_bits();
                    std::vector<uint8_t> info(hist + blocks * c->info_bits_per_block());
                    for (auto& b : info)
                        b = rng() & 1;
                    std::vector<uint8_t> cpu(blocks * c->coded_bits_per_block()), gpu(cpu.size());
                    c->encode(info.data() + hist, cpu.data(), blocks);
                    cuda::device_buffer<uint8_t> d_info(info.size()), d_coded(gpu.size());
                    GPUFEC_CUDA_CHECK(cudaMemcpy(d_info.get(), info.data(), info.size(), cudaMemcpyHostToDevice));
                    gpu_encoder_for(*c)(*c, d_info.get() + hist, d_coded.get(), blocks, nullptr);
                    GPUFEC_CUDA_CHECK(cudaMemcpy(gpu.data(), d_coded.get(), gpu.size(), cudaMemcpyDeviceToHost));
                    CPPUNIT_ASSERT_MESSAGE(where(*c, "encoder"), cpu == gpu);
                }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(viterbi_gpu_test);

} // namespace gpufec
} // namespace gr
