/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* BINDTOOL_GEN_AUTOMATIC(0)                                                       */
/* BINDTOOL_USE_PYGCCXML(0)                                                        */
/* BINDTOOL_HEADER_FILE(conv_fec_encoder.h)                                        */
/* BINDTOOL_HEADER_FILE_HASH(a92c8652da44ef4210fc75266127ec14)                                                   */

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include "python/gpufec/bindings/arg_checks.h"
#include <gnuradio/gpufec/conv_fec_encoder.h>

void bind_conv_fec_encoder(py::module& m)
{
    using conv_fec_encoder = ::gr::gpufec::conv_fec_encoder;

    // The base class is gr-fec's: its binding must be loaded for ours to derive from it.
    py::module::import("gnuradio.fec");

    py::class_<conv_fec_encoder, gr::fec::generic_encoder, std::shared_ptr<conv_fec_encoder>>(
        m,
        "conv_fec_encoder",
        "The convolutional encoder as a gr-fec encoder object (FECAPI) for\n"
        "fec.extended_encoder, fec.encoder, fec.tagged_encoder, fec.async_encoder and\n"
        "fec.bercurve_generator: one frame of a framed code per call, tail and puncturing\n"
        "included. Leave the gr-fec blocks' puncpat at '11': the code punctures.")
        .def(py::init(&conv_fec_encoder::make), py::arg("code"))
        .def(
            "set_frame_size",
            [](conv_fec_encoder& x, gpufec_python::integer frame_size) {
                return x.set_frame_size(frame_size.as<unsigned>("frame_size"));
            },
            py::arg("frame_size"),
            "gr-fec's: frames of frame_size information bits (1 up to the code's); False for a\n"
            "longer one (the code's frame is kept) and for a length no whole number of frames\n"
            "has (the next frame is then dropped, with a log line)")
        .def(
            "code",
            [](const conv_fec_encoder& x) {
                // Python holds codes as shared_ptr<conv_code> (conv_code_python.cc).
                return std::const_pointer_cast<::gr::gpufec::conv_code>(x.code());
            },
            "the code, with the frame length in use");
}
