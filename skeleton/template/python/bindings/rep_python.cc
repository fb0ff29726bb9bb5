/* numpy-level repetition decoding (the same engine as the block) and the options class.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* BINDTOOL_HEADER_FILE(None) */
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include "python/gpufec/bindings/numpy_decode.h"
#include "rep_options_pybind.h"
#include <gnuradio/gpufec/rep/rep.h>

void bind_rep(py::module& m)
{
    using namespace gr::gpufec;
    gpufec_options::bind_rep_options(m);
    // The keywords, their order and defaults: rep/rep_options.yml.
    gpufec_options::def_rep_decode_keywords(
        m,
        [](std::shared_ptr<rep_code> c, py::object llrs, const rep_options& opts) {
            const auto soft = gpufec_python::read_soft(llrs, "llrs", opts.invert);
            rep_decoder_engine dec(c, opts);
            return gpufec_python::decode_array(dec, soft, opts.llr_scale);
        },
        "Decodes whole frames of n K soft values (each bit's n copies in a row) into K bits each\n"
        "(uint8). llrs: float32/float64 LLRs (positive = bit 1 unless invert), int8 values q\n"
        "(the LLRs q / llr_scale), or uint8/bool hard bits. The options by keyword or as one\n"
        "gpufec.rep_options.");
}
