/* What an insertion/deletion MAP decoder backend (CPU or CUDA) implements: a batch of received
 * windows in, symbol posteriors, decisions and end-drift posteriors out. The engine
 * (bsid_map_engine.cc) checks the input and the options first, so a backend sees windows that
 * fit the drift limits. The CPU backend (bsid_map_cpu.cc) is the reference; the CUDA backend
 * registers itself with backend_factory.h under the same factory signature and gives the CPU
 * backend's posteriors to within 1e-5 relative in the same precision (docs/bsid.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_BSID_BSID_BACKEND_H
#define INCLUDED_GPUFEC_CORE_BSID_BSID_BACKEND_H

#include <gnuradio/gpufec/bsid/bsid_map.h>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace gr {
namespace gpufec {

/*! @brief Everything a backend is built for; fixed for its lifetime. */
struct bsid_decoder_setup {
    const tvb_code* code;     //!< outlives the backend (the engine holds it)
    bsid_params channel;
    bsid_drift_limits limits;
    bsid_map_options opts;    //!< storage, precision, lookahead, max_batch, threads, device
};

class bsid_map_backend
{
public:
    virtual ~bsid_map_backend() = default;

    /*! @brief Memory one frame needs in @p mode (GLOBAL or LOCAL), in bytes. */
    virtual size_t bytes_per_frame(bsid_storage mode) const = 0;
    /*! @brief The mode the backend takes for @p n_frames when the options say AUTO. */
    virtual bsid_storage storage_for(size_t n_frames) const = 0;

    /*!
     * Decodes a batch; the engine splits larger ones at options().max_batch when that is set.
     * Arguments as bsid_map_decoder_engine::decode_windows, with the received buffer holding
     * every window (0/1 bytes), symbols N + lookahead per window (the lookahead codewords are
     * the next frame's first, equiprobable), and posteriors, decisions and priors for the first
     * N symbols only.
     */
    virtual void decode(const uint8_t* received,
                        size_t received_bits,
                        const bsid_frame_window* windows,
                        size_t n_frames,
                        const double* start_drift,
                        const double* priors,
                        double* posteriors,
                        uint32_t* decisions,
                        double* end_drift) = 0;
};

std::unique_ptr<bsid_map_backend> make_bsid_map_cpu(const bsid_decoder_setup& setup);

/*! @brief The BSID channel's draws for a stream of input bits (bsid_channel_model.h). */
class bsid_channel_backend
{
public:
    virtual ~bsid_channel_backend() = default;
    virtual bsid_transmission transmit(const uint8_t* bits, size_t n, uint64_t first) = 0;
};

std::unique_ptr<bsid_channel_backend> make_bsid_channel_cpu(const bsid_channel_model& model,
                                                            int device);

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CORE_BSID_BSID_BACKEND_H */
