/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* BINDTOOL_GEN_AUTOMATIC(0)                                                       */
/* BINDTOOL_USE_PYGCCXML(0)                                                        */
/* BINDTOOL_HEADER_FILE(viterbi_fec_decoder.h)                                     */
/* BINDTOOL_HEADER_FILE_HASH(1db17bcc1914c9ff67cf43750fdddab4)                                                   */

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include "python/gpufec/bindings/arg_checks.h"
#include <gnuradio/gpufec/core/decoder.h>
#include <gnuradio/gpufec/viterbi_fec_decoder.h>

void bind_viterbi_fec_decoder(py::module& m)
{
    using viterbi_fec_decoder = ::gr::gpufec::viterbi_fec_decoder;
    using gpufec_python::integer;
    const ::gr::gpufec::decoder_options defaults;

    // The base class is gr-fec's: its binding must be loaded for ours to derive from it.
    py::module::import("gnuradio.fec");

    py::class_<viterbi_fec_decoder, gr::fec::generic_decoder, std::shared_ptr<viterbi_fec_decoder>>(
        m,
        "viterbi_fec_decoder",
        "The Viterbi decoder as a gr-fec decoder object (FECAPI) for fec.extended_decoder,\n"
        "fec.decoder, fec.tagged_decoder, fec.async_decoder and fec.bercurve_generator:\n"
        "one frame of a framed code per call, float soft values (positive = bit 1) in,\n"
        "bits out. Leave the gr-fec blocks' puncpat at '11': the code punctures.")
        .def(py::init([](::gr::gpufec::conv_code_sptr code,
                         const std::string& backend,
                         float llr_scale,
                         bool invert,
                         integer device) {
                 return viterbi_fec_decoder::make(
                     code, backend, llr_scale, invert, device.as<int>("device"));
             }),
             py::arg("code"),
             py::arg("backend") = "auto",
             py::arg("llr_scale") = viterbi_fec_decoder::default_llr_scale,
             py::arg("invert") = defaults.invert,
             py::arg("device") = defaults.device,
             "backend: 'auto', 'cpu' or 'cuda'; float input is quantized as\n"
             "round(x * llr_scale) clamped to +-127 (the default suits symbols of +-1, what\n"
             "gr-fec's flowgraphs carry); device: the CUDA device index")
        .def_readonly_static("default_llr_scale", &viterbi_fec_decoder::default_llr_scale)
        .def(
            "set_frame_size",
            [](viterbi_fec_decoder& x, integer frame_size) {
                return x.set_frame_size(frame_size.as<unsigned>("frame_size"));
            },
            py::arg("frame_size"),
            "gr-fec's: frames of frame_size information bits (1 up to the code's); False for a\n"
            "longer one (the code's frame is kept) and for a length no frame has (the next\n"
            "frame is then dropped, with a log line: get_input_size() 1, get_output_size() 0)")
        .def("backend", &viterbi_fec_decoder::backend)
        .def(
            "code",
            [](const viterbi_fec_decoder& x) {
                // Python holds codes as shared_ptr<conv_code> (conv_code_python.cc).
                return std::const_pointer_cast<::gr::gpufec::conv_code>(x.code());
            },
            "the code, with the frame length in use")
        .def("nonfinite_count", &viterbi_fec_decoder::nonfinite_count);
}
