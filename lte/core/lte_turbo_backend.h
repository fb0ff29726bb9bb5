/* What an LTE turbo decoder backend (CPU or CUDA) implements: whole code blocks of float LLRs
 * in, hard bits (and optionally a-posteriori LLRs and iteration counts) out. The engine runs
 * the soft-input stage first, so a backend sees finite LLRs in GNU Radio's sign convention
 * (positive means bit 1), clamped to +-lte_turbo_llr_limit. The CPU backend (lte_turbo_cpu.cc) is
 * the reference; a CUDA backend registers itself with backend_factory.h under the same
 * factory signature, and takes the CPU backend's decisions bit for bit wherever the arithmetic
 * of docs/turbo.md is the same (max-log-MAP; log-MAP only statistically).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_TURBO_TURBO_BACKEND_H
#define INCLUDED_GPUFEC_CORE_TURBO_TURBO_BACKEND_H

#include <gnuradio/gpufec/core/decoder.h>
#include <gnuradio/gpufec/lte/lte_turbo_code.h>
#include <gnuradio/gpufec/lte/lte_turbo_params.h>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>

namespace gr {
namespace gpufec {

class lte_turbo_backend
{
public:
    virtual ~lte_turbo_backend() = default;

    /*! Code blocks per decode() call the buffers were sized for (opts.max_batch, or the
     *  backend's choice when that is 0); the engine never passes more. */
    virtual size_t max_batch() const = 0;

    /*! A host buffer of at least @p n floats for the engine to fill and pass back as
     *  decode()'s input (pinned on the GPU backend); the same buffer for requests no larger
     *  than an earlier one. Any other host pointer works as input too. */
    virtual float* input_buffer(size_t n) = 0;

    /*!
     * Decodes @p n_blocks code blocks.
     * @param llr 3 (K + 4) LLRs per block, d(0) | d(1) | d(2)
     * @param bits K hard decisions per block
     * @param app K a-posteriori LLRs per block, or null
     * @param iterations iterations used per block, or null
     */
    virtual void decode(const float* llr, size_t n_blocks, uint8_t* bits, float* app, int* iterations) = 0;

    /*! Whether the backend takes int8 channel values (decode_int8): the GPU backend converts
     *  them on the device, a quarter of the bytes over PCIe and no host pass. */
    virtual bool takes_int8() const { return false; }

    /*!
     * As decode(), from int8 values @p q (3 (K + 4) a block, any host memory), value v read as
     * the LLR @p to_llr[v + 128] (the engine's own soft-input stage, tabulated).
     */
    virtual void decode_int8(const int8_t* q,
                             const float* to_llr,
                             size_t n_blocks,
                             uint8_t* bits,
                             float* app,
                             int* iterations)
    {
        (void)q;
        (void)to_llr;
        (void)n_blocks;
        (void)bits;
        (void)app;
        (void)iterations;
        throw std::logic_error("this LTE turbo backend takes no int8 input");
    }

    /*! A host buffer of at least @p n int8 values for decode_quantized() (the same memory
     *  as input_buffer's). */
    int8_t* quantized_buffer(size_t n) { return reinterpret_cast<int8_t*>(input_buffer((n + 3) / 4)); }

    /*!
     * With params.metrics == INT16, the only entry point: decodes @p n_blocks code blocks of
     * soft-input-stage values @p q = round(LLR * llr_scale) in [-127, 127] (3 (K + 4) a block,
     * d(0) | d(1) | d(2), any host memory; -128 reads as -127) with 16-bit metrics. The
     * a-posteriori LLRs are the integer ones divided by @p llr_scale.
     */
    virtual void decode_quantized(const int8_t* q,
                                  float llr_scale,
                                  size_t n_blocks,
                                  uint8_t* bits,
                                  float* app,
                                  int* iterations)
    {
        (void)q;
        (void)llr_scale;
        (void)n_blocks;
        (void)bits;
        (void)app;
        (void)iterations;
        throw std::logic_error("this LTE turbo backend has no 16-bit metrics");
    }
};

std::unique_ptr<lte_turbo_backend> make_lte_turbo_cpu(const lte_turbo_code& code,
                                                      const lte_turbo_params& params,
                                                      const decoder_options& opts);

} // namespace gpufec
} // namespace gr

#endif
