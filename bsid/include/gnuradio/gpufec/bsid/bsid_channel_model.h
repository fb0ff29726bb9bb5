/* The binary substitution, insertion and deletion (BSID) channel of Davey and MacKay, as
 * Briffa's MAP decoder paper defines it: the model the channel simulator draws from and the
 * insertion/deletion MAP decoder assumes. docs/bsid.md specifies the random draws.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BSID_CHANNEL_MODEL_H
#define INCLUDED_GPUFEC_BSID_CHANNEL_MODEL_H

#include <gnuradio/gpufec/core/backend.h>
#include <gnuradio/gpufec/core/core_api.h>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

/*!
 * @brief The BSID channel's event probabilities.
 *
 * At each input bit the channel inserts a uniformly random bit with probability pi and stays at
 * the same input bit, deletes it with probability pd, or transmits it with probability
 * pt = 1 - pi - pd, flipping it with probability ps. No insertion follows the last input bit.
 */
struct GPUFEC_CORE_API bsid_params {
    double pi = 0.0; //!< insertion
    double pd = 0.0; //!< deletion
    double ps = 0.0; //!< substitution of a transmitted bit

    /*! @throws std::invalid_argument when a probability is outside [0, 1], not finite, or
     *  pi + pd > 1 (naming the values and what is allowed); pi = 1 is refused too (an endless
     *  run of insertions) */
    void check() const;
    double pt() const { return 1.0 - pi - pd; }
};

/*! @brief What the channel did to a stream of input bits. */
struct GPUFEC_CORE_API bsid_transmission {
    std::vector<uint8_t> received; //!< the output bits (0 or 1)
    /*! drift[t] = bits received minus bits sent before the events of input bit t (Briffa's
     *  S_t), t = 0..T: drift[0] = 0 and drift[T] = received.size() - T. */
    std::vector<int32_t> drift;
};

/*!
 * @brief A seeded BSID channel: the same seed and input give the same output on the CPU and
 * the GPU, whatever the batching.
 *
 * The random draws of input bit t come from Philox keyed by the seed, in segments of
 * bsid_segment_bits input bits (docs/bsid.md), so a stream can be cut anywhere and frames
 * transmitted back to back give the stream's output.
 */
class GPUFEC_CORE_API bsid_channel_model
{
public:
    /*! @brief Input bits per segment of independent random draws. */
    static constexpr size_t segment_bits = 4096;
    /*! @brief The stream's length: 2^32 segments (docs/bsid.md); transmit() refuses bits
     *  beyond it (their draws would repeat the stream's start). */
    static constexpr uint64_t max_stream_bits = uint64_t(segment_bits) << 32;

    /*! @throws std::invalid_argument as bsid_params::check() */
    bsid_channel_model(const bsid_params& params, uint64_t seed = 0);
    static std::shared_ptr<const bsid_channel_model>
    make(double pi, double pd, double ps, uint64_t seed = 0);

    const bsid_params& params() const { return m_params; }
    uint64_t seed() const { return m_seed; }
    /*! @brief "BSID pi=.. pd=.. ps=.." */
    std::string name() const;

    /*!
     * @brief Sends @p n bits (any nonzero byte is a 1) through the channel on the CPU.
     * @param first index of bits[0] in the whole stream (selects the random draws: a stream
     *        sent in pieces with first = bits sent before gives the same output as in one piece)
     * @note A piece that does not start at a segment boundary redraws its segment's start; the
     *       output is still the stream's.
     * @throws std::invalid_argument naming first when first + n exceeds max_stream_bits
     */
    bsid_transmission transmit(const uint8_t* bits, size_t n, uint64_t first = 0) const;

private:
    bsid_params m_params;
    uint64_t m_seed;
};

using bsid_channel_model_sptr = std::shared_ptr<const bsid_channel_model>;

/*!
 * @brief The channel on a GPU (or the CPU, the same draws): one stream of input bits, many
 * segments in parallel. Not thread-safe; buffers grow to the largest request.
 */
class GPUFEC_CORE_API bsid_channel_simulator
{
public:
    /*! @throws std::runtime_error when CUDA is requested and no device serves it */
    bsid_channel_simulator(bsid_channel_model_sptr model,
                           backend_kind backend = backend_kind::AUTO,
                           int device = 0);
    ~bsid_channel_simulator();
    const backend_choice& backend() const;
    /*! @brief As bsid_channel_model::transmit, on the chosen backend. */
    bsid_transmission transmit(const uint8_t* bits, size_t n, uint64_t first = 0);

private:
    struct impl;
    std::unique_ptr<impl> m_impl;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_BSID_CHANNEL_MODEL_H */
