/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "lte_transport_decoder_impl.h"
#include "lte_transport_tags.h"
#include <gnuradio/io_signature.h>
#include <stdexcept>

namespace gr {
namespace gpufec {

lte_transport_decoder::sptr lte_transport_decoder::make(size_t A,
                                                        size_t G,
                                                        int rv,
                                                        int Qm,
                                                        int NL,
                                                        size_t nsoft,
                                                        int kc,
                                                        int kmimo,
                                                        int mdlharq,
                                                        int iterations,
                                                        const std::string& algorithm,
                                                        float scaling,
                                                        const std::string& early_stop,
                                                        const std::string& backend,
                                                        const std::string& input,
                                                        float llr_scale,
                                                        bool invert,
                                                        int device,
                                                        int subblocks,
                                                        int guard,
                                                        const std::string& metrics,
                                                        const std::string& length_tag)
{
    const lte_turbo_options opts(
        decoder_options::from_parameters(backend, input, llr_scale, invert, device),
        lte_turbo_params::from_parameters(
            iterations, algorithm, scaling, early_stop, subblocks, guard, metrics));
    return gnuradio::make_block_sptr<lte_transport_decoder_impl>(
        transport_tags::block_params(A, G, rv, Qm, NL, nsoft, kc, kmimo, mdlharq),
        opts,
        length_tag);
}

lte_transport_decoder_impl::lte_transport_decoder_impl(const lte_transport_params& p,
                                                       const lte_turbo_options& opts,
                                                       const std::string& length_tag)
    : gr::block("lte_transport_decoder",
                gr::io_signature::make(
                    1, 1, opts.input == soft_type::FLOAT ? sizeof(float) : sizeof(int8_t)),
                gr::io_signature::make(1, 1, sizeof(uint8_t))),
      packet_block<lte_transport_decoder>(length_tag,
                                          p.G > 0 ? p.G : transport_tags::default_max_G,
                                          p.A > 0 ? p.A : lte_transport_params::max_A),
      d_params(p),
      d_engine(opts)
{
    d_logger->info("LTE transport blocks, {} iterations {}, {} metrics: {}",
                   opts.turbo.iterations, turbo_algorithm_name(opts.turbo.algorithm),
                   turbo_metrics_name(opts.turbo.metrics), d_engine.backend().why);
}

bool lte_transport_decoder_impl::start()
{
    // A new run is a new stream: positions and counts start anew.
    d_engine.reset();
    d_crc_failures = 0;
    d_warned_nonfinite = false;
    d_warned_erased = false;
    return packet_block<lte_transport_decoder>::start();
}

size_t lte_transport_decoder_impl::plan(const packet& p)
{
    lte_transport_params q = transport_tags::from_tags(p.tags, d_params);
    if (q.A == 0)
        throw std::invalid_argument("it has no 'tb_size' tag and the block's A is 0: the "
                                    "transport block size is unknown");
    if (q.G == 0)
        q.G = p.length;
    if (q.G != p.length)
        throw std::invalid_argument("it has " + std::to_string(p.length) +
                                    " soft values, but G = " + std::to_string(q.G) +
                                    " (its 'G' tag or the block's G)");
    lte_transport_layout::compute(q); // names a bad parameter
    d_next = q;
    return q.A;
}

void lte_transport_decoder_impl::process(const packet& p,
                                         const void* in,
                                         void* out,
                                         uint64_t out_offset)
{
    static const pmt::pmt_t crc_key = pmt::string_to_symbol("crc_pass");
    static const pmt::pmt_t iterations_key = pmt::string_to_symbol("iterations");
    auto* bits = static_cast<uint8_t*>(out);
    const lte_transport_status s =
        d_engine.options().input == soft_type::FLOAT
            ? d_engine.decode(static_cast<const float*>(in), d_next, bits)
            : d_engine.decode(static_cast<const int8_t*>(in), d_next, bits);
    d_crc_failures += !s.crc_pass;
    add_item_tag(0, out_offset, crc_key, pmt::from_bool(s.crc_pass), alias_pmt());
    add_item_tag(0, out_offset, iterations_key, pmt::from_long(s.iterations), alias_pmt());
    const nonfinite_report r = d_engine.nonfinite();
    if (r.count > 0 && !d_warned_nonfinite) {
        d_warned_nonfinite = true;
        d_logger->warn("non-finite soft values in the packet at item {}: NaN is decoded as an "
                       "erasure (0), +-Inf as the largest value of its sign; this warning is "
                       "shown once, nonfinite_count() counts them",
                       p.offset);
    }
    if (r.erased_batches > 0 && !d_warned_erased) {
        d_warned_erased = true;
        d_logger->warn("llr_scale quantized every finite nonzero soft value of a code block to "
                       "0, an erasure (first in the packet at item {}): the input is far smaller "
                       "than llr_scale expects (|x| * llr_scale < 0.5), so the decoder sees "
                       "nothing; raise llr_scale (docs/conventions.md). This warning is shown "
                       "once",
                       p.offset);
    }
}

} // namespace gpufec
} // namespace gr
