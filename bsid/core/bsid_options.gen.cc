// generated from bsid/bsid_options.yml by cmake/gpufec_options.py: do not edit

#include <gnuradio/gpufec/bsid/bsid_options.h>
#include "skeleton/core/options_support.h"
#include <cmath>
#include <stdexcept>

namespace gr {
namespace gpufec {

using options_support::bad_value;

bsid_storage parse_bsid_storage(const std::string& name)
{
    static const std::pair<const char*, bsid_storage> table[] = {
        { "auto", bsid_storage::AUTO },
        { "global", bsid_storage::GLOBAL },
        { "local", bsid_storage::LOCAL },
    };
    const std::string s = options_support::lower(name);
    for (const auto& entry : table)
        if (s == entry.first)
            return entry.second;
    throw std::invalid_argument("storage = '" + name + "' is not known: use 'auto', 'global' or 'local'");
}

std::string bsid_storage_name(bsid_storage v)
{
    switch (v) {
    case bsid_storage::AUTO:
        return "auto";
    case bsid_storage::GLOBAL:
        return "global";
    case bsid_storage::LOCAL:
        return "local";
    }
    throw std::invalid_argument("storage = " + std::to_string(static_cast<int>(v)) +
                                " is not known: allowed are 0 (auto), 1 (global), 2 (local)");
}

bsid_lattice parse_bsid_lattice(const std::string& name)
{
    static const std::pair<const char*, bsid_lattice> table[] = {
        { "corridor", bsid_lattice::CORRIDOR },
        { "pooled", bsid_lattice::POOLED },
    };
    const std::string s = options_support::lower(name);
    for (const auto& entry : table)
        if (s == entry.first)
            return entry.second;
    throw std::invalid_argument("lattice = '" + name + "' is not known: use 'corridor' or 'pooled'");
}

std::string bsid_lattice_name(bsid_lattice v)
{
    switch (v) {
    case bsid_lattice::CORRIDOR:
        return "corridor";
    case bsid_lattice::POOLED:
        return "pooled";
    }
    throw std::invalid_argument("lattice = " + std::to_string(static_cast<int>(v)) +
                                " is not known: allowed are 0 (corridor), 1 (pooled)");
}

bsid_precision parse_bsid_precision(const std::string& name)
{
    static const std::pair<const char*, bsid_precision> table[] = {
        { "float", bsid_precision::FLOAT },
        { "double", bsid_precision::DOUBLE },
    };
    const std::string s = options_support::lower(name);
    for (const auto& entry : table)
        if (s == entry.first)
            return entry.second;
    throw std::invalid_argument("precision = '" + name + "' is not known: use 'float' or 'double'");
}

std::string bsid_precision_name(bsid_precision v)
{
    switch (v) {
    case bsid_precision::FLOAT:
        return "float";
    case bsid_precision::DOUBLE:
        return "double";
    }
    throw std::invalid_argument("precision = " + std::to_string(static_cast<int>(v)) +
                                " is not known: allowed are 0 (float), 1 (double)");
}

} // namespace gpufec
} // namespace gr
