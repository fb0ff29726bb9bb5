/* The code families gpufec_ber knows, each registered from its own file by a static
 * register_code_family object (awgn_ber_uncoded.cc, conv_ber_spec.cc, ...): a new family is a new
 * file, with no central list to edit. The ber sources are built as an object library, so the
 * linker keeps every registration.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BER_CODE_REGISTRY_H
#define INCLUDED_GPUFEC_BER_CODE_REGISTRY_H

#include "simulator.h"
#include <gnuradio/gpufec/core/decoder_options.h>
#include <functional>
#include <string>
#include <vector>

namespace gpufec_ber {

/*! Information bits per frame when --frame-bits is not given, for families whose frame size
 *  is free (those of q-ary symbols take the whole symbols that fit in it). */
constexpr size_t default_frame_bits = 2048;

/*! A family of --code specs "NAME" and "NAME:ARGS". */
struct code_family {
    std::string name; //!< e.g. "conv"
    std::string help; //!< --help lines, the first starting with the name
    /*! ARGS ("" when the spec is the bare name) and the frame size (--frame-bits; 0 when it
     *  was not given: the family's default) -> the code.
     *  @throws std::invalid_argument naming what is wrong in ARGS */
    std::function<code_under_test(const std::string& args, size_t frame_bits)> make;
};

/*! Registers @p family at static initialisation; a second family of the same name is a
 *  programming error (std::logic_error). */
class register_code_family
{
public:
    explicit register_code_family(code_family family);
};

/*! @param frame_bits --frame-bits, 0 for the family's default
 *  @throws std::invalid_argument for an unknown family (listing the known ones) or bad ARGS */
code_under_test make_code(const std::string& spec, size_t frame_bits);

/*! Refuses in a --code spec's decoder options what the tool chooses itself: the backend
 *  (--backend), the device (0) and the input type (it sends float LLRs).
 *  @throws std::invalid_argument naming @p family and the option */
void refuse_tool_options(const gr::gpufec::decoder_options& o, const std::string& family);

/*! The families' help, in name order. */
std::string code_help();

} // namespace gpufec_ber

#endif
