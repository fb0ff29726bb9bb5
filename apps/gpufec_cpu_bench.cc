/* gpufec_cpu_bench: the CPU Viterbi backend next to GNU Radio's own K=7 rate-1/2 decoder
 * (gr-fec's cc_decoder, built on VOLK's volk_8u_x4_conv_k7_r2_8u) and that VOLK kernel alone,
 * on the same noisy frames in the same run; the gr-fec decoder objects (FECAPI: gr-fec's
 * cc_decoder, gpufec::cc_decoder, gpufec::viterbi_fec_decoder) one frame per generic_work()
 * call, as gr-fec's extended and async decoders call them, per-call medians; then the CPU
 * AWGN/BPSK generator next to GNU Radio's fastnoise source.
 *
 *   gpufec_cpu_bench [--frames N] [--ebn0 DB] [--repeats R] [--samples N]
 *
 * Decoders: K=7 171/133 rate 1/2, terminated 2048-bit frames; decoded information bits per
 * second. FECAPI objects: 256, 2560 and 65536-bit frames, terminated (end_state -1) and
 * streaming, the objects called in turn frame by frame on the same bytes. Sources: uncoded BPSK LLRs (info bits, noise and channel) into host memory, and
 * fastnoise_source_f's work() (Gaussian, its default pool of 16384 samples) into a buffer;
 * samples per second, one thread, and the generator on every thread at once (a generator per
 * thread, each on its own seed).
 * Built only with GNU Radio (it links gr-fec and gr-analog); scripts/device-bundle carries it
 * to the GPU host.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gnuradio/analog/fastnoise_source.h>
#include <gnuradio/fec/cc_common.h>
#include <gnuradio/fec/cc_decoder.h>
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <gnuradio/gpufec/cc_decoder.h>
#include <gnuradio/gpufec/conv/conv_code.h>
#include <gnuradio/gpufec/conv/viterbi.h>
#include <gnuradio/gpufec/viterbi_fec_decoder.h>
#include <volk/volk.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

using namespace gr::gpufec;

namespace {

constexpr size_t frame_bits = 2048;
constexpr float llr_scale = 8.0f; // the engine's default float -> int8 scale

double median_seconds(const std::function<void()>& f, int repeats)
{
    f(); // warm-up
    std::vector<double> t;
    for (int i = 0; i < repeats; ++i) {
        const auto a = std::chrono::steady_clock::now();
        f();
        t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count());
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

double median(std::vector<double> t)
{
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

/* gr-fec's decoder objects one frame per generic_work() call, as its extended and async
 * decoders call them: the per-call median of each, the objects taking turns frame by frame on
 * the same input (bytes 128 + 48 y for the byte decoders, y for the float one). */
void fecapi_rows(int repeats)
{
    using gr::fec::generic_decoder;
    std::printf("\n%-58s %10s\n", "gr-fec objects, one frame a generic_work() call, K=7 r1/2",
                "Mbit/s");
    for (size_t frame : { size_t(256), size_t(2560), size_t(65536) }) {
        const size_t calls = std::max<size_t>(16, (size_t(1) << 21) / frame);
        const auto code = conv_code::make(7, { 0171, 0133 }, "", termination::TRUNCATED, frame);
        std::vector<uint8_t> info((calls + 1) * frame);
        std::vector<float> y(info.size() * 2);
        awgn_bpsk_generator gen(code, awgn_noise::from_snr(4.0, snr_kind::EBN0, 0.5),
                                soft_output::SYMBOLS, 7, backend_kind::CPU);
        gen.generate(calls + 1, info.data(), y.data());
        std::vector<uint8_t> u(y.size());
        for (size_t i = 0; i < y.size(); ++i)
            u[i] = static_cast<uint8_t>(std::max(0.0f, std::min(255.0f, 48.0f * y[i] + 128.0f)));
        struct row {
            std::string name;
            generic_decoder::sptr dec;
            bool floats;
            std::vector<double> t;
        };
        for (cc_mode_t mode : { CC_TERMINATED, CC_STREAMING }) {
            const std::string m = mode == CC_TERMINATED ? "terminated" : "streaming";
            std::vector<row> rows;
            rows.push_back({ "gr-fec cc_decoder, " + m,
                             gr::fec::code::cc_decoder::make(frame, 7, 2, { 79, 109 }, 0, -1, mode),
                             false, {} });
            rows.push_back({ "gpufec cc_decoder, " + m,
                             gr::gpufec::cc_decoder::make(frame, 7, 2, { 79, 109 }, 0, -1, mode), false, {} });
            if (mode == CC_TERMINATED)
                rows.push_back({ "gpufec viterbi_fec_decoder, " + m,
                                 gr::gpufec::viterbi_fec_decoder::make(
                                     conv_code::make(7, { 0171, 0133 }, "", termination::TERMINATED, frame), "cpu"),
                                 true, {} });
            std::vector<uint8_t> out(frame);
            // Consecutive frames' channel values (a terminated frame's tail takes the next
            // frame's first values: the same work per call).
            const size_t stride = 2 * frame;
            for (int r = 0; r < repeats; ++r)
                for (size_t c = 0; c < calls; ++c)
                    for (auto& x : rows) {
                        void* in = x.floats ? static_cast<void*>(y.data() + c * stride)
                                            : static_cast<void*>(u.data() + c * stride);
                        const auto a = std::chrono::steady_clock::now();
                        x.dec->generic_work(in, out.data());
                        x.t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count());
                    }
            for (auto& x : rows)
                std::printf("%-58s %10.1f\n", (x.name + ", " + std::to_string(frame) + " bits").c_str(),
                            frame / median(x.t) / 1e6);
        }
    }
}

size_t errors(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b)
{
    size_t e = 0;
    for (size_t i = 0; i < a.size(); ++i)
        e += (a[i] & 1) != (b[i] & 1);
    return e;
}

} // namespace

int main(int argc, char** argv)
{
    size_t frames = 2000;
    double ebn0 = 4.0;
    int repeats = 5;
    size_t samples = size_t(1) << 24;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--frames" && i + 1 < argc)
            frames = std::strtoul(argv[++i], nullptr, 10);
        else if (a == "--ebn0" && i + 1 < argc)
            ebn0 = std::atof(argv[++i]);
        else if (a == "--repeats" && i + 1 < argc)
            repeats = std::atoi(argv[++i]);
        else if (a == "--samples" && i + 1 < argc)
            samples = std::strtoul(argv[++i], nullptr, 10);
        else {
            std::fprintf(stderr, "usage: gpufec_cpu_bench [--frames N] [--ebn0 DB] [--repeats R] "
                                 "[--samples N]\n");
            return 2;
        }
    }
    const auto code = conv_code::make(7, { 0171, 0133 }, "", termination::TERMINATED, frame_bits);
    const size_t coded = code->coded_bits_per_block();
    std::vector<uint8_t> info(frames * frame_bits);
    std::vector<float> llr(frames * coded);
    awgn_bpsk_generator gen(code, awgn_noise::from_snr(ebn0, snr_kind::EBN0, code->rate()),
                            soft_output::LLR, 1, backend_kind::CPU);
    gen.generate(frames, info.data(), llr.data());
    // One quantization for everyone: int8 for our decoder, offset binary for gr-fec/VOLK.
    std::vector<int8_t> q(llr.size());
    std::vector<uint8_t> u(llr.size());
    for (size_t i = 0; i < llr.size(); ++i) {
        q[i] = static_cast<int8_t>(std::max(-127.0f, std::min(127.0f, std::nearbyint(llr[i] * llr_scale))));
        u[i] = static_cast<uint8_t>(q[i] + 128);
    }

    const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
    std::printf("gpufec_cpu_bench: K=7 171/133 r1/2 terminated %zu-bit frames, %zu frames, "
                "Eb/N0 %.1f dB, %u hardware threads, median of %d\n",
                frame_bits, frames, ebn0, hw, repeats);
    std::printf("%-58s %10s %10s\n", "decoder", "Mbit/s", "BER");
    const double bits = double(frames) * frame_bits;
    std::vector<uint8_t> out(frames * frame_bits);

    for (unsigned threads : { 1u, hw }) {
        viterbi_options o;
        o.backend = backend_kind::CPU;
        o.threads = threads;
        viterbi_decoder_engine dec(code, o);
        const double s = median_seconds([&] { dec.decode_frames(q.data(), out.data(), frames); }, repeats);
        std::printf("%-58s %10.1f %10.2e\n",
                    ("gpufec CPU backend, " + std::to_string(threads) + " thread(s)").c_str(),
                    bits / s / 1e6, errors(out, info) / bits);
    }

    // gr-fec's decoder takes the bit-reversed generators (171/133 -> 79/109).
    auto grfec = gr::fec::code::cc_decoder::make(frame_bits, 7, 2, { 79, 109 }, 0, 0, CC_TERMINATED);
    const size_t in_per_frame = grfec->get_input_size();
    if (in_per_frame != coded) {
        std::fprintf(stderr, "gr-fec expects %zu soft values per frame, we have %zu\n", in_per_frame, coded);
        return 1;
    }
    double s = median_seconds(
        [&] {
            for (size_t f = 0; f < frames; ++f)
                grfec->generic_work(u.data() + f * coded, out.data() + f * frame_bits);
        },
        repeats);
    std::printf("%-58s %10.1f %10.2e\n", "gr-fec cc_decoder (VOLK k7r2 kernel + chainback), 1 thread",
                bits / s / 1e6, errors(out, info) / bits);

    // The VOLK kernel alone: forward ACS with decisions, no traceback.
    std::vector<uint8_t> branchtab(64);
    const int polys[2] = { 79, 109 };
    for (int j = 0; j < 2; ++j)
        for (int i = 0; i < 32; ++i)
            branchtab[i + 32 * j] = __builtin_parity((2 * i) & polys[j]) ? 255 : 0;
    alignas(64) uint8_t y[64], x[64];
    std::vector<uint8_t> decisions((frame_bits + 6) * 8 + 64);
    s = median_seconds(
        [&] {
            for (size_t f = 0; f < frames; ++f) {
                std::fill(x, x + 64, 63);
                x[0] = 0;
                volk_8u_x4_conv_k7_r2_8u(y, x, u.data() + f * coded, decisions.data(),
                                         frame_bits, 6, branchtab.data());
            }
        },
        repeats);
    std::printf("%-58s %10.1f %10s\n", "VOLK volk_8u_x4_conv_k7_r2_8u alone (ACS, no traceback)",
                bits / s / 1e6, "-");

    fecapi_rows(repeats);

    std::printf("\n%-58s %10s\n", "source (uncoded BPSK at 3 dB, into host memory)", "Gsample/s");
    const auto noise = awgn_noise::from_snr(3.0, snr_kind::EBN0, 1.0);
    for (unsigned threads : { 1u, hw }) {
        std::vector<std::unique_ptr<awgn_bpsk_generator>> gens;
        std::vector<std::vector<uint8_t>> gbits(threads, std::vector<uint8_t>(samples));
        std::vector<std::vector<float>> gsoft(threads, std::vector<float>(samples));
        for (unsigned t = 0; t < threads; ++t)
            gens.push_back(std::make_unique<awgn_bpsk_generator>(uncoded(), noise, soft_output::LLR,
                                                                 100 + t, backend_kind::CPU));
        s = median_seconds(
            [&] {
                std::vector<std::thread> pool;
                for (unsigned t = 1; t < threads; ++t)
                    pool.emplace_back([&, t] { gens[t]->generate(samples, gbits[t].data(), gsoft[t].data()); });
                gens[0]->generate(samples, gbits[0].data(), gsoft[0].data());
                for (auto& th : pool)
                    th.join();
            },
            repeats);
        std::printf("%-58s %10.3f\n",
                    ("gpufec awgn_bpsk_generator (CPU), " + std::to_string(threads) + " thread(s)").c_str(),
                    threads * double(samples) / s / 1e9);
    }
    auto fastnoise = gr::analog::fastnoise_source_f::make(gr::analog::GR_GAUSSIAN, 1.0f, 1);
    std::vector<float> fn(samples);
    gr_vector_const_void_star no_inputs;
    gr_vector_void_star outputs{ fn.data() };
    s = median_seconds([&] { fastnoise->work(static_cast<int>(samples), no_inputs, outputs); },
                       repeats);
    std::printf("%-58s %10.3f\n", "GNU Radio fastnoise_source_f work(), 1 thread",
                double(samples) / s / 1e9);
    return 0;
}
