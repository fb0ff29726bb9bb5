/* Helpers shared by the turbo test suites.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_TURBO_QA_TURBO_UTIL_H
#define INCLUDED_GPUFEC_CORE_TURBO_QA_TURBO_UTIL_H

#include "skeleton/test/qa_expect.h"
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <gnuradio/gpufec/lte/lte_turbo.h>
#include <gnuradio/gpufec/lte/lte_turbo_code.h>
#include <cppunit/extensions/HelperMacros.h>
#include <cmath>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {
namespace qa {

inline std::vector<uint8_t> random_bits(size_t n, std::mt19937& rng)
{
    std::vector<uint8_t> b(n);
    for (auto& v : b)
        v = rng() & 1u;
    return b;
}

/* Bits of an ASCII string, each byte most significant bit first (how CRC check values are
 * defined for non-reflected CRCs). */
inline std::vector<uint8_t> ascii_bits(const std::string& s)
{
    std::vector<uint8_t> bits;
    for (unsigned char c : s)
        for (int b = 7; b >= 0; --b)
            bits.push_back((c >> b) & 1u);
    return bits;
}

/* Noise-free soft values: +amp for bit 1, -amp for bit 0. */
inline std::vector<float> clean_llrs(const std::vector<uint8_t>& bits, float amp)
{
    std::vector<float> l(bits.size());
    for (size_t i = 0; i < bits.size(); ++i)
        l[i] = bits[i] ? amp : -amp;
    return l;
}

/* Noisy LLRs of random blocks from the project's channel model. */
inline std::vector<float> noisy_llrs(const lte_turbo_code_sptr& code, size_t blocks, double ebn0,
                                     uint64_t seed, std::vector<uint8_t>& info)
{
    awgn_bpsk_generator gen(code, awgn_noise::from_snr(ebn0, snr_kind::EBN0, code->rate()),
                            soft_output::LLR, seed, backend_kind::CPU);
    info.resize(blocks * code->K());
    std::vector<float> llr(blocks * code->coded_bits_per_block());
    gen.generate(blocks, info.data(), llr.data());
    return llr;
}

/* What an engine's decode_frames() call gives back. */
struct result {
    std::vector<uint8_t> bits;
    std::vector<float> app;
    std::vector<lte_turbo_block_status> status;
};

template <typename T>
result engine_decode(lte_turbo_decoder_engine& dec, const std::vector<T>& soft)
{
    const size_t n = soft.size() / dec.soft_per_frame(), K = dec.bits_per_frame();
    result r;
    r.bits.assign(n * K, 0xAA);
    r.app.assign(n * K, NAN);
    r.status.resize(n);
    dec.decode_frames(soft.data(), r.bits.data(), n, r.app.data(), r.status.data());
    return r;
}

template <typename T>
result engine_decode(const lte_turbo_code_sptr& code, const std::vector<T>& soft, const lte_turbo_options& o)
{
    lte_turbo_decoder_engine dec(code, o);
    return engine_decode(dec, soft);
}

/* Bits, a-posteriori LLRs (as values), iterations and CRC verdicts all equal. */
inline void assert_same(const result& want, const result& got, const std::string& what)
{
    CPPUNIT_ASSERT_MESSAGE(what + ": bits", want.bits == got.bits);
    CPPUNIT_ASSERT_MESSAGE(what + ": a-posteriori LLRs", want.app == got.app);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(what, want.status.size(), got.status.size());
    for (size_t b = 0; b < want.status.size(); ++b) {
        CPPUNIT_ASSERT_EQUAL_MESSAGE(what + ": iterations", want.status[b].iterations,
                                     got.status[b].iterations);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(what + ": crc_pass", want.status[b].crc_pass,
                                     got.status[b].crc_pass);
    }
}

} // namespace qa
} // namespace gpufec
} // namespace gr

#endif
