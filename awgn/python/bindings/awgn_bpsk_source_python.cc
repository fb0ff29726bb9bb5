/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* BINDTOOL_GEN_AUTOMATIC(0)                                                       */
/* BINDTOOL_USE_PYGCCXML(0)                                                        */
/* BINDTOOL_HEADER_FILE(awgn_bpsk_source.h)                                        */
/* BINDTOOL_HEADER_FILE_HASH(fcee973d5c2a290790c19ade0e5cb143)                                                   */

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include "python/gpufec/bindings/arg_checks.h"
#include <gnuradio/gpufec/awgn_bpsk_source.h>

void bind_awgn_bpsk_source(py::module& m)
{
    using awgn_bpsk_source = ::gr::gpufec::awgn_bpsk_source;

    py::class_<awgn_bpsk_source, gr::block, gr::basic_block, std::shared_ptr<awgn_bpsk_source>>(
        m,
        "awgn_bpsk_source",
        "Test source: random bits -> encoder -> BPSK -> AWGN, generated on the GPU.\n"
        "Output 0: information bits (uint8 0/1); output 1: soft values (float, positive = bit 1).")
        .def(py::init([](::gr::gpufec::code_sptr code,
                         double ebn0_db,
                         gpufec_python::integer seed,
                         const std::string& output,
                         const std::string& backend) {
                 return awgn_bpsk_source::make(
                     code,
                     ebn0_db,
                     seed.as<uint64_t>("seed"),
                     output,
                     backend);
             }),
             py::arg("code"),
             py::arg("ebn0_db") = 4.0,
             py::arg("seed") = 0,
             py::arg("output") = "llr",
             py::arg("backend") = "auto",
             "output: 'llr' or 'symbols'; backend: 'auto', 'cpu' or 'cuda'")
        .def("set_ebn0_db", &awgn_bpsk_source::set_ebn0_db, py::arg("ebn0_db"))
        .def("ebn0_db", &awgn_bpsk_source::ebn0_db)
        .def("backend", &awgn_bpsk_source::backend);
}
