/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "options.h"
#include "channel_registry.h"
#include "code_registry.h"
#include "parse_number.h"
#include <cmath>
#include <limits>
#include <stdexcept>

namespace gpufec_ber {

namespace {

constexpr uint64_t any = std::numeric_limits<uint64_t>::max();
constexpr double min_db = -30, max_db = 60; // awgn_noise::from_snr's range
constexpr size_t max_points = 10000;

/* --ebn0 or --points (@p option) START:STOP:STEP; the channel checks each point's value. */
sweep parse_sweep(const std::string& option, const std::string& v)
{
    const size_t c1 = v.find(':'), c2 = c1 == std::string::npos ? c1 : v.find(':', c1 + 1);
    if (c2 == std::string::npos)
        throw std::invalid_argument(option + " " + v + ": expected START:STOP:STEP" +
                                    (option == "--ebn0" ? " in dB" : ""));
    sweep s;
    s.start = parse_real(option + " START", v.substr(0, c1));
    s.stop = parse_real(option + " STOP", v.substr(c1 + 1, c2 - c1 - 1));
    s.step = parse_real(option + " STEP", v.substr(c2 + 1));
    if (s.start < min_db || s.stop > max_db || s.stop < s.start || !(s.step > 0) ||
        (s.stop - s.start) / s.step >= max_points)
        throw std::invalid_argument(option + " " + v +
                                    ": expected -30 <= START <= STOP <= 60 and STEP > 0, at most " +
                                    std::to_string(max_points) + " points");
    return s;
}

} // namespace

options parse_options(const std::vector<std::string>& args)
{
    options o;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const auto value = [&]() -> const std::string& {
            if (i + 1 >= args.size())
                throw std::invalid_argument(a + " needs a value");
            return args[++i];
        };
        if (a == "--code")
            o.code = value();
        else if (a == "--channel")
            o.channel = value();
        else if (a == "--ebn0" || a == "--points")
            o.points = parse_sweep(a, value());
        else if (a == "--frame-bits")
            o.frame_bits = parse_count(a, value(), 1, max_frame_bits);
        else if (a == "--min-frame-errors")
            o.stop_at.min_frame_errors = parse_count(a, value(), 1, any);
        else if (a == "--min-bit-errors")
            o.stop_at.min_bit_errors = parse_count(a, value(), 1, any);
        else if (a == "--max-frames")
            o.stop_at.max_frames = parse_count(a, value(), 1, any);
        else if (a == "--max-bits")
            o.stop_at.max_bits = parse_count(a, value(), 1, any);
        else if (a == "--batch")
            o.batch = parse_count(a, value(), 1, max_batch_frames);
        else if (a == "--backend")
            o.backend = value();
        else if (a == "--seed")
            o.seed = parse_count(a, value(), 0, any);
        else if (a == "--csv")
            o.csv = value();
        else if (a == "--progress")
            o.progress = true;
        else if (a == "--help" || a == "-h")
            o.help = true;
        else
            throw std::invalid_argument("unknown option '" + a + "'");
    }
    return o;
}

std::vector<double> sweep_points(const sweep& s)
{
    std::vector<double> points;
    // Points are computed from their index, so rounding does not accumulate.
    for (size_t i = 0;; ++i) {
        const double p = s.start + double(i) * s.step;
        if (p > s.stop + 1e-9 * s.step)
            break;
        points.push_back(p);
    }
    return points;
}

std::string usage()
{
    const options d;
    const auto n = [](uint64_t v) { return std::to_string(v); };
    return "usage: gpufec_ber [options]\n"
           "BER/FER of a code over BPSK/AWGN at a range of Eb/N0 points, or over the insertion/deletion\n"
           "channel (--channel bsid, with SER for codes of q-ary symbols), with 95% intervals.\n"
           "  --code SPEC            the code (default " + d.code + "), see below\n"
           "  --channel SPEC         the channel (default: the code's, awgn unless its help says\n"
           "                         otherwise), see below\n"
           "  --ebn0 START:STOP:STEP Eb/N0 points in dB (default: the channel's, see below)\n"
           "  --points START:STOP:STEP  the same, for channels whose points are not Eb/N0\n"
           "  --frame-bits N         information bits per frame, 1 to " + n(max_frame_bits) +
           " (default: the code's,\n"
           "                         " + n(default_frame_bits) + " unless its help says otherwise)\n"
           "  --min-frame-errors N   frame errors a point needs (default " + n(d.stop_at.min_frame_errors) + ")\n"
           "  --min-bit-errors N     bit errors a point needs, as well (default " + n(d.stop_at.min_bit_errors) + ")\n"
           "  --max-frames N         frames a point runs at most (default " + n(d.stop_at.max_frames) + ")\n"
           "  --max-bits N           information bits a point runs at most (default: no limit)\n"
           "  --batch N              frames per batch at most, 1 to " + n(max_batch_frames) +
           " (default: about 2^20\n"
           "                         bits on the CPU; 2^27 bits on the GPU, fewer where two\n"
           "                         batches would take over half the free device memory);\n"
           "                         it changes speed and memory, never the figures\n"
           "  --backend B            auto, cpu or cuda (default " + d.backend + "): cuda simulates on the\n"
           "                         device (bits, encoding, noise, decoding and error counts);\n"
           "                         auto takes it when a device is present and the code has it\n"
           "  --seed S               0 to 2^64-1 (default " + n(d.seed) + "); point i uses seed S + i\n"
           "  --csv FILE             also write the points to FILE (gpufec_plot_ber.py plots it)\n"
           "  --progress             progress line on stderr (default: only when it is a terminal)\n"
           "  --help                 this text\n"
           "Numbers are decimal digits only; 0 is allowed for --seed alone.\n"
           "\n"
           "Stopping: a point ends at the first frame at which it has both --min-frame-errors\n"
           "frame errors and --min-bit-errors bit errors, or --max-frames frames, or at least\n"
           "--max-bits bits (a warning on stderr then says the error target was not reached).\n"
           "The figures depend on the seed and these rules only: cpu and cuda give the same ones.\n"
           "\n"
           "Frames: frame f is information bits [f N, (f+1) N) of one stream of random bits per\n"
           "point (N = --frame-bits). A framed code encodes each frame as one code block. A\n"
           "streaming code (term=streaming) encodes the whole stream from state 0 without end\n"
           "and decodes it in tiles (viterbi_tiling::defaults); a frame is then a piece of the\n"
           "stream, and every bit is decoded as part of a complete tile, never at a stream end.\n"
           "\n"
           "channels (--channel):\n" +
           channel_help() +
           "\n"
           "codes (--code):\n" +
           code_help();
}

} // namespace gpufec_ber
