/* LTE turbo decoding, K = 6144, 6 iterations, max-log-MAP (scaling 0.75), no early stop: the
 * CUDA kernel on device memory for several sub-block splits (P, g), end to end through the
 * backend with host copies, the engine with int8 and float input as the GNU Radio block drives
 * it, the latency of one block alone, and the CPU backend on one core
 * and on all. Each row notes its BER and FER at Eb/N0 = 0.7 dB on the same blocks, so that one
 * run gives the BER-vs-throughput table for choosing defaults (a GPU row and a CPU row with the
 * same P and g take the same decisions). Figures count decoded information bits.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "apps/bench/cases.h"
#include "skeleton/core/backend_factory.h"
#include "lte/core/lte_turbo_backend.h"
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <gnuradio/gpufec/lte/lte_turbo.h>
#include <gnuradio/gpufec/lte/lte_turbo_code.h>
#include <algorithm>
#include <cmath>
#include <functional>
#include <sstream>
#include <thread>
#include <vector>

#ifdef GPUFEC_HAVE_CUDA
#include "skeleton/cuda/device_buffer.h"
#include <gnuradio/gpufec/lte/lte_device.h>
#endif

namespace gpufec_bench {

using namespace gr::gpufec;

namespace {

constexpr long block_size = 6144;
constexpr double ebn0_db = 0.7;

struct split {
    unsigned P, g;
};

/* Whole block (the CPU's default), the paper's P = 64 / g = 8 and neighbours of it. */
const split kernel_splits[] = { { 1, 0 },    { 32, 8 },   { 64, 8 },   { 64, 16 }, { 96, 16 },
                                { 128, 16 }, { 128, 32 }, { 192, 32 }, { 384, 16 } };
/* Candidates for the GPU default: the end-to-end and latency rows. */
const split default_candidates[] = { { 64, 16 }, { 128, 16 }, { 192, 32 } };

std::string fmt(double v, int prec = 3)
{
    std::ostringstream s;
    s.precision(prec);
    s << v;
    return s.str();
}

lte_turbo_params params_for(const split& s)
{
    lte_turbo_params p; // 6 iterations, max-log-MAP, scaling 0.75, no early stop
    p.subblocks = s.P;
    p.guard = s.g;
    return p;
}

std::string split_name(const split& s)
{
    return s.P == 1 ? "whole block" : "P=" + std::to_string(s.P) + " g=" + std::to_string(s.g);
}

struct blocks {
    size_t n;
    std::vector<uint8_t> info;
    std::vector<float> llr;
};

blocks make_blocks(const lte_turbo_code_sptr& code, size_t n)
{
    awgn_bpsk_generator gen(code, awgn_noise::from_snr(ebn0_db, snr_kind::EBN0, code->rate()),
                            soft_output::LLR, 1, backend_kind::AUTO);
    blocks b{ n, std::vector<uint8_t>(n * code->K()), std::vector<float>(n * code->coded_bits_per_block()) };
    gen.generate(n, b.info.data(), b.llr.data());
    return b;
}

/* "BER x (bit errors/bits), FER y (...) at 0.7 dB" of the first n blocks' decisions. */
std::string quality(const blocks& b, const uint8_t* bits, size_t n)
{
    const size_t K = b.info.size() / b.n;
    size_t bit_errors = 0, frame_errors = 0;
    for (size_t f = 0; f < n; ++f) {
        size_t wrong = 0;
        for (size_t i = f * K; i < (f + 1) * K; ++i)
            wrong += b.info[i] != bits[i];
        bit_errors += wrong;
        frame_errors += wrong > 0;
    }
    return "BER " + fmt(double(bit_errors) / double(n * K)) + " (" + std::to_string(bit_errors) + "/" +
           std::to_string(n * K) + "), FER " + fmt(double(frame_errors) / double(n)) + " (" +
           std::to_string(frame_errors) + "/" + std::to_string(n) + ") at " + fmt(ebn0_db) + " dB";
}

/* A backend's decode() of up to @p most blocks (its max_batch) from its own input buffer
 * (pinned for CUDA). */
void bench_backend(const config& cfg, table& out, const lte_turbo_code_sptr& code, const blocks& b,
                   size_t most, const split& s, backend_kind kind, unsigned threads, const std::string& name,
                   turbo_metrics metrics = turbo_metrics::FLOAT)
{
    decoder_options o;
    o.threads = threads;
    if (kind == backend_kind::CUDA)
        o.max_batch = std::min(most, b.n); // the same call size in either domain
    lte_turbo_params p = params_for(s);
    p.metrics = metrics;
    auto be = make_backend(resolve_backend(kind), make_lte_turbo_cpu, *code, p, o);
    const size_t n = std::min({ most, b.n, be->max_batch() }), K = code->K(), N = code->coded_bits_per_block();
    std::vector<uint8_t> bits(n * K);
    std::function<void()> decode;
    if (metrics == turbo_metrics::INT16) { // the engine's quantization (llr_scale 8), pinned on the GPU
        int8_t* q = be->quantized_buffer(n * N);
        for (size_t i = 0; i < n * N; ++i)
            q[i] = static_cast<int8_t>(std::max(-127.0f, std::min(127.0f, std::nearbyint(8 * b.llr[i]))));
        decode = [&, q] { be->decode_quantized(q, 8.0f, n, bits.data(), nullptr, nullptr); };
    } else {
        float* in = be->input_buffer(n * N);
        std::copy(b.llr.begin(), b.llr.begin() + n * N, in);
        decode = [&, in] { be->decode(in, n, bits.data(), nullptr, nullptr); };
    }
    double spread = 0;
    const double ms = median_cpu_ms(decode, cfg, &spread);
    out.add({ "turbo", name + ", " + split_name(s) + ", " + turbo_metrics_name(metrics) + " metrics",
              backend_name(kind), "Gbit/s", n * K / ms / 1e6,
              spread_note(spread) + ", " + std::to_string(n) + " blocks a call, " + quality(b, bits.data(), n) });
}

#ifdef GPUFEC_HAVE_CUDA

/* The engine as the GNU Radio block drives it: soft values of @p input type from ordinary host
 * memory (the block's buffers), a call of the block's batch (2^24 soft values, decoder_block.h),
 * the backend's default split and the CRC verdicts included. */
void bench_engine(const config& cfg, table& out, const lte_turbo_code_sptr& code, const blocks& b, soft_type input,
                  turbo_metrics metrics)
{
    decoder_options o;
    o.backend = backend_kind::CUDA;
    o.input = input;
    lte_turbo_params p;
    p.metrics = metrics;
    lte_turbo_decoder_engine e(code, lte_turbo_options(o, p));
    const size_t K = code->K(), N = code->coded_bits_per_block();
    const size_t n = std::min(b.n, (size_t(1) << 24) / N);
    std::vector<int8_t> q(n * N);
    for (size_t i = 0; i < q.size(); ++i) // the flowgraph bench's quantization (llr_scale 8)
        q[i] = static_cast<int8_t>(std::max(-127.0f, std::min(127.0f, std::nearbyint(8 * b.llr[i]))));
    std::vector<uint8_t> bits(n * K);
    double spread = 0;
    const double ms = median_cpu_ms(
        [&] {
            if (input == soft_type::INT8)
                e.decode_frames(q.data(), bits.data(), n);
            else
                e.decode_frames(b.llr.data(), bits.data(), n);
        },
        cfg, &spread);
    out.add({ "turbo",
              "K=6144 engine decode_frames(), " + soft_type_name(input) + " in host memory, default split, " +
                  turbo_metrics_name(metrics) + " metrics",
              "cuda", "Gbit/s", n * K / ms / 1e6,
              spread_note(spread) + ", " + std::to_string(n) + " blocks a call, " + quality(b, bits.data(), n) });
}

/* The kernel alone on device memory (the family's device plan, lte_device.h): a large batch
 * for throughput, one block for latency. */
void bench_kernel(const config& cfg, table& out, const lte_turbo_code_sptr& code, const blocks& b)
{
    cuda::stream st;
    const size_t K = code->K(), N = code->coded_bits_per_block();
    cuda::device_buffer<float> llr(b.n * N);
    cuda::device_buffer<uint8_t> bits(b.n * K);
    GPUFEC_CUDA_CHECK(cudaMemcpy(llr.get(), b.llr.data(), b.n * N * sizeof(float), cudaMemcpyHostToDevice));
    std::vector<uint8_t> h(b.n * K);

    auto run = [&](const split& s, size_t n, const device::lte_turbo_launch& lc, double* spread) {
        const device::lte_turbo_plan plan(*code, params_for(s), lc);
        cuda::device_buffer<uint8_t> work(plan.workspace_bytes(n));
        const double ms = median_gpu_ms(
            st.get(),
            [&] { plan.decode(llr.get(), n, bits.get(), nullptr, nullptr, work.get(), work.size(), st.get()); },
            cfg, spread);
        GPUFEC_CUDA_CHECK(cudaMemcpyAsync(h.data(), bits.get(), n * K, cudaMemcpyDeviceToHost, st.get()));
        st.synchronize();
        return ms;
    };

    for (const split& s : kernel_splits) {
        double spread = 0;
        const double ms = run(s, b.n, {}, &spread);
        out.add({ "turbo", "K=6144 kernel, device memory, " + split_name(s), "cuda", "Gbit/s",
                  b.n * K / ms / 1e6,
                  spread_note(spread) + ", " + std::to_string(b.n) + " blocks, " + quality(b, h.data(), b.n) });
    }
    // One thread a window in a full batch against AUTO's rows above (two threads a window for
    // P = 64 and 128: forward and backward passes at once, a quarter more arithmetic).
    for (const split& s : default_candidates) {
        double spread = 0;
        const double ms = run(s, b.n, { 1, device::lte_turbo_layout::AUTO }, &spread);
        out.add({ "turbo", "K=6144 kernel, 1 thread a window, " + split_name(s), "cuda",
                  "Gbit/s", b.n * K / ms / 1e6, spread_note(spread) + ", " + std::to_string(b.n) + " blocks" });
    }
    // 16-bit metrics (docs/turbo.md, "16-bit metrics"): the same blocks quantized as the
    // engine quantizes them (llr_scale 8), with AUTO's mapping and with 1 and 2 threads a window.
    {
        std::vector<int8_t> hq(b.n * N);
        for (size_t i = 0; i < hq.size(); ++i)
            hq[i] = static_cast<int8_t>(std::max(-127.0f, std::min(127.0f, std::nearbyint(8 * b.llr[i]))));
        cuda::device_buffer<int8_t> q(hq.size());
        GPUFEC_CUDA_CHECK(cudaMemcpy(q.get(), hq.data(), hq.size(), cudaMemcpyHostToDevice));
        const auto run16 = [&](const split& s, size_t n, const device::lte_turbo_launch& lc, double* spread) {
            lte_turbo_params p = params_for(s);
            p.metrics = turbo_metrics::INT16;
            const device::lte_turbo_plan plan(*code, p, lc);
            cuda::device_buffer<uint8_t> work(plan.workspace_bytes(n));
            const double ms = median_gpu_ms(
                st.get(),
                [&] {
                    plan.decode(q.get(), 8.0f, n, bits.get(), nullptr, nullptr, work.get(), work.size(), st.get());
                },
                cfg, spread);
            GPUFEC_CUDA_CHECK(cudaMemcpyAsync(h.data(), bits.get(), n * K, cudaMemcpyDeviceToHost, st.get()));
            st.synchronize();
            return ms;
        };
        for (const split& s : { split{ 64, 8 }, split{ 128, 16 }, split{ 192, 32 }, split{ 384, 16 } })
            for (unsigned T : { 0u, 1u, 2u }) {
                double spread = 0;
                const double ms = run16(s, b.n, { T, device::lte_turbo_layout::AUTO }, &spread);
                out.add({ "turbo",
                          "K=6144 kernel, 16-bit metrics, " +
                              (T == 0 ? std::string("automatic mapping") : std::to_string(T) + " thread(s) a window") +
                              ", " + split_name(s),
                          "cuda", "Gbit/s", b.n * K / ms / 1e6,
                          spread_note(spread) + ", " + std::to_string(b.n) + " blocks, " +
                              quality(b, h.data(), b.n) });
            }
        // A batch of whole waves (the backend's chunks are: lte_turbo_cuda.cc), against the 2048
        // blocks above, whose last wave is partial.
        for (turbo_metrics m : { turbo_metrics::FLOAT, turbo_metrics::INT16 }) {
            const split s{ 128, 16 };
            lte_turbo_params p = params_for(s);
            p.metrics = m;
            const size_t wave = device::lte_turbo_plan(*code, p).resident_blocks(), n = b.n / wave * wave;
            double spread = 0;
            const double ms = m == turbo_metrics::INT16 ? run16(s, n, {}, &spread) : run(s, n, {}, &spread);
            out.add({ "turbo",
                      "K=6144 kernel, " + turbo_metrics_name(m) + " metrics, whole waves of " + std::to_string(wave) +
                          ", " + split_name(s),
                      "cuda", "Gbit/s", n * K / ms / 1e6,
                      spread_note(spread) + ", " + std::to_string(n) + " blocks, " + quality(b, h.data(), n) });
        }
        for (const split& s : { split{ 128, 16 }, split{ 384, 16 } }) {
            double spread = 0;
            std::vector<double> t;
            for (int i = 0; i < std::max(5, cfg.repeats); ++i)
                t.push_back(run16(s, 1, {}, &spread) * 1e3);
            const double us = median_ms(t, &spread);
            out.add({ "turbo", "K=6144 kernel, 16-bit metrics, one block alone (latency), " + split_name(s), "cuda",
                      "us", us, spread_note(spread) + ", kernel only, median of medians" });
        }
    }
    // Latency: the block's launch is enqueued while the one before it still runs, and the
    // events around it time the GPU alone (not the host's launch work). The BLOCK kernel (one
    // thread block) against the cluster kernel (docs/turbo.md, "Cluster kernel") with 8 and 16
    // thread blocks, also at the shorter windows that only the cluster kernel can use.
    auto latency = [&](const split& s, const device::lte_turbo_launch& lc, const std::string& kernel) {
        const device::lte_turbo_plan plan(*code, params_for(s), lc);
        cuda::device_buffer<uint8_t> work(plan.workspace_bytes(1));
        auto launch = [&] {
            plan.decode(llr.get(), 1, bits.get(), nullptr, nullptr, work.get(), work.size(), st.get());
        };
        for (int i = 0; i < cfg.warmup; ++i)
            launch();
        cuda::event start(true), stop(true);
        std::vector<double> t;
        for (int i = 0; i < std::max(5, cfg.repeats); ++i) {
            launch();
            start.record(st.get());
            launch();
            stop.record(st.get());
            stop.synchronize();
            t.push_back(stop.elapsed_ms_since(start));
        }
        double spread = 0;
        const double ms = median_ms(t, &spread);
        GPUFEC_CUDA_CHECK(cudaMemcpy(h.data(), bits.get(), K, cudaMemcpyDeviceToHost));
        out.add({ "turbo", "K=6144 kernel, one block alone (latency), " + kernel + ", " + split_name(s), "cuda", "us",
                  ms * 1e3,
                  spread_note(spread) + ", median of " + std::to_string(t.size()) +
                      ", kernel only (copies excluded), " + quality(b, h.data(), 1) });
    };
    const split latency_splits[] = { { 64, 16 }, { 128, 16 }, { 192, 32 }, { 384, 16 }, { 768, 8 } };
    for (const split& s : latency_splits) {
        device::lte_turbo_launch block;
        block.kernel = device::lte_turbo_kernel::BLOCK;
        latency(s, block, "one thread block");
        if (!device::lte_turbo_cluster_supported())
            continue;
        for (unsigned C : { 8u, 16u }) {
            device::lte_turbo_launch cl;
            cl.kernel = device::lte_turbo_kernel::CLUSTER;
            cl.cluster_size = C;
            latency(s, cl, "cluster of " + std::to_string(C));
        }
    }
    // Fewer threads a window in the cluster kernel (T = 4 where it fits): fewer warps waiting
    // at each barrier, more steps each (docs/turbo.md, "Cluster kernel").
    if (device::lte_turbo_cluster_supported())
        for (const split& s : { split{ 384, 16 }, split{ 768, 8 } })
            for (unsigned C : { 8u, 16u })
                for (unsigned T : { 1u, 2u }) {
                    device::lte_turbo_launch cl;
                    cl.kernel = device::lte_turbo_kernel::CLUSTER;
                    cl.cluster_size = C;
                    cl.threads_per_window = T;
                    latency(s, cl, "cluster of " + std::to_string(C) + ", " + std::to_string(T) + " threads a window");
                }
    // What the launcher picks by itself for one block: the BLOCK kernel at the default split,
    // the cluster kernel from P = 384 on.
    latency({ 128, 16 }, {}, "automatic");
    latency({ 768, 8 }, {}, "automatic");
}

#endif

} // namespace

void bench_turbo(const config& cfg, table& out)
{
    const auto code = lte_turbo_code::make(block_size);
    const blocks b = make_blocks(code, cfg.quick ? 512 : 2048);
#ifdef GPUFEC_HAVE_CUDA
    if (cuda_device_count() > 0) {
        bench_kernel(cfg, out, code, b);
        for (turbo_metrics m : { turbo_metrics::FLOAT, turbo_metrics::INT16 })
            for (const split& s : default_candidates)
                bench_backend(cfg, out, code, b, b.n, s, backend_kind::CUDA, 0,
                              "K=6144 backend decode(), pinned host memory in and out", m);
        for (turbo_metrics m : { turbo_metrics::FLOAT, turbo_metrics::INT16 }) {
            bench_engine(cfg, out, code, b, soft_type::INT8, m);
            bench_engine(cfg, out, code, b, soft_type::FLOAT, m);
        }
    }
#endif
    // The CPU backend: the whole block and two candidates, a few blocks per thread.
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    for (const split& s : { split{ 1, 0 }, default_candidates[0], default_candidates[2] }) {
        bench_backend(cfg, out, code, b, 4, s, backend_kind::CPU, 1, "K=6144 backend decode(), 1 thread");
        if (s.P == 1)
            bench_backend(cfg, out, code, b, 4, s, backend_kind::CPU, 1, "K=6144 backend decode(), 1 thread",
                          turbo_metrics::INT16);
        bench_backend(cfg, out, code, b, 2 * size_t(cores), s, backend_kind::CPU, 0,
                      "K=6144 backend decode(), " + std::to_string(cores) + " threads");
    }
}

namespace {
const register_bench registration({ { "turbo" }, 30,
                                    "turbo: LTE turbo K=6144, CUDA kernel over sub-block splits, "
                                    "end to end, latency, CPU backend; BER at 0.7 dB per row",
                                    bench_turbo });
} // namespace

} // namespace gpufec_bench
