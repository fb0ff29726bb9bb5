/* BPSK over AWGN: the channel model behind the test sources, GNU-Radio-free.
 *
 * Soft-value convention (GNU Radio's): bit 0 -> symbol -1, bit 1 -> symbol +1, so a positive
 * soft value means bit 1. The LLR output is 2 y / sigma^2 = ln P(y|1)/P(y|0).
 * Sample n of a stream is a pure function of (seed, n) on every backend.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_AWGN_BPSK_H
#define INCLUDED_GPUFEC_AWGN_BPSK_H

#include <gnuradio/gpufec/core/backend.h>
#include <gnuradio/gpufec/core/code.h>
#include <gnuradio/gpufec/core/core_api.h>
// soft_output, snr_kind: generated from awgn/awgn_options.yml.
#include <gnuradio/gpufec/awgn/awgn_options.h>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace gr {
namespace gpufec {

/*!
 * @brief The noise level of a unit-energy BPSK channel.
 *
 * Es/N0 = rate * Eb/N0 and sigma^2 = N0/2 = 1 / (2 Es/N0).
 */
struct GPUFEC_CORE_API awgn_noise {
    double sigma;       //!< noise standard deviation per real sample
    double llr_scale;   //!< 2 / sigma^2: turns a received symbol into an LLR

    /*!
     * @param snr_db Eb/N0 or Es/N0 in dB (finite, in [-30, 60])
     * @param kind which of the two @p snr_db is
     * @param rate code rate in (0, 1] (used for EBN0 only)
     * @throws std::invalid_argument naming the parameter, the value and the allowed range
     */
    static awgn_noise from_snr(double snr_db, snr_kind kind, double rate);
};

/*!
 * @brief Maps bits to BPSK symbols and adds white Gaussian noise, on the CPU or a GPU.
 *
 * apply() works on host memory; the CUDA backend stages through pinned buffers sized once at
 * construction. Not thread-safe: one instance per thread.
 */
class GPUFEC_CORE_API awgn_bpsk_channel_engine
{
public:
    /*!
     * @param noise noise level (awgn_noise::from_snr)
     * @param out LLRs or noisy symbols
     * @param seed the noise stream's seed
     * @param backend AUTO, CPU or CUDA
     */
    awgn_bpsk_channel_engine(awgn_noise noise, soft_output out, uint64_t seed, backend_kind backend);
    ~awgn_bpsk_channel_engine();
    awgn_bpsk_channel_engine(const awgn_bpsk_channel_engine&) = delete;
    awgn_bpsk_channel_engine& operator=(const awgn_bpsk_channel_engine&) = delete;

    /*! @brief The backend in use (CPU or CUDA) and why it was picked. */
    const backend_choice& backend() const;
    /*! @brief Takes effect from the next apply(). */
    void set_noise(awgn_noise noise);

    /*!
     * @brief soft[i] = channel(bits[i]) using noise sample first_sample + i.
     * Bits other than 0 and 1 count as 1 (any nonzero byte).
     */
    void apply(const uint8_t* bits, float* soft, size_t n, uint64_t first_sample);

    class backend_impl;

private:
    std::unique_ptr<backend_impl> m_impl;
    backend_choice m_choice;
    soft_output m_output;
    awgn_noise m_noise;
};

/*!
 * @brief Random information bits -> encoder -> BPSK -> AWGN, on the CPU or a GPU.
 *
 * Produces whole code blocks. Info bit i of the stream is a function of (seed, i) and noise
 * sample j of (seed, j), so a stream cut into any calls is the same stream on every backend.
 */
class GPUFEC_CORE_API awgn_bpsk_generator
{
public:
    /*!
     * @param c the code (uncoded() for the plain channel)
     * @param noise noise level
     * @param out LLRs or noisy symbols
     * @param seed seed of both the bit and the noise streams
     * @param backend AUTO, CPU or CUDA
     */
    awgn_bpsk_generator(code_sptr c,
                        awgn_noise noise,
                        soft_output out,
                        uint64_t seed,
                        backend_kind backend);
    ~awgn_bpsk_generator();
    awgn_bpsk_generator(const awgn_bpsk_generator&) = delete;
    awgn_bpsk_generator& operator=(const awgn_bpsk_generator&) = delete;

    const backend_choice& backend() const;
    const code& coded_by() const { return *m_code; }
    /*! @brief Takes effect for blocks generated after the call. */
    void set_noise(awgn_noise noise);

    /*!
     * @brief Generates the next @p n_blocks blocks.
     * @param info n_blocks * info_bits_per_block() information bits out
     * @param soft n_blocks * coded_bits_per_block() soft values out
     */
    void generate(size_t n_blocks, uint8_t* info, float* soft);

    /*! @brief Index of the next block generate() produces. */
    uint64_t next_block() const { return m_next_block; }
    /*! @brief The stream starts again: the next block generate() produces is block 0. */
    void restart() { m_next_block = 0; }

    class backend_impl;

private:
    code_sptr m_code;
    std::unique_ptr<backend_impl> m_impl;
    backend_choice m_choice;
    soft_output m_output;
    awgn_noise m_noise;
    uint64_t m_next_block = 0;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_AWGN_BPSK_H */
