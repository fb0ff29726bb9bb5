// generated from conv/conv_options.yml by cmake/gpufec_options.py: do not edit

#include <gnuradio/gpufec/conv/conv_options.h>
#include "skeleton/core/options_support.h"
#include <cmath>
#include <stdexcept>

namespace gr {
namespace gpufec {

using options_support::bad_value;

termination parse_termination(const std::string& name)
{
    static const std::pair<const char*, termination> table[] = {
        { "terminated", termination::TERMINATED },
        { "truncated", termination::TRUNCATED },
        { "tailbiting", termination::TAILBITING },
        { "streaming", termination::STREAMING },
    };
    const std::string s = options_support::lower(name);
    for (const auto& entry : table)
        if (s == entry.first)
            return entry.second;
    throw std::invalid_argument("termination = '" + name + "' is not known: use 'terminated', 'truncated', 'tailbiting' or 'streaming'");
}

std::string termination_name(termination v)
{
    switch (v) {
    case termination::TERMINATED:
        return "terminated";
    case termination::TRUNCATED:
        return "truncated";
    case termination::TAILBITING:
        return "tailbiting";
    case termination::STREAMING:
        return "streaming";
    }
    throw std::invalid_argument("termination = " + std::to_string(static_cast<int>(v)) +
                                " is not known: allowed are 0 (terminated), 1 (truncated), 2 (tailbiting), 3 (streaming)");
}

polys_order parse_polys_order(const std::string& name)
{
    static const std::pair<const char*, polys_order> table[] = {
        { "octal", polys_order::OCTAL },
        { "gr-fec", polys_order::GR_FEC },
    };
    const std::string s = options_support::lower(name);
    for (const auto& entry : table)
        if (s == entry.first)
            return entry.second;
    throw std::invalid_argument("polys_order = '" + name + "' is not known: use 'octal' (0o171, 0o133) or 'gr-fec' (gr-fec's cc_encoder form, [79, 109])");
}

std::string polys_order_name(polys_order v)
{
    switch (v) {
    case polys_order::OCTAL:
        return "octal";
    case polys_order::GR_FEC:
        return "gr-fec";
    }
    throw std::invalid_argument("polys_order = " + std::to_string(static_cast<int>(v)) +
                                " is not known: allowed are 0 (octal), 1 (gr-fec)");
}

} // namespace gpufec
} // namespace gr
