/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* BINDTOOL_GEN_AUTOMATIC(0)                                                       */
/* BINDTOOL_USE_PYGCCXML(0)                                                        */
/* BINDTOOL_HEADER_FILE(bsid_map_decoder.h)                                        */
/* BINDTOOL_HEADER_FILE_HASH(83d0e4fdcfb98d2aac3996f1e161c7a4)                                                   */

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include "bsid_args.h"
#include <gnuradio/gpufec/bsid_map_decoder.h>

void bind_bsid_map_decoder(py::module& m)
{
    using namespace ::gr::gpufec;
    using gpufec_python::integer;
    const bsid_map_options d;

    py::class_<bsid_map_decoder, gr::block, gr::basic_block, std::shared_ptr<bsid_map_decoder>>(
        m,
        "bsid_map_decoder",
        "Insertion/deletion MAP decoder for a stream of frames sent back to back over a BSID\n"
        "channel: received bits (uint8) in; out, per frame, the decided symbols as log2(q) bits\n"
        "each (output 'bits') or q floats per symbol (output 'posteriors'). Tags on each frame's\n"
        "first item: 'frame_start', 'drift' (its estimated end drift), 'drift_confidence' and\n"
        "'resync'. A finite stream is flushed at its end.")
        .def(py::init([](std::shared_ptr<tvb_code> code,
                         py::object channel,
                         const std::string& output,
                         const std::string& backend,
                         integer device,
                         integer max_drift,
                         integer lookahead,
                         const std::string& storage,
                         const std::string& precision,
                         integer threads,
                         double drift_threshold,
                         integer max_symbol_drift,
                         const std::string& lattice) {
                 return bsid_map_decoder::make(gpufec_python::tvb_code_arg(code),
                                               gpufec_python::bsid_channel_arg(channel),
                                               output,
                                               backend,
                                               device.as<int>("device"),
                                               max_drift.as<int>("max_drift"),
                                               lookahead.as<size_t>("lookahead"),
                                               storage,
                                               precision,
                                               threads.as<unsigned>("threads"),
                                               drift_threshold,
                                               max_symbol_drift.as<int>("max_symbol_drift"),
                                               lattice);
             }),
             py::arg("code"),
             py::arg("channel"),
             py::arg("output") = "bits",
             py::arg("backend") = backend_name(d.backend),
             py::arg("device") = d.device,
             py::arg("max_drift") = d.max_drift,
             py::arg("lookahead") = d.lookahead,
             py::arg("storage") = bsid_storage_name(d.storage),
             py::arg("precision") = bsid_precision_name(d.precision),
             py::arg("threads") = d.threads,
             py::arg("drift_threshold") = d.drift_threshold,
             py::arg("max_symbol_drift") = d.max_symbol_drift,
             py::arg("lattice") = bsid_lattice_name(d.lattice),
             "code: a gpufec.tvb_code; channel: a gpufec.bsid_channel_model (or the bsid_channel\n"
             "block); output 'bits' or 'posteriors'; backend 'auto', 'cpu' or 'cuda'; device: the\n"
             "CUDA device index; max_drift: the frame drift limit (-1: derived from the channel);\n"
             "lookahead: codewords of the next frame read to place each frame; storage (CUDA)\n"
             "'auto', 'global' or 'local'; precision 'float' or 'double'; threads: CPU threads (0:\n"
             "all); drift_threshold: the probability that the drift leaves the derived limits;\n"
             "max_symbol_drift: the drift change per codeword (-1: derived); lattice 'corridor'\n"
             "(the paper's) or 'pooled' (one lattice per codeword over all start drifts)")
        .def("backend", &bsid_map_decoder::backend)
        .def("limits", &bsid_map_decoder::limits)
        .def("frames_decoded", &bsid_map_decoder::frames_decoded)
        .def("resyncs", &bsid_map_decoder::resyncs)
        .def("drift", &bsid_map_decoder::drift);
}
