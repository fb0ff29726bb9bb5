// generated from lte/lte_chain_options.yml by cmake/gpufec_options.py: do not edit

#include <gnuradio/gpufec/lte/lte_crc_kind.h>
#include "skeleton/core/options_support.h"
#include <cmath>
#include <stdexcept>

namespace gr {
namespace gpufec {

using options_support::bad_value;

lte_crc parse_lte_crc(const std::string& name)
{
    static const std::pair<const char*, lte_crc> table[] = {
        { "24a", lte_crc::CRC24A },
        { "crc24a", lte_crc::CRC24A },
        { "24b", lte_crc::CRC24B },
        { "crc24b", lte_crc::CRC24B },
        { "16", lte_crc::CRC16 },
        { "crc16", lte_crc::CRC16 },
        { "8", lte_crc::CRC8 },
        { "crc8", lte_crc::CRC8 },
    };
    const std::string s = options_support::lower(name);
    for (const auto& entry : table)
        if (s == entry.first)
            return entry.second;
    throw std::invalid_argument("CRC kind = '" + name + "' is not known: use '24A', '24B', '16' or '8'");
}

std::string lte_crc_name(lte_crc v)
{
    switch (v) {
    case lte_crc::CRC24A:
        return "24A";
    case lte_crc::CRC24B:
        return "24B";
    case lte_crc::CRC16:
        return "16";
    case lte_crc::CRC8:
        return "8";
    }
    throw std::invalid_argument("CRC kind = " + std::to_string(static_cast<int>(v)) +
                                " is not known: allowed are 0 (24A), 1 (24B), 2 (16), 3 (8)");
}

} // namespace gpufec
} // namespace gr
