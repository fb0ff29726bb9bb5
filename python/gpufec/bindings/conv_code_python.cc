/* Convolutional codes for Python: gpufec.conv_code and gpufec.termination.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* BINDTOOL_HEADER_FILE(None) */
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include <gnuradio/gpufec/conv_code.h>

namespace {

using namespace gr::gpufec;

/* Python holds codes as shared_ptr<conv_code> (the base class code is bound that way); every
 * C++ user takes shared_ptr<const conv_code>, which the bindings convert to implicitly. */
std::shared_ptr<conv_code> make_conv_code(int k,
                                          const std::vector<unsigned>& polys,
                                          const std::string& puncture,
                                          termination term,
                                          size_t frame_bits)
{
    return std::const_pointer_cast<conv_code>(conv_code::make(k, polys, puncture, term, frame_bits));
}

std::string pattern_string(const conv_code& c)
{
    std::string s;
    for (uint8_t b : c.puncture_pattern())
        s += b ? '1' : '0';
    return s;
}

} // namespace

void bind_conv_code(py::module& m)
{
    py::enum_<termination>(m, "termination", "How frames of a convolutional code begin and end.")
        .value("TERMINATED", termination::TERMINATED, "state 0 at both ends (k-1 zero tail bits)")
        .value("TRUNCATED", termination::TRUNCATED, "state 0 at the start, any end state")
        .value("TAILBITING", termination::TAILBITING, "start state = end state, no tail")
        .value("STREAMING", termination::STREAMING, "one endless stream from state 0");

    py::class_<conv_code, code, std::shared_ptr<conv_code>>(
        m,
        "conv_code",
        "A feed-forward convolutional code: constraint length k (3..9), 2 to 4 generators in\n"
        "conventional octal (0o171, 0o133; gr-fec's cc_encoder takes them bit-reversed), a\n"
        "puncturing pattern ('' for none, '2/3', '3/4', '5/6', '7/8' or a string of '0'/'1' over\n"
        "the serialized coded bits) and a termination ('terminated', 'truncated', 'tailbiting'\n"
        "or 'streaming'); frame_bits information bits per frame (framed terminations).")
        .def(py::init([](int k, const std::vector<unsigned>& polys, const std::string& puncture,
                         const std::string& term, size_t frame_bits) {
                 return make_conv_code(k, polys, puncture, parse_termination(term), frame_bits);
             }),
             py::arg("k"),
             py::arg("polys"),
             py::arg("puncture") = "",
             py::arg("termination") = "terminated",
             py::arg("frame_bits") = 2048)
        .def(py::init(&make_conv_code),
             py::arg("k"),
             py::arg("polys"),
             py::arg("puncture") = "",
             py::arg("termination") = termination::TERMINATED,
             py::arg("frame_bits") = 2048)
        .def("k", &conv_code::k)
        .def("n", &conv_code::n, "coded bits per step before puncturing")
        .def("polys", &conv_code::polys)
        .def("puncture_pattern", &pattern_string,
             "the pattern as a string of '0'/'1' ('1' * n when not punctured)")
        .def("punctured", &conv_code::punctured)
        .def("termination", [](const conv_code& c) { return termination_name(c.term()); })
        .def("term", &conv_code::term, "the termination as a gpufec.termination")
        .def("frame_bits", &conv_code::frame_bits, "information bits per frame (0 when streaming)")
        .def("steps_per_block", &conv_code::steps_per_block)
        .def("mother_bits_per_block", &conv_code::mother_bits_per_block)
        .def("history_bits", &conv_code::history_bits)
        .def("__repr__", [](const conv_code& c) { return "<gpufec.conv_code " + c.name() + ">"; });
}
