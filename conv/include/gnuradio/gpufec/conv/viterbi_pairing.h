/* Finding the pairing of the code symbols of a stream: which soft value starts a trellis step.
 * A receiver that joins a stream, or whose symbol clock slips by one symbol, does not know it;
 * gr-satellites runs two decoders one symbol apart and keeps what either decodes. This decoder
 * does that inside one stream decoder and switches between the alternatives as the stream says.
 * GNU-Radio-free; the viterbi_decoder block's find_pairing option wraps it.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_VITERBI_PAIRING_H
#define INCLUDED_GPUFEC_VITERBI_PAIRING_H

#include <gnuradio/gpufec/conv/viterbi.h>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace gr {
namespace gpufec {

class soft_input;

/*! @brief A change of pairing: decoded bits from @p bit on come from the steps that start at
 *  soft value offset @p offset (mod n) of the stream. */
struct GPUFEC_CORE_API pairing_change {
    uint64_t bit = 0;    //!< position of the first bit decoded with the new pairing
    unsigned offset = 0; //!< 0 .. n-1
};

/*!
 * @brief A streaming Viterbi decoder that finds the pairing of the code symbols itself.
 *
 * An unpunctured streaming code of n outputs has n pairings: alternative o reads trellis step
 * t from soft values o + t n .. o + t n + n - 1. Each alternative has its own
 * viterbi_decoder_engine (so this costs n decoders). Their decoded bits are encoded again and
 * compared with the hard decisions of the soft values they came from; over each window of
 * `window` steps, D_o counts the disagreements of alternative o (erasures, soft values that
 * quantize to 0, do not count). The decoder switches from the current alternative c to the
 * best one b (fewest disagreements, the lowest offset on a tie) when
 *     2 D_b < D_c  and  D_c - D_b >= ceil(window n / 16)
 * (hysteresis: a pairing stays until another is clearly better; in noise, where all are alike,
 * it does not flap). The switch is placed where the stream changed: at the step of the current
 * and the previous window that minimises c's disagreements before it plus b's after it (the
 * first such step). So the output lags one window more than an engine's, and a slip of the
 * symbol clock costs the bits around the slip only. The decisions depend on the decoded bits
 * alone, which both backends decode alike: the CPU and the GPU switch at the same bits.
 *
 * Output bit t is step t of the alternative in effect at t; the stream starts with offset 0.
 */
class GPUFEC_CORE_API viterbi_pairing_decoder final : public stream_decoder
{
public:
    static constexpr size_t default_window = 64;

    /*!
     * @param code an unpunctured streaming code
     * @param opts the engines' options (the soft-input stage, llr_scale and invert, is done
     *        once, here)
     * @param window trellis steps per decision window (>= 8)
     * @throws std::invalid_argument for a framed or punctured code or a bad window (naming it)
     */
    viterbi_pairing_decoder(conv_code_sptr code,
                            const viterbi_options& opts = viterbi_options(),
                            size_t window = default_window);
    ~viterbi_pairing_decoder() override;
    viterbi_pairing_decoder(const viterbi_pairing_decoder&) = delete;
    viterbi_pairing_decoder& operator=(const viterbi_pairing_decoder&) = delete;

    const backend_choice& backend() const override;
    size_t soft_per_period() const override { return m_n; }
    size_t bits_per_period() const override { return 1; }
    void push(const float* soft, size_t n) override;
    void push(const int8_t* soft, size_t n) override;
    /*! @brief Ends the stream as viterbi_decoder_engine::flush does; the last (partial)
     *  window is decided like the others. @return the soft values after the last whole step
     *  of the pairing in effect at the end */
    size_t flush() override;
    void reset() override;
    size_t pending() const override;
    size_t available() const override { return m_ready.size() - m_ready_head; }
    size_t pull(uint8_t* bits, size_t max) override;
    /*! @brief pull(), and the pairing changes at the bits pulled: each change's bit counts
     *  from the first bit of this pull. A change is reported once. */
    size_t pull(uint8_t* bits, size_t max, std::vector<pairing_change>& changes);
    nonfinite_report nonfinite() const override;

    size_t window() const { return m_window; }
    /*! @brief The most steps the output lags the input by: after any push() of a stream's
     *  values, the bits pulled and available() since its start are at least (values pushed) / n
     *  - max_delay(): an engine's tile and traceback, and the window decided but not yet out
     *  (K=7 r1/2 with the default tiling and window: 512 + 32 + 64 steps). */
    size_t max_delay() const;
    /*! @brief The pairing in effect at the latest decided step. */
    unsigned offset() const { return m_current; }

private:
    struct alternative;

    template <typename T>
    void push_t(const T* soft, size_t n);
    void feed(uint64_t first, size_t n);
    void evaluate(alternative& a);
    uint64_t evaluated() const;
    void decide(uint64_t begin, uint64_t end);
    void emit(uint64_t end);
    void trim();
    void end_stream();

    conv_code_sptr m_code;
    size_t m_n;
    size_t m_window;
    uint32_t m_margin;
    std::unique_ptr<soft_input> m_soft;
    std::vector<std::unique_ptr<alternative>> m_alts;
    // quantized soft values [m_held_first, m_held_first + m_held.size()) of the stream, kept
    // until every alternative has compared its steps with them
    std::vector<int8_t> m_held;
    uint64_t m_held_first = 0;
    uint64_t m_seen = 0;      //!< soft values of this stream so far
    // steps: [m_first, ...) held by every alternative; [m_first, m_decided) decided, of which
    // [m_first, m_emitted) went out (m_first == m_emitted after a trim)
    uint64_t m_first = 0;
    uint64_t m_emitted = 0;
    uint64_t m_decided = 0;
    unsigned m_current = 0;       //!< the pairing at the latest decided step
    unsigned m_emit_offset = 0;   //!< the pairing at m_emitted
    std::vector<pairing_change> m_changes; //!< decided changes at steps >= m_emitted
    uint64_t m_stream_out = 0;    //!< output position of this stream's first bit
    // decoded bits not yet pulled, and the changes among them (absolute output positions)
    std::vector<uint8_t> m_ready;
    size_t m_ready_head = 0;
    uint64_t m_pulled = 0;        //!< bits pulled since reset()
    std::vector<pairing_change> m_ready_changes;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_VITERBI_PAIRING_H */
