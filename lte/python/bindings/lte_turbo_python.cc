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
#include "lte_options_pybind.h"
#include "python/gpufec/bindings/numpy_decode.h"
#include <gnuradio/gpufec/lte/lte_turbo.h>

namespace {

using namespace gr::gpufec;

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
    gpufec_options::bind_lte_turbo_options(m);
    const lte_turbo_params turbo;
    const lte_rate_dematching rm;
    // The keywords, their order and defaults: lte/lte_options.yml (docs/turbo.md has the table).
    gpufec_options::def_lte_turbo_decode_keywords(
        m,
        [](std::shared_ptr<lte_turbo_code> c,
           py::object llrs,
           const lte_turbo_options& opts,
           bool return_llrs) -> py::object {
            gpufec_python::checked_lte_turbo_code(c);
            const auto soft = gpufec_python::read_soft(llrs, "llrs", opts.invert);
            lte_turbo_decoder_engine dec(c, opts);
            if (return_llrs)
                return decode_with_llrs(dec, soft, opts.llr_scale);
            return gpufec_python::decode_array(dec, soft, opts.llr_scale);
        },
        "Decodes whole code blocks of 3 (K + 4) soft values d(0) | d(1) | d(2) (or, with E > 0,\n"
        "E rate-matched values) into K bits each (uint8). llrs: float32/float64 LLRs (positive =\n"
        "bit 1 unless invert; used as they are, clamped to +-1024, NaN an erasure), int8 values q\n"
        "(the LLRs q / llr_scale), or uint8/bool hard bits. The options by keyword (the table of\n"
        "docs/turbo.md, the block's names and defaults) or as one gpufec.lte_turbo_options. With\n"
        "return_llrs, returns (bits, llrs): the K a-posteriori LLRs per block too.");
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
