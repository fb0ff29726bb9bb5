/* numpy-level LTE turbo decoding (the same engine as the block), and the defaults of the
 * decoder's own parameters (for tests that compare the bindings and the GRC YAML with them).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* BINDTOOL_HEADER_FILE(None) */
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include "lte_turbo_code_arg.h"
#include "python/gpufec/bindings/numpy_decode.h"
#include <gnuradio/gpufec/lte/lte_turbo.h>

namespace {

using namespace gr::gpufec;
using gpufec_python::integer;

/* Bits and a-posteriori LLRs of a whole array of blocks. */
py::tuple decode_with_llrs(lte_turbo_decoder_engine& dec,
                           const gpufec_python::soft_array& s,
                           float llr_scale)
{
    const size_t blocks = whole_frames(dec, s.size), K = dec.bits_per_frame();
    py::array_t<uint8_t> bits(blocks * K);
    py::array_t<float> app(blocks * K);
    uint8_t* b = bits.mutable_data();
    float* a = app.mutable_data();
    {
        py::gil_scoped_release nogil;
        if (s.is_float)
            dec.decode_frames(s.f.data(), b, blocks, a, nullptr);
        else
            dec.decode_frames(s.q.data(), b, blocks, a, nullptr);
    }
    gpufec_python::check_not_erased(dec.nonfinite(), llr_scale);
    return py::make_tuple(bits, app);
}

} // namespace

void bind_lte_turbo(py::module& m)
{
    const decoder_options common;
    const lte_turbo_params turbo;
    const lte_rate_dematching rm;
    m.def(
        "lte_turbo_decode",
        [](std::shared_ptr<lte_turbo_code> c,
           py::object llrs,
           integer iterations,
           const std::string& algorithm,
           float scaling,
           const std::string& early_stop,
           const std::string& backend,
           bool invert,
           float llr_scale,
           integer subblocks,
           integer guard,
           bool return_llrs,
           integer device,
           const std::string& metrics) -> py::object {
            gpufec_python::checked_lte_turbo_code(c);
            const auto soft = gpufec_python::read_soft(llrs, "llrs", invert);
            const lte_turbo_options opts(
                decoder_options::from_parameters(
                    backend, "float", llr_scale, invert, device.as<int>("device")),
                lte_turbo_params::from_parameters(iterations.as<int>("iterations"),
                                                  algorithm,
                                                  scaling,
                                                  early_stop,
                                                  subblocks.as<int>("subblocks"),
                                                  guard.as<int>("guard"),
                                                  metrics));
            lte_turbo_decoder_engine dec(c, opts);
            if (return_llrs)
                return decode_with_llrs(dec, soft, llr_scale);
            return gpufec_python::decode_array(dec, soft, llr_scale);
        },
        py::arg("code"),
        py::arg("llrs"),
        py::arg("iterations") = turbo.iterations,
        py::arg("algorithm") = turbo_algorithm_name(turbo.algorithm),
        py::arg("scaling") = turbo.scaling,
        py::arg("early_stop") = early_stop_name(turbo.stop),
        py::arg("backend") = backend_name(common.backend),
        py::arg("invert") = common.invert,
        py::arg("llr_scale") = common.llr_scale,
        py::arg("subblocks") = static_cast<int>(turbo.subblocks),
        py::arg("guard") = static_cast<int>(turbo.guard),
        py::arg("return_llrs") = false,
        py::arg("device") = common.device,
        py::arg("metrics") = turbo_metrics_name(turbo.metrics),
        "Decodes whole code blocks of 3 (K + 4) soft values d(0) | d(1) | d(2) into K bits each\n"
        "(uint8). llrs: float32/float64 LLRs (positive = bit 1 unless invert; used as they are,\n"
        "clamped to +-1024, NaN an erasure), int8 values q (the LLRs q / llr_scale), or uint8/bool\n"
        "hard bits. iterations 1..32; algorithm 'max-log' or 'log-map'; scaling in (0, 1];\n"
        "early_stop 'none', 'crc' (= 'crc24b'), 'crc24a' or 'hard'; subblocks/guard: parallel\n"
        "windows as a GPU decoder runs them (1/0: exact). With return_llrs, returns (bits, llrs):\n"
        "the K a-posteriori LLRs per block too. metrics 'float', or 'int16': 16-bit integer metrics\n"
        "from the int8 values round(LLR * llr_scale) (float input is quantized with llr_scale first;\n"
        "max-log only). Rate-matched input: gpufec.lte_rate_dematch first.");
    m.def(
        "lte_turbo_defaults",
        [turbo, rm] {
            py::dict d;
            d["iterations"] = turbo.iterations;
            d["algorithm"] = turbo_algorithm_name(turbo.algorithm);
            d["scaling"] = turbo.scaling;
            d["early_stop"] = early_stop_name(turbo.stop);
            d["subblocks"] = turbo.subblocks;
            d["guard"] = turbo.guard;
            d["metrics"] = turbo_metrics_name(turbo.metrics);
            d["E"] = rm.E;
            d["rv"] = rm.rv;
            d["ncb"] = rm.ncb;
            return d;
        },
        "The default of every LTE turbo decoder parameter, as the C++ core defines it.");
}
