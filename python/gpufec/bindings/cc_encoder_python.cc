/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* BINDTOOL_GEN_AUTOMATIC(0)                                                       */
/* BINDTOOL_USE_PYGCCXML(0)                                                        */
/* BINDTOOL_HEADER_FILE(cc_encoder.h)                                              */
/* BINDTOOL_HEADER_FILE_HASH(a24b7b469e3acdc06cd115ee490fbf3c)                                                   */

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include <gnuradio/gpufec/cc_encoder.h>

void bind_cc_encoder(py::module& m)
{
    using cc_encoder = ::gr::gpufec::cc_encoder;

    // The base class and the mode enum are gr-fec's: its binding must be loaded first.
    py::module::import("gnuradio.fec");

    const char* make_doc =
        "gr-fec's cc_encoder_make arguments and meanings (polys in gr-fec's form, negative for\n"
        "an inverted output; start_state with the newest bit lowest; mode fec.CC_STREAMING,\n"
        "CC_TERMINATED, CC_TRUNCATED or CC_TAILBITING).";
    py::class_<cc_encoder, gr::fec::generic_encoder, std::shared_ptr<cc_encoder>>(
        m,
        "cc_encoder",
        "gr-fec's cc_encoder on gr-gpufec's convolutional codes: gpufec.cc_encoder.make and\n"
        "gpufec.cc_encoder_make take fec.cc_encoder_make's arguments.")
        .def(py::init(&cc_encoder::make),
             py::arg("frame_size"),
             py::arg("k"),
             py::arg("rate"),
             py::arg("polys"),
             py::arg("start_state") = 0,
             py::arg("mode") = ::_cc_mode_t::CC_STREAMING,
             py::arg("padded") = false,
             make_doc)
        .def_static("make",
                    &cc_encoder::make,
                    py::arg("frame_size"),
                    py::arg("k"),
                    py::arg("rate"),
                    py::arg("polys"),
                    py::arg("start_state") = 0,
                    py::arg("mode") = ::_cc_mode_t::CC_STREAMING,
                    py::arg("padded") = false,
                    make_doc);
}
