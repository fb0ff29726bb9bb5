/* numpy-level Viterbi decoding (the same engine as the block).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* BINDTOOL_HEADER_FILE(None) */
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include "numpy_decode.h"
#include <gnuradio/gpufec/viterbi.h>

namespace {

using namespace gr::gpufec;
using gpufec_python::integer;

const conv_code& checked(const std::shared_ptr<conv_code>& c)
{
    if (!c)
        throw std::invalid_argument(
            "code is None: pass a convolutional code, e.g. gpufec.conv_code(7, [0o171, 0o133])");
    return *c;
}

} // namespace

void bind_viterbi(py::module& m)
{
    const decoder_options defaults;
    m.def(
        "viterbi_decode",
        [](std::shared_ptr<conv_code> c,
           py::object llrs,
           const std::string& backend,
           float llr_scale,
           bool invert,
           integer payload,
           integer before,
           integer after,
           integer device) -> py::array_t<uint8_t> {
            checked(c);
            const auto soft = gpufec_python::read_soft(llrs, "llrs", invert);
            const decoder_options common = decoder_options::from_parameters(
                backend, "float", llr_scale, invert, device.as<int>("device"));
            viterbi_decoder_engine dec(c,
                                       viterbi_options(common,
                                                       { payload.as<size_t>("payload"),
                                                         before.as<size_t>("before"),
                                                         after.as<size_t>("after") }));
            if (dec.streaming())
                return gpufec_python::decode_array(static_cast<stream_decoder&>(dec), soft, llr_scale);
            return gpufec_python::decode_array(static_cast<frame_decoder&>(dec), soft, llr_scale);
        },
        py::arg("code"),
        py::arg("llrs"),
        py::arg("backend") = "auto",
        py::arg("llr_scale") = defaults.llr_scale,
        py::arg("invert") = defaults.invert,
        py::arg("payload") = 0,
        py::arg("before") = 0,
        py::arg("after") = 0,
        py::arg("device") = defaults.device,
        "Decodes a numpy array into bits (uint8): float32/float64 or int8 soft values (positive =\n"
        "bit 1 unless invert), or uint8/bool hard bits (0/1). Framed codes: a whole number of\n"
        "frames. Streaming codes: one stream from state 0, decoded completely (the end with\n"
        "traceback from the best state); it must end on a whole trellis step.");
}
