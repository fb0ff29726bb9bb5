// generated from awgn/awgn_options.yml by cmake/gpufec_options.py: do not edit

#include <gnuradio/gpufec/awgn/awgn_options.h>
#include "skeleton/core/options_support.h"
#include <cmath>
#include <stdexcept>

namespace gr {
namespace gpufec {

using options_support::bad_value;

soft_output parse_soft_output(const std::string& name)
{
    static const std::pair<const char*, soft_output> table[] = {
        { "llr", soft_output::LLR },
        { "symbols", soft_output::SYMBOLS },
    };
    const std::string s = options_support::lower(name);
    for (const auto& entry : table)
        if (s == entry.first)
            return entry.second;
    throw std::invalid_argument("output = '" + name + "' is not known: use 'llr' or 'symbols'");
}

std::string soft_output_name(soft_output v)
{
    switch (v) {
    case soft_output::LLR:
        return "llr";
    case soft_output::SYMBOLS:
        return "symbols";
    }
    throw std::invalid_argument("output = " + std::to_string(static_cast<int>(v)) +
                                " is not known: allowed are 0 (llr), 1 (symbols)");
}

snr_kind parse_snr_kind(const std::string& name)
{
    static const std::pair<const char*, snr_kind> table[] = {
        { "ebn0", snr_kind::EBN0 },
        { "esn0", snr_kind::ESN0 },
    };
    const std::string s = options_support::lower(name);
    for (const auto& entry : table)
        if (s == entry.first)
            return entry.second;
    throw std::invalid_argument("snr_kind = '" + name + "' is not known: use 'ebn0' or 'esn0'");
}

std::string snr_kind_name(snr_kind v)
{
    switch (v) {
    case snr_kind::EBN0:
        return "ebn0";
    case snr_kind::ESN0:
        return "esn0";
    }
    throw std::invalid_argument("snr_kind = " + std::to_string(static_cast<int>(v)) +
                                " is not known: allowed are 0 (ebn0), 1 (esn0)");
}

} // namespace gpufec
} // namespace gr
