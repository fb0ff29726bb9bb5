/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* BINDTOOL_GEN_AUTOMATIC(0)                                                       */
/* BINDTOOL_USE_PYGCCXML(0)                                                        */
/* BINDTOOL_HEADER_FILE(lte_turbo_encoder.h)                                       */
/* BINDTOOL_HEADER_FILE_HASH(53be12902babe0eef99590819dbde6ac)                                                   */

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include <gnuradio/gpufec/lte_turbo_encoder.h>

void bind_lte_turbo_encoder(py::module& m)
{
    using lte_turbo_encoder = ::gr::gpufec::lte_turbo_encoder;

    py::class_<lte_turbo_encoder, gr::block, gr::basic_block, std::shared_ptr<lte_turbo_encoder>>(
        m,
        "lte_turbo_encoder",
        "LTE turbo encoder: blocks of K bits (uint8 0/1) in, 3 (K + 4) coded bits d(0) | d(1) |\n"
        "d(2) out; a 'packet_len' tag's value becomes the coded length.")
        .def(py::init(&lte_turbo_encoder::make), py::arg("code"));
}
