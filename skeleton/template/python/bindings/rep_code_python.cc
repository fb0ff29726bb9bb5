/* The repetition code for Python: gpufec.rep_code and gpufec.rep_encode.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* BINDTOOL_HEADER_FILE(None) */
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include "python/gpufec/bindings/arg_checks.h"
#include "python/gpufec/bindings/numpy_arrays.h"
#include <gnuradio/gpufec/rep/rep_code.h>
#include <stdexcept>

void bind_rep_code(py::module& m)
{
    using namespace gr::gpufec;
    // Python holds codes as shared_ptr<rep_code> (the base class code is bound that way).
    py::class_<rep_code, code, std::shared_ptr<rep_code>>(
        m, "rep_code", "The repetition code: each of a frame's K bits sent n times in a row.")
        .def(py::init([](const gpufec_python::integer& K, const gpufec_python::integer& n) {
                 return std::const_pointer_cast<rep_code>(
                     rep_code::make(K.as<long long>("K"), n.as<long long>("n")));
             }),
             py::arg("K"),
             py::arg("n"))
        .def("K", &rep_code::K, "information bits per frame")
        .def("n", &rep_code::n, "copies of each bit")
        .def("__repr__", [](const rep_code& c) { return "<gpufec.rep_code " + c.name() + ">"; });

    m.def(
        "rep_encode",
        [](std::shared_ptr<rep_code> c, py::object bits) {
            if (!c)
                throw std::invalid_argument("code is None: pass gpufec.rep_code(K, n)");
            const auto in = gpufec_python::read_bit_vector(bits, "bits");
            if (in.size() % c->K() != 0)
                throw std::invalid_argument("bits holds " + std::to_string(in.size()) +
                                            " bits: a whole number of frames of K = " +
                                            std::to_string(c->K()) + " is needed");
            std::vector<uint8_t> coded(in.size() * c->n());
            c->encode(in.data(), coded.data(), in.size() / c->K());
            return gpufec_python::to_array(coded);
        },
        py::arg("code"),
        py::arg("bits"),
        "Encodes whole frames of K bits (any nonzero value is 1): n K coded bits per frame.");
}
