/* CRC calculation of TS 36.212 §5.1.1.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gnuradio/gpufec/lte_chain.h>
#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {

struct crc_def {
    unsigned length;
    uint32_t poly; // g(D) without its D^L term, D^(L-1) in bit L-1
};

crc_def definition(lte_crc kind)
{
    switch (kind) {
    case lte_crc::CRC24A: // D^24+D^23+D^18+D^17+D^14+D^11+D^10+D^7+D^6+D^5+D^4+D^3+D+1
        return { 24, 0x864CFB };
    case lte_crc::CRC24B: // D^24+D^23+D^6+D^5+D+1
        return { 24, 0x800063 };
    case lte_crc::CRC16: // D^16+D^12+D^5+1
        return { 16, 0x1021 };
    case lte_crc::CRC8: // D^8+D^7+D^4+D^3+D+1
        return { 8, 0x9B };
    }
    throw std::invalid_argument("lte_crc = " + std::to_string(int(kind)) +
                                " is not known: allowed are CRC24A, CRC24B, CRC16, CRC8");
}

const char* kind_name(lte_crc kind)
{
    switch (kind) {
    case lte_crc::CRC24A:
        return "24A";
    case lte_crc::CRC24B:
        return "24B";
    case lte_crc::CRC16:
        return "16";
    case lte_crc::CRC8:
        return "8";
    }
    return "?";
}

} // namespace

lte_crc parse_lte_crc(const std::string& kind)
{
    std::string s(kind);
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::toupper(c); });
    if (s.rfind("CRC", 0) == 0)
        s.erase(0, 3);
    if (s == "24A")
        return lte_crc::CRC24A;
    if (s == "24B")
        return lte_crc::CRC24B;
    if (s == "16")
        return lte_crc::CRC16;
    if (s == "8")
        return lte_crc::CRC8;
    throw std::invalid_argument("CRC kind '" + kind +
                                "' is not known: allowed are '24A', '24B', '16' and '8'");
}

size_t lte_crc_length(lte_crc kind) { return definition(kind).length; }

uint32_t lte_crc_parity(const uint8_t* bits, size_t n, lte_crc kind)
{
    const crc_def d = definition(kind);
    const uint32_t top = 1u << (d.length - 1);
    const uint32_t mask = (top << 1) - 1;
    uint32_t reg = 0; // the remainder so far; bit L-1 leaves first
    for (size_t i = 0; i < n; ++i) {
        const bool feedback = ((reg & top) != 0) != (bits[i] != 0);
        reg = (reg << 1) & mask;
        if (feedback)
            reg ^= d.poly;
    }
    return reg;
}

std::vector<uint8_t> lte_crc_attach(const std::vector<uint8_t>& bits, const std::string& kind)
{
    const lte_crc k = parse_lte_crc(kind);
    const size_t L = lte_crc_length(k);
    const uint32_t p = lte_crc_parity(bits.data(), bits.size(), k);
    std::vector<uint8_t> out(bits.size() + L);
    std::transform(bits.begin(), bits.end(), out.begin(), [](uint8_t b) { return uint8_t(b != 0); });
    for (size_t i = 0; i < L; ++i)
        out[bits.size() + i] = (p >> (L - 1 - i)) & 1u;
    return out;
}

bool lte_crc_check(const std::vector<uint8_t>& bits, const std::string& kind)
{
    const lte_crc k = parse_lte_crc(kind);
    const size_t L = lte_crc_length(k);
    if (bits.size() < L)
        throw std::invalid_argument("lte_crc_check: got " + std::to_string(bits.size()) +
                                    " bits: a CRC" + kind_name(k) + " check needs at least " +
                                    std::to_string(L));
    // Without initial value or final inversion, a block followed by its CRC divides evenly.
    return lte_crc_parity(bits.data(), bits.size(), k) == 0;
}

} // namespace gpufec
} // namespace gr
