/* Viterbi throughput: the CUDA kernels on device memory through the family's device plans
 * (conv_device.h: K=7 171/133 streaming with the default tiling, other codes and framed modes), the BER-vs-throughput table over the tiling
 * (gpufec_bench --only viterbi-tiling) and end-to-end decoding with host copies.
 * Figures count decoded information bits.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "apps/bench/cases.h"
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <gnuradio/gpufec/conv/conv_code.h>
#include <gnuradio/gpufec/conv/viterbi.h>
#include <algorithm>
#include <array>
#include <random>
#include <sstream>
#include <vector>

#ifdef GPUFEC_HAVE_CUDA
#include "skeleton/cuda/device_buffer.h"
#include "skeleton/cuda/slot_ring.h"
#include <gnuradio/gpufec/awgn/awgn_device.h>
#include <gnuradio/gpufec/conv/conv_device.h>
#include <chrono>
#endif

namespace gpufec_bench {

using namespace gr::gpufec;

namespace {

std::string fmt(double v, int prec = 3)
{
    std::ostringstream s;
    s.precision(prec);
    s << v;
    return s.str();
}

#ifdef GPUFEC_HAVE_CUDA

/* A noisy K=7 171/133 stream on the device: info bits, and int8 depunctured LLRs (symbols
 * times 32, deleted positions 0) at Eb/N0 for the punctured rate. */
struct test_stream {
    size_t n_steps;
    std::vector<uint8_t> info;
    cuda::device_buffer<int8_t> llr;
};

test_stream make_stream(size_t n_steps, const std::string& punct, double ebn0, uint64_t seed, cudaStream_t st)
{
    const auto mother = conv_code::make(7, { 0171, 0133 }, "", termination::STREAMING);
    const auto punctured = conv_code::make(7, { 0171, 0133 }, punct, termination::STREAMING);
    const awgn_noise noise = awgn_noise::from_snr(ebn0, snr_kind::EBN0, punctured->rate());
    test_stream t{ n_steps, {}, cuda::device_buffer<int8_t>(2 * n_steps) };
    cuda::device_buffer<uint8_t> bits(6 + n_steps), coded(2 * n_steps);
    cuda::device_buffer<float> soft(2 * n_steps);
    GPUFEC_CUDA_CHECK(cudaMemsetAsync(bits.get(), 0, 6, st));
    device::awgn_info_bits(bits.get() + 6, n_steps, 0, seed, st);
    device::conv_encode(*mother, bits.get() + 6, coded.get(), n_steps, st);
    device::awgn_bpsk(coded.get(), soft.get(), 2 * n_steps, 0, seed + 1, noise, soft_output::SYMBOLS, st);
    device::quantize_llr(soft.get(), t.llr.get(), 2 * n_steps, 32.0f, st);
    t.info.resize(n_steps);
    GPUFEC_CUDA_CHECK(cudaMemcpyAsync(t.info.data(), bits.get() + 6, n_steps, cudaMemcpyDeviceToHost, st));
    const auto& pat = punctured->puncture_pattern();
    if (punctured->punctured()) {
        std::vector<int8_t> h(2 * n_steps);
        GPUFEC_CUDA_CHECK(cudaMemcpyAsync(h.data(), t.llr.get(), h.size(), cudaMemcpyDeviceToHost, st));
        GPUFEC_CUDA_CHECK(cudaStreamSynchronize(st));
        for (size_t i = 0; i < h.size(); ++i)
            if (!pat[i % pat.size()])
                h[i] = 0;
        GPUFEC_CUDA_CHECK(cudaMemcpy(t.llr.get(), h.data(), h.size(), cudaMemcpyHostToDevice));
    }
    GPUFEC_CUDA_CHECK(cudaStreamSynchronize(st));
    return t;
}

/* Kernel time and bit errors of one tiling on a stream (complete tiles only). */
struct tiling_result {
    double gbps;
    double spread;
    size_t errors;
    size_t bits;
};

/* The K=7 r1/2 171/133 streaming code. */
conv_code_sptr k7_streaming()
{
    return conv_code::make(7, { 0171, 0133 }, "", termination::STREAMING);
}

tiling_result run_tiling(const test_stream& ts,
                         const viterbi_tiling& shape,
                         device::viterbi_kernel which,
                         const config& cfg,
                         cudaStream_t st)
{
    const device::viterbi_tile_plan plan(*k7_streaming(), shape, which);
    const size_t n_tiles = ts.n_steps / shape.payload;
    cuda::device_buffer<uint8_t> d_bits(n_tiles * shape.payload);
    cuda::device_buffer<uint8_t> work(std::max<size_t>(1, plan.workspace_bytes(n_tiles)));
    tiling_result r{};
    const double ms = median_gpu_ms(
        st,
        [&] {
            plan.decode(ts.llr.get(), 0, ts.n_steps, 0, n_tiles, d_bits.get(), work.get(), work.size(), st);
        },
        cfg, &r.spread);
    r.bits = n_tiles * shape.payload;
    r.gbps = r.bits / ms / 1e6;
    std::vector<uint8_t> h(r.bits);
    GPUFEC_CUDA_CHECK(cudaMemcpyAsync(h.data(), d_bits.get(), h.size(), cudaMemcpyDeviceToHost, st));
    GPUFEC_CUDA_CHECK(cudaStreamSynchronize(st));
    for (size_t i = 0; i < h.size(); ++i)
        r.errors += h[i] != ts.info[i];
    return r;
}

/* A tiling (payload, before, after). */
viterbi_tiling tiling(size_t payload, size_t before, size_t after)
{
    viterbi_tiling t;
    t.payload = payload;
    t.before = before;
    t.after = after;
    return t;
}

std::string shape_name(const viterbi_tiling& s)
{
    return "P=" + std::to_string(s.payload) + " before=" + std::to_string(s.before) +
           " after=" + std::to_string(s.after);
}

void bench_kernels(const config& cfg, table& out)
{
    cuda::stream s;
    // 2^27 steps, as bench_catalogue_codes: 2^26 (64 K tiles of 1024, one a thread) left part of
    // an H100 idle.
    const size_t n_steps = cfg.quick ? (size_t(1) << 22) : (size_t(1) << 27);
    const test_stream ts = make_stream(n_steps, "", 4.0, 7, s.get());
    const viterbi_tiling def = tiling(512, 16, 32); // viterbi_tiling::defaults, K=7 r1/2
    const std::pair<device::viterbi_kernel, const char*> kernels[] = {
        { device::viterbi_kernel::AUTO, "default (AUTO)" },
        { device::viterbi_kernel::DPX, "DPX kernel (packed 16-bit metrics)" },
        { device::viterbi_kernel::REGISTER, "register kernel (fp32 metrics)" },
        { device::viterbi_kernel::GENERAL, "warp kernel" },
    };
    for (const auto& k : kernels) {
        const auto r = run_tiling(ts, def, k.first, cfg, s.get());
        out.add({ "viterbi", std::string("K=7 r1/2 streaming tiles, device memory, ") + k.second,
                  "cuda", "Gbit/s", r.gbps,
                  spread_note(r.spread) + ", " + shape_name(def) + ", BER " +
                      fmt(double(r.errors) / r.bits) + " at 4 dB" });
    }

    // Other codes (27/31 at K=5, 407/411 at K=9: outside the DPX catalogue, so on Hopper the
    // kernels NVRTC compiles for them), random int8 input, the default kernel (AUTO).
    std::mt19937 rng(3);
    for (int k : { 5, 9 }) {
        const std::vector<unsigned> polys = { (1u << (k - 1)) | 1u | 6u, (1u << (k - 1)) | 1u | 8u };
        const size_t steps = n_steps / (k == 9 ? 8 : 1);
        std::vector<int8_t> h(2 * steps);
        for (auto& x : h)
            x = int8_t(int(rng() % 61) - 30);
        cuda::device_buffer<int8_t> llr(h.size());
        GPUFEC_CUDA_CHECK(cudaMemcpy(llr.get(), h.data(), h.size(), cudaMemcpyHostToDevice));
        const viterbi_tiling shape = tiling(1024, size_t(5 * (k - 1)), size_t(10 * (k - 1)));
        const device::viterbi_tile_plan plan(*conv_code::make(k, polys, "", termination::STREAMING), shape);
        const size_t tiles = steps / shape.payload;
        cuda::device_buffer<uint8_t> bits(tiles * shape.payload);
        cuda::device_buffer<uint8_t> work(std::max<size_t>(1, plan.workspace_bytes(tiles)));
        double spread = 0;
        const double ms = median_gpu_ms(
            s.get(),
            [&] {
                plan.decode(llr.get(), 0, steps, 0, tiles, bits.get(), work.get(), work.size(), s.get());
            },
            cfg, &spread);
        out.add({ "viterbi", "K=" + std::to_string(k) + " r1/2 streaming tiles, device memory, default (AUTO)",
                  "cuda", "Gbit/s", tiles * shape.payload / ms / 1e6,
                  spread_note(spread) + ", " + shape_name(shape) });

        for (termination term : { termination::TERMINATED, termination::TAILBITING }) {
            const size_t frame = 2048;
            const size_t fsteps = frame + (term == termination::TERMINATED ? k - 1 : 0);
            const size_t frames = steps / fsteps;
            const device::viterbi_frame_plan fplan(*conv_code::make(k, polys, "", term, frame));
            cuda::device_buffer<uint8_t> fbits(frames * frame);
            cuda::device_buffer<uint8_t> fwork(std::max<size_t>(1, fplan.workspace_bytes(frames)));
            const double fms = median_gpu_ms(
                s.get(),
                [&] {
                    fplan.decode(llr.get(), fbits.get(), frames, fwork.get(), fwork.size(), s.get());
                },
                cfg, &spread);
            out.add({ "viterbi", "K=" + std::to_string(k) + " r1/2 " + termination_name(term) +
                                     " frames of 2048, device memory",
                      "cuda", "Gbit/s", frames * frame / fms / 1e6, spread_note(spread) });
        }
    }
}

/* The codes of the DPX kernel's catalogue other than K=7 r1/2 (issue #10's table: other
 * polynomials, K=5 and 9, rates 1/3 and 1/4), and four codes outside it (compiled by NVRTC at
 * first use; that first call's compile and load time is a row of its own, in seconds), one of
 * them with a generator that misses an end tap, on random int8 input: streaming with their
 * default tiling on the default kernel (AUTO: DPX on Hopper) next to the warp kernel, and frames
 * of 2048 bits in every termination (for that code truncated frames on the warp kernel too,
 * the JIT turned off). */
void bench_catalogue_codes(const config& cfg, table& out)
{
    cuda::stream s;
    struct code_case {
        int k;
        std::vector<unsigned> polys;
        const char* name;
        bool streaming = true; //!< false: frames only (bench_kernels has its streaming rows)
        bool warp_frames = false; //!< truncated frames on the warp kernel too (JIT turned off)
    };
    const code_case cases[] = {
        { 7, { 0171, 0133 }, "K=7 r1/2 171/133", false },
        { 7, { 0133, 0171, 0165 }, "K=7 r1/3 133/171/165 (LTE)" },
        { 7, { 0117, 0127, 0155, 0171 }, "K=7 r1/4 117/127/155/171" },
        { 6, { 053, 075 }, "K=6 r1/2 53/75" },
        { 5, { 023, 035 }, "K=5 r1/2 23/35" },
        { 5, { 025, 033, 037 }, "K=5 r1/3 25/33/37" },
        { 4, { 015, 017 }, "K=4 r1/2 15/17" },
        { 3, { 07, 05 }, "K=3 r1/2 7/5" },
        { 9, { 0561, 0753 }, "K=9 r1/2 561/753 (IS-95, UMTS)" },
        { 9, { 0557, 0663, 0711 }, "K=9 r1/3 557/663/711 (UMTS)" },
        { 8, { 0247, 0371 }, "K=8 r1/2 247/371" },
        { 7, { 0155, 0117 }, "K=7 r1/2 155/117 (JIT)" },
        { 5, { 027, 031, 035, 037 }, "K=5 r1/4 27/31/35/37 (JIT)" },
        { 9, { 0515, 0677, 0435 }, "K=9 r1/3 515/677/435 (JIT)" },
        { 7, { 0171, 0133, 0164 }, "K=7 r1/3 171/133/164 (JIT, 164 misses the oldest tap)", true, true },
    };
    // 2^27 steps: the frame kernels decode one frame a thread, and an H100 holds about 68 K
    // K=7 frames at once; 2^26 steps (32 K frames of 2048) left half of it idle.
    const size_t n_steps = cfg.quick ? (size_t(1) << 22) : (size_t(1) << 27);
    std::mt19937 rng(13);
    for (const code_case& c : cases) {
        const auto code = conv_code::make(c.k, c.polys, "", termination::STREAMING);
        const viterbi_tiling shape = viterbi_tiling::defaults(*code);
        if (device::viterbi_jit_enabled() && device::viterbi_jit_code(*code) &&
            device::viterbi_jit_seconds(*code) < 0) {
            // The first call compiles (outside the catalogue): timed once, not a median.
            const auto start = std::chrono::steady_clock::now();
            const bool compiled = device::viterbi_jit_load(*code);
            const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            if (device::viterbi_jit_seconds(*code) >= 0 || !compiled)
                out.add({ "viterbi", std::string(c.name) + " NVRTC compile + load, first call", "cuda", "s", sec,
                          compiled ? "once per code and device" : "FAILED: the warp kernel decodes it" });
        }
        std::vector<int8_t> h(code->n() * n_steps);
        for (auto& x : h)
            x = int8_t(int(rng() % 61) - 30);
        cuda::device_buffer<int8_t> llr(h.size());
        GPUFEC_CUDA_CHECK(cudaMemcpy(llr.get(), h.data(), h.size(), cudaMemcpyHostToDevice));
        const size_t tiles = n_steps / shape.payload;
        cuda::device_buffer<uint8_t> bits(tiles * shape.payload);
        for (auto which : { device::viterbi_kernel::AUTO, device::viterbi_kernel::GENERAL }) {
            if (!c.streaming)
                break;
            const device::viterbi_tile_plan plan(*code, shape, which);
            cuda::device_buffer<uint8_t> work(std::max<size_t>(1, plan.workspace_bytes(tiles)));
            double spread = 0;
            const double ms = median_gpu_ms(
                s.get(),
                [&] {
                    plan.decode(llr.get(), 0, n_steps, 0, tiles, bits.get(), work.get(), work.size(), s.get());
                },
                cfg, &spread);
            const bool dpx = which == device::viterbi_kernel::AUTO && plan.kernel() == device::viterbi_kernel::DPX;
            out.add({ "viterbi",
                      std::string(c.name) + " streaming tiles, device memory, " +
                          (which == device::viterbi_kernel::GENERAL ? "warp kernel"
                                                                    : dpx ? "default (DPX)" : "default"),
                      "cuda", "Gbit/s", tiles * shape.payload / ms / 1e6,
                      spread_note(spread) + ", " + shape_name(shape) });
        }
        // Frames of 2048 bits, every termination, on the default framed kernel (DPX on Hopper
        // for these codes; the K=5/K=9 rows above are the warp kernel's).
        const auto frames_row = [&](termination term, const char* kernel) {
            const size_t frame = 2048;
            const size_t fsteps = frame + (term == termination::TERMINATED ? c.k - 1 : 0);
            const size_t frames = n_steps / fsteps;
            const device::viterbi_frame_plan plan(*conv_code::make(c.k, c.polys, "", term, frame));
            cuda::device_buffer<uint8_t> fbits(frames * frame);
            cuda::device_buffer<uint8_t> fwork(std::max<size_t>(1, plan.workspace_bytes(frames)));
            double spread = 0;
            const double ms = median_gpu_ms(
                s.get(),
                [&] { plan.decode(llr.get(), fbits.get(), frames, fwork.get(), fwork.size(), s.get()); },
                cfg, &spread);
            out.add({ "viterbi",
                      std::string(c.name) + " " + termination_name(term) + " frames of 2048, device memory, " +
                          kernel,
                      "cuda", "Gbit/s", frames * frame / ms / 1e6, spread_note(spread) });
        };
        for (termination term : { termination::TERMINATED, termination::TRUNCATED, termination::TAILBITING })
            frames_row(term, "default");
        if (c.warp_frames && device::viterbi_jit_enabled()) {
            // Outside the catalogue with the JIT off, the frame plan takes the warp kernel.
            device::set_viterbi_jit_enabled(false);
            frames_row(termination::TRUNCATED, "warp kernel");
            device::set_viterbi_jit_enabled(true);
        }
    }
}

/* Host memory in and out (pinned), chunks round-robin over streams: copy in, decode, copy out
 * overlap. */
void bench_end_to_end(const config& cfg, table& out)
{
    const viterbi_tiling shape = tiling(512, 16, 32); // viterbi_tiling::defaults, K=7 r1/2
    const device::viterbi_tile_plan plan(*k7_streaming(), shape);
    const size_t n_tiles = cfg.quick ? 8192 : 131072, chunk = 16384;
    const size_t n_steps = n_tiles * shape.payload + shape.after;
    cuda::pinned_buffer<int8_t> h_llr(2 * n_steps);
    cuda::pinned_buffer<uint8_t> h_bits(n_tiles * shape.payload);
    std::mt19937 rng(5);
    for (size_t i = 0; i < 2 * n_steps; ++i)
        h_llr.get()[i] = int8_t(int(rng() % 61) - 30);
    struct lane {
        cuda::device_buffer<int8_t> llr;
        cuda::device_buffer<uint8_t> bits, work;
    };
    cuda::slot_ring<lane> ring(3, [&](lane& l) {
        l.llr = cuda::device_buffer<int8_t>(2 * (chunk * shape.payload + shape.before + shape.after));
        l.bits = cuda::device_buffer<uint8_t>(chunk * shape.payload);
        l.work = cuda::device_buffer<uint8_t>(plan.workspace_bytes(chunk));
    });
    double spread = 0;
    const double ms = median_cpu_ms(
        [&] {
            for (size_t i = 0, q = 0; i < n_tiles; i += chunk, ++q) {
                auto& s = ring.begin(q);
                lane& l = s.buffers;
                const size_t cnt = std::min(chunk, n_tiles - i);
                const auto steps = plan.steps_read(i, cnt, n_steps);
                const size_t from = steps.first, to = steps.end;
                GPUFEC_CUDA_CHECK(cudaMemcpyAsync(l.llr.get(), h_llr.get() + 2 * from, 2 * (to - from),
                                                  cudaMemcpyHostToDevice, s.stream.get()));
                plan.decode(l.llr.get(), from, to - from, i, cnt, l.bits.get(), l.work.get(), l.work.size(),
                            s.stream.get());
                GPUFEC_CUDA_CHECK(cudaMemcpyAsync(h_bits.get() + i * shape.payload, l.bits.get(),
                                                  cnt * shape.payload, cudaMemcpyDeviceToHost, s.stream.get()));
                ring.end(s);
            }
            ring.drain();
        },
        cfg, &spread);
    out.add({ "viterbi", "K=7 r1/2 streaming, pinned host memory in and out, 3 streams", "cuda",
              "Gbit/s", n_tiles * shape.payload / ms / 1e6,
              spread_note(spread) + ", int8 LLRs in, unpacked bits out, chunks of 8192 tiles" });
}

void bench_tiling_table(const config& cfg, table& out)
{
    cuda::stream s;
    const size_t n_steps = cfg.quick ? (size_t(1) << 22) : (size_t(1) << 26);
    struct point {
        const char* punct;
        double ebn0;
        std::vector<viterbi_tiling> shapes;
    };
    const std::vector<point> points = {
        // The default (traceback D/2, warm-up D/4, payload 512) first, then the former default
        // (D, D/2, 1024) and others.
        { "", 4.0,
          { { 512, 16, 32 }, { 1024, 32, 64 }, { 256, 32, 64 }, { 4096, 32, 64 }, { 1024, 0, 64 },
            { 1024, 16, 32 }, { 1024, 32, 48 }, { 1024, 64, 96 }, { 1024, 64, 128 }, { 512, 16, 40 },
            { 2048, 48, 80 } } },
        { "", 3.0, { { 512, 16, 32 }, { 1024, 32, 64 }, { 1024, 16, 32 }, { 1024, 64, 128 } } },
        { "3/4", 5.0, { { 512, 32, 64 }, { 1024, 64, 120 }, { 1024, 32, 64 }, { 1024, 64, 160 }, { 1024, 128, 240 } } },
        { "7/8", 6.0, { { 512, 64, 120 }, { 1024, 128, 240 }, { 1024, 64, 120 }, { 1024, 128, 320 } } },
    };
    for (const auto& p : points) {
        const test_stream ts = make_stream(n_steps, p.punct, p.ebn0, 11, s.get());
        for (const auto& shape : p.shapes) {
            const auto r = run_tiling(ts, shape, device::viterbi_kernel::AUTO, cfg, s.get());
            out.add({ "viterbi-tiling",
                      std::string("K=7 ") + (*p.punct ? p.punct : "1/2") + " Eb/N0=" + fmt(p.ebn0) +
                          " " + shape_name(shape),
                      "cuda", "Gbit/s", r.gbps,
                      "BER " + fmt(double(r.errors) / r.bits) + " (" + std::to_string(r.errors) +
                          "/" + std::to_string(r.bits) + "), " + spread_note(r.spread) });
        }
    }
}

#endif

/* The engine (host float/int8 in, bits out, quantize and depuncture on the host). */
void bench_engine(const config& cfg, table& out, backend_kind b)
{
    const auto c = conv_code::make(7, { 0171, 0133 }, "", termination::STREAMING);
    const size_t n = cfg.quick ? (size_t(1) << 21) : (size_t(1) << 25);
    std::vector<int8_t> soft(n);
    std::mt19937 rng(9);
    for (auto& x : soft)
        x = int8_t(int(rng() % 61) - 30);
    viterbi_options o;
    o.backend = b;
    viterbi_decoder_engine dec(c, o);
    std::vector<uint8_t> bits(n);
    double spread = 0;
    size_t got = 0;
    const double ms = median_cpu_ms(
        [&] {
            dec.push(soft.data(), soft.size());
            got = dec.pull(bits.data(), bits.size());
        },
        cfg, &spread);
    out.add({ "viterbi", "K=7 r1/2 engine push(int8) + pull, host memory", backend_name(b),
              "Gbit/s", (n / 2) / ms / 1e6, spread_note(spread) + ", " + std::to_string(got) + " bits/call" });
}

} // namespace

void bench_viterbi(const config& cfg, table& out)
{
#ifdef GPUFEC_HAVE_CUDA
    if (cuda_device_count() > 0) {
        if (cfg.wants("viterbi")) {
            bench_kernels(cfg, out);
            bench_catalogue_codes(cfg, out);
            bench_end_to_end(cfg, out);
            bench_engine(cfg, out, backend_kind::CUDA);
        }
        if (cfg.wants("viterbi-tiling"))
            bench_tiling_table(cfg, out);
    }
#endif
    if (cfg.wants("viterbi"))
        bench_engine(cfg, out, backend_kind::CPU);
}

namespace {
const register_bench registration({ { "viterbi", "viterbi-tiling" }, 20,
                                    "viterbi: kernels, end to end, engine; viterbi-tiling: the "
                                    "BER-vs-throughput table over tilings",
                                    bench_viterbi });
} // namespace

} // namespace gpufec_bench
