/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* BINDTOOL_GEN_AUTOMATIC(0)                                                       */
/* BINDTOOL_USE_PYGCCXML(0)                                                        */
/* BINDTOOL_HEADER_FILE(rep_decoder.h)                                             */
/* BINDTOOL_HEADER_FILE_HASH(00000000000000000000000000000000)                     */

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include "rep_options_pybind.h"
#include <gnuradio/gpufec/rep_decoder.h>

void bind_rep_decoder(py::module& m)
{
    using namespace ::gr::gpufec;

    py::class_<rep_decoder, gr::block, gr::basic_block, std::shared_ptr<rep_decoder>> cls(
        m,
        "rep_decoder",
        "Repetition decoder: frames of n K soft values (float LLRs or int8, positive = bit 1) in,\n"
        "K bits (uint8 0/1) per frame out, a 'frame_start' tag on each frame's first bit.");
    // The keywords, their order and defaults: rep/rep_options.yml.
    gpufec_options::def_rep_decoder_keywords(
        cls,
        [](rep_code_sptr code, const rep_options& o, const std::string& length_tag) {
            return rep_decoder::make(code, o, length_tag);
        },
        "The options as keywords or as one gpufec.rep_options; length_tag: the key of a tag\n"
        "giving each frame's length in soft values ('' for the code's size).");
    cls.def("backend", &rep_decoder::backend)
        .def("frames_decoded", &rep_decoder::frames_decoded)
        .def("nonfinite_count", &rep_decoder::nonfinite_count);
}
