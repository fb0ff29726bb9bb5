/* gpufec_flowgraph_bench: the test source inside a real GNU Radio flowgraph (C++, no Python),
 * next to GNU Radio's own ceiling (null source -> head -> null sink) measured in the same run.
 *
 *   gpufec_flowgraph_bench [--seconds S] [--repeats R] [--backend auto|cpu|cuda]...
 *                          [--viterbi-mb MB] [--turbo-blocks B] [--no-source]
 *
 * Cases: the test source into null sinks; the Viterbi decoder block (K=7 171/133 rate 1/2
 * streaming, int8 noisy LLRs from a repeating file source of --viterbi-mb megabytes) into a
 * null sink, reporting decoded Gbit/s; the LTE turbo decoder block (K = 6144, 6 iterations,
 * max-log-MAP, the backend's default split, float and 16-bit metrics, int8 LLRs of --turbo-blocks
 * noisy code blocks at 0.7 dB from a repeating file source) into a null sink; GNU Radio's ceiling.
 * Each run starts the flowgraph, lets it stream for S seconds, stops it and counts the items
 * the sinks consumed: no head block, whose own copy would be part of the figure.
 *
 * Built only with GNU Radio; scripts/device-bundle carries it and its libraries to the GPU
 * machine.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gnuradio/blocks/null_sink.h>
#include <gnuradio/blocks/file_source.h>
#include <gnuradio/blocks/null_source.h>
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <gnuradio/gpufec/viterbi_decoder.h>
#include <gnuradio/gpufec/awgn_bpsk_source.h>
#include <gnuradio/gpufec/lte_turbo_decoder.h>
#include <gnuradio/gpufec/core/backend.h>
#include <gnuradio/top_block.h>
#include <unistd.h>
#include <algorithm>
#include <cmath>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

/* Items per second into @p sink while @p tb streams for about @p seconds. */
double rate_of(const gr::top_block_sptr& tb, const gr::block_sptr& sink, double seconds)
{
    tb->start();
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds / 4)); // ramp-up
    const uint64_t n0 = sink->nitems_read(0);
    const auto a = std::chrono::steady_clock::now();
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    const uint64_t n1 = sink->nitems_read(0);
    const double dt =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count();
    tb->stop();
    tb->wait();
    return (n1 - n0) / dt;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

double source_rate(double seconds, const std::string& backend, std::string* used)
{
    auto tb = gr::make_top_block("source_bench");
    auto src = gr::gpufec::awgn_bpsk_source::make(gr::gpufec::uncoded(), 4.0, 1, "llr", backend);
    auto bits = gr::blocks::null_sink::make(sizeof(uint8_t));
    auto soft = gr::blocks::null_sink::make(sizeof(float));
    tb->connect(src, 0, bits, 0);
    tb->connect(src, 1, soft, 0);
    *used = src->backend();
    return rate_of(tb, soft, seconds);
}

/* Int8 LLRs of a noisy K=7 r1/2 stream at 4 dB (scaled as the decoder's float path would). */
std::vector<int8_t> noisy_llrs(size_t n_bits, gr::gpufec::conv_code_sptr code)
{
    using namespace gr::gpufec;
    awgn_bpsk_generator gen(code, awgn_noise::from_snr(4.0, snr_kind::EBN0, code->rate()),
                            soft_output::LLR, 1, backend_kind::CPU);
    std::vector<uint8_t> info(n_bits);
    std::vector<float> soft(n_bits * code->coded_bits_per_block());
    gen.generate(n_bits, info.data(), soft.data());
    std::vector<int8_t> q(soft.size());
    for (size_t i = 0; i < soft.size(); ++i)
        q[i] = static_cast<int8_t>(std::max(-127.0f, std::min(127.0f, std::nearbyint(8 * soft[i]))));
    return q;
}

/* Int8 LLRs (scale 8) of noisy LTE turbo code blocks at @p ebn0 dB. */
std::vector<int8_t> noisy_turbo_llrs(size_t blocks, gr::gpufec::lte_turbo_code_sptr code, double ebn0)
{
    using namespace gr::gpufec;
    awgn_bpsk_generator gen(code, awgn_noise::from_snr(ebn0, snr_kind::EBN0, code->rate()),
                            soft_output::LLR, 1, backend_kind::CPU);
    std::vector<uint8_t> info(blocks * code->K());
    std::vector<float> soft(blocks * code->coded_bits_per_block());
    gen.generate(blocks, info.data(), soft.data());
    std::vector<int8_t> q(soft.size());
    for (size_t i = 0; i < soft.size(); ++i)
        q[i] = static_cast<int8_t>(std::max(-127.0f, std::min(127.0f, std::nearbyint(8 * soft[i]))));
    return q;
}

/* The LLRs in a temporary file, read by a repeating file_source: GNU Radio's vector source
 * copies item by item (about 1 G items/s), which would be the bottleneck here. */
class llr_file
{
public:
    explicit llr_file(const std::vector<int8_t>& llrs)
    {
        char name[] = "/tmp/gpufec_llrsXXXXXX";
        const int fd = mkstemp(name);
        if (fd < 0 || write(fd, llrs.data(), llrs.size()) != static_cast<ssize_t>(llrs.size()))
            throw std::runtime_error("cannot write a temporary LLR file in /tmp");
        close(fd);
        d_path = name;
    }
    ~llr_file() { std::remove(d_path.c_str()); }
    const std::string& path() const { return d_path; }

private:
    std::string d_path;
};

/* Decoded bits per second of file source (int8, repeat) -> viterbi_decoder -> null sink. */
double viterbi_rate(double seconds,
                    const std::string& backend,
                    const llr_file& llrs,
                    gr::gpufec::conv_code_sptr code,
                    std::string* used)
{
    auto tb = gr::make_top_block("viterbi_bench");
    auto src = gr::blocks::file_source::make(sizeof(int8_t), llrs.path().c_str(), true);
    auto dec = gr::gpufec::viterbi_decoder::make(code, backend, "int8");
    auto sink = gr::blocks::null_sink::make(sizeof(uint8_t));
    tb->connect(src, 0, dec, 0);
    tb->connect(dec, 0, sink, 0);
    *used = dec->backend();
    return rate_of(tb, sink, seconds);
}

/* Decoded bits per second of file source (int8, repeat) -> lte_turbo_decoder -> null sink. */
double turbo_rate(double seconds,
                  const std::string& backend,
                  const llr_file& llrs,
                  gr::gpufec::lte_turbo_code_sptr code,
                  const std::string& metrics,
                  std::string* used)
{
    using namespace gr::gpufec;
    auto tb = gr::make_top_block("turbo_bench");
    auto src = gr::blocks::file_source::make(sizeof(int8_t), llrs.path().c_str(), true);
    const decoder_options o;
    const lte_turbo_params p;
    const lte_rate_dematching rm;
    auto dec = lte_turbo_decoder::make(code, 6, "max-log", 0.75f, "none", backend, "int8", o.llr_scale, o.invert,
                                       o.device, static_cast<int>(p.subblocks), static_cast<int>(p.guard), "",
                                       rm.E, rm.rv, rm.ncb, false, metrics);
    auto sink = gr::blocks::null_sink::make(sizeof(uint8_t));
    tb->connect(src, 0, dec, 0);
    tb->connect(dec, 0, sink, 0);
    *used = dec->backend();
    return rate_of(tb, sink, seconds);
}

/* What the file source alone delivers, in items (LLRs) per second. */
double file_rate(double seconds, const llr_file& llrs)
{
    auto tb = gr::make_top_block("file_ceiling");
    auto sink = gr::blocks::null_sink::make(sizeof(int8_t));
    auto src = gr::blocks::file_source::make(sizeof(int8_t), llrs.path().c_str(), true);
    src->set_min_output_buffer(1 << 25); // as large as the decoder makes it in the other case
    tb->connect(src, 0, sink, 0);
    return rate_of(tb, sink, seconds);
}

double ceiling_rate(double seconds)
{
    auto tb = gr::make_top_block("ceiling");
    auto sink = gr::blocks::null_sink::make(sizeof(float));
    tb->connect(gr::blocks::null_source::make(sizeof(float)), 0, sink, 0);
    return rate_of(tb, sink, seconds);
}

} // namespace

int main(int argc, char** argv)
{
    double seconds = 2.0;
    int repeats = 5;
    std::vector<std::string> backends;
    double viterbi_mb = 8;
    long turbo_blocks = 512;
    bool source = true;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--seconds" && i + 1 < argc)
            seconds = std::atof(argv[++i]);
        else if (a == "--repeats" && i + 1 < argc)
            repeats = std::atoi(argv[++i]);
        else if (a == "--backend" && i + 1 < argc)
            backends.push_back(argv[++i]);
        else if (a == "--viterbi-mb" && i + 1 < argc)
            viterbi_mb = std::atof(argv[++i]);
        else if (a == "--turbo-blocks" && i + 1 < argc)
            turbo_blocks = std::atol(argv[++i]);
        else if (a == "--no-source")
            source = false;
        else {
            std::fprintf(stderr,
                         "usage: gpufec_flowgraph_bench [--seconds S] [--repeats R] "
                         "[--backend auto|cpu|cuda]... [--viterbi-mb MB] [--turbo-blocks B] "
                         "[--no-source]\n");
            return 2;
        }
    }
    if (backends.empty())
        backends = { "auto" };
    std::printf("gpufec_flowgraph_bench: %s, %.1f s runs, median of %d, buffers as the blocks "
                "size them (the source ceiling's: 2^25 items)\n",
                gr::gpufec::cuda_device_count() ? gr::gpufec::cuda_device_name(0).c_str()
                                                : "no CUDA device",
                seconds, repeats);
    std::printf("%-60s %8s %12s\n", "flowgraph", "backend", "G/s");
    for (const auto& b : backends) {
        if (!source)
            break;
        std::vector<double> r;
        std::string used;
        for (int i = 0; i < repeats; ++i)
            r.push_back(source_rate(seconds, b, &used));
        std::printf("%-60s %8s %12.3f\n", "awgn_bpsk_source(uncoded) -> null sinks (soft output rate)",
                    used.c_str(), median(r) / 1e9);
    }
    if (viterbi_mb > 0) {
        const auto code = gr::gpufec::conv_code::make(7, { 0171, 0133 }, "",
                                                      gr::gpufec::termination::STREAMING);
        const llr_file llrs(noisy_llrs(static_cast<size_t>(viterbi_mb * 1e6 / 2), code));
        for (const auto& b : backends) {
            std::vector<double> r;
            std::string used;
            for (int i = 0; i < repeats; ++i)
                r.push_back(viterbi_rate(seconds, b, llrs, code, &used));
            std::printf("%-60s %8s %12.3f\n",
                        "file_source(int8) -> viterbi_decoder K=7 r1/2 stream (Gbit/s)",
                        used.c_str(), median(r) / 1e9);
        }
        std::vector<double> r;
        for (int i = 0; i < repeats; ++i)
            r.push_back(file_rate(seconds, llrs));
        std::printf("%-60s %8s %12.3f\n", "file_source(int8) -> null_sink (LLRs, source ceiling)", "-",
                    median(r) / 1e9);
    }
    if (turbo_blocks > 0) {
        const auto code = gr::gpufec::lte_turbo_code::make(6144);
        const llr_file llrs(noisy_turbo_llrs(static_cast<size_t>(turbo_blocks), code, 0.7));
        for (const auto& b : backends)
            for (const std::string metrics : { "float", "int16" }) {
                std::vector<double> r;
                std::string used;
                for (int i = 0; i < repeats; ++i)
                    r.push_back(turbo_rate(seconds, b, llrs, code, metrics, &used));
                const std::string what =
                    "file_source(int8) -> lte_turbo_decoder K=6144 6 it, " + metrics + " (Gbit/s)";
                std::printf("%-60s %8s %12.3f\n", what.c_str(), used.c_str(), median(r) / 1e9);
            }
    }
    std::vector<double> r;
    for (int i = 0; i < repeats; ++i)
        r.push_back(ceiling_rate(seconds));
    std::printf("%-60s %8s %12.3f\n", "null_source -> null_sink (floats, GR ceiling)", "-",
                median(r) / 1e9);
    return 0;
}
