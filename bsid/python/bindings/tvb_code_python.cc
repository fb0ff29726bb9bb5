/* Time-varying block codes for Python: gpufec.tvb_code, its encoder and the symbol/bit
 * conversions.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* BINDTOOL_HEADER_FILE(None) */
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include "python/gpufec/bindings/arg_checks.h"
#include "bsid_args.h"
#include "python/gpufec/bindings/numpy_arrays.h"
#include <gnuradio/gpufec/bsid/tvb_code.h>
#include <limits>

namespace {

using namespace gr::gpufec;
using gpufec_python::integer;

/* codebooks: None, or [N][q][n] bits. */
std::vector<uint8_t> codebooks_arg(py::handle v, size_t n, size_t q, size_t N)
{
    if (v.is_none())
        return {};
    auto np = py::module_::import("numpy");
    const py::array a = gpufec_python::real_array_arg(v, "codebooks");
    const std::string want = "[N][q][n] = [" + std::to_string(N) + "][" + std::to_string(q) +
                             "][" + std::to_string(n) + "]";
    std::string got = "(";
    for (py::ssize_t d = 0; d < a.ndim(); ++d)
        got += (d ? ", " : "") + std::to_string(a.shape(d));
    got += a.ndim() == 1 ? ",)" : ")";
    if (a.ndim() != 3 || size_t(a.shape(0)) != N || size_t(a.shape(1)) != q ||
        size_t(a.shape(2)) != n)
        throw py::value_error("codebooks must be an array of shape " + want + ", got shape " + got);
    return gpufec_python::hard_bits_arg(np.attr("ravel")(a), "codebooks (flattened)");
}

std::shared_ptr<tvb_code> make_code(const integer& n,
                                    const integer& q,
                                    const integer& N,
                                    py::object codebooks,
                                    const std::string& construction,
                                    const integer& seed)
{
    const size_t nn = n.as<size_t>("n", 1, 32);
    const size_t qq = q.as<size_t>("q", 2, 65536, "a power of two, 2 to min(2^n, 65536)");
    const size_t NN =
        N.as<size_t>("N", 1, std::numeric_limits<int32_t>::max(), "1 to (2^31 - 1) / n");
    const uint64_t s = seed.as<uint64_t>("seed");
    return gpufec_python::python_holder(
        tvb_code::make(nn, qq, NN, codebooks_arg(codebooks, nn, qq, NN), construction, s));
}

/* Symbols of any integer dtype, checked against q, as uint32: a 1-D array of whole messages
 * or a 2-D [messages, N] array. */
std::vector<uint32_t> symbols_arg(const tvb_code& c, py::handle v, bool whole_messages)
{
    auto np = py::module_::import("numpy");
    const py::array a = gpufec_python::real_array_arg(v, "symbols");
    const char kind = a.dtype().kind();
    if (kind != 'u' && kind != 'i' && kind != 'b')
        throw py::type_error("symbols must be integers, got dtype " +
                             py::str(a.dtype()).cast<std::string>());
    if (a.ndim() != 1 && !(a.ndim() == 2 && size_t(a.shape(1)) == c.N()))
        throw py::value_error("symbols must be a 1-D array or a 2-D array [messages, N = " +
                              std::to_string(c.N()) + "]");
    if (whole_messages && size_t(a.size()) % c.N() != 0)
        throw py::value_error("symbols: " + std::to_string(a.size()) +
                              " symbols are not a whole number of messages of N = " +
                              std::to_string(c.N()));
    const py::array flat = np.attr("ravel")(a);
    const py::array bad = np.attr("flatnonzero")(np.attr("logical_or")(
        np.attr("less")(flat, 0), np.attr("greater_equal")(flat, py::int_(c.q()))));
    if (bad.size() > 0) {
        const py::object i = bad.attr("__getitem__")(0);
        throw py::value_error("symbols (flattened)[" + py::str(i).cast<std::string>() + "] = " +
                              py::str(flat.attr("__getitem__")(i)).cast<std::string>() +
                              ": symbols are 0 to q - 1 = " + std::to_string(c.q() - 1));
    }
    const auto u = py::array_t<uint32_t, py::array::c_style | py::array::forcecast>::ensure(flat);
    return std::vector<uint32_t>(u.data(), u.data() + u.size());
}

} // namespace

void bind_tvb_code(py::module& m)
{
    py::class_<tvb_code, code, std::shared_ptr<tvb_code>>(
        m,
        "tvb_code",
        "A time-varying block code (Briffa's notation): N positions, each with its own injective\n"
        "codebook C_i of q codewords of n bits; a message of N q-ary symbols is sent as a frame\n"
        "of tau = n N bits. codebooks: a uint8 array [N][q][n] of codeword bits in transmission\n"
        "order, or None to build them by construction: 'random' (seeded random injective\n"
        "codebooks), 'watermark' (Davey-MacKay: the q sparsest n-bit words XORed with a seeded\n"
        "pseudo-random watermark word per position) or 'marker' (log2(q) data bits, then the\n"
        "marker pattern 0101...). Limits: 1 <= n <= 32, q a power of two, 2 <= q <= min(2^n,\n"
        "65536), N >= 1, n N < 2^31. As a gpufec.code a block is one frame: log2(q) information\n"
        "bits per symbol, most significant first.")
        .def(py::init(&make_code),
             py::arg("n"),
             py::arg("q"),
             py::arg("N"),
             py::arg("codebooks") = py::none(),
             py::arg("construction") = "random",
             py::arg("seed") = 0)
        .def_property_readonly("n", &tvb_code::n, "bits per codeword")
        .def_property_readonly("q", &tvb_code::q, "symbols per codebook")
        .def_property_readonly("N", &tvb_code::N, "symbols (codebooks) per message")
        .def_property_readonly("tau", &tvb_code::tau, "frame length n N in bits")
        .def_property_readonly("bits_per_symbol", &tvb_code::bits_per_symbol, "log2(q)")
        .def_property_readonly(
            "construction", &tvb_code::construction, "'random', 'watermark', 'marker' or 'custom'")
        .def_property_readonly(
            "codebooks",
            [](const tvb_code& c) {
                py::array_t<uint8_t> a({ c.N(), c.q(), c.n() });
                std::copy(c.codebooks().begin(), c.codebooks().end(), a.mutable_data());
                return a;
            },
            "the codebooks as a uint8 array [N][q][n] (a copy)")
        .def(
            "encode",
            [](const tvb_code& c, py::object symbols) {
                const std::vector<uint32_t> s = symbols_arg(c, symbols, true);
                py::array_t<uint8_t> bits(s.size() / c.N() * c.tau());
                uint8_t* out = bits.mutable_data();
                {
                    py::gil_scoped_release nogil;
                    c.encode_symbols(s.data(), out, s.size() / c.N());
                }
                return bits;
            },
            py::arg("symbols"),
            "Encodes whole messages of N symbols (a 1-D array, or 2-D [messages, N]; integers\n"
            "0 .. q-1) into tau bits each: a 1-D uint8 array.")
        .def(
            "symbols_from_bits",
            [](const tvb_code& c, py::object bits) {
                const auto b = gpufec_python::bits_arg(bits, "bits");
                if (size_t(b.size()) % c.bits_per_symbol() != 0)
                    throw py::value_error("bits: " + std::to_string(b.size()) +
                                          " bits are not a whole number of symbols of log2(q) = " +
                                          std::to_string(c.bits_per_symbol()) + " bits");
                return gpufec_python::to_array(tvb_symbols_from_bits(c, b.data(), b.size()));
            },
            py::arg("bits"),
            "Symbols (uint32) from bits, log2(q) bits per symbol, most significant first.")
        .def(
            "bits_from_symbols",
            [](const tvb_code& c, py::object symbols) {
                const std::vector<uint32_t> s = symbols_arg(c, symbols, false);
                return gpufec_python::to_array(tvb_bits_from_symbols(c, s.data(), s.size()));
            },
            py::arg("symbols"),
            "Bits (uint8) from symbols 0 .. q-1, log2(q) bits per symbol, most significant first.")
        .def("__repr__", [](const tvb_code& c) { return "<gpufec.tvb_code " + c.name() + ">"; })
        .def("__str__",
             [](const tvb_code& c) {
                 return "TVB n=" + std::to_string(c.n()) + " q=" + std::to_string(c.q()) +
                        " N=" + std::to_string(c.N());
             },
             "n, q and N (GRC shows this on block faces; name() has all)");
}
