/* gpufec_ber: BER/FER simulation over an Eb/N0 range.
 *
 *   gpufec_ber [--code SPEC] [--ebn0 START:STOP:STEP] [--frame-bits N] [--min-frame-errors N]
 *              [--max-frames N] [--batch N] [--backend auto|cpu|cuda] [--seed S] [--csv FILE]
 *
 * Each point runs batches of frames through awgn_bpsk_generator -> decoder until it has
 * --min-frame-errors frame errors or --max-frames frames. Intervals are 95% Wilson score
 * intervals; the BER interval treats bit errors as independent, which understates it for
 * coded frames (errors come in bursts): read the FER interval for those.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ber/code_spec.h"
#include <gnuradio/gpufec/awgn_bpsk.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

using namespace gr::gpufec;

namespace {

struct options {
    std::string code = "uncoded";
    double start = 0, stop = 8, step = 1;
    size_t frame_bits = 2048;
    size_t min_frame_errors = 100;
    size_t max_frames = 100000;
    size_t batch = 0;
    std::string backend = "auto";
    uint64_t seed = 1;
    std::string csv;
};

void usage()
{
    std::cerr << "usage: gpufec_ber [--code SPEC] [--ebn0 START:STOP:STEP] [--frame-bits N]\n"
                 "                  [--min-frame-errors N] [--max-frames N] [--batch N]\n"
                 "                  [--backend auto|cpu|cuda] [--seed S] [--csv FILE]\n"
              << gpufec_ber::code_spec_help();
}

/* 95% Wilson score interval of a proportion k/n. */
void wilson(double k, double n, double* lo, double* hi)
{
    const double z = 1.959964, p = n > 0 ? k / n : 0;
    const double den = 1 + z * z / n;
    const double mid = (p + z * z / (2 * n)) / den;
    const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den;
    *lo = std::max(0.0, mid - half);
    *hi = std::min(1.0, mid + half);
}

options parse(int argc, char** argv)
{
    options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc)
                throw std::invalid_argument(a + " needs a value");
            return argv[++i];
        };
        if (a == "--code")
            o.code = value();
        else if (a == "--ebn0") {
            const std::string v = value();
            if (std::sscanf(v.c_str(), "%lf:%lf:%lf", &o.start, &o.stop, &o.step) != 3 ||
                !(o.step > 0) || o.stop < o.start)
                throw std::invalid_argument("--ebn0 " + v +
                                            ": expected START:STOP:STEP with STEP > 0 and STOP >= START");
        } else if (a == "--frame-bits")
            o.frame_bits = std::stoul(value());
        else if (a == "--min-frame-errors")
            o.min_frame_errors = std::stoul(value());
        else if (a == "--max-frames")
            o.max_frames = std::stoul(value());
        else if (a == "--batch")
            o.batch = std::stoul(value());
        else if (a == "--backend")
            o.backend = value();
        else if (a == "--seed")
            o.seed = std::stoull(value());
        else if (a == "--csv")
            o.csv = value();
        else if (a == "--help" || a == "-h") {
            usage();
            std::exit(0);
        } else
            throw std::invalid_argument("unknown option " + a);
    }
    return o;
}

} // namespace

int main(int argc, char** argv)
{
    try {
        const options o = parse(argc, argv);
        const backend_kind backend = parse_backend(o.backend);
        const gpufec_ber::code_under_test cut = gpufec_ber::make_code(o.code, o.frame_bits, backend);
        const code& c = *cut.coded;
        const size_t k = c.info_bits_per_block(), n = c.coded_bits_per_block();
        const size_t frame_info = cut.frame_info_bits;
        const size_t blocks_per_frame = frame_info / k;
        const size_t batch_frames =
            o.batch ? o.batch : std::max<size_t>(1, (size_t(1) << 22) / (blocks_per_frame * n));

        std::ofstream csv;
        if (!o.csv.empty()) {
            csv.open(o.csv);
            if (!csv)
                throw std::runtime_error("cannot write " + o.csv);
            csv << "code,ebn0_db,frames,bits,bit_errors,ber,ber_lo,ber_hi,frame_errors,fer,fer_lo,fer_hi,uncoded_theory\n";
        }
        std::printf("code: %s, rate %.4f, %zu info bits per frame, %s\n", c.name().c_str(), c.rate(),
                    frame_info, cut.decoder_backend.c_str());
        std::printf("%7s %10s %12s %10s %21s %8s %10s %21s %10s\n", "Eb/N0", "frames", "bit errs",
                    "BER", "BER 95% CI", "fr errs", "FER", "FER 95% CI", "uncoded");
        std::vector<uint8_t> info, decoded;
        std::vector<float> soft;
        for (int i = 0;; ++i) {
            const double ebn0 = o.start + i * o.step;
            if (ebn0 > o.stop + 1e-9)
                break;
            awgn_bpsk_generator gen(cut.coded, awgn_noise::from_snr(ebn0, snr_kind::EBN0, c.rate()),
                                    soft_output::LLR, o.seed + i, backend);
            size_t frames = 0, frame_errors = 0, bit_errors = 0;
            while (frames < o.max_frames && frame_errors < o.min_frame_errors) {
                const size_t nf = std::min(batch_frames, o.max_frames - frames);
                info.resize(nf * frame_info);
                soft.resize(nf * blocks_per_frame * n);
                decoded.resize(nf * frame_info);
                gen.generate(nf * blocks_per_frame, info.data(), soft.data());
                cut.decode(soft.data(), decoded.data(), nf);
                for (size_t f = 0; f < nf; ++f) {
                    size_t e = 0;
                    for (size_t b = 0; b < frame_info; ++b)
                        e += info[f * frame_info + b] != decoded[f * frame_info + b];
                    bit_errors += e;
                    frame_errors += e != 0;
                }
                frames += nf;
            }
            const double bits = double(frames) * frame_info;
            double blo, bhi, flo, fhi;
            wilson(bit_errors, bits, &blo, &bhi);
            wilson(frame_errors, frames, &flo, &fhi);
            const double theory = 0.5 * std::erfc(std::sqrt(std::pow(10.0, ebn0 / 10)));
            std::printf("%7.2f %10zu %12zu %10.3e [%9.3e,%9.3e] %8zu %10.3e [%9.3e,%9.3e] %10.3e\n",
                        ebn0, frames, bit_errors, bit_errors / bits, blo, bhi, frame_errors,
                        double(frame_errors) / frames, flo, fhi, theory);
            std::fflush(stdout);
            if (csv)
                csv << '"' << c.name() << "\"," << ebn0 << ',' << frames << ',' << bits << ','
                    << bit_errors << ',' << bit_errors / bits << ',' << blo << ',' << bhi << ','
                    << frame_errors << ',' << double(frame_errors) / frames << ',' << flo << ','
                    << fhi << ',' << theory << '\n';
        }
    } catch (const std::exception& e) {
        std::cerr << "gpufec_ber: " << e.what() << "\n";
        usage();
        return 2;
    }
    return 0;
}
