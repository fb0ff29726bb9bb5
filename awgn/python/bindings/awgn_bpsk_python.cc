/* numpy-level access to the AWGN/BPSK channel and generator (same streams as the blocks).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* BINDTOOL_HEADER_FILE(None) */
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

namespace py = pybind11;

#include "python/gpufec/bindings/arg_checks.h"
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <algorithm>
#include <cstdint>
#include <limits>

void bind_awgn_bpsk(py::module& m)
{
    using namespace gr::gpufec;
    using gpufec_python::integer;
    m.def(
        "awgn_bpsk",
        [=](py::object bits_arg,
            double snr_db,
            const std::string& snr_kind,
            double code_rate,
            const std::string& output,
            integer seed,
            integer first_sample,
            const std::string& backend) {
            const auto bits = gpufec_python::bits_arg(bits_arg, "bits");
            awgn_bpsk_channel_engine ch(awgn_noise::from_snr(snr_db, parse_snr_kind(snr_kind), code_rate),
                                        parse_soft_output(output),
                                        seed.as<uint64_t>("seed"),
                                        parse_backend(backend));
            const uint64_t first = first_sample.as<uint64_t>("first_sample");
            py::array_t<float> soft(bits.size());
            {
                py::gil_scoped_release nogil;
                ch.apply(bits.data(), soft.mutable_data(), bits.size(), first);
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
        "BPSK-map bits (0 -> -1, any nonzero value -> +1) and add noise; returns float32 LLRs or\n"
        "symbols.\n"
        "Sample i uses noise sample first_sample + i of the seed's stream (as the block does).");
    m.def(
        "awgn_bpsk_generate",
        [=](std::shared_ptr<code> c,
            integer n_blocks_arg,
            double ebn0_db,
            integer seed,
            const std::string& output,
            const std::string& backend) {
            if (!c)
                throw std::invalid_argument("code is None: pass a code object, e.g. gpufec.uncoded()");
            // At most as many blocks as keep every size below 2^64 (memory runs out earlier:
            // numpy then says how much it could not allocate).
            const size_t per_block = std::max(c->info_bits_per_block(), c->coded_bits_per_block());
            const size_t n_blocks =
                n_blocks_arg.as<size_t>("n_blocks", 0, std::numeric_limits<size_t>::max() / per_block);
            awgn_bpsk_generator gen(c, awgn_noise::from_snr(ebn0_db, snr_kind::EBN0, c->rate()),
                                    parse_soft_output(output),
                                    seed.as<uint64_t>("seed"),
                                    parse_backend(backend));
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
