/* conv_code: parameter checking, named patterns, block sizes and the name.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "conv_puncture.h"
#include <gnuradio/gpufec/conv/conv_code.h>
#include <algorithm>
#include <numeric>
#include <sstream>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {

std::string octal(unsigned v)
{
    std::ostringstream s;
    s << std::oct << v;
    return s.str();
}

/* The DVB-T / IEEE 802.11 patterns of the rate-1/2 mother code; "1/2" and "" mean none. */
struct named_pattern {
    const char* name;
    const char* bits;
};
constexpr named_pattern named_patterns[] = {
    { "1/2", "11" },        { "2/3", "1101" },       { "3/4", "110110" },
    { "5/6", "1101100110" }, { "7/8", "11010101100110" },
};

[[noreturn]] void bad_puncture(const std::string& puncture, const std::string& why)
{
    throw std::invalid_argument("puncture = '" + puncture + "' " + why);
}

/* The pattern as 0/1 bytes (n ones when not punctured); @p name receives the named pattern's
 * name or "" for a pattern given as a string. */
std::vector<uint8_t> parse_pattern(const std::string& puncture, unsigned n, std::string& name)
{
    name.clear();
    std::string bits = puncture.empty() ? std::string(n, '1') : puncture;
    if (puncture.find('/') != std::string::npos) {
        const auto it = std::find_if(std::begin(named_patterns), std::end(named_patterns),
                                     [&](const named_pattern& p) { return puncture == p.name; });
        if (it == std::end(named_patterns))
            bad_puncture(puncture, "is not a known named pattern: use 1/2, 2/3, 3/4, 5/6, 7/8 "
                                   "or a string of '0' and '1'");
        if (n != 2)
            bad_puncture(puncture, "is a pattern for rate-1/2 codes, but this code has " +
                                       std::to_string(n) + " generators: give a pattern string");
        bits = it->bits;
        name = it->name;
    }
    if (bits.find_first_not_of("01") != std::string::npos)
        bad_puncture(puncture, "has a character other than '0' and '1' (or use a named pattern "
                               "1/2, 2/3, 3/4, 5/6, 7/8)");
    if (bits.size() % n != 0)
        bad_puncture(puncture, "has length " + std::to_string(bits.size()) +
                                   ", which is not a multiple of the " + std::to_string(n) +
                                   " coded bits per step");
    if (bits.find('1') == std::string::npos)
        bad_puncture(puncture, "sends nothing: it needs at least one '1'");
    // At rate 1 or above the channel carries no redundancy to decode with.
    const size_t steps = bits.size() / n;
    const size_t sent = static_cast<size_t>(std::count(bits.begin(), bits.end(), '1'));
    if (sent <= steps)
        bad_puncture(puncture, "sends " + std::to_string(sent) + " coded bits per " +
                                   std::to_string(steps) + " trellis steps (rate " +
                                   std::to_string(steps) + "/" + std::to_string(sent) +
                                   "): the rate must be below 1, so more '1's than " +
                                   std::to_string(steps) + " are needed");
    // An all-ones pattern is no puncturing: keep the shortest form, one step.
    if (bits.find('0') == std::string::npos)
        bits.assign(n, '1');
    std::vector<uint8_t> pattern(bits.size());
    std::transform(bits.begin(), bits.end(), pattern.begin(), [](char c) { return uint8_t(c == '1'); });
    return pattern;
}

/* A generator as its form writes it: 0o171 in the octal form, 79 in gr-fec's. */
std::string written(unsigned p, polys_order order)
{
    return order == polys_order::GR_FEC ? std::to_string(p) : "0o" + octal(p);
}

/* gr-fec's shift register holds the newest bit in bit 0, ours in bit k-1. */
unsigned reversed(unsigned p, int k)
{
    unsigned r = 0;
    for (int i = 0; i < k; ++i)
        r |= ((p >> i) & 1u) << (k - 1 - i);
    return r;
}

unsigned degree(unsigned p) { return 31u - static_cast<unsigned>(__builtin_clz(p)); }

/* Greatest common divisor of two nonzero polynomials over GF(2), bit i = coefficient of x^i. */
unsigned gf2_gcd(unsigned a, unsigned b)
{
    while (b != 0) {
        while (a != 0 && degree(a) >= degree(b)) // a mod b
            a ^= b << (degree(a) - degree(b));
        std::swap(a, b);
    }
    return a;
}

std::string octal_list(const std::vector<unsigned>& polys)
{
    std::string s;
    for (size_t j = 0; j < polys.size(); ++j)
        s += (j ? ", 0o" : "[0o") + octal(polys[j]);
    return s + "]";
}

/* Rejects repeated generators and catastrophic codes. A feed-forward code is catastrophic (some
 * infinite-weight input gives a finite-weight output, so finitely many channel errors can cause
 * infinitely many decoded errors) exactly when its generators have a common factor other than
 * a power of D (Massey and Sain, 1968). Bit order does not matter: reversing every generator
 * maps a common factor to its reciprocal, and powers of x to powers of x. */
void check_generators(const std::vector<unsigned>& polys)
{
    for (size_t j = 1; j < polys.size(); ++j)
        for (size_t i = 0; i < j; ++i)
            if (polys[j] == polys[i])
                throw std::invalid_argument("polys[" + std::to_string(j) + "] = 0o" +
                                            octal(polys[j]) + " repeats polys[" +
                                            std::to_string(i) +
                                            "]: the generators must be distinct");
    unsigned common = polys[0];
    for (unsigned p : polys)
        common = gf2_gcd(common, p);
    while ((common & 1u) == 0)
        common >>= 1;
    if (common != 1u)
        throw std::invalid_argument(
            "polys = " + octal_list(polys) + " is a catastrophic code: the generators share the "
            "factor 0o" + octal(common) + " over GF(2), so a few channel errors can cause "
            "unboundedly many decoding errors; allowed are generators whose only common factors "
            "are powers of D");
}

} // namespace

conv_code::conv_code(int k,
                     const std::vector<unsigned>& polys,
                     const std::string& puncture,
                     termination term,
                     size_t frame_bits,
                     polys_order order,
                     const std::vector<bool>& inverted)
    : m_k(k), m_polys(polys), m_inverted(inverted), m_term(term), m_frame_bits(frame_bits)
{
    if (k < min_k || k > max_k)
        throw std::invalid_argument("k = " + std::to_string(k) + " is out of range: allowed is " +
                                    std::to_string(min_k) + " to " + std::to_string(max_k));
    if (polys.size() < 2 || polys.size() > 4)
        throw std::invalid_argument("polys has " + std::to_string(polys.size()) +
                                    " generators: allowed are 2, 3 or 4 (rate 1/2, 1/3, 1/4)");
    polys_order_name(order); // rejects values outside the enum
    if (inverted.empty())
        m_inverted.assign(polys.size(), false);
    else if (inverted.size() != polys.size())
        throw std::invalid_argument("inverted has " + std::to_string(inverted.size()) +
                                    " flags for " + std::to_string(polys.size()) +
                                    " generators: give one per generator, or none");
    unsigned taps = 0;
    for (size_t j = 0; j < polys.size(); ++j) {
        if (polys[j] == 0 || polys[j] >= (1u << k))
            throw std::invalid_argument(
                "polys[" + std::to_string(j) + "] = " + (m_inverted[j] ? "-" : "") +
                written(polys[j], order) +
                " is out of range for k = " + std::to_string(k) + ": each generator (negative: its magnitude) must be in [1, " +
                written(1u << k, order) + ")" +
                (order == polys_order::GR_FEC ? " in gr-fec order" : ""));
        if (order == polys_order::GR_FEC)
            m_polys[j] = reversed(polys[j], k);
        taps |= m_polys[j];
    }
    if (!(taps & 1u) || !(taps & (1u << (k - 1))))
        throw std::invalid_argument(
            "polys do not tap both the newest (bit k-1) and the oldest (bit 0) register bit for k = " +
            std::to_string(k) + ": the constraint length would be less than k");
    check_generators(m_polys);
    termination_name(term); // rejects values outside the enum
    if (term != termination::STREAMING && frame_bits == 0)
        throw std::invalid_argument("frame_bits = 0 is out of range: a frame needs at least 1 bit");
    // Within this limit no size derived from frame_bits (steps, coded bits, buffers) can wrap.
    if (frame_bits > max_frame_bits)
        throw std::invalid_argument("frame_bits = " + std::to_string(frame_bits) +
                                    " is out of range: allowed is 1 to " +
                                    std::to_string(max_frame_bits) +
                                    " information bits per frame");

    m_pattern = parse_pattern(puncture, n(), m_pattern_name);
    if (!m_pattern_name.empty() && !punctured())
        m_pattern_name.clear();
    m_coded_per_block =
        static_cast<size_t>(conv::puncturer(m_pattern).kept_count(0, mother_bits_per_block()));
    if (m_coded_per_block == 0)
        bad_puncture(puncture, "sends none of the " + std::to_string(mother_bits_per_block()) +
                                   " coded bits of a " + std::to_string(m_frame_bits) +
                                   "-bit frame");
}

std::shared_ptr<const conv_code> conv_code::make(int k,
                                                 const std::vector<unsigned>& polys,
                                                 const std::string& puncture,
                                                 termination term,
                                                 size_t frame_bits,
                                                 polys_order order,
                                                 const std::vector<bool>& inverted)
{
    return std::make_shared<const conv_code>(k, polys, puncture, term, frame_bits, order, inverted);
}

std::shared_ptr<const conv_code> conv_code::make_signed(int k,
                                                        const std::vector<int>& polys,
                                                        const std::string& puncture,
                                                        termination term,
                                                        size_t frame_bits,
                                                        polys_order order)
{
    std::vector<unsigned> magnitudes;
    std::vector<bool> inverted;
    for (int p : polys) {
        // -p of INT_MIN would overflow; the constructor rejects the magnitude as out of range.
        magnitudes.push_back(p < 0 ? 0u - static_cast<unsigned>(p) : static_cast<unsigned>(p));
        inverted.push_back(p < 0);
    }
    return make(k, magnitudes, puncture, term, frame_bits, order, inverted);
}

bool conv_code::any_inverted() const
{
    return std::find(m_inverted.begin(), m_inverted.end(), true) != m_inverted.end();
}

std::vector<int> conv_code::signed_polys() const
{
    std::vector<int> s(m_polys.size());
    for (size_t j = 0; j < s.size(); ++j)
        s[j] = m_inverted[j] ? -static_cast<int>(m_polys[j]) : static_cast<int>(m_polys[j]);
    return s;
}

bool conv_code::punctured() const
{
    return std::find(m_pattern.begin(), m_pattern.end(), 0) != m_pattern.end();
}

size_t conv_code::steps_per_block() const
{
    switch (m_term) {
    case termination::TERMINATED:
        return m_frame_bits + static_cast<size_t>(m_k - 1);
    case termination::STREAMING:
        return m_pattern.size() / n();
    default:
        return m_frame_bits;
    }
}

size_t conv_code::info_bits_per_block() const
{
    return m_term == termination::STREAMING ? steps_per_block() : m_frame_bits;
}

size_t conv_code::history_bits() const
{
    return m_term == termination::STREAMING ? static_cast<size_t>(m_k - 1) : 0;
}

std::string conv_code::rate_name() const
{
    const size_t steps = m_pattern.size() / n();
    const size_t sent = static_cast<size_t>(std::count(m_pattern.begin(), m_pattern.end(), 1));
    const size_t g = std::gcd(steps, sent);
    return std::to_string(steps / g) + "/" + std::to_string(sent / g);
}

std::string conv_code::name() const
{
    std::ostringstream s;
    s << "conv K=" << m_k << " [";
    for (size_t j = 0; j < m_polys.size(); ++j)
        s << (j ? "," : "") << (m_inverted[j] ? "~" : "") << octal(m_polys[j]);
    s << "] r" << rate_name();
    if (punctured() && m_pattern_name.empty()) {
        s << " (";
        for (uint8_t b : m_pattern)
            s << int(b);
        s << ")";
    }
    s << " " << termination_name(m_term);
    if (m_term != termination::STREAMING)
        s << " N=" << m_frame_bits;
    return s.str();
}

conv_code_sptr conv_code_with_frame_bits(const conv_code& like, size_t frame_bits)
{
    if (like.term() == termination::STREAMING)
        throw std::invalid_argument("code '" + like.name() + "' is streaming: it has no frames");
    std::string pattern;
    for (uint8_t b : like.puncture_pattern())
        pattern += b ? '1' : '0';
    return conv_code::make(like.k(), like.polys(), pattern, like.term(), frame_bits,
                           polys_order::OCTAL, like.inverted());
}

conv_code_sptr conv_code_for_coded_length(const conv_code& like, size_t coded_bits)
{
    if (like.term() == termination::STREAMING)
        throw std::invalid_argument("code '" + like.name() + "' is streaming: it has no frames");
    const conv::puncturer punct(like.puncture_pattern());
    const size_t tail = like.term() == termination::TERMINATED ? static_cast<size_t>(like.k() - 1) : 0;
    const auto coded_of = [&](size_t frame_bits) {
        return static_cast<size_t>(punct.kept_count(0, (frame_bits + tail) * like.n()));
    };
    // Channel bits never decrease as the frame grows: the smallest frame that gives at least
    // coded_bits is the only candidate. A pattern period sends more bits than it has steps,
    // so that frame is shorter than coded_bits plus one period (a frame may have fewer
    // channel bits than information bits when the pattern starts with deleted steps).
    const size_t period = punct.period() / like.n(), limit = conv_code::max_frame_bits;
    size_t lo = 1, hi = coded_bits < limit ? std::min(limit, coded_bits + period) : limit;
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (coded_of(mid) < coded_bits)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (coded_of(lo) != coded_bits)
        throw std::invalid_argument("no frame of '" + like.name() + "' has " +
                                    std::to_string(coded_bits) + " channel bits (" +
                                    std::to_string(lo) + " information bits give " +
                                    std::to_string(coded_of(lo)) + ")");
    // A step that the pattern deletes whole adds no channel bit: the next frame length then
    // gives as many, and the length cannot tell which frame was sent.
    if (lo < limit && coded_of(lo + 1) == coded_bits)
        throw std::invalid_argument("frames of " + std::to_string(lo) + " and " +
                                    std::to_string(lo + 1) + " information bits of '" +
                                    like.name() + "' both have " + std::to_string(coded_bits) +
                                    " channel bits: the length does not tell the frame");
    return conv_code_with_frame_bits(like, lo);
}

} // namespace gpufec
} // namespace gr
