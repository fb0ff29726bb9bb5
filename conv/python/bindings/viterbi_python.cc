/* numpy-level Viterbi decoding (the same engine as the block).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* BINDTOOL_HEADER_FILE(None) */
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include "python/gpufec/bindings/numpy_decode.h"
#include <gnuradio/gpufec/conv/viterbi.h>
#include <gnuradio/gpufec/conv/viterbi_pairing.h>

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

/* The whole array through a viterbi_pairing_decoder: (bits, [(bit, offset), ...]). */
py::object decode_finding_pairing(const std::shared_ptr<conv_code>& c,
                                  const viterbi_options& opts,
                                  const gpufec_python::soft_array& soft,
                                  float llr_scale)
{
    std::vector<uint8_t> bits;
    std::vector<pairing_change> changes;
    nonfinite_report seen;
    {
        py::gil_scoped_release nogil;
        viterbi_pairing_decoder dec(c, opts);
        if (soft.is_float)
            dec.push(soft.f.data(), soft.size);
        else
            dec.push(soft.q.data(), soft.size);
        dec.flush();
        bits.resize(dec.available());
        dec.pull(bits.data(), bits.size(), changes);
        seen = dec.nonfinite();
    }
    gpufec_python::check_not_erased(seen, llr_scale);
    py::array_t<uint8_t> out(bits.size());
    std::copy(bits.begin(), bits.end(), out.mutable_data());
    py::list found;
    for (const auto& ch : changes)
        found.append(py::make_tuple(ch.bit, ch.offset));
    return py::make_tuple(out, found);
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
           const integer& payload,
           const integer& before,
           const integer& after,
           const integer& device,
           bool find_pairing) -> py::object {
            checked(c);
            const auto soft = gpufec_python::read_soft(llrs, "llrs", invert);
            const decoder_options common = decoder_options::from_parameters(
                backend, "float", llr_scale, invert, device.as<int>("device"));
            const viterbi_options opts(common,
                                       { payload.as<size_t>("payload"),
                                         before.as<size_t>("before"),
                                         after.as<size_t>("after") });
            if (find_pairing)
                return decode_finding_pairing(c, opts, soft, llr_scale);
            viterbi_decoder_engine dec(c, opts);
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
        py::arg("find_pairing") = false,
        "Decodes a numpy array into bits (uint8): float32/float64 or int8 soft values (positive =\n"
        "bit 1 unless invert), or uint8/bool hard bits (0/1). Framed codes: a whole number of\n"
        "frames. Streaming codes: one stream from state 0, decoded completely (the end with\n"
        "traceback from the best state); it must end on a whole trellis step.\n"
        "find_pairing (unpunctured streaming codes): find which soft value starts a trellis\n"
        "step and follow its changes (gpufec.viterbi_pairing_decoder's rule); returns\n"
        "(bits, changes), changes a list of (bit, offset): from that decoded bit on, steps\n"
        "start at that offset (0 .. n-1) of the stream. Values after the last whole step of\n"
        "the final pairing are not decoded.");
}
