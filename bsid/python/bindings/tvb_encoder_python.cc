/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* BINDTOOL_GEN_AUTOMATIC(0)                                                       */
/* BINDTOOL_USE_PYGCCXML(0)                                                        */
/* BINDTOOL_HEADER_FILE(tvb_encoder.h)                                             */
/* BINDTOOL_HEADER_FILE_HASH(b9b32aebb40e72c87626a9ba7b19fbaa)                                                   */

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include <gnuradio/gpufec/tvb_encoder.h>

void bind_tvb_encoder(py::module& m)
{
    using tvb_encoder = ::gr::gpufec::tvb_encoder;

    py::class_<tvb_encoder, gr::block, gr::basic_block, std::shared_ptr<tvb_encoder>>(
        m,
        "tvb_encoder",
        "Time-varying block code encoder: messages of N symbols as log2(q) bits each (uint8 0/1,\n"
        "most significant first) in, frames of tau = n N bits out (tvb_code.encode); a\n"
        "'packet_len' tag's value becomes the frame length.")
        .def(py::init(&tvb_encoder::make), py::arg("code"));
}
