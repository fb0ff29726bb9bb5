/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* BINDTOOL_GEN_AUTOMATIC(0)                                                       */
/* BINDTOOL_USE_PYGCCXML(0)                                                        */
/* BINDTOOL_HEADER_FILE(lte_transport_decoder.h)                                   */
/* BINDTOOL_HEADER_FILE_HASH(969c7dcab5f89cba80259cbdd6a6896d)                                                   */

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include "python/gpufec/bindings/arg_checks.h"
#include <gnuradio/gpufec/lte_transport_decoder.h>
#include <cstdint>

void bind_lte_transport_decoder(py::module& m)
{
    using namespace ::gr::gpufec;
    using gpufec_python::integer;
    const lte_transport_params p;
    const decoder_options common;
    const lte_turbo_params turbo;

    py::class_<lte_transport_decoder,
               gr::block,
               gr::basic_block,
               std::shared_ptr<lte_transport_decoder>>(
        m,
        "lte_transport_decoder",
        "LTE transport block decoder on the GPU or the CPU: packets of G soft values (float LLRs\n"
        "or int8, positive = bit 1; a 'packet_len' tag on the first) in, their A bits (uint8 0/1)\n"
        "out, tagged 'crc_pass' (bool) and 'iterations'. A comes from each packet's 'tb_size'\n"
        "tag or the block's A; a packet's 'G' and 'rv' tags override the block's.")
        .def(py::init([](const integer& A, const integer& G, const integer& rv, const integer& Qm,
                         const integer& NL, const integer& nsoft, const integer& kc,
                         const integer& kmimo, const integer& mdlharq, const integer& iterations,
                         const std::string& algorithm, float scaling,
                         const std::string& early_stop, const std::string& backend,
                         const std::string& input, float llr_scale, bool invert,
                         const integer& device, const integer& subblocks, const integer& guard,
                         const std::string& metrics, const std::string& length_tag) {
                 return lte_transport_decoder::make(
                     A.as<size_t>("A", 0, SIZE_MAX,
                                  "0 (each packet's 'tb_size' tag) or 16 to 391656"),
                     G.as<size_t>("G", 0, SIZE_MAX, "0 (each packet's length) or more"),
                     rv.as<int>("rv"), Qm.as<int>("Qm"), NL.as<int>("NL"),
                     nsoft.as<size_t>("nsoft", 0, SIZE_MAX, "0 (no limit) or N_soft"),
                     kc.as<int>("kc"), kmimo.as<int>("kmimo"), mdlharq.as<int>("mdlharq"),
                     iterations.as<int>("iterations"), algorithm, scaling, early_stop, backend,
                     input, llr_scale, invert, device.as<int>("device"),
                     subblocks.as<int>("subblocks"), guard.as<int>("guard"), metrics,
                     length_tag);
             }),
             py::arg("A") = 0,
             py::arg("G") = 0,
             py::arg("rv") = p.rv,
             py::arg("Qm") = p.Qm,
             py::arg("NL") = p.NL,
             py::arg("nsoft") = p.nsoft,
             py::arg("kc") = p.kc,
             py::arg("kmimo") = p.kmimo,
             py::arg("mdlharq") = p.mdlharq,
             py::arg("iterations") = turbo.iterations,
             py::arg("algorithm") = turbo_algorithm_name(turbo.algorithm),
             py::arg("scaling") = turbo.scaling,
             py::arg("early_stop") = early_stop_name(turbo.stop),
             py::arg("backend") = backend_name(common.backend),
             py::arg("input") = soft_type_name(common.input),
             py::arg("llr_scale") = common.llr_scale,
             py::arg("invert") = common.invert,
             py::arg("device") = common.device,
             py::arg("subblocks") = static_cast<int>(turbo.subblocks),
             py::arg("guard") = static_cast<int>(turbo.guard),
             py::arg("metrics") = turbo_metrics_name(turbo.metrics),
             py::arg("length_tag") = "packet_len",
             "A: the transport block size (0: each packet's 'tb_size' tag); G: the soft values per\n"
             "packet (0: any); rv, Qm, NL, nsoft, kc, kmimo, mdlharq as lte_transport_encoder takes\n"
             "them; the turbo decoder's options as lte_turbo_decoder takes them (early_stop 'crc'\n"
             "stops each code block on the CRC it carries); length_tag: the key of the tag that\n"
             "gives each packet's length")
        .def("backend", &lte_transport_decoder::backend)
        .def("packets", &lte_transport_decoder::packets)
        .def("dropped", &lte_transport_decoder::dropped)
        .def("crc_failures", &lte_transport_decoder::crc_failures)
        .def("nonfinite_count", &lte_transport_decoder::nonfinite_count);
}
