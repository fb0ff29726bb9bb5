/* The code argument of the LTE numpy functions: None is refused with what to pass.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_PYTHON_LTE_TURBO_CODE_ARG_H
#define INCLUDED_GPUFEC_PYTHON_LTE_TURBO_CODE_ARG_H

#include <gnuradio/gpufec/lte/lte_turbo_code.h>
#include <memory>
#include <stdexcept>

namespace gpufec_python {

inline const gr::gpufec::lte_turbo_code&
checked_lte_turbo_code(const std::shared_ptr<gr::gpufec::lte_turbo_code>& c)
{
    if (!c)
        throw std::invalid_argument(
            "code is None: pass an LTE turbo code, e.g. gpufec.lte_turbo_code(6144)");
    return *c;
}

} // namespace gpufec_python

#endif
