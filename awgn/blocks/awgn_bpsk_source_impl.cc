/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "awgn_bpsk_source_impl.h"
#include <gnuradio/io_signature.h>
#include <algorithm>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {
// Items per output buffer: large calls amortise the scheduler's per-call cost, which
// otherwise caps a source near 0.3-0.8 G items/s.
constexpr int min_buffer_items = 1 << 21;

code_sptr checked(code_sptr c)
{
    if (!c)
        throw std::invalid_argument("code is None: pass a code object, e.g. gpufec.uncoded()");
    return c;
}
} // namespace

awgn_bpsk_source::sptr awgn_bpsk_source::make(code_sptr code,
                                              double ebn0_db,
                                              uint64_t seed,
                                              const std::string& output,
                                              const std::string& backend)
{
    return gnuradio::make_block_sptr<awgn_bpsk_source_impl>(
        code, ebn0_db, seed, output, backend);
}

awgn_bpsk_source_impl::awgn_bpsk_source_impl(code_sptr code,
                                             double ebn0_db,
                                             uint64_t seed,
                                             const std::string& output,
                                             const std::string& backend)
    : gr::block("awgn_bpsk_source",
                gr::io_signature::make(0, 0, 0),
                gr::io_signature::make2(2, 2, sizeof(uint8_t), sizeof(float))),
      d_ebn0_db(ebn0_db),
      d_gen(checked(code),
            awgn_noise::from_snr(ebn0_db, snr_kind::EBN0, checked(code)->rate()),
            parse_soft_output(output),
            seed,
            parse_backend(backend)),
      d_info_per_block(code->info_bits_per_block()),
      d_coded_per_block(code->coded_bits_per_block())
{
    set_min_output_buffer(0, std::max<int>(min_buffer_items, 4 * d_info_per_block));
    set_min_output_buffer(1, std::max<int>(min_buffer_items, 4 * d_coded_per_block));
    // work() needs room for one whole block on both outputs. Without this the scheduler keeps
    // calling it when one output has less room (it produces nothing and is called again at
    // once), and a flowgraph whose consumer of that output has finished never ends.
    set_min_noutput_items(static_cast<int>(std::max(d_info_per_block, d_coded_per_block)));
    d_logger->info("{}: {}", d_gen.coded_by().name(), d_gen.backend().why);
}

void awgn_bpsk_source_impl::set_ebn0_db(double ebn0_db)
{
    awgn_noise::from_snr(ebn0_db, snr_kind::EBN0, d_gen.coded_by().rate()); // throws here
    d_ebn0_db.set(ebn0_db);
}

std::string awgn_bpsk_source_impl::backend() const
{
    return backend_name(d_gen.backend().kind);
}

bool awgn_bpsk_source_impl::start()
{
    // A new run is a new stream, the same one every run.
    d_gen.restart();
    return true;
}

int awgn_bpsk_source_impl::general_work(int noutput_items,
                                        gr_vector_int&,
                                        gr_vector_const_void_star&,
                                        gr_vector_void_star& output_items)
{
    double ebn0;
    if (d_ebn0_db.take(&ebn0))
        d_gen.set_noise(awgn_noise::from_snr(ebn0, snr_kind::EBN0, d_gen.coded_by().rate()));
    // noutput_items bounds both outputs (the scheduler checks each buffer's space for it).
    const size_t blocks = static_cast<size_t>(noutput_items) /
                          std::max(d_info_per_block, d_coded_per_block);
    if (blocks == 0)
        return 0;
    d_gen.generate(blocks, static_cast<uint8_t*>(output_items[0]),
                   static_cast<float*>(output_items[1]));
    produce(0, static_cast<int>(blocks * d_info_per_block));
    produce(1, static_cast<int>(blocks * d_coded_per_block));
    return WORK_CALLED_PRODUCE;
}

} // namespace gpufec
} // namespace gr
