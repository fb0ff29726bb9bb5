/* tvb_code: limits, the codebook constructions (docs/bsid.md, "Codebook constructions"),
 * injectivity, packing and the encoder.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/core/checked_size.h"
#include "bsid_internal.h"
#include <gnuradio/gpufec/core/philox.h>
#include <gnuradio/gpufec/bsid/tvb_code.h>
#include <algorithm>
#include <stdexcept>
#include <unordered_map>

namespace gr {
namespace gpufec {

namespace {

/* Codebook table limit: N q n bits (beyond the header's limits, so that the tables, a byte a
 * bit and a word a codeword, stay within 384 MiB). */
constexpr uint64_t max_table_bits = uint64_t(1) << 28;

/* Word k of the construction's seeded stream. */
class construction_words
{
public:
    explicit construction_words(uint64_t seed) : m_seed(seed) {}
    uint32_t next()
    {
        if ((m_k & 3u) == 0)
            m_w = philox_block(m_seed, detail::tvb_construction_stream, m_k >> 2);
        return m_w.v[m_k++ & 3u];
    }

private:
    uint64_t m_seed;
    uint64_t m_k = 0;
    philox4x32_ctr m_w{};
};

uint32_t word_mask(size_t n) { return n >= 32 ? 0xffffffffu : ((1u << n) - 1u); }

void check_limits(size_t n, size_t q, size_t N)
{
    if (n < 1 || n > 32)
        throw std::invalid_argument("n = " + std::to_string(n) +
                                    " is not a codeword length: allowed is 1 <= n <= 32");
    if (q < 2 || (q & (q - 1)) != 0 || q > 65536)
        throw std::invalid_argument("q = " + std::to_string(q) +
                                    " is not allowed: q is a power of two, 2 <= q <= 65536");
    if (n < 32 && q > (size_t(1) << n))
        throw std::invalid_argument("q = " + std::to_string(q) + " exceeds 2^n = " +
                                    std::to_string(size_t(1) << n) + " (n = " + std::to_string(n) +
                                    "): a codebook of n-bit words has at most 2^n codewords");
    if (N < 1)
        throw std::invalid_argument("N = 0 is not allowed: a frame has N >= 1 codewords");
    if (N > ((size_t(1) << 31) - 1) / n)
        throw std::invalid_argument("N = " + std::to_string(N) + " is too large: n N = " +
                                    std::to_string(n) + " N must be below 2^31, so N <= " +
                                    std::to_string(((size_t(1) << 31) - 1) / n));
    const uint64_t table = uint64_t(N) * q * n;
    if (table > max_table_bits)
        throw std::invalid_argument("N = " + std::to_string(N) + " with q = " + std::to_string(q) +
                                    " and n = " + std::to_string(n) + " makes a codebook table of " +
                                    std::to_string(table) + " bits: allowed is at most 2^28");
}

/* The q words of one position, all distinct, uniformly random. */
void random_codebook(size_t n, size_t q, construction_words& rng, uint32_t* out)
{
    const uint32_t mask = word_mask(n);
    const uint64_t space = uint64_t(mask) + 1;
    if (uint64_t(q) * 2 > space) {
        // Dense: a partial Fisher-Yates shuffle of all 2^n words (2^n < 2 q <= 2^17 here).
        std::vector<uint32_t> all(space);
        for (uint64_t w = 0; w < space; ++w)
            all[w] = static_cast<uint32_t>(w);
        for (size_t d = 0; d < q; ++d) {
            const uint64_t left = space - d;
            const size_t j = d + static_cast<size_t>((uint64_t(rng.next()) * left) >> 32);
            std::swap(all[d], all[j]);
            out[d] = all[d];
        }
        return;
    }
    // Sparse: draw until a word is new (fewer than 2 draws per word on average).
    std::unordered_map<uint32_t, bool> used;
    used.reserve(q * 2);
    for (size_t d = 0; d < q;) {
        const uint32_t w = rng.next() & mask;
        if (used.emplace(w, true).second)
            out[d++] = w;
    }
}

/* The q sparsest n-bit words: by weight, then by value. */
std::vector<uint32_t> sparsest_words(size_t n, size_t q)
{
    std::vector<uint32_t> words;
    words.reserve(q);
    // Words of weight w in increasing value: Gosper's hack from the smallest.
    for (unsigned w = 0; w <= n && words.size() < q; ++w) {
        if (w == 0) {
            words.push_back(0);
            continue;
        }
        uint64_t x = (uint64_t(1) << w) - 1;
        const uint64_t limit = uint64_t(1) << n;
        while (x < limit && words.size() < q) {
            words.push_back(static_cast<uint32_t>(x));
            const uint64_t c = x & (~x + 1);
            const uint64_t r = x + c;
            x = (((r ^ x) >> 2) / c) | r;
        }
    }
    return words;
}

} // namespace

tvb_code::tvb_code(size_t n,
                   size_t q,
                   size_t N,
                   const std::vector<uint8_t>& codebooks,
                   const std::string& construction,
                   uint64_t seed)
    : m_n(n), m_q(q), m_N(N)
{
    check_limits(n, q, N);
    m_bits_per_symbol = 0;
    while ((size_t(1) << m_bits_per_symbol) < q)
        ++m_bits_per_symbol;
    const size_t words = N * q;
    m_packed.resize(words);
    if (!codebooks.empty()) {
        if (codebooks.size() != words * n)
            throw std::invalid_argument("codebooks has " + std::to_string(codebooks.size()) +
                                        " bits: N q n = " + std::to_string(N) + " * " +
                                        std::to_string(q) + " * " + std::to_string(n) + " = " +
                                        std::to_string(words * n) + " are needed");
        for (size_t k = 0; k < codebooks.size(); ++k)
            if (codebooks[k] > 1)
                throw std::invalid_argument("codebooks[" + std::to_string(k) + "] = " +
                                            std::to_string(codebooks[k]) +
                                            ": codebook bits are 0 or 1");
        for (size_t w = 0; w < words; ++w) {
            uint32_t x = 0;
            for (size_t k = 0; k < n; ++k)
                x = (x << 1) | codebooks[w * n + k];
            m_packed[w] = x;
        }
        m_construction = "custom";
    } else if (construction == "random") {
        construction_words rng(seed);
        for (size_t i = 0; i < N; ++i)
            random_codebook(n, q, rng, &m_packed[i * q]);
        m_construction = construction;
    } else if (construction == "watermark") {
        const std::vector<uint32_t> sparse = sparsest_words(n, q);
        construction_words rng(seed);
        const uint32_t mask = word_mask(n);
        for (size_t i = 0; i < N; ++i) {
            const uint32_t wm = rng.next() & mask;
            for (size_t d = 0; d < q; ++d)
                m_packed[i * q + d] = sparse[d] ^ wm;
        }
        m_construction = construction;
    } else if (construction == "marker") {
        const size_t marker_bits = n - m_bits_per_symbol;
        uint32_t marker = 0;
        for (size_t k = 0; k < marker_bits; ++k)
            marker = (marker << 1) | static_cast<uint32_t>(k & 1u); // 0, 1, 0, 1, ...
        for (size_t i = 0; i < N; ++i)
            for (size_t d = 0; d < q; ++d)
                m_packed[i * q + d] = static_cast<uint32_t>((uint64_t(d) << marker_bits) | marker);
        m_construction = construction;
    } else {
        throw std::invalid_argument("construction = '" + construction +
                                    "' is not known: use 'random', 'watermark' or 'marker'");
    }
    // Injectivity, per position (custom codebooks; the constructions are injective by design,
    // and this checks them too): the codewords sorted, neighbours compared.
    std::vector<std::pair<uint32_t, uint32_t>> sorted(q);
    for (size_t i = 0; i < N; ++i) {
        for (size_t d = 0; d < q; ++d)
            sorted[d] = { m_packed[i * q + d], static_cast<uint32_t>(d) };
        std::sort(sorted.begin(), sorted.end());
        for (size_t k = 1; k < q; ++k)
            if (sorted[k].first == sorted[k - 1].first)
                throw std::invalid_argument(
                    "the codebook of position " + std::to_string(i) +
                    " is not injective: symbols " + std::to_string(sorted[k - 1].second) + " and " +
                    std::to_string(sorted[k].second) + " have the same codeword");
    }
    m_codebooks.resize(words * n);
    for (size_t w = 0; w < words; ++w)
        for (size_t k = 0; k < n; ++k)
            m_codebooks[w * n + k] = static_cast<uint8_t>((m_packed[w] >> (n - 1 - k)) & 1u);
}

std::shared_ptr<const tvb_code> tvb_code::make(size_t n,
                                               size_t q,
                                               size_t N,
                                               const std::vector<uint8_t>& codebooks,
                                               const std::string& construction,
                                               uint64_t seed)
{
    return std::make_shared<const tvb_code>(n, q, N, codebooks, construction, seed);
}

std::string tvb_code::name() const
{
    return "TVB n=" + std::to_string(m_n) + " q=" + std::to_string(m_q) +
           " N=" + std::to_string(m_N) + " " + m_construction;
}

void tvb_code::encode_symbols(const uint32_t* symbols, uint8_t* bits, size_t n_frames) const
{
    const size_t n_symbols = detail::checked_mul<size_t>(n_frames, m_N, "n_frames", "symbols per frame");
    detail::checked_mul<size_t>(n_symbols, m_n, "n_frames", "bits per symbol");
    for (size_t s = 0; s < n_symbols; ++s) {
        const uint32_t d = symbols[s];
        const size_t i = s % m_N;
        if (d >= m_q)
            throw std::invalid_argument("symbol " + std::to_string(d) + " at frame " +
                                        std::to_string(s / m_N) + ", position " +
                                        std::to_string(i) + " is not below q = " +
                                        std::to_string(m_q));
        const uint32_t x = m_packed[i * m_q + d];
        uint8_t* out = bits + s * m_n;
        for (size_t k = 0; k < m_n; ++k)
            out[k] = static_cast<uint8_t>((x >> (m_n - 1 - k)) & 1u);
    }
}

void tvb_code::encode(const uint8_t* info, uint8_t* coded, size_t n_blocks) const
{
    const size_t n_symbols = detail::checked_mul<size_t>(n_blocks, m_N, "n_blocks", "symbols per block");
    for (size_t s = 0; s < n_symbols; ++s) {
        uint32_t d = 0;
        const uint8_t* b = info + s * m_bits_per_symbol;
        for (unsigned k = 0; k < m_bits_per_symbol; ++k)
            d = (d << 1) | (b[k] != 0 ? 1u : 0u);
        const uint32_t x = m_packed[(s % m_N) * m_q + d];
        uint8_t* out = coded + s * m_n;
        for (size_t k = 0; k < m_n; ++k)
            out[k] = static_cast<uint8_t>((x >> (m_n - 1 - k)) & 1u);
    }
}

std::vector<uint32_t> tvb_symbols_from_bits(const tvb_code& code, const uint8_t* bits, size_t n_bits)
{
    const unsigned m = code.bits_per_symbol();
    if (n_bits % m != 0)
        throw std::invalid_argument("n_bits = " + std::to_string(n_bits) +
                                    " is not a whole number of " + std::to_string(m) +
                                    "-bit symbols (q = " + std::to_string(code.q()) + ")");
    std::vector<uint32_t> out(n_bits / m);
    for (size_t s = 0; s < out.size(); ++s) {
        uint32_t d = 0;
        for (unsigned k = 0; k < m; ++k)
            d = (d << 1) | (bits[s * m + k] != 0 ? 1u : 0u);
        out[s] = d;
    }
    return out;
}

std::vector<uint8_t> tvb_bits_from_symbols(const tvb_code& code, const uint32_t* symbols, size_t n_symbols)
{
    const unsigned m = code.bits_per_symbol();
    const size_t n_bits = detail::checked_mul<size_t>(n_symbols, m, "n_symbols", "bits per symbol");
    std::vector<uint8_t> out(n_bits);
    for (size_t s = 0; s < n_symbols; ++s) {
        if (symbols[s] >= code.q())
            throw std::invalid_argument("symbol " + std::to_string(symbols[s]) + " at index " +
                                        std::to_string(s) + " is not below q = " +
                                        std::to_string(code.q()));
        for (unsigned k = 0; k < m; ++k)
            out[s * m + k] = static_cast<uint8_t>((symbols[s] >> (m - 1 - k)) & 1u);
    }
    return out;
}

} // namespace gpufec
} // namespace gr
