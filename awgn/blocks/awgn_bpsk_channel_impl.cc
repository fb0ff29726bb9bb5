/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "awgn_bpsk_channel_impl.h"
#include <gnuradio/io_signature.h>

namespace gr {
namespace gpufec {

awgn_bpsk_channel::sptr awgn_bpsk_channel::make(double snr_db,
                                                const std::string& snr_kind,
                                                double code_rate,
                                                const std::string& output,
                                                uint64_t seed,
                                                const std::string& backend)
{
    return gnuradio::make_block_sptr<awgn_bpsk_channel_impl>(
        snr_db, snr_kind, code_rate, output, seed, backend);
}

awgn_bpsk_channel_impl::awgn_bpsk_channel_impl(double snr_db,
                                               const std::string& snr_kind,
                                               double code_rate,
                                               const std::string& output,
                                               uint64_t seed,
                                               const std::string& backend)
    : gr::sync_block("awgn_bpsk_channel",
                     gr::io_signature::make(1, 1, sizeof(uint8_t)),
                     gr::io_signature::make(1, 1, sizeof(float))),
      d_snr_kind(parse_snr_kind(snr_kind)),
      d_code_rate(code_rate),
      d_snr_db(snr_db),
      d_engine(awgn_noise::from_snr(snr_db, d_snr_kind, code_rate),
               parse_soft_output(output),
               seed,
               parse_backend(backend))
{
    d_logger->info("{}", d_engine.backend().why);
}

void awgn_bpsk_channel_impl::set_snr_db(double snr_db)
{
    awgn_noise::from_snr(snr_db, d_snr_kind, d_code_rate); // throws here, in the caller's thread
    d_snr_db.set(snr_db);
}

std::string awgn_bpsk_channel_impl::backend() const
{
    return backend_name(d_engine.backend().kind);
}

int awgn_bpsk_channel_impl::work(int noutput_items,
                                 gr_vector_const_void_star& input_items,
                                 gr_vector_void_star& output_items)
{
    double snr;
    if (d_snr_db.take(&snr))
        d_engine.set_noise(awgn_noise::from_snr(snr, d_snr_kind, d_code_rate));
    d_engine.apply(static_cast<const uint8_t*>(input_items[0]),
                   static_cast<float*>(output_items[0]),
                   noutput_items,
                   nitems_written(0));
    return noutput_items;
}

} // namespace gpufec
} // namespace gr
