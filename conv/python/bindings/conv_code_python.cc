/* Convolutional codes for Python: gpufec.conv_code and gpufec.termination.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* BINDTOOL_HEADER_FILE(None) */
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include "python/gpufec/bindings/arg_checks.h"
#include <gnuradio/gpufec/conv/conv_code.h>
#include <climits>
#include <sstream>

namespace {

using namespace gr::gpufec;
using gpufec_python::int_arg;
using gpufec_python::integer;

std::string octal(unsigned v)
{
    std::ostringstream s;
    s << "0o" << std::oct << v;
    return s.str();
}

/* Python holds codes as shared_ptr<conv_code> (the base class code is bound that way); every
 * C++ user takes shared_ptr<const conv_code>, which the bindings convert to implicitly. */
std::shared_ptr<conv_code> make_conv_code(const integer& k_arg,
                                          py::object polys_arg,
                                          const std::string& puncture,
                                          termination term,
                                          const integer& frame_bits_arg,
                                          const std::string& order_name)
{
    const int k = k_arg.as<int>("k", conv_code::min_k, conv_code::max_k);
    const polys_order order = parse_polys_order(order_name);
    if (!py::isinstance<py::sequence>(polys_arg) || py::isinstance<py::str>(polys_arg))
        throw py::type_error("polys must be a list of generators, e.g. [0o171, 0o133], got " +
                             gpufec_python::type_name(polys_arg));
    const std::string top = order == polys_order::GR_FEC ? std::to_string((1u << k) - 1)
                                                         : octal((1u << k) - 1);
    // gr-fec's signed form: a negative generator is an inverted output.
    std::vector<int> polys;
    for (auto g : py::reinterpret_borrow<py::sequence>(polys_arg)) {
        const std::string name = "polys[" + std::to_string(polys.size()) + "]";
        polys.push_back(int_arg<int>(g, name.c_str(), -INT_MAX, INT_MAX,
                                     "1 to " + top + " for k = " + std::to_string(k) + " (" +
                                         order_name + " order), negative for an inverted output"));
    }
    // 0 passes: the core allows it for streaming codes and explains it for framed ones.
    const size_t frame_bits =
        frame_bits_arg.as<size_t>("frame_bits", 0, conv_code::max_frame_bits,
                                  "1 to " + std::to_string(conv_code::max_frame_bits) +
                                      " information bits per frame");
    return std::const_pointer_cast<conv_code>(
        conv_code::make_signed(k, polys, puncture, term, frame_bits, order));
}

std::shared_ptr<conv_code> make_preset(const std::string& name,
                                       const std::string& puncture,
                                       termination term,
                                       const integer& frame_bits_arg)
{
    const size_t frame_bits =
        frame_bits_arg.as<size_t>("frame_bits", 0, conv_code::max_frame_bits,
                                  "1 to " + std::to_string(conv_code::max_frame_bits) +
                                      " information bits per frame");
    return std::const_pointer_cast<conv_code>(conv_code::preset(name, puncture, term, frame_bits));
}

const conv_code& checked(const std::shared_ptr<conv_code>& c)
{
    if (!c)
        throw std::invalid_argument(
            "code is None: pass a convolutional code, e.g. gpufec.conv_code(7, [0o171, 0o133])");
    return *c;
}

py::array_t<uint8_t> conv_encode(std::shared_ptr<conv_code> c, py::object bits_arg)
{
    const conv_code& cc = checked(c);
    const auto bits = gpufec_python::bits_arg(bits_arg, "bits");
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
        "or 'streaming'); frame_bits information bits per frame (framed terminations);\n"
        "polys_order='gr-fec' takes the generators in gr-fec's bit-reversed form ([79, 109]).\n"
        "A negative generator sends its output inverted, as in gr-fec: CCSDS is\n"
        "[0o171, -0o133], or [79, -109] in gr-fec's form. Standard codes:\n"
        "gpufec.conv_code.preset('ccsds', ...).")
        .def(py::init([](const integer& k, py::object polys, const std::string& puncture,
                         const std::string& term, const integer& frame_bits,
                         const std::string& order) {
                 return make_conv_code(
                     k, polys, puncture, parse_termination(term), frame_bits, order);
             }),
             py::arg("k"),
             py::arg("polys"),
             py::arg("puncture") = "",
             py::arg("termination") = "terminated",
             py::arg("frame_bits") = 2048,
             py::arg("polys_order") = "octal")
        .def(py::init(&make_conv_code),
             py::arg("k"),
             py::arg("polys"),
             py::arg("puncture") = "",
             py::arg("termination") = termination::TERMINATED,
             py::arg("frame_bits") = 2048,
             py::arg("polys_order") = "octal")
        .def("k", &conv_code::k)
        .def("n", &conv_code::n, "coded bits per step before puncturing")
        .def("polys", &conv_code::signed_polys,
             "the generators in octal form, negative for an inverted output (what conv_code takes)")
        .def("inverted", &conv_code::inverted, "one flag per generator: its output is inverted")
        .def_static(
            "preset",
            [](const std::string& name, const std::string& puncture, const std::string& term,
               const integer& frame_bits) {
                return make_preset(name, puncture, parse_termination(term), frame_bits);
            },
            py::arg("name"),
            py::arg("puncture") = "",
            py::arg("termination") = "terminated",
            py::arg("frame_bits") = 2048,
            "A code as a standard defines it: 'ccsds', 'nasa-dsn', '802.11', 'dvb' or 'lte'\n"
            "(docs/conventions.md); puncture '' or one of that standard's rates ('3/4', ...).")
        .def_static("preset", &make_preset, py::arg("name"), py::arg("puncture") = "",
                    py::arg("termination") = termination::TERMINATED, py::arg("frame_bits") = 2048)
        .def_static("preset_names", &conv_code::preset_names, "the names preset() takes")
        .def("puncture_pattern", &pattern_string,
             "the pattern as a string of '0'/'1' ('1' * n when not punctured)")
        .def("punctured", &conv_code::punctured)
        .def("termination", [](const conv_code& c) { return termination_name(c.term()); })
        .def("term", &conv_code::term, "the termination as a gpufec.termination")
        .def("frame_bits", &conv_code::frame_bits, "information bits per frame (0 when streaming)")
        .def("steps_per_block", &conv_code::steps_per_block)
        .def("mother_bits_per_block", &conv_code::mother_bits_per_block)
        .def("history_bits", &conv_code::history_bits)
        .def("__repr__", [](const conv_code& c) { return "<gpufec.conv_code " + c.name() + ">"; })
        .def("__str__",
             [](const conv_code& c) {
                 return "K=" + std::to_string(c.k()) + " r" + c.rate_name() + " " +
                        termination_name(c.term());
             },
             "K, rate and termination (GRC shows this on block faces; name() has all)")
        .def_readonly_static("max_frame_bits", &conv_code::max_frame_bits,
                             "the longest frame, in information bits");

    m.def(
        "parse_polys",
        [](const std::string& text, const std::string& order) {
            return parse_polys(text, parse_polys_order(order));
        },
        py::arg("text"),
        py::arg("polys_order") = "octal",
        "Generators from text (GRC's form): \"171, 133\" or \"[0o171, 0o133]\" in the octal\n"
        "order (bare numbers are octal), \"79, 109\" in gr-fec's (bare numbers are decimal);\n"
        "a 0o, 0x or 0b prefix names the base in either. A '-' or '~' prefix inverts the\n"
        "output (\"171, ~133\"): that generator comes back negative.");

    m.def("conv_encode",
          &conv_encode,
          py::arg("code"),
          py::arg("bits"),
          "Encodes bits (any nonzero value is 1) with a convolutional code: framed codes a whole\n"
          "number of frames, streaming codes one stream from state 0 (a whole number of\n"
          "puncturing periods).");
}
