/* The LTE turbo code for Python: gpufec.lte_turbo_code and gpufec.lte_turbo_encode.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* BINDTOOL_HEADER_FILE(None) */
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include "python/gpufec/bindings/arg_checks.h"
#include "lte_turbo_code_arg.h"
#include "python/gpufec/bindings/numpy_arrays.h"
#include <gnuradio/gpufec/lte/lte_turbo_code.h>

namespace {

using namespace gr::gpufec;

/* Python holds codes as shared_ptr<lte_turbo_code> (the base class code is bound that way);
 * C++ users take shared_ptr<const lte_turbo_code>, which the bindings convert to implicitly. */
std::shared_ptr<lte_turbo_code> make_lte_turbo_code(const gpufec_python::integer& K)
{
    return std::const_pointer_cast<lte_turbo_code>(lte_turbo_code::make(K.as<long long>("K")));
}

} // namespace

void bind_lte_turbo_code(py::module& m)
{
    py::class_<lte_turbo_code, code, std::shared_ptr<lte_turbo_code>>(
        m,
        "lte_turbo_code",
        "The rate-1/3 LTE turbo code (3GPP TS 36.212 5.1.3.2) of one code block size K, one of\n"
        "the 188 sizes of Table 5.1.3-3 (40..512 step 8, 528..1024 step 16, 1056..2048 step 32,\n"
        "2112..6144 step 64). A block is K bits; coded, 3 (K + 4) bits d(0) | d(1) | d(2).")
        .def(py::init(&make_lte_turbo_code), py::arg("K"))
        .def("K", &lte_turbo_code::K, "the code block size")
        .def("f1", &lte_turbo_code::f1, "QPP interleaver coefficient f1 (Table 5.1.3-3)")
        .def("f2", &lte_turbo_code::f2, "QPP interleaver coefficient f2 (Table 5.1.3-3)")
        .def("stream_bits", &lte_turbo_code::stream_bits, "bits per stream d(i): K + 4")
        .def(
            "interleaver",
            [](const lte_turbo_code& c) { return gpufec_python::to_array(c.interleaver()); },
            "the QPP permutation: entry i is (f1 i + f2 i^2) mod K, the information bit that is\n"
            "bit i of the second encoder's input")
        .def_static("block_sizes", &lte_turbo_code::block_sizes, "the 188 code block sizes")
        .def_static(
            "is_block_size",
            [](const gpufec_python::integer& K) {
                return lte_turbo_code::is_block_size(K.as<long long>("K"));
            },
            py::arg("K"))
        .def("__repr__",
             [](const lte_turbo_code& c) { return "<gpufec.lte_turbo_code " + c.name() + ">"; });

    m.def(
        "lte_turbo_encode",
        [](std::shared_ptr<lte_turbo_code> c, py::object bits) {
            const lte_turbo_code& code = gpufec_python::checked_lte_turbo_code(c);
            const auto in = gpufec_python::read_bit_vector(bits, "bits");
            std::vector<uint8_t> coded;
            {
                py::gil_scoped_release nogil;
                coded = lte_turbo_encode(code, in);
            }
            return gpufec_python::to_array(coded);
        },
        py::arg("code"),
        py::arg("bits"),
        "Encodes K bits or a whole number of blocks of K bits (any nonzero value is 1): 3 (K + 4)\n"
        "coded bits per block, d(0) | d(1) | d(2).");
}
