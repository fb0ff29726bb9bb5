/* A transport block's parameters, its layout (segmentation, E and N_cb of every code block) and
 * its encoding (TS 36.212 §5.1.1-5.1.5).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gnuradio/gpufec/lte/lte_transport.h>
#include <algorithm>
#include <stdexcept>
#include <string>

namespace gr {
namespace gpufec {

namespace {

constexpr size_t crc24a_bits = 24;
/* N_soft far above any UE category's (TS 36.306: 47 431 680 at most), low enough that no
 * product of it overflows. */
constexpr size_t max_nsoft = size_t(1) << 32;

[[noreturn]] void bad(const std::string& what) { throw std::invalid_argument(what); }

} // namespace

void lte_transport_params::validate_coding() const
{
    if (rv < 0 || rv > 3)
        bad("rv = " + std::to_string(rv) + " is not a redundancy version: allowed are 0, 1, 2, 3");
    if (Qm != 1 && Qm != 2 && Qm != 4 && Qm != 6 && Qm != 8)
        bad("Qm = " + std::to_string(Qm) + " bits per symbol is not an LTE modulation: allowed "
            "are 1 (BPSK), 2 (QPSK), 4 (16QAM), 6 (64QAM), 8 (256QAM)");
    if (NL != 1 && NL != 2 && NL != 4)
        bad("NL = " + std::to_string(NL) + " is not allowed: N_L is 1, 2 or 4 (TS 36.212 "
            "5.1.4.1.2: 1 for one layer, 2 for two or four layers and for transmit diversity)");
    if (nsoft > max_nsoft)
        bad("nsoft = " + std::to_string(nsoft) + " is out of range: allowed is 0 (no limit, "
            "N_cb = K_w) to " + std::to_string(max_nsoft));
    if (kc != 1 && kc != 2 && kc != 5)
        bad("kc = " + std::to_string(kc) + " is not a K_C of TS 36.212 5.1.4.1.2: allowed are "
            "1, 2 and 5");
    if (kmimo != 1 && kmimo != 2)
        bad("kmimo = " + std::to_string(kmimo) + " is not a K_MIMO: allowed are 1 and 2");
    if (mdlharq < 1)
        bad("mdlharq = " + std::to_string(mdlharq) + " HARQ processes: allowed is at least 1");
}

void lte_transport_params::validate() const
{
    if (A < min_A || A > max_A)
        bad("A = " + std::to_string(A) + " is out of range: transport blocks have " +
            std::to_string(min_A) + " to " + std::to_string(max_A) + " bits (TS 36.213 7.1.7.2)");
    validate_coding();
    const size_t per_symbol = size_t(NL) * size_t(Qm);
    if (G == 0 || G > lte_rate_match_max_bits)
        bad("G = " + std::to_string(G) + " is out of range: allowed is 1 to " +
            std::to_string(lte_rate_match_max_bits) + " coded bits");
    if (G % per_symbol != 0)
        bad("G = " + std::to_string(G) + " is not a multiple of NL * Qm = " +
            std::to_string(per_symbol) + ": G counts the bits of whole symbols on NL layers");
}

lte_transport_layout lte_transport_layout::compute(const lte_transport_params& p)
{
    p.validate();
    lte_transport_layout l;
    l.seg = lte_segmentation::compute(p.A + crc24a_bits);
    const size_t C = l.seg.C, per_symbol = size_t(p.NL) * size_t(p.Qm);
    const size_t G_prime = p.G / per_symbol, gamma = G_prime % C;
    if (G_prime < C)
        bad("G = " + std::to_string(p.G) + " is too small for A = " + std::to_string(p.A) +
            ": G / (NL * Qm) = " + std::to_string(G_prime) + " symbols for C = " +
            std::to_string(C) + " code blocks, which need at least one each");
    if (p.nsoft > 0) {
        const size_t harq = size_t(std::min(p.mdlharq, lte_transport_params::M_limit));
        l.N_IR = p.nsoft / (size_t(p.kc) * size_t(p.kmimo) * harq);
        if (l.N_IR / C == 0)
            bad("nsoft = " + std::to_string(p.nsoft) + " gives N_IR = " + std::to_string(l.N_IR) +
                " soft bits, less than one for each of the C = " + std::to_string(C) +
                " code blocks");
    }
    l.E.resize(C);
    l.ncb.resize(C);
    for (size_t r = 0; r < C; ++r) {
        l.E[r] = per_symbol * (r + gamma < C ? G_prime / C : (G_prime + C - 1) / C);
        const size_t K_w = lte_circular_buffer_length(l.seg.block_size(r));
        l.ncb[r] = p.nsoft > 0 ? std::min(l.N_IR / C, K_w) : K_w;
    }
    if (p.nsoft > 0) {
        // A short N_cb may hold only <NULL> bits: the first block of each size (block 0 has
        // the filler bits, the most <NULL> ones) must have something to send.
        const size_t first_of_size[] = { 0, l.seg.C_minus }; // C- = 0: all are K+
        for (size_t i = 0; i < (l.seg.C_minus > 0 ? 2u : 1u); ++i) {
            const size_t r = first_of_size[i];
            const auto code = lte_turbo_code::make(static_cast<long long>(l.seg.block_size(r)));
            try {
                lte_rate_match_indices(*code, 1, p.rv, l.ncb[r], r == 0 ? l.seg.F : 0);
            } catch (const std::invalid_argument& e) {
                bad("nsoft = " + std::to_string(p.nsoft) + " gives code block " +
                    std::to_string(r) + " (K = " + std::to_string(code->K()) + ") N_cb = " +
                    std::to_string(l.ncb[r]) + ": " + e.what());
            }
        }
    }
    return l;
}

void lte_transport_encode(const uint8_t* bits, const lte_transport_params& p, uint8_t* coded)
{
    const lte_transport_layout l = lte_transport_layout::compute(p);
    std::vector<uint8_t> a(p.A);
    for (size_t i = 0; i < p.A; ++i)
        a[i] = bits[i] != 0;
    const auto blocks = lte_segment(lte_crc_attach(a, "24A"));
    lte_turbo_code_sptr code;
    size_t at = 0;
    for (size_t r = 0; r < l.seg.C; ++r) {
        if (!code || code->K() != blocks[r].size()) // the blocks come in two runs of one size
            code = lte_turbo_code::make(static_cast<long long>(blocks[r].size()));
        const auto e = lte_rate_match(*code, lte_turbo_encode(*code, blocks[r]), l.E[r], p.rv,
                                      l.ncb[r], r == 0 ? l.seg.F : 0);
        std::copy(e.begin(), e.end(), coded + at);
        at += e.size();
    }
}

std::vector<uint8_t> lte_transport_encode(const std::vector<uint8_t>& bits, lte_transport_params p)
{
    p.A = bits.size();
    p.validate(); // before G sizes the output
    std::vector<uint8_t> coded(p.G);
    lte_transport_encode(bits.data(), p, coded.data());
    return coded;
}

} // namespace gpufec
} // namespace gr
