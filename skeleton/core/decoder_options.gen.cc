// generated from skeleton/decoder_options.yml by cmake/gpufec_options.py: do not edit

#include <gnuradio/gpufec/core/decoder_options.h>
#include "skeleton/core/options_support.h"
#include <cmath>
#include <stdexcept>

namespace gr {
namespace gpufec {

using options_support::bad_value;

backend_kind parse_backend(const std::string& name)
{
    static const std::pair<const char*, backend_kind> table[] = {
        { "auto", backend_kind::AUTO },
        { "cpu", backend_kind::CPU },
        { "cuda", backend_kind::CUDA },
        { "gpu", backend_kind::CUDA },
    };
    const std::string s = options_support::lower(name);
    for (const auto& entry : table)
        if (s == entry.first)
            return entry.second;
    throw std::invalid_argument("backend = '" + name + "' is not known: use 'auto', 'cpu' or 'cuda'");
}

std::string backend_name(backend_kind v)
{
    switch (v) {
    case backend_kind::AUTO:
        return "auto";
    case backend_kind::CPU:
        return "cpu";
    case backend_kind::CUDA:
        return "cuda";
    }
    throw std::invalid_argument("backend = " + std::to_string(static_cast<int>(v)) +
                                " is not known: allowed are 0 (auto), 1 (cpu), 2 (cuda)");
}

soft_type parse_soft_type(const std::string& name)
{
    static const std::pair<const char*, soft_type> table[] = {
        { "float", soft_type::FLOAT },
        { "int8", soft_type::INT8 },
    };
    const std::string s = options_support::lower(name);
    for (const auto& entry : table)
        if (s == entry.first)
            return entry.second;
    throw std::invalid_argument("input = '" + name + "' is not known: use 'float' or 'int8'");
}

std::string soft_type_name(soft_type v)
{
    switch (v) {
    case soft_type::FLOAT:
        return "float";
    case soft_type::INT8:
        return "int8";
    }
    throw std::invalid_argument("input = " + std::to_string(static_cast<int>(v)) +
                                " is not known: allowed are 0 (float), 1 (int8)");
}

void decoder_options::check() const
{
    backend_name(backend); // a value outside the enum throws
    if (device < 0)
        bad_value("device", options_support::text(device), "a CUDA device index >= 0");
    soft_type_name(input); // a value outside the enum throws
    if (!std::isfinite(llr_scale) || !(llr_scale > 0))
        bad_value("llr_scale", options_support::text(llr_scale), "> 0");
    if (max_batch > 1048576)
        bad_value("max_batch", options_support::text(max_batch), "0 (the backend's choice) to 1048576");
    if (threads > 1024)
        bad_value("threads", options_support::text(threads), "0 (one per hardware thread) to 1024");
}

} // namespace gpufec
} // namespace gr
