/* numpy-level access to the AWGN/BPSK channel and generator (same streams as the blocks).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* BINDTOOL_HEADER_FILE(None) */
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

namespace py = pybind11;

#include <gnuradio/gpufec/awgn_bpsk.h>

void bind_awgn_bpsk(py::module& m)
{
    using namespace gr::gpufec;
    m.def(
        "awgn_bpsk",
        [](py::array_t<uint8_t, py::array::c_style | py::array::forcecast> bits,
           double snr_db,
           const std::string& snr_kind,
           double code_rate,
           const std::string& output,
           uint64_t seed,
           uint64_t first_sample,
           const std::string& backend) {
            if (bits.ndim() != 1)
                throw std::invalid_argument("bits must be a 1-D array, got " +
                                            std::to_string(bits.ndim()) + " dimensions");
            awgn_bpsk_channel_engine ch(awgn_noise::from_snr(snr_db, parse_snr_kind(snr_kind), code_rate),
                                        parse_soft_output(output), seed, parse_backend(backend));
            py::array_t<float> soft(bits.size());
            {
                py::gil_scoped_release nogil;
                ch.apply(bits.data(), soft.mutable_data(), bits.size(), first_sample);
            }
            return soft;
        },
        py::arg("bits"),
        py::arg("snr_db") = 4.0,
        py::arg("snr_kind") = "ebn0",
        py::arg("code_rate") = 1.0,
        py::arg("output") = "llr",
        py::arg("seed") = 0,
        py::arg("first_sample") = 0,
        py::arg("backend") = "auto",
        "BPSK-map bits (0 -> -1, 1 -> +1) and add noise; returns float32 LLRs or symbols.\n"
        "Sample i uses noise sample first_sample + i of the seed's stream (as the block does).");
    m.def(
        "awgn_bpsk_generate",
        [](std::shared_ptr<code> c,
           size_t n_blocks,
           double ebn0_db,
           uint64_t seed,
           const std::string& output,
           const std::string& backend) {
            if (!c)
                throw std::invalid_argument("code is None: pass a code object, e.g. gpufec.uncoded()");
            awgn_bpsk_generator gen(c, awgn_noise::from_snr(ebn0_db, snr_kind::EBN0, c->rate()),
                                    parse_soft_output(output), seed, parse_backend(backend));
            py::array_t<uint8_t> info(n_blocks * c->info_bits_per_block());
            py::array_t<float> soft(n_blocks * c->coded_bits_per_block());
            {
                py::gil_scoped_release nogil;
                gen.generate(n_blocks, info.mutable_data(), soft.mutable_data());
            }
            return py::make_tuple(info, soft);
        },
        py::arg("code"),
        py::arg("n_blocks"),
        py::arg("ebn0_db") = 4.0,
        py::arg("seed") = 0,
        py::arg("output") = "llr",
        py::arg("backend") = "auto",
        "The first n_blocks code blocks of awgn_bpsk_source's streams: (info bits, soft values).");
}
