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

#include "python/gpufec/bindings/arg_checks.h"
#include <gnuradio/gpufec/cc_encoder.h>

void bind_cc_encoder(py::module& m)
{
    using cc_encoder = ::gr::gpufec::cc_encoder;
    using gpufec_python::integer;

    // The base class and the mode enum are gr-fec's: its binding must be loaded first.
    py::module::import("gnuradio.fec");

    const auto make = [](const integer& frame_size,
                         const integer& k,
                         const integer& rate,
                         const std::vector<integer>& polys,
                         const integer& start_state,
                         cc_mode_t mode,
                         bool padded) {
        return cc_encoder::make(frame_size.as<int>("frame_size"),
                                k.as<int>("k"),
                                rate.as<int>("rate"),
                                gpufec_python::int_list<int>(polys, "polys"),
                                start_state.as<int>("start_state"),
                                mode,
                                padded);
    };
    const char* make_doc =
        "gr-fec's cc_encoder_make arguments and meanings (polys in gr-fec's form, negative for\n"
        "an inverted output; start_state with the newest bit lowest; mode fec.CC_STREAMING,\n"
        "CC_TERMINATED, CC_TRUNCATED or CC_TAILBITING).";
    py::class_<cc_encoder, gr::fec::generic_encoder, std::shared_ptr<cc_encoder>>(
        m,
        "cc_encoder",
        "gr-fec's cc_encoder on gr-gpufec's convolutional codes: gpufec.cc_encoder.make and\n"
        "gpufec.cc_encoder_make take fec.cc_encoder_make's arguments.")
        .def(py::init(make),
             py::arg("frame_size"),
             py::arg("k"),
             py::arg("rate"),
             py::arg("polys"),
             py::arg("start_state") = 0,
             py::arg("mode") = ::_cc_mode_t::CC_STREAMING,
             py::arg("padded") = false,
             make_doc)
        .def_static("make",
                    make,
                    py::arg("frame_size"),
                    py::arg("k"),
                    py::arg("rate"),
                    py::arg("polys"),
                    py::arg("start_state") = 0,
                    py::arg("mode") = ::_cc_mode_t::CC_STREAMING,
                    py::arg("padded") = false,
                    make_doc)
        .def(
            "set_frame_size",
            [](cc_encoder& x, const integer& frame_size) {
                return x.set_frame_size(frame_size.as<unsigned>("frame_size"));
            },
            py::arg("frame_size"),
            "gr-fec's: frames of frame_size information bits (1 up to the object's); False for\n"
            "a longer one (that frame is kept) and for 0 or a longer length that is not whole\n"
            "frames (the next frame is then dropped, with a log line: get_input_size() 1,\n"
            "get_output_size() 0)");
}
