/* gpufec_viterbi_soak: a long run of the streaming GPU Viterbi path (issue #10, Correctness).
 *
 * K=7 r1/2 171/133 streaming, as gpufec_ber's GPU loop runs it: random bits, encoder, BPSK and
 * AWGN from the GPU generator, int8 quantization, the tile kernel that the engine picks for
 * this code on this device (DPX on Hopper), bit errors counted on the device. The stream is one
 * endless stream from state 0, simulated in bounded batches, so the run reaches stream steps
 * past 2^32 (64-bit step, tile and Philox counters) and every tile runs its kernel's metric
 * renormalisation as it does in the middle of any long stream.
 *
 * Expected band: the CPU decoder (the same decisions, docs/viterbi.md) on `--ref-batches`
 * independent streams of other seeds. Their BERs are independent samples, so their spread
 * measures the variance of a BER estimate including the burstiness of Viterbi errors (which a
 * binomial interval over bits ignores). With v the per-bit variance so estimated, the band is
 * mean ± z·sqrt(v/n_ref + v/n_gpu), z = --z (default 5). A GPU BER outside it fails the run.
 *
 *   gpufec_viterbi_soak [--bits N] [--ebn0 A,B] [--ref-bits N] [--ref-batches N] [--z Z] [--seed S]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "apps/ber/code_registry.h"
#include "apps/ber/parse_number.h"
#include "apps/ber/simulate.h"
#include <gnuradio/gpufec/core/backend.h>
#include <gnuradio/gpufec/conv/conv_code.h>
#include <gnuradio/gpufec/conv/conv_device.h>
#include <gnuradio/gpufec/conv/viterbi.h>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

using namespace gpufec_ber;
using namespace gr::gpufec;

namespace {

const char* const code_spec = "conv:k=7,polys=171:133,term=streaming";
const size_t frame_bits = size_t(1) << 16; // pieces of the stream; only the batch size depends on it

struct options {
    uint64_t bits = 10000000000ull;
    uint64_t ref_bits = uint64_t(1) << 26;
    uint64_t ref_batches = 16;
    std::vector<double> ebn0{ 2.0, 4.0 };
    double z = 5.0;
    uint64_t seed = 1;
};

void usage()
{
    std::printf("usage: gpufec_viterbi_soak [--bits N] [--ebn0 A,B,...] [--ref-bits N] "
                "[--ref-batches N] [--z Z] [--seed S]\n"
                "  --bits N         information bits through the GPU per point (default 1e10)\n"
                "  --ebn0 LIST      Eb/N0 points in dB (default 2,4)\n"
                "  --ref-bits N     CPU reference bits per point, all batches (default 2^26)\n"
                "  --ref-batches N  independent CPU streams the reference is split into (default 16)\n"
                "  --z Z            band half-width in standard errors (default 5)\n"
                "  --seed S         seed of the GPU stream; the reference uses S+1.. (default 1)\n");
}

uint64_t parse_bits(const std::string& what, const std::string& v)
{
    const double x = parse_real(what, v); // 1e10 as well as 10000000000
    if (!(x >= 1) || x > 1e15 || x != std::floor(x))
        throw std::invalid_argument(what + " " + v + ": expected a whole number in [1, 1e15]");
    return uint64_t(x);
}

options parse(int argc, char** argv)
{
    options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--help" || a == "-h") {
            usage();
            std::exit(0);
        }
        if (i + 1 >= argc)
            throw std::invalid_argument(a + ": missing value (or unknown option)");
        const std::string v = argv[++i];
        if (a == "--bits")
            o.bits = parse_bits(a, v);
        else if (a == "--ref-bits")
            o.ref_bits = parse_bits(a, v);
        else if (a == "--ref-batches")
            o.ref_batches = parse_count(a, v, 2, 1000);
        else if (a == "--z") {
            o.z = parse_real(a, v);
            if (!(o.z > 0) || o.z > 100)
                throw std::invalid_argument(a + " " + v + ": expected a value in (0, 100]");
        } else if (a == "--seed")
            o.seed = parse_count(a, v, 0, uint64_t(1) << 40);
        else if (a == "--ebn0") {
            o.ebn0.clear();
            std::istringstream s(v);
            for (std::string p; std::getline(s, p, ',');)
                o.ebn0.push_back(parse_real(a, p));
            if (o.ebn0.empty())
                throw std::invalid_argument(a + ": no points");
        } else
            throw std::invalid_argument("unknown option " + a);
    }
    return o;
}

/* Whole frames of at least @p bits bits, errors only ending the point at its limit. */
stop_rule bits_rule(uint64_t bits)
{
    stop_rule r;
    r.min_frame_errors = std::numeric_limits<uint64_t>::max();
    r.min_bit_errors = std::numeric_limits<uint64_t>::max();
    r.max_frames = std::numeric_limits<uint64_t>::max();
    r.max_bits = bits;
    return r;
}

struct band {
    double mean, lo, hi;
    uint64_t bits, errors;
};

/* The CPU decoder on independent streams; see the file comment. */
band reference_band(const code_under_test& cut, const channel_point& ch, const options& o, uint64_t gpu_bits)
{
    const uint64_t per = (o.ref_bits + o.ref_batches - 1) / o.ref_batches;
    std::vector<double> ber;
    uint64_t bits = 0, errors = 0;
    for (uint64_t b = 0; b < o.ref_batches; ++b) {
        const auto sim = cut.cpu(sim_setup{ ch, o.seed + 1 + b, 0 });
        const point_result r = simulate_point(*sim, frame_bits, bits_rule(per));
        const uint64_t n = r.counts.frames * frame_bits;
        bits += n;
        errors += r.counts.bit_errors;
        ber.push_back(double(r.counts.bit_errors) / double(n));
    }
    double mean = 0;
    for (double x : ber)
        mean += x;
    mean /= double(ber.size());
    double ss = 0;
    for (double x : ber)
        ss += (x - mean) * (x - mean);
    const double var_batch = ss / double(ber.size() - 1);        // of one batch's BER
    const double var_bit = var_batch * double(bits / ber.size()); // of one bit, bursts included
    const double half = o.z * std::sqrt(var_bit / double(bits) + var_bit / double(gpu_bits));
    return { double(errors) / double(bits), std::max(0.0, double(errors) / double(bits) - half),
             double(errors) / double(bits) + half, bits, errors };
}

} // namespace

int main(int argc, char** argv)
{
    try {
        const options o = parse(argc, argv);
        if (cuda_device_count() == 0) {
            std::fprintf(stderr, "gpufec_viterbi_soak: no CUDA device\n");
            return 2;
        }
        const code_under_test cut = make_code(code_spec, frame_bits);
        const auto code = std::dynamic_pointer_cast<const conv_code>(cut.coded);
        const viterbi_tiling t = viterbi_tiling::defaults(*code);
        const device::viterbi_kernel kernel = device::viterbi_tile_plan(*code, t).kernel();
        std::printf("code %s; %s; GPU kernel %s; GPU seed %llu, reference seeds %llu..%llu\n",
                    code->name().c_str(), cut.decoder.c_str(), device::viterbi_kernel_name(kernel),
                    (unsigned long long)o.seed, (unsigned long long)(o.seed + 1),
                    (unsigned long long)(o.seed + o.ref_batches));
        bool ok = true;
        for (double ebn0 : o.ebn0) {
            const channel_point ch = make_channel("awgn").at(ebn0, code->rate());
            const auto sim = cut.cuda(sim_setup{ ch, o.seed, 0 });
            const auto t0 = std::chrono::steady_clock::now();
            const point_result r = simulate_point(*sim, frame_bits, bits_rule(o.bits));
            const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            const uint64_t bits = r.counts.frames * frame_bits;
            const double ber = double(r.counts.bit_errors) / double(bits);
            const band b = reference_band(cut, ch, o, bits);
            const bool pass = r.counts.bit_errors > 0 && ber >= b.lo && ber <= b.hi;
            ok = ok && pass;
            std::printf("Eb/N0 %.2f dB: bits %llu errors %llu BER %.4e (%.1f Gbit/s end to end) | "
                        "band [%.4e, %.4e] from CPU %llu bits, %llu errors, BER %.4e, z %.1f | %s\n",
                        ebn0, (unsigned long long)bits, (unsigned long long)r.counts.bit_errors, ber,
                        double(bits) / s * 1e-9, b.lo, b.hi, (unsigned long long)b.bits,
                        (unsigned long long)b.errors, b.mean, o.z, pass ? "PASS" : "FAIL");
            std::fflush(stdout);
        }
        std::printf("%s\n", ok ? "PASS" : "FAIL");
        return ok ? 0 : 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "gpufec_viterbi_soak: %s\n", e.what());
        return 2;
    }
}
