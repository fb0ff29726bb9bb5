/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* BINDTOOL_GEN_AUTOMATIC(0)                                                       */
/* BINDTOOL_USE_PYGCCXML(0)                                                        */
/* BINDTOOL_HEADER_FILE(awgn_bpsk_channel.h)                                       */
/* BINDTOOL_HEADER_FILE_HASH(65db6bedd7c850668aa300483a5475eb)                                                   */

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include "python/gpufec/bindings/arg_checks.h"
#include <gnuradio/gpufec/awgn_bpsk_channel.h>

void bind_awgn_bpsk_channel(py::module& m)
{
    using awgn_bpsk_channel = ::gr::gpufec::awgn_bpsk_channel;

    py::class_<awgn_bpsk_channel,
               gr::sync_block,
               gr::block,
               gr::basic_block,
               std::shared_ptr<awgn_bpsk_channel>>(
        m,
        "awgn_bpsk_channel",
        "BPSK over AWGN: bits (uint8 0/1) in, soft values (float) out, on the GPU or the CPU.\n"
        "Bit 0 -> -1, bit 1 -> +1: a positive soft value means bit 1.")
        .def(py::init([](double snr_db,
                         const std::string& snr_kind,
                         double code_rate,
                         const std::string& output,
                         gpufec_python::integer seed,
                         const std::string& backend) {
                 return awgn_bpsk_channel::make(
                     snr_db,
                     snr_kind,
                     code_rate,
                     output,
                     seed.as<uint64_t>("seed"),
                     backend);
             }),
             py::arg("snr_db") = 4.0,
             py::arg("snr_kind") = "ebn0",
             py::arg("code_rate") = 1.0,
             py::arg("output") = "llr",
             py::arg("seed") = 0,
             py::arg("backend") = "auto",
             "snr_kind: 'ebn0' or 'esn0'; output: 'llr' or 'symbols'; backend: 'auto', 'cpu' or 'cuda'")
        .def("set_snr_db", &awgn_bpsk_channel::set_snr_db, py::arg("snr_db"))
        .def("snr_db", &awgn_bpsk_channel::snr_db)
        .def("backend", &awgn_bpsk_channel::backend);
}
