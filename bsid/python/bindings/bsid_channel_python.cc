/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* BINDTOOL_GEN_AUTOMATIC(0)                                                       */
/* BINDTOOL_USE_PYGCCXML(0)                                                        */
/* BINDTOOL_HEADER_FILE(bsid_channel.h)                                            */
/* BINDTOOL_HEADER_FILE_HASH(74b74b878d02ef677ed670dcaf687298)                                                   */

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include "python/gpufec/bindings/arg_checks.h"
#include "bsid_args.h"
#include <gnuradio/gpufec/bsid_channel.h>

void bind_bsid_channel(py::module& m)
{
    using namespace ::gr::gpufec;

    py::class_<bsid_channel, gr::block, gr::basic_block, std::shared_ptr<bsid_channel>>(
        m,
        "bsid_channel",
        "The BSID channel (insertions, deletions, substitutions) as a block: bits (uint8) in, a\n"
        "different number of bits out, on the GPU or the CPU. The output is what\n"
        "bsid_channel_model.transmit gives for the whole stream with the same seed, however the\n"
        "scheduler cuts it; each run of the flowgraph starts a new stream. Input tags move with\n"
        "the drift.")
        .def(py::init([](double pi,
                         double pd,
                         double ps,
                         gpufec_python::integer seed,
                         const std::string& backend) {
                 return bsid_channel::make(
                     pi,
                     pd,
                     ps,
                     seed.as<uint64_t>("seed"),
                     backend);
             }),
             py::arg("pi"),
             py::arg("pd"),
             py::arg("ps"),
             py::arg("seed") = 0,
             py::arg("backend") = "auto",
             "pi, pd, ps: insertion, deletion and substitution probabilities; backend: 'auto',\n"
             "'cpu' or 'cuda'")
        .def(py::init([](std::shared_ptr<bsid_channel_model> channel, const std::string& backend) {
                 if (!channel)
                     throw py::value_error("channel is None: pass a channel model, e.g. "
                                           "gpufec.bsid_channel_model(0.01, 0.01, 0.0)");
                 return bsid_channel::make(channel, backend);
             }),
             py::arg("channel"),
             py::arg("backend") = "auto",
             "channel: a gpufec.bsid_channel_model (the one the decoder is given too)")
        .def(
            "model",
            [](const bsid_channel& b) { return gpufec_python::python_holder(b.model()); },
            "the channel model the block draws from")
        .def("backend", &bsid_channel::backend)
        .def("drift", &bsid_channel::drift, "received minus sent bits so far in this run");
}
