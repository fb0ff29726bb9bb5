// generated from awgn/awgn_options.yml by cmake/gpufec_options.py: do not edit

#ifndef INCLUDED_GPUFEC_AWGN_OPTIONS_H
#define INCLUDED_GPUFEC_AWGN_OPTIONS_H

#include <gnuradio/gpufec/core/core_api.h>
#include <cstddef>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

/*! @brief What the channel outputs. */
enum class soft_output {
    LLR = 0, //!< 2 y / sigma^2 = ln P(y|1)/P(y|0)
    SYMBOLS = 1, //!< the received symbols y
};

/*! @brief The value named 'llr', 'symbols' (case-insensitive; also the old names).
 *  @throws std::invalid_argument naming output, the value and the names allowed */
GPUFEC_CORE_API soft_output parse_soft_output(const std::string& name);
/*! @brief The name of @p v. @throws std::invalid_argument for a value outside the enum */
GPUFEC_CORE_API std::string soft_output_name(soft_output v);

/*! @brief How the noise level is given. */
enum class snr_kind {
    EBN0 = 0, //!< energy per information bit (uses the code rate)
    ESN0 = 1, //!< energy per channel symbol
};

/*! @brief The value named 'ebn0', 'esn0' (case-insensitive; also the old names).
 *  @throws std::invalid_argument naming snr_kind, the value and the names allowed */
GPUFEC_CORE_API snr_kind parse_snr_kind(const std::string& name);
/*! @brief The name of @p v. @throws std::invalid_argument for a value outside the enum */
GPUFEC_CORE_API std::string snr_kind_name(snr_kind v);

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_AWGN_OPTIONS_H */
