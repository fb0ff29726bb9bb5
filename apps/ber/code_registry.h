/* The code families gpufec_ber knows, each registered from its own file by a static
 * register_code_family object (uncoded_spec.cc, conv_spec.cc, ...): a new family is a new
 * file, with no central list to edit. The ber sources are built as an object library, so the
 * linker keeps every registration.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BER_CODE_REGISTRY_H
#define INCLUDED_GPUFEC_BER_CODE_REGISTRY_H

#include "simulator.h"
#include <functional>
#include <string>
#include <vector>

namespace gpufec_ber {

/*! A family of --code specs "NAME" and "NAME:ARGS". */
struct code_family {
    std::string name; //!< e.g. "conv"
    std::string help; //!< --help lines, the first starting with the name
    /*! ARGS ("" when the spec is the bare name) and the frame size -> the code.
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

/*! @throws std::invalid_argument for an unknown family (listing the known ones) or bad ARGS */
code_under_test make_code(const std::string& spec, size_t frame_bits);

/*! The families' help, in name order. */
std::string code_help();

} // namespace gpufec_ber

#endif
