/* Code objects shared by sources, encoders and decoders, for Python.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* BINDTOOL_HEADER_FILE(None) */
#include <pybind11/pybind11.h>

namespace py = pybind11;

#include <gnuradio/gpufec/core/code.h>

void bind_code(py::module& m)
{
    using namespace gr::gpufec;
    py::class_<code, std::shared_ptr<code>>(m, "code", "A channel code (base of every code object).")
        .def("name", &code::name)
        .def("rate", &code::rate)
        .def("info_bits_per_block", &code::info_bits_per_block)
        .def("coded_bits_per_block", &code::coded_bits_per_block)
        .def("__repr__", [](const code& c) { return "<gpufec.code " + c.name() + ">"; })
        // str() is what GRC shows of a block's Code parameter on the block's face, cut in the
        // middle beyond 23 characters: the name, or a shorter form where a family's is longer.
        .def("__str__", &code::name);
    py::class_<uncoded_code, code, std::shared_ptr<uncoded_code>>(m, "uncoded_code");
    m.def(
        "uncoded",
        [] { return std::const_pointer_cast<code>(uncoded()); },
        "The identity code: one channel bit per information bit.");
}
