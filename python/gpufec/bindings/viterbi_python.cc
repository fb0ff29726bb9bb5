/* numpy-level Viterbi decoding and convolutional encoding (the same engine as the blocks).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* BINDTOOL_HEADER_FILE(None) */
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include "numpy_arrays.h"
#include "numpy_decode.h"
#include <gnuradio/gpufec/viterbi.h>
#include <sstream>

namespace {

using namespace gr::gpufec;

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
           py::array llrs,
           const std::string& backend,
           float llr_scale,
           bool invert,
           size_t payload,
           size_t before,
           size_t after,
           int device) -> py::array_t<uint8_t> {
            checked(c);
            const auto soft = gpufec_python::read_soft(llrs, "llrs", invert);
            const decoder_options common =
                decoder_options::from_parameters(backend, "float", llr_scale, invert, device);
            viterbi_decoder_engine dec(c, viterbi_options(common, { payload, before, after }));
            if (dec.streaming())
                return gpufec_python::decode_array(static_cast<stream_decoder&>(dec), soft);
            return gpufec_python::decode_array(static_cast<frame_decoder&>(dec), soft);
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
    m.def(
        "conv_encode",
        [](std::shared_ptr<conv_code> c, py::array any_bits) {
            const conv_code& cc = checked(c);
            const auto bits = gpufec_python::read_bits(any_bits, "bits");
            const size_t n = static_cast<size_t>(bits.size());
            const size_t per_block = cc.info_bits_per_block();
            if (n % per_block != 0) {
                std::ostringstream msg;
                msg << "bits has " << n << " values, which is not a whole number of blocks: '"
                    << cc.name() << "' encodes " << per_block << " bits per "
                    << (cc.term() == termination::STREAMING ? "puncturing period" : "frame");
                throw std::invalid_argument(msg.str());
            }
            const size_t blocks = n / per_block;
            // A stream starts in state 0: zeros stand for the history before its first bit.
            const size_t h = cc.history_bits();
            std::vector<uint8_t> in(h + n, 0);
            std::copy(bits.data(), bits.data() + n, in.begin() + h);
            py::array_t<uint8_t> coded(blocks * cc.coded_bits_per_block());
            uint8_t* out = coded.mutable_data();
            {
                py::gil_scoped_release nogil;
                cc.encode(in.data() + h, out, blocks);
            }
            return coded;
        },
        py::arg("code"),
        py::arg("bits"),
        "Encodes bits (any nonzero value is 1) with a convolutional code: framed codes a whole number of\n"
        "frames, streaming codes one stream from state 0 (a whole number of puncturing periods).");
}
