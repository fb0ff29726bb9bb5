/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* BINDTOOL_GEN_AUTOMATIC(0)                                                       */
/* BINDTOOL_USE_PYGCCXML(0)                                                        */
/* BINDTOOL_HEADER_FILE(cc_decoder.h)                                              */
/* BINDTOOL_HEADER_FILE_HASH(9bed2f96115e679f6f84996c7b0bd5ff)                                                   */

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include <gnuradio/gpufec/cc_decoder.h>

void bind_cc_decoder(py::module& m)
{
    using cc_decoder = ::gr::gpufec::cc_decoder;

    // The base class and the mode enum are gr-fec's: its binding must be loaded first.
    py::module::import("gnuradio.fec");

    const char* make_doc =
        "gr-fec's cc_decoder.make arguments and meanings (polys in gr-fec's form, [79, 109]\n"
        "for 171/133, negative for an inverted output; states with the newest bit lowest;\n"
        "end_state -1: the best state; mode fec.CC_STREAMING, CC_TERMINATED, CC_TRUNCATED or\n"
        "CC_TAILBITING); backend 'cpu' (default), 'cuda' or 'auto'; device: the CUDA device.";
    py::class_<cc_decoder, gr::fec::generic_decoder, std::shared_ptr<cc_decoder>>(
        m,
        "cc_decoder",
        "gr-fec's cc_decoder with gr-gpufec's Viterbi decoder: gpufec.cc_decoder.make takes\n"
        "fec.cc_decoder.make's arguments, for fec.extended_decoder (any puncpat and\n"
        "threading), fec.decoder, fec.tagged_decoder, fec.async_decoder and\n"
        "fec.bercurve_generator; input bytes 128 + 48 x as for cc_decoder.")
        .def(py::init(&cc_decoder::make),
             py::arg("frame_size"),
             py::arg("k"),
             py::arg("rate"),
             py::arg("polys"),
             py::arg("start_state") = 0,
             py::arg("end_state") = -1,
             py::arg("mode") = ::_cc_mode_t::CC_STREAMING,
             py::arg("padded") = false,
             py::arg("backend") = "cpu",
             py::arg("device") = 0,
             make_doc)
        .def_static("make",
                    &cc_decoder::make,
                    py::arg("frame_size"),
                    py::arg("k"),
                    py::arg("rate"),
                    py::arg("polys"),
                    py::arg("start_state") = 0,
                    py::arg("end_state") = -1,
                    py::arg("mode") = ::_cc_mode_t::CC_STREAMING,
                    py::arg("padded") = false,
                    py::arg("backend") = "cpu",
                    py::arg("device") = 0,
                    make_doc)
        .def("backend", &cc_decoder::backend, "'cpu' or 'cuda': the backend in use");
}
