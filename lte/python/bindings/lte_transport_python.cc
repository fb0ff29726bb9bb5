/* LTE transport blocks for Python (lte_transport.h): encode, decode, and the layout.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* BINDTOOL_HEADER_FILE(None) */
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include "python/gpufec/bindings/arg_checks.h"
#include "python/gpufec/bindings/numpy_arrays.h"
#include "python/gpufec/bindings/numpy_decode.h"
#include <gnuradio/gpufec/lte/lte_transport.h>
#include <climits>
#include <cstdint>

namespace {

using namespace gr::gpufec;
using gpufec_python::integer;

/* The transport block's parameters but A from Python integers: the types and C++ ranges
 * checked here, the values by the core (ValueError naming the parameter either way). */
lte_transport_params transport_params(const integer& G,
                                      const integer& rv,
                                      const integer& Qm,
                                      const integer& NL,
                                      const integer& nsoft,
                                      const integer& kc,
                                      const integer& kmimo,
                                      const integer& mdlharq)
{
    lte_transport_params p;
    p.G = G.as<size_t>("G", 0, SIZE_MAX, "1 to " + std::to_string(lte_rate_match_max_bits));
    p.rv = rv.as<int>("rv");
    p.Qm = Qm.as<int>("Qm");
    p.NL = NL.as<int>("NL");
    p.nsoft = nsoft.as<size_t>("nsoft", 0, SIZE_MAX, "0 (no limit) or N_soft");
    p.kc = kc.as<int>("kc");
    p.kmimo = kmimo.as<int>("kmimo");
    p.mdlharq = mdlharq.as<int>("mdlharq");
    return p;
}

size_t transport_A(const integer& A)
{
    return A.as<size_t>("A", 0, SIZE_MAX,
                        std::to_string(lte_transport_params::min_A) + " to " +
                            std::to_string(lte_transport_params::max_A));
}

#define GPUFEC_TRANSPORT_ARGS                                                                  \
    py::arg("rv") = 0, py::arg("Qm") = 2, py::arg("NL") = 1, py::arg("nsoft") = 0,            \
        py::arg("kc") = 1, py::arg("kmimo") = 1, py::arg("mdlharq") = 8

const char* const transport_doc =
    "rv: redundancy version 0..3; Qm: bits per symbol 1, 2, 4, 6 or 8; NL: 1, 2 or 4 (N_L of\n"
    "TS 36.212 5.1.4.1.2); G: a multiple of NL * Qm. The soft buffer: nsoft = 0, every code\n"
    "block's whole circular buffer (N_cb = K_w, as for UL-SCH and MCH); else nsoft = N_soft and\n"
    "N_IR = floor(nsoft / (kc * kmimo * min(mdlharq, 8))), N_cb = min(floor(N_IR / C), K_w)\n"
    "(DL-SCH, PCH), with kc = K_C (1, 2 or 5), kmimo = K_MIMO (1 or 2), mdlharq = M_DL_HARQ.";

} // namespace

void bind_lte_transport(py::module& m)
{
    const decoder_options common;
    const lte_turbo_params turbo;
    m.def(
        "lte_transport_encode",
        [](py::object bits, const integer& G, const integer& rv, const integer& Qm,
           const integer& NL, const integer& nsoft, const integer& kc, const integer& kmimo,
           const integer& mdlharq) {
            const auto b = gpufec_python::bits_arg(bits, "bits");
            auto p = transport_params(G, rv, Qm, NL, nsoft, kc, kmimo, mdlharq);
            p.A = static_cast<size_t>(b.size());
            p.validate();
            py::array_t<uint8_t> coded(p.G);
            uint8_t* out = coded.mutable_data();
            {
                py::gil_scoped_release nogil;
                lte_transport_encode(b.data(), p, out);
            }
            return coded;
        },
        py::arg("bits"),
        py::arg("G"),
        GPUFEC_TRANSPORT_ARGS,
        (std::string("Encodes one LTE transport block (TS 36.212 5.1.1-5.1.5): its A bits (any\n"
                     "dtype, nonzero = 1; A = 16..391656) get a CRC24A, are segmented into code\n"
                     "blocks (filler bits, CRC24B each when there are several), turbo coded, rate\n"
                     "matched to E bits each and concatenated: G coded bits (uint8).\n") +
         transport_doc)
            .c_str());
    m.def(
        "lte_transport_decode",
        [](py::object llrs, const integer& A, const integer& G, const integer& rv,
           const integer& Qm, const integer& NL, const integer& nsoft, const integer& kc,
           const integer& kmimo, const integer& mdlharq, const integer& iterations,
           const std::string& algorithm, float scaling, const std::string& early_stop,
           const std::string& backend, bool invert, float llr_scale, const integer& subblocks,
           const integer& guard, const integer& device, const std::string& metrics) {
            auto p = transport_params(G, rv, Qm, NL, nsoft, kc, kmimo, mdlharq);
            p.A = transport_A(A);
            p.validate();
            const auto soft = gpufec_python::read_soft(llrs, "llrs", invert);
            if (soft.size != p.G)
                throw std::invalid_argument("llrs has " + std::to_string(soft.size) +
                                            " values, but G = " + std::to_string(p.G) +
                                            ": a transport block's soft values are G long");
            const lte_turbo_options opts(
                decoder_options::from_parameters(backend, "float", llr_scale, invert,
                                                 device.as<int>("device")),
                lte_turbo_params::from_parameters(iterations.as<int>("iterations"), algorithm,
                                                  scaling, early_stop, subblocks.as<int>("subblocks"),
                                                  guard.as<int>("guard"), metrics));
            lte_transport_decoder_engine dec(opts);
            py::array_t<uint8_t> bits(p.A);
            uint8_t* out = bits.mutable_data();
            lte_transport_status st;
            {
                py::gil_scoped_release nogil;
                st = soft.is_float ? dec.decode(soft.f.data(), p, out)
                                   : dec.decode(soft.q.data(), p, out);
            }
            gpufec_python::check_not_erased(dec.nonfinite(), llr_scale);
            return py::make_tuple(bits, st.crc_pass);
        },
        py::arg("llrs"),
        py::arg("A"),
        py::arg("G"),
        GPUFEC_TRANSPORT_ARGS,
        py::arg("iterations") = turbo.iterations,
        py::arg("algorithm") = turbo_algorithm_name(turbo.algorithm),
        py::arg("scaling") = turbo.scaling,
        py::arg("early_stop") = early_stop_name(turbo.stop),
        py::arg("backend") = backend_name(common.backend),
        py::arg("invert") = common.invert,
        py::arg("llr_scale") = common.llr_scale,
        py::arg("subblocks") = static_cast<int>(turbo.subblocks),
        py::arg("guard") = static_cast<int>(turbo.guard),
        py::arg("device") = common.device,
        py::arg("metrics") = turbo_metrics_name(turbo.metrics),
        (std::string("Decodes one LTE transport block of A bits from its G soft values (float\n"
                     "LLRs, int8 values q read as q / llr_scale, or uint8/bool hard bits; positive\n"
                     "= bit 1 unless invert): returns (bits, crc_ok), crc_ok the CRC24A check.\n"
                     "The values are split into the code blocks' E, de-matched, decoded (the code\n"
                     "blocks of each size in one call of the turbo decoder; its options as\n"
                     "lte_turbo_decode takes them; early_stop 'crc' stops each code block on the\n"
                     "CRC it carries) and desegmented.\n") +
         transport_doc)
            .c_str());
    m.def(
        "lte_transport_info",
        [](const integer& A, const integer& G, const integer& rv, const integer& Qm,
           const integer& NL, const integer& nsoft, const integer& kc, const integer& kmimo,
           const integer& mdlharq) {
            auto p = transport_params(G, rv, Qm, NL, nsoft, kc, kmimo, mdlharq);
            p.A = transport_A(A);
            const auto l = lte_transport_layout::compute(p);
            py::dict d;
            d["C"] = l.seg.C;
            d["K_plus"] = l.seg.K_plus;
            d["K_minus"] = l.seg.K_minus;
            d["C_plus"] = l.seg.C_plus;
            d["C_minus"] = l.seg.C_minus;
            d["F"] = l.seg.F;
            d["L"] = l.seg.L;
            d["N_IR"] = l.N_IR;
            d["E"] = l.E;
            d["ncb"] = l.ncb;
            return d;
        },
        py::arg("A"),
        py::arg("G"),
        GPUFEC_TRANSPORT_ARGS,
        (std::string("How a transport block of A bits goes into G coded bits: a dict of its\n"
                     "segmentation (C, K_plus, K_minus, C_plus, C_minus, F, L), N_IR (0 without a\n"
                     "soft buffer limit) and, per code block, E and ncb (N_cb).\n") +
         transport_doc)
            .c_str());
}
