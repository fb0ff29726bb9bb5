/* numpy-level Viterbi decoding and convolutional encoding (the same engine as the blocks).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* BINDTOOL_HEADER_FILE(None) */
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

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

void check_1d(const py::array& a, const char* name)
{
    if (a.ndim() != 1)
        throw std::invalid_argument(std::string(name) + " must be a 1-D array, got " +
                                    std::to_string(a.ndim()) + " dimensions");
}

template <typename T>
py::array_t<uint8_t> decode(std::shared_ptr<conv_code> c,
                            py::array_t<T, py::array::c_style | py::array::forcecast> soft,
                            const viterbi_options& opts)
{
    const conv_code& cc = checked(c);
    check_1d(soft, "llrs");
    const size_t n = static_cast<size_t>(soft.size());
    if (cc.term() != termination::STREAMING) {
        const size_t coded = cc.coded_bits_per_block();
        if (n % coded != 0) {
            std::ostringstream msg;
            msg << "llrs has " << n << " values, which is not a whole number of frames: '"
                << cc.name() << "' has " << coded << " coded values per frame";
            throw std::invalid_argument(msg.str());
        }
    }
    viterbi_decoder_engine dec(c, opts);
    if (cc.term() != termination::STREAMING) {
        const size_t frames = n / cc.coded_bits_per_block();
        py::array_t<uint8_t> bits(frames * cc.frame_bits());
        uint8_t* out = bits.mutable_data();
        const T* in = soft.data();
        py::gil_scoped_release nogil;
        dec.decode_frames(in, out, frames);
        return bits;
    }
    std::vector<uint8_t> tmp;
    {
        const T* in = soft.data();
        py::gil_scoped_release nogil;
        dec.push(in, n);
        dec.flush();
        tmp.resize(dec.available());
        dec.pull(tmp.data(), tmp.size());
    }
    py::array_t<uint8_t> bits(tmp.size());
    std::copy(tmp.begin(), tmp.end(), bits.mutable_data());
    return bits;
}

} // namespace

void bind_viterbi(py::module& m)
{
    m.def(
        "viterbi_decode",
        [](std::shared_ptr<conv_code> c,
           py::array llrs,
           const std::string& backend,
           float llr_scale,
           bool invert,
           size_t payload,
           size_t before,
           size_t after) -> py::array_t<uint8_t> {
            const viterbi_options o = viterbi_options::from_parameters(
                backend, llr_scale, invert, payload, before, after);
            // int8 arrays are decoded as they are; anything else is read as float32.
            if (llrs.dtype().kind() == 'i' && llrs.dtype().itemsize() == 1)
                return decode<int8_t>(c, llrs, o);
            return decode<float>(c, llrs, o);
        },
        py::arg("code"),
        py::arg("llrs"),
        py::arg("backend") = "auto",
        py::arg("llr_scale") = 8.0f,
        py::arg("invert") = false,
        py::arg("payload") = 0,
        py::arg("before") = 0,
        py::arg("after") = 0,
        "Decodes soft values (float32 or int8 numpy array, positive = bit 1) into bits (uint8).\n"
        "Framed codes: a whole number of frames. Streaming codes: one stream from state 0,\n"
        "decoded completely (the end with traceback from the best state).");
    m.def(
        "conv_encode",
        [](std::shared_ptr<conv_code> c,
           py::array_t<uint8_t, py::array::c_style | py::array::forcecast> bits) {
            const conv_code& cc = checked(c);
            check_1d(bits, "bits");
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
        "Encodes bits (uint8 0/1) with a convolutional code: framed codes a whole number of\n"
        "frames, streaming codes one stream from state 0 (a whole number of puncturing periods).");
}
