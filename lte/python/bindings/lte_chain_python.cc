/* The LTE transport-channel chain for Python: CRC, code block segmentation, rate matching
 * (lte_chain.h; soft values float32, bits 0/1 bytes).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* BINDTOOL_HEADER_FILE(None) */
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include "lte_turbo_code_arg.h"
#include "python/gpufec/bindings/numpy_arrays.h"
#include <gnuradio/gpufec/lte/lte_chain.h>

using namespace gr::gpufec;
using gpufec_python::checked_lte_turbo_code;
using gpufec_python::integer;
using gpufec_python::read_bit_vector;
using gpufec_python::to_array;

namespace {

void bind_crc(py::module& m)
{
    m.def(
        "lte_crc_attach",
        [](py::object bits, const std::string& kind) {
            return to_array(lte_crc_attach(read_bit_vector(bits, "bits"), kind));
        },
        py::arg("bits"),
        py::arg("kind"),
        "bits followed by their CRC (TS 36.212 5.1.1), parity bit p0 first; kind '24A', '24B',\n"
        "'16' or '8'.");
    m.def(
        "lte_crc_check",
        [](py::object bits, const std::string& kind) {
            return lte_crc_check(read_bit_vector(bits, "bits"), kind);
        },
        py::arg("bits"),
        py::arg("kind"),
        "Whether the last L bits of bits are the CRC of the bits before them.");
    m.def(
        "lte_crc_parity",
        [](py::object bits, const std::string& kind) {
            const auto b = read_bit_vector(bits, "bits");
            return lte_crc_parity(b.data(), b.size(), parse_lte_crc(kind));
        },
        py::arg("bits"),
        py::arg("kind"),
        "The CRC of bits as an integer, p0 in its most significant bit (the catalogue check\n"
        "value of the ASCII bytes '123456789', most significant bit first: 0xCDE703 for 24A).");
}

void bind_segmentation(py::module& m)
{
    py::class_<lte_segmentation>(
        m, "lte_segmentation", "Code block segmentation parameters (TS 36.212 5.1.2).")
        .def_static(
            "compute",
            [](integer B) { return lte_segmentation::compute(B.as<size_t>("B")); },
            py::arg("B"),
                    "The parameters for B >= 1 input bits (a transport block with its CRC24A).")
        .def_readonly("B", &lte_segmentation::B)
        .def_readonly("C", &lte_segmentation::C, "code blocks")
        .def_readonly("K_plus", &lte_segmentation::K_plus)
        .def_readonly("K_minus", &lte_segmentation::K_minus)
        .def_readonly("C_plus", &lte_segmentation::C_plus)
        .def_readonly("C_minus", &lte_segmentation::C_minus)
        .def_readonly("F", &lte_segmentation::F, "filler bits at the start of block 0")
        .def_readonly("L", &lte_segmentation::L, "CRC24B bits per block (0 when C = 1)")
        .def(
            "block_size",
            [](const lte_segmentation& s, integer r) { return s.block_size(r.as<size_t>("r")); },
            py::arg("r"))
        .def("__repr__", [](const lte_segmentation& s) {
            return "<gpufec.lte_segmentation B=" + std::to_string(s.B) + " C=" +
                   std::to_string(s.C) + " K+=" + std::to_string(s.K_plus) + " K-=" +
                   std::to_string(s.K_minus) + " F=" + std::to_string(s.F) + ">";
        });
    m.def(
        "lte_segment",
        [](py::object bits) {
            py::list out;
            for (const auto& block : lte_segment(read_bit_vector(bits, "bits")))
                out.append(to_array(block));
            return out;
        },
        py::arg("bits"),
        "Splits bits into code blocks (a list of arrays): filler bits (0) at the start of block\n"
        "0 and, with more than one block, a CRC24B at the end of each.");
    m.def(
        "lte_desegment",
        [](const std::vector<py::object>& blocks, integer B) {
            std::vector<std::vector<uint8_t>> in;
            for (size_t r = 0; r < blocks.size(); ++r)
                in.push_back(read_bit_vector(blocks[r], "blocks[" + std::to_string(r) + "]"));
            std::vector<uint8_t> crc_ok;
            const auto bits = lte_desegment(in, B.as<size_t>("B"), &crc_ok);
            py::array_t<bool> ok(crc_ok.size());
            std::copy(crc_ok.begin(), crc_ok.end(), ok.mutable_data());
            return py::make_tuple(to_array(bits), ok);
        },
        py::arg("blocks"),
        py::arg("B"),
        "Joins decoded code blocks into the B segmented bits: returns (bits, crc_ok), crc_ok\n"
        "holding whether each block's CRC24B checks (True for a single block, which has none).");
}

void bind_rate_matching(py::module& m)
{
    m.def(
        "lte_rate_match_indices",
        [](std::shared_ptr<lte_turbo_code> c, integer E, integer rv, integer ncb, integer filler) {
            return to_array(lte_rate_match_indices(checked_lte_turbo_code(c),
                                                   E.as<size_t>("E"),
                                                   rv.as<int>("rv"),
                                                   ncb.as<size_t>("ncb"),
                                                   filler.as<size_t>("filler")));
        },
        py::arg("code"),
        py::arg("E"),
        py::arg("rv"),
        py::arg("ncb") = 0,
        py::arg("filler") = 0,
        "For each of the E rate-matched bits, its index in d(0) | d(1) | d(2).");
    m.def(
        "lte_rate_match",
        [](std::shared_ptr<lte_turbo_code> c,
           py::object d,
           integer E,
           integer rv,
           integer ncb,
           integer filler) {
            return to_array(lte_rate_match(checked_lte_turbo_code(c),
                                           read_bit_vector(d, "d"),
                                           E.as<size_t>("E"),
                                           rv.as<int>("rv"),
                                           ncb.as<size_t>("ncb"),
                                           filler.as<size_t>("filler")));
        },
        py::arg("code"),
        py::arg("d"),
        py::arg("E"),
        py::arg("rv"),
        py::arg("ncb") = 0,
        py::arg("filler") = 0,
        "Rate matching of one code block (TS 36.212 5.1.4.1): the encoder output d (3 (K + 4)\n"
        "bits) to E bits of redundancy version rv (0..3); ncb: circular buffer length (0: all);\n"
        "filler: filler bits at the block's start.");
    m.def(
        "lte_rate_dematch",
        [](std::shared_ptr<lte_turbo_code> c,
           py::object llrs,
           integer rv,
           integer ncb,
           integer filler,
           float filler_llr) {
            return to_array(lte_rate_dematch(checked_lte_turbo_code(c),
                                             gpufec_python::read_float_vector(llrs, "llrs"),
                                             rv.as<int>("rv"),
                                             ncb.as<size_t>("ncb"),
                                             filler.as<size_t>("filler"),
                                             filler_llr));
        },
        py::arg("code"),
        py::arg("llrs"),
        py::arg("rv"),
        py::arg("ncb") = 0,
        py::arg("filler") = 0,
        py::arg("filler_llr") = lte_filler_llr,
        "Rate de-matching: E received soft values back to 3 (K + 4) in d(0) | d(1) | d(2) order;\n"
        "repeated values are summed, bits not sent are 0, filler bits get filler_llr.");
}

} // namespace

void bind_lte_chain(py::module& m)
{
    bind_crc(m);
    bind_segmentation(m);
    bind_rate_matching(m);
}
