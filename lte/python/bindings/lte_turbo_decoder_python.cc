/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* BINDTOOL_GEN_AUTOMATIC(0)                                                       */
/* BINDTOOL_USE_PYGCCXML(0)                                                        */
/* BINDTOOL_HEADER_FILE(lte_turbo_decoder.h)                                       */
/* BINDTOOL_HEADER_FILE_HASH(21e4f57395f92f7e036fa5b070d5f5e8)                                                   */

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include "python/gpufec/bindings/arg_checks.h"
#include <gnuradio/gpufec/lte_turbo_decoder.h>

void bind_lte_turbo_decoder(py::module& m)
{
    using namespace ::gr::gpufec;
    using gpufec_python::integer;
    const decoder_options common;
    const lte_turbo_params turbo;
    const lte_rate_dematching rm;

    py::class_<lte_turbo_decoder, gr::block, gr::basic_block, std::shared_ptr<lte_turbo_decoder>>(
        m,
        "lte_turbo_decoder",
        "LTE turbo decoder on the GPU or the CPU: code blocks of soft values (float LLRs or int8,\n"
        "positive = bit 1) in, K bits (uint8 0/1) per block out. Tags on each block's first bit:\n"
        "'frame_start', 'crc_pass' (bool) and 'iterations'. With llr_output=True, output 1 gives\n"
        "the K a-posteriori LLRs (float) of each block, with the same tags.")
        .def(py::init([](lte_turbo_code_sptr code,
                         integer iterations,
                         const std::string& algorithm,
                         float scaling,
                         const std::string& early_stop,
                         const std::string& backend,
                         const std::string& input,
                         float llr_scale,
                         bool invert,
                         integer device,
                         integer subblocks,
                         integer guard,
                         const std::string& length_tag,
                         integer E,
                         integer rv,
                         integer ncb,
                         bool llr_output,
                         const std::string& metrics) {
                 return lte_turbo_decoder::make(code,
                                                iterations.as<int>("iterations"),
                                                algorithm,
                                                scaling,
                                                early_stop,
                                                backend,
                                                input,
                                                llr_scale,
                                                invert,
                                                device.as<int>("device"),
                                                subblocks.as<int>("subblocks"),
                                                guard.as<int>("guard"),
                                                length_tag,
                                                E.as<size_t>("E"),
                                                rv.as<int>("rv"),
                                                ncb.as<size_t>("ncb"),
                                                llr_output,
                                                metrics);
             }),
             py::arg("code"),
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
             py::arg("length_tag") = "",
             py::arg("E") = rm.E,
             py::arg("rv") = rm.rv,
             py::arg("ncb") = rm.ncb,
             py::arg("llr_output") = false,
             py::arg("metrics") = turbo_metrics_name(turbo.metrics),
             "iterations 1..32; algorithm 'max-log' or 'log-map'; scaling in (0, 1]; early_stop\n"
             "'none', 'crc' (= 'crc24b'), 'crc24a' or 'hard'; backend 'auto', 'cpu' or 'cuda';\n"
             "input 'float' (LLRs, used as they are) or 'int8' (the LLR is q / llr_scale); device:\n"
             "the CUDA device index; subblocks/guard: parallel windows (1/0: exact); length_tag:\n"
             "the key of a tag giving each block's length in soft values ('' for the code's K);\n"
             "E > 0: blocks of E rate-matched values of redundancy version rv (ncb: the circular\n"
             "buffer length, 0 for all), de-matched before decoding; llr_output: a second output\n"
             "(optional) of the K a-posteriori LLRs per block (float32, positive = bit 1), as\n"
             "lte_turbo_decode(..., return_llrs=True) gives them; metrics 'float' or 'int16' (16-bit\n"
             "integer metrics from the int8 values round(LLR * llr_scale), max-log only)")
        .def("backend", &lte_turbo_decoder::backend)
        .def("frames_decoded", &lte_turbo_decoder::frames_decoded)
        .def("nonfinite_count", &lte_turbo_decoder::nonfinite_count);
}
