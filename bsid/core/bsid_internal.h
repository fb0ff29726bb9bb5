/* Core-internal pieces of the insertion/deletion family that several of its files (and the
 * CUDA backend, for its fallbacks and tests) share.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_BSID_BSID_INTERNAL_H
#define INCLUDED_GPUFEC_CORE_BSID_BSID_INTERNAL_H

#include <gnuradio/gpufec/bsid/bsid_channel_model.h>
#include <cstddef>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace detail {

/*! The channel's draws on the CPU (docs/bsid.md): bits [first, first + n) of a stream. */
bsid_transmission bsid_transmit_cpu(const bsid_params& p,
                                    uint64_t seed,
                                    const uint8_t* bits,
                                    size_t n,
                                    uint64_t first);

/*! @throws std::invalid_argument naming first unless bits [first, first + n) lie within the
 *  stream (bsid_channel_model::max_stream_bits). */
void check_stream_bits(uint64_t first, size_t n);

/*! Philox stream (philox_block's third counter word) of the codebook constructions. */
constexpr uint32_t tvb_construction_stream = 0x54564243u; // "TVBC"

} // namespace detail
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CORE_BSID_BSID_INTERNAL_H */
