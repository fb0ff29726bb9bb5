/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* BINDTOOL_GEN_AUTOMATIC(0)                                                       */
/* BINDTOOL_USE_PYGCCXML(0)                                                        */
/* BINDTOOL_HEADER_FILE(cc_decoder.h)                                              */
/* BINDTOOL_HEADER_FILE_HASH(ea933f394a9258ae83da219b83818a76)                                                   */

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include "python/gpufec/bindings/arg_checks.h"
#include <gnuradio/gpufec/cc_decoder.h>

void bind_cc_decoder(py::module& m)
{
    using cc_decoder = ::gr::gpufec::cc_decoder;
    using gpufec_python::integer;

    // The base class and the mode enum are gr-fec's: its binding must be loaded first.
    py::module::import("gnuradio.fec");

    // gr-fec's arguments, then the module's; find_pairing only by keyword, so that gr-fec's
    // positional calls mean what they do there.
    const auto make = [](const integer& frame_size,
                         const integer& k,
                         const integer& rate,
                         const std::vector<integer>& polys,
                         const integer& start_state,
                         const integer& end_state,
                         cc_mode_t mode,
                         bool padded,
                         const std::string& backend,
                         const integer& device,
                         bool find_pairing) {
        return cc_decoder::make(frame_size.as<int>("frame_size"),
                                k.as<int>("k"),
                                rate.as<int>("rate"),
                                gpufec_python::int_list<int>(polys, "polys"),
                                start_state.as<int>("start_state"),
                                end_state.as<int>("end_state"),
                                mode,
                                padded,
                                backend,
                                device.as<int>("device"),
                                find_pairing);
    };
    const char* make_doc =
        "gr-fec's cc_decoder.make arguments and meanings (polys in gr-fec's form, [79, 109]\n"
        "for 171/133, negative for an inverted output; states with the newest bit lowest;\n"
        "end_state -1: the best state; mode fec.CC_STREAMING, CC_TERMINATED, CC_TRUNCATED or\n"
        "CC_TAILBITING); backend 'cpu' (default), 'cuda' or 'auto'; device: the CUDA device.\n"
        "find_pairing=True (CC_STREAMING, by keyword): find which channel value starts a\n"
        "trellis step and follow its changes, the output output_delay() bits late; the\n"
        "changes are logged and given by pairing() and pairing_changes().";
    py::class_<cc_decoder, gr::fec::generic_decoder, std::shared_ptr<cc_decoder>>(
        m,
        "cc_decoder",
        "gr-fec's cc_decoder with gr-gpufec's Viterbi decoder: gpufec.cc_decoder.make takes\n"
        "fec.cc_decoder.make's arguments, for fec.extended_decoder (any puncpat and\n"
        "threading), fec.decoder, fec.tagged_decoder, fec.async_decoder and\n"
        "fec.bercurve_generator; input bytes 128 + 48 x as for cc_decoder.")
        .def(py::init(make),
             py::arg("frame_size"),
             py::arg("k"),
             py::arg("rate"),
             py::arg("polys"),
             py::arg("start_state") = 0,
             py::arg("end_state") = -1,
             py::arg("mode") = ::_cc_mode_t::CC_STREAMING,
             py::arg("padded") = false,
             py::arg("backend") = "cpu",
             py::arg("device") = 0,
             py::kw_only(),
             py::arg("find_pairing") = false,
             make_doc)
        .def_static("make",
                    make,
                    py::arg("frame_size"),
                    py::arg("k"),
                    py::arg("rate"),
                    py::arg("polys"),
                    py::arg("start_state") = 0,
                    py::arg("end_state") = -1,
                    py::arg("mode") = ::_cc_mode_t::CC_STREAMING,
                    py::arg("padded") = false,
                    py::arg("backend") = "cpu",
                    py::arg("device") = 0,
                    py::kw_only(),
                    py::arg("find_pairing") = false,
                    make_doc)
        .def(
            "set_frame_size",
            [](cc_decoder& x, const integer& frame_size) {
                return x.set_frame_size(frame_size.as<unsigned>("frame_size"));
            },
            py::arg("frame_size"),
            "gr-fec's: frames of frame_size information bits (1 up to the object's); False for\n"
            "a longer one (that frame is kept; a whole number of them is one call) and for a\n"
            "length no frame has (the next frame is then dropped, with a log line:\n"
            "get_input_size() 1, get_output_size() 0)")
        .def("backend", &cc_decoder::backend, "'cpu' or 'cuda': the backend in use")
        .def("output_delay",
             &cc_decoder::output_delay,
             "with find_pairing: the bits the output lags the decoded stream by (0 without)")
        .def("pairing",
             &cc_decoder::pairing,
             "the pairing of the last output bit: the offset (0 .. rate-1) of the channel\n"
             "values at which a trellis step starts")
        .def(
            "pairing_changes",
            [](cc_decoder& x) {
                py::list changes;
                for (const auto& c : x.pairing_changes())
                    changes.append(py::make_tuple(c.bit, c.offset));
                return changes;
            },
            "the changes of pairing output since the previous call, oldest first, as\n"
            "(output bit, offset); the latest max_pairing_changes are kept")
        .def_readonly_static("max_pairing_changes", &cc_decoder::max_pairing_changes);
}
