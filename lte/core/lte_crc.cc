/* CRC calculation of TS 36.212 §5.1.1.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gnuradio/gpufec/lte/lte_chain.h>
#include <algorithm>
#include <cctype>
#include <cstring>
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

} // namespace

size_t lte_crc_length(lte_crc kind) { return definition(kind).length; }

namespace {

/* One message bit into remainder @p reg of CRC @p d: bit L-1 leaves first. */
uint32_t crc_step(const crc_def& d, uint32_t reg, bool bit)
{
    const uint32_t top = 1u << (d.length - 1);
    const bool feedback = ((reg & top) != 0) != bit;
    reg = (reg << 1) & ((top << 1) - 1);
    return feedback ? reg ^ d.poly : reg;
}

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "pack8 reads bytes little-endian");

/* Bytes b[0..7] (nonzero: a one) as the byte b[0] b[1] ... b[7], b[0] the most significant bit:
 * a one in the top bit of each nonzero byte, moved down to bit 0; the multiplier then puts
 * byte i's bit at bit 63 - i, and every other product at a distinct lower or overflowing bit
 * (63 + 8 i - 9 j, i != j), so that no carry reaches the top byte. */
inline uint32_t pack8(const uint8_t* b)
{
    uint64_t x;
    std::memcpy(&x, b, 8);
    const uint64_t low7 = 0x7f7f7f7f7f7f7f7full;
    const uint64_t ones = ((((x & low7) + low7) | x) & ~low7) >> 7;
    return static_cast<uint32_t>((ones * 0x8040201008040201ull) >> 56);
}

/* Eight message bits at a time (a decoder's blocks are thousands of bits, checked for every
 * block): by linearity, a byte into the remainder is the byte added to its top 8 bits, then 8
 * zero bits, and 8 zero bits act on those top bits through this table (L >= 8 for every LTE
 * CRC) and shift the rest up. */
struct crc_bytes {
    crc_def d;
    uint32_t table[256];

    explicit crc_bytes(lte_crc kind) : d(definition(kind))
    {
        for (uint32_t i = 0; i < 256; ++i) {
            uint32_t reg = i << (d.length - 8);
            for (int b = 0; b < 8; ++b)
                reg = crc_step(d, reg, false);
            table[i] = reg;
        }
    }

    uint32_t parity(const uint8_t* bits, size_t n) const
    {
        const uint32_t mask = (1u << (d.length - 1) << 1) - 1;
        uint32_t reg = 0;
        size_t i = 0;
        for (; i + 8 <= n; i += 8) {
            const uint32_t byte = pack8(bits + i);
            reg = ((reg << 8) & mask) ^ table[((reg >> (d.length - 8)) ^ byte) & 0xff];
        }
        for (; i < n; ++i)
            reg = crc_step(d, reg, bits[i] != 0);
        return reg;
    }
};

} // namespace

uint32_t lte_crc_parity(const uint8_t* bits, size_t n, lte_crc kind)
{
    static const crc_bytes crc24a(lte_crc::CRC24A), crc24b(lte_crc::CRC24B),
        crc16(lte_crc::CRC16), crc8(lte_crc::CRC8);
    switch (kind) {
    case lte_crc::CRC24A:
        return crc24a.parity(bits, n);
    case lte_crc::CRC24B:
        return crc24b.parity(bits, n);
    case lte_crc::CRC16:
        return crc16.parity(bits, n);
    case lte_crc::CRC8:
        return crc8.parity(bits, n);
    }
    return definition(kind).poly; // throws: not a known kind
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
                                    " bits: a CRC" + lte_crc_name(k) + " check needs at least " +
                                    std::to_string(L));
    // Without initial value or final inversion, a block followed by its CRC divides evenly.
    return lte_crc_parity(bits.data(), bits.size(), k) == 0;
}

} // namespace gpufec
} // namespace gr
