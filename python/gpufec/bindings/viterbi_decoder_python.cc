/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* BINDTOOL_GEN_AUTOMATIC(0)                                                       */
/* BINDTOOL_USE_PYGCCXML(0)                                                        */
/* BINDTOOL_HEADER_FILE(viterbi_decoder.h)                                         */
/* BINDTOOL_HEADER_FILE_HASH(36050538b116686d226b17ff76d4d1e4)                                                   */

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include <gnuradio/gpufec/viterbi_decoder.h>

void bind_viterbi_decoder(py::module& m)
{
    using viterbi_decoder = ::gr::gpufec::viterbi_decoder;

    py::class_<viterbi_decoder, gr::block, gr::basic_block, std::shared_ptr<viterbi_decoder>>(
        m,
        "viterbi_decoder",
        "Soft-input Viterbi decoder on the GPU or the CPU: soft values (float or int8, positive =\n"
        "bit 1) in, bits (uint8 0/1) out. Framed codes tag each frame's first bit 'frame_start'.")
        .def(py::init(&viterbi_decoder::make),
             py::arg("code"),
             py::arg("backend") = "auto",
             py::arg("input") = "float",
             py::arg("llr_scale") = 8.0f,
             py::arg("invert") = false,
             py::arg("payload") = 0,
             py::arg("before") = 0,
             py::arg("after") = 0,
             "backend: 'auto', 'cpu' or 'cuda'; input: 'float' or 'int8'; float input is\n"
             "quantized as round(x * llr_scale) clamped to +-127; payload/before/after: streaming\n"
             "tiling in trellis steps (0: the default)")
        .def("backend", &viterbi_decoder::backend)
        .def("frames_decoded", &viterbi_decoder::frames_decoded)
        .def("nonfinite_count", &viterbi_decoder::nonfinite_count);
}
