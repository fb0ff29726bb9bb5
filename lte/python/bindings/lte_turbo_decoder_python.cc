/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* BINDTOOL_GEN_AUTOMATIC(0)                                                       */
/* BINDTOOL_USE_PYGCCXML(0)                                                        */
/* BINDTOOL_HEADER_FILE(lte_turbo_decoder.h)                                       */
/* BINDTOOL_HEADER_FILE_HASH(3f78456a9169eb466458bc4c10116696)                                                   */

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include "lte_options_pybind.h"
#include <gnuradio/gpufec/lte_turbo_decoder.h>

void bind_lte_turbo_decoder(py::module& m)
{
    using namespace ::gr::gpufec;

    py::class_<lte_turbo_decoder, gr::block, gr::basic_block, std::shared_ptr<lte_turbo_decoder>>
        cls(m,
            "lte_turbo_decoder",
            "LTE turbo decoder on the GPU or the CPU: code blocks of soft values (float LLRs or int8,\n"
            "positive = bit 1) in, K bits (uint8 0/1) per block out. Tags on each block's first bit:\n"
            "'frame_start', 'crc_pass' (bool) and 'iterations'. With llr_output=True, output 1 gives\n"
            "the K a-posteriori LLRs (float) of each block, with the same tags.");
    // The keywords, their order and defaults: lte/lte_options.yml (docs/turbo.md has the table).
    gpufec_options::def_lte_turbo_decoder_keywords(
        cls,
        [](lte_turbo_code_sptr code,
           const lte_turbo_options& o,
           const std::string& length_tag,
           bool llr_output) { return lte_turbo_decoder::make(code, o, length_tag, llr_output); },
        "The options as keywords (the table of docs/turbo.md) or as one gpufec.lte_turbo_options;\n"
        "length_tag: the key of a tag giving each block's length in soft values ('' for the\n"
        "code's K); E > 0: blocks of E rate-matched values of redundancy version rv, de-matched\n"
        "before decoding; llr_output: a second output (optional) of the K a-posteriori LLRs per\n"
        "block (float32, positive = bit 1), as lte_turbo_decode(..., return_llrs=True) gives them.");
    cls.def("backend", &lte_turbo_decoder::backend)
        .def("frames_decoded", &lte_turbo_decoder::frames_decoded)
        .def("nonfinite_count", &lte_turbo_decoder::nonfinite_count);
}
