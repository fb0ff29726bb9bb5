/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* BINDTOOL_GEN_AUTOMATIC(0)                                                       */
/* BINDTOOL_USE_PYGCCXML(0)                                                        */
/* BINDTOOL_HEADER_FILE(viterbi_decoder.h)                                         */
/* BINDTOOL_HEADER_FILE_HASH(bc5efbb0cd6fcc00b7fc88e742b9b7a8)                                                   */

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include "python/gpufec/bindings/arg_checks.h"
#include <gnuradio/gpufec/viterbi_decoder.h>

void bind_viterbi_decoder(py::module& m)
{
    using viterbi_decoder = ::gr::gpufec::viterbi_decoder;
    using gpufec_python::integer;
    const ::gr::gpufec::decoder_options defaults;

    py::class_<viterbi_decoder, gr::block, gr::basic_block, std::shared_ptr<viterbi_decoder>>(
        m,
        "viterbi_decoder",
        "Soft-input Viterbi decoder on the GPU or the CPU: soft values (float or int8, positive =\n"
        "bit 1) in, bits (uint8 0/1) out. Framed codes tag each frame's first bit 'frame_start'.")
        .def(py::init([](::gr::gpufec::conv_code_sptr code,
                         const std::string& backend,
                         const std::string& input,
                         float llr_scale,
                         bool invert,
                         integer payload,
                         integer before,
                         integer after,
                         integer device,
                         const std::string& length_tag,
                         bool find_pairing) {
                 return viterbi_decoder::make(code,
                                              backend,
                                              input,
                                              llr_scale,
                                              invert,
                                              payload.as<size_t>("payload"),
                                              before.as<size_t>("before"),
                                              after.as<size_t>("after"),
                                              device.as<int>("device"),
                                              length_tag,
                                              find_pairing);
             }),
             py::arg("code"),
             py::arg("backend") = "auto",
             py::arg("input") = "float",
             py::arg("llr_scale") = defaults.llr_scale,
             py::arg("invert") = defaults.invert,
             py::arg("payload") = 0,
             py::arg("before") = 0,
             py::arg("after") = 0,
             py::arg("device") = defaults.device,
             py::arg("length_tag") = "",
             py::arg("find_pairing") = false,
             "backend: 'auto', 'cpu' or 'cuda'; input: 'float' or 'int8'; float input is\n"
             "quantized as round(x * llr_scale) clamped to +-127; payload/before/after: streaming\n"
             "tiling in trellis steps (0: the default); device: the CUDA device index;\n"
             "length_tag: framed codes, the key of a tag giving each frame's length in soft\n"
             "values ('' for frames of the code's size); find_pairing: unpunctured streaming\n"
             "codes, find which soft value starts a trellis step and follow its changes (each\n"
             "change tagged 'pairing', value the offset)")
        .def("backend", &viterbi_decoder::backend)
        .def("frames_decoded", &viterbi_decoder::frames_decoded)
        .def("nonfinite_count", &viterbi_decoder::nonfinite_count);
}
