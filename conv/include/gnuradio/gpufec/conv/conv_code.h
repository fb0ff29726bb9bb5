/* Feed-forward convolutional codes with puncturing and a termination mode.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CONV_CODE_H
#define INCLUDED_GPUFEC_CONV_CODE_H

#include <gnuradio/gpufec/core/code.h>
#include <gnuradio/gpufec/core/core_api.h>
// termination, polys_order: generated from conv/conv_options.yml.
#include <gnuradio/gpufec/conv/conv_options.h>
#include <memory>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

/*!
 * @brief Generators from text such as "171, 133" or "[0o171, 0o133]" (GRC's form): numbers
 * separated by commas, spaces or colons, optionally in brackets. A bare number is octal in the
 * OCTAL form and decimal in gr-fec's ("79, 109"); a 0o, 0x or 0b prefix names its base in
 * either. A '-' or '~' prefix marks an inverted output ("171, ~133", gr-fec's "79, -109"): the
 * generator comes back negative, as conv_code::make_signed takes it.
 * @throws std::invalid_argument naming the token that is not a number of that form
 */
GPUFEC_CORE_API std::vector<int> parse_polys(const std::string& text, polys_order order);

/*!
 * @brief A feed-forward convolutional code: constraint length, generators, puncturing, framing.
 *
 * Conventions (docs/viterbi.md, docs/conventions.md):
 * - generators are written in octal as usual (0171, 0133); bit k-1 taps the newest input bit,
 *   bit 0 the oldest. gr-fec's cc_encoder writes the same generators bit-reversed ([79, 109]
 *   for 171/133): polys_order::GR_FEC takes them in that form.
 * - for each input bit the coded bits follow in generator order: c0 c1 ... c(n-1).
 * - an inverted output sends its coded bit complemented (CCSDS inverts G2); gr-fec writes such a
 *   generator negative ([79, -109]), make_signed() takes that form, name() writes it "~133".
 * - a puncturing pattern is a string of '1' (sent) and '0' (deleted) over that serialized coded
 *   stream; its length is a multiple of n. Framed codes restart the pattern at every frame,
 *   streaming codes run it continuously from the stream's start.
 */
class GPUFEC_CORE_API conv_code final : public code
{
public:
    static constexpr int min_k = 3;
    static constexpr int max_k = 9;
    /*! Longest frame, in information bits. A frame's coded bits are GNU Radio item counts
     *  (int) and buffer sizes, and the CPU decoder keeps steps x 2^(k-1) decision bytes per
     *  thread (256 MiB for a K=9 frame this long), as for the longest streaming tile. */
    static constexpr size_t max_frame_bits = size_t(1) << 20;

    /*!
     * @param k constraint length, min_k..max_k (3..9)
     * @param polys 2, 3 or 4 distinct generators (rate 1/2, 1/3, 1/4), each in [1, 2^k);
     *        together they must tap both the newest and the oldest bit (otherwise k is not the
     *        constraint length), and they must not make a catastrophic code (a common factor
     *        other than D^l over GF(2), docs/conventions.md)
     * @param puncture "" (none), a named pattern ("2/3", "3/4", "5/6", "7/8": the DVB-T / 802.11
     *        patterns for rate-1/2 codes) or a pattern string of '0'/'1' that sends more bits
     *        per period than the period has trellis steps (a rate below 1)
     * @param term the termination mode
     * @param frame_bits information bits per frame, 1..max_frame_bits (STREAMING ignores it,
     *        but it must still be at most max_frame_bits)
     * @param order how @p polys are written: OCTAL, or gr-fec's bit-reversed form (each
     *        generator in [1, 2^k) before it is reversed); polys() returns the OCTAL form
     * @param inverted empty (no output inverted) or one flag per generator: the outputs whose
     *        coded bit is sent complemented
     * @throws std::invalid_argument naming the parameter, the value and what is allowed
     */
    conv_code(int k,
              const std::vector<unsigned>& polys,
              const std::string& puncture = "",
              termination term = termination::TERMINATED,
              size_t frame_bits = 2048,
              polys_order order = polys_order::OCTAL,
              const std::vector<bool>& inverted = {});

    static std::shared_ptr<const conv_code> make(int k,
                                                 const std::vector<unsigned>& polys,
                                                 const std::string& puncture = "",
                                                 termination term = termination::TERMINATED,
                                                 size_t frame_bits = 2048,
                                                 polys_order order = polys_order::OCTAL,
                                                 const std::vector<bool>& inverted = {});

    /*!
     * @brief The code from generators in gr-fec's signed form, as cc_encoder::make takes them:
     * a negative generator -g is generator g with its output inverted ([79, -109] in gr-fec's
     * order, [0171, -0133] in octal: CCSDS). Otherwise as the constructor.
     */
    static std::shared_ptr<const conv_code> make_signed(int k,
                                                        const std::vector<int>& polys,
                                                        const std::string& puncture = "",
                                                        termination term = termination::TERMINATED,
                                                        size_t frame_bits = 2048,
                                                        polys_order order = polys_order::OCTAL);

    /*!
     * @brief A code that a standard defines (docs/conventions.md, "Code presets"): "ccsds",
     * "nasa-dsn", "802.11", "dvb", "lte".
     * @param puncture "" or one of the rates the standard defines for it ("1/2", "2/3", ...:
     *        that standard's pattern, generator order and inversion)
     * @throws std::invalid_argument for an unknown name or a rate the standard does not define
     */
    static std::shared_ptr<const conv_code> preset(const std::string& name,
                                                   const std::string& puncture = "",
                                                   termination term = termination::TERMINATED,
                                                   size_t frame_bits = 2048);
    /*! @brief The names preset() takes. */
    static std::vector<std::string> preset_names();

    int k() const { return m_k; }
    /*! @brief Coded bits per trellis step before puncturing (2, 3 or 4). */
    unsigned n() const { return static_cast<unsigned>(m_polys.size()); }
    /*! @brief The generators in the OCTAL form, without their inversion. */
    const std::vector<unsigned>& polys() const { return m_polys; }
    /*! @brief One flag per generator: its coded bit is sent complemented. */
    const std::vector<bool>& inverted() const { return m_inverted; }
    bool any_inverted() const;
    /*! @brief The generators in the OCTAL form, negative where inverted (make_signed's form). */
    std::vector<int> signed_polys() const;
    /*! @brief The puncturing pattern as 0/1 bytes; all ones (length n) when not punctured. */
    const std::vector<uint8_t>& puncture_pattern() const { return m_pattern; }
    bool punctured() const;
    termination term() const { return m_term; }
    /*! @brief Information bits per frame (framed modes); 0 for STREAMING. */
    size_t frame_bits() const { return m_term == termination::STREAMING ? 0 : m_frame_bits; }
    /*! @brief Trellis steps per block: frame bits (+ k-1 tail when terminated), or one
     *  puncturing period for STREAMING. */
    size_t steps_per_block() const;
    /*! @brief Coded bits before puncturing per block: steps_per_block() * n(). */
    size_t mother_bits_per_block() const { return steps_per_block() * n(); }

    /*! @brief The punctured mother code's rate without tails, reduced ("1/2", "3/4"). */
    std::string rate_name() const;

    /* code interface */
    std::string family() const override { return "conv"; }
    std::string name() const override;
    size_t info_bits_per_block() const override;
    size_t coded_bits_per_block() const override { return m_coded_per_block; }
    void encode(const uint8_t* info, uint8_t* coded, size_t n_blocks) const override;
    size_t history_bits() const override;

private:
    int m_k;
    std::vector<unsigned> m_polys;
    std::vector<bool> m_inverted;
    std::vector<uint8_t> m_pattern;
    std::string m_pattern_name;
    termination m_term;
    size_t m_frame_bits;
    size_t m_coded_per_block = 0;
};

using conv_code_sptr = std::shared_ptr<const conv_code>;

/*!
 * @brief The framed code @p like with frames of @p frame_bits information bits.
 * @throws std::invalid_argument when @p like is streaming or @p frame_bits is out of range
 */
GPUFEC_CORE_API conv_code_sptr conv_code_with_frame_bits(const conv_code& like, size_t frame_bits);

/*!
 * @brief The framed code @p like with frames of whatever length gives @p coded_bits channel
 * bits per frame (tails and puncturing included): frames sized by a length tag.
 * @throws std::invalid_argument when @p like is streaming, or when no frame length or more than
 *         one gives that many (a pattern that deletes a whole step can make two lengths alike)
 */
GPUFEC_CORE_API conv_code_sptr conv_code_for_coded_length(const conv_code& like, size_t coded_bits);

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CONV_CODE_H */
