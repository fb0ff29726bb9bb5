// generated from lte/lte_chain_options.yml by cmake/gpufec_options.py: do not edit

#ifndef INCLUDED_GPUFEC_LTE_CRC_KIND_H
#define INCLUDED_GPUFEC_LTE_CRC_KIND_H

#include <gnuradio/gpufec/core/core_api.h>
#include <cstddef>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

/*! @brief The cyclic generator polynomials of TS 36.212 5.1.1. */
enum class lte_crc {
    CRC24A = 0, //!< gCRC24A: 24 parity bits
    CRC24B = 1, //!< gCRC24B: 24 parity bits
    CRC16 = 2, //!< gCRC16: 16 parity bits
    CRC8 = 3, //!< gCRC8: 8 parity bits
};

/*! @brief The value named '24A', '24B', '16', '8' (case-insensitive; also the old names).
 *  @throws std::invalid_argument naming CRC kind, the value and the names allowed */
GPUFEC_CORE_API lte_crc parse_lte_crc(const std::string& name);
/*! @brief The name of @p v. @throws std::invalid_argument for a value outside the enum */
GPUFEC_CORE_API std::string lte_crc_name(lte_crc v);

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_LTE_CRC_KIND_H */
