/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* BINDTOOL_GEN_AUTOMATIC(0)                                                       */
/* BINDTOOL_USE_PYGCCXML(0)                                                        */
/* BINDTOOL_HEADER_FILE(conv_encoder.h)                                            */
/* BINDTOOL_HEADER_FILE_HASH(b5a9716ed670d79cefd522385d94077c)                                                   */

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include <gnuradio/gpufec/conv_encoder.h>

void bind_conv_encoder(py::module& m)
{
    using conv_encoder = ::gr::gpufec::conv_encoder;

    py::class_<conv_encoder, gr::block, gr::basic_block, std::shared_ptr<conv_encoder>>(
        m,
        "conv_encoder",
        "Convolutional encoder: bits (uint8 0/1) in, punctured coded bits out.\n"
        "Framed codes: whole frames; streaming codes: one continuous stream from state 0.")
        .def(py::init(&conv_encoder::make), py::arg("code"));
}
