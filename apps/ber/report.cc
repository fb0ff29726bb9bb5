/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "report.h"
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace gpufec_ber {

interval wilson(uint64_t k, uint64_t n)
{
    const double z = 1.959964, nn = double(n), p = double(k) / nn;
    const double den = 1 + z * z / nn;
    const double mid = (p + z * z / (2 * nn)) / den;
    const double half = z * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / den;
    // At k = 0 (k = n) the lower (upper) end is exactly 0 (1); rounding would leave ~1e-19.
    return { k == 0 ? 0.0 : std::max(0.0, mid - half), k == n ? 1.0 : std::min(1.0, mid + half) };
}

namespace {

/* The point's column: as wide as its name, at least 7 characters. */
int point_width(const point_axis& a) { return std::max(7, int(a.name.size())); }

/* The point's value: dB as 0.01 dB, a probability (bsid) in 3 digits. */
std::string point_text(const point_axis& a, double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, v != 0 && std::fabs(v) < 0.1 ? "%*.3g" : "%*.2f", point_width(a), v);
    return buf;
}

/* " errors rate [lo,hi]" of symbol errors, for codes of q-ary symbols. */
std::string ser_columns(const frame_counts& c, size_t symbols_per_frame)
{
    const uint64_t symbols = c.frames * symbols_per_frame;
    const interval s = wilson(c.symbol_errors, symbols);
    char buf[96];
    std::snprintf(buf, sizeof buf, " %12llu %10.3e [%9.3e,%9.3e]", (unsigned long long)c.symbol_errors,
                  double(c.symbol_errors) / double(symbols), s.lo, s.hi);
    return buf;
}

} // namespace

std::string table_header(const report_format& f)
{
    char buf[256];
    std::snprintf(buf, sizeof buf, "%*s %12s %16s %12s %10s %21s %10s %10s %21s", point_width(f.axis),
                  f.axis.name.c_str(), "frames", "bits", "bit errs", "BER", "BER 95% CI", "fr errs", "FER",
                  "FER 95% CI");
    std::string h = buf;
    if (f.axis.uncoded_ber) {
        std::snprintf(buf, sizeof buf, " %10s", "uncoded");
        h += buf;
    }
    std::snprintf(buf, sizeof buf, " %7s", "stop");
    h += buf;
    if (f.symbols_per_frame) {
        std::snprintf(buf, sizeof buf, " %12s %10s %21s", "sym errs", "SER", "SER 95% CI");
        h += buf;
    }
    return h + "\n";
}

std::string table_row(const report_format& f, double value, size_t frame_bits, const point_result& r)
{
    const frame_counts& c = r.counts;
    const uint64_t bits = c.frames * frame_bits;
    const interval b = wilson(c.bit_errors, bits), fr = wilson(c.frame_errors, c.frames);
    char buf[320];
    std::snprintf(buf, sizeof buf, "%s %12llu %16llu %12llu %10.3e [%9.3e,%9.3e] %10llu %10.3e [%9.3e,%9.3e]",
                  point_text(f.axis, value).c_str(), (unsigned long long)c.frames, (unsigned long long)bits,
                  (unsigned long long)c.bit_errors, double(c.bit_errors) / double(bits), b.lo, b.hi,
                  (unsigned long long)c.frame_errors, double(c.frame_errors) / double(c.frames), fr.lo,
                  fr.hi);
    std::string row = buf;
    if (f.axis.uncoded_ber) {
        std::snprintf(buf, sizeof buf, " %10.3e", f.axis.uncoded_ber(value));
        row += buf;
    }
    std::snprintf(buf, sizeof buf, " %7s", stop_reason_name(r.reason));
    row += buf;
    return row + (f.symbols_per_frame ? ser_columns(c, f.symbols_per_frame) : "") + "\n";
}

std::string csv_header(const report_format& f)
{
    return "code," + f.axis.column +
           ",frames,bits,bit_errors,ber,ber_lo,ber_hi,frame_errors,fer,fer_lo,fer_hi," +
           (f.axis.uncoded_ber ? "uncoded_theory," : "") + "frame_bits,stopped_by" +
           (f.symbols_per_frame ? ",symbols,symbol_errors,ser,ser_lo,ser_hi\n" : "\n");
}

std::string csv_row(const report_format& f,
                    const std::string& code_name,
                    double value,
                    size_t frame_bits,
                    const point_result& r)
{
    const frame_counts& c = r.counts;
    const uint64_t bits = c.frames * frame_bits;
    const interval b = wilson(c.bit_errors, bits), fr = wilson(c.frame_errors, c.frames);
    std::ostringstream s;
    s.precision(10);
    s << '"' << code_name << "\"," << value << ',' << c.frames << ',' << bits << ',' << c.bit_errors
      << ',' << double(c.bit_errors) / double(bits) << ',' << b.lo << ',' << b.hi << ','
      << c.frame_errors << ',' << double(c.frame_errors) / double(c.frames) << ',' << fr.lo << ','
      << fr.hi << ',';
    if (f.axis.uncoded_ber)
        s << f.axis.uncoded_ber(value) << ',';
    s << frame_bits << ',' << stop_reason_name(r.reason);
    if (f.symbols_per_frame) {
        const uint64_t symbols = c.frames * f.symbols_per_frame;
        const interval y = wilson(c.symbol_errors, symbols);
        s << ',' << symbols << ',' << c.symbol_errors << ',' << double(c.symbol_errors) / double(symbols)
          << ',' << y.lo << ',' << y.hi;
    }
    s << '\n';
    return s.str();
}

std::string limit_warning(const point_axis& axis, double value, const stop_rule& rule, const point_result& r)
{
    if (r.reason == stop_reason::ERRORS)
        return "";
    const frame_counts& c = r.counts;
    std::ostringstream s;
    s << "warning: " << axis.point(value) << " ended at "
      << (r.reason == stop_reason::FRAMES ? "--max-frames " + std::to_string(rule.max_frames)
                                          : "--max-bits " + std::to_string(rule.max_bits))
      << " with " << c.frame_errors << " frame errors and " << c.bit_errors
      << " bit errors, short of --min-frame-errors " << rule.min_frame_errors
      << " / --min-bit-errors " << rule.min_bit_errors << ": its intervals are wider than asked for";
    return s.str();
}

} // namespace gpufec_ber
