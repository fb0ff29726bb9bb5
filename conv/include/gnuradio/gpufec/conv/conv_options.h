// generated from conv/conv_options.yml by cmake/gpufec_options.py: do not edit

#ifndef INCLUDED_GPUFEC_CONV_OPTIONS_H
#define INCLUDED_GPUFEC_CONV_OPTIONS_H

#include <gnuradio/gpufec/core/core_api.h>
#include <cstddef>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

/*! @brief How frames begin and end (docs/viterbi.md). */
enum class termination {
    TERMINATED = 0, //!< state 0 at both ends: k-1 zero tail bits after each frame
    TRUNCATED = 1, //!< state 0 at the start, the end state is whatever the data left
    TAILBITING = 2, //!< start state = end state (the frame's last k-1 bits), no tail
    STREAMING = 3, //!< one endless stream from state 0, no frames
};

/*! @brief The value named 'terminated', 'truncated', 'tailbiting', 'streaming' (case-insensitive; also the old names).
 *  @throws std::invalid_argument naming termination, the value and the names allowed */
GPUFEC_CORE_API termination parse_termination(const std::string& name);
/*! @brief The name of @p v. @throws std::invalid_argument for a value outside the enum */
GPUFEC_CORE_API std::string termination_name(termination v);

/*! @brief How generators are written (docs/conventions.md).
 *
 *  OCTAL is the textbooks' and standards' form: bit k-1 taps the newest input bit (0171, 0133).
 *  GR_FEC is gr-fec's cc_encoder/cc_decoder form: each generator bit-reversed over k bits, bit 0
 *  tapping the newest input bit ([79, 109] for 0171, 0133, in the same order). */
enum class polys_order {
    OCTAL = 0, //!< the textbooks' form: bit k-1 taps the newest input bit
    GR_FEC = 1, //!< gr-fec's form: each generator bit-reversed over k bits
};

/*! @brief The value named 'octal', 'gr-fec' (case-insensitive; also the old names).
 *  @throws std::invalid_argument naming polys_order, the value and the names allowed */
GPUFEC_CORE_API polys_order parse_polys_order(const std::string& name);
/*! @brief The name of @p v. @throws std::invalid_argument for a value outside the enum */
GPUFEC_CORE_API std::string polys_order_name(polys_order v);

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CONV_OPTIONS_H */
