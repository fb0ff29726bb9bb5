/* Parameter checking and backend dispatch of the AWGN/BPSK channel and generator.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/core/backend_factory.h"
#include "skeleton/core/checked_size.h"
#include "awgn_bpsk_backends.h"
#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace gr {
namespace gpufec {

awgn_noise awgn_noise::from_snr(double snr_db, snr_kind kind, double rate)
{
    if (!std::isfinite(snr_db) || snr_db < -30.0 || snr_db > 60.0) {
        std::ostringstream msg;
        msg << "snr_db = " << snr_db << " is out of range: allowed is -30 to 60 dB";
        throw std::invalid_argument(msg.str());
    }
    if (kind == snr_kind::EBN0 && !(rate > 0.0 && rate <= 1.0)) {
        std::ostringstream msg;
        msg << "rate = " << rate << " is out of range: a code rate in (0, 1] is needed";
        throw std::invalid_argument(msg.str());
    }
    const double esn0 = std::pow(10.0, snr_db / 10.0) * (kind == snr_kind::EBN0 ? rate : 1.0);
    const double var = 1.0 / (2.0 * esn0);
    return awgn_noise{ std::sqrt(var), 2.0 / var };
}

detail::awgn_sample_params sample_params(const awgn_noise& noise, soft_output out)
{
    return detail::awgn_sample_params{ static_cast<float>(noise.sigma),
                                       out == soft_output::LLR
                                           ? static_cast<float>(noise.llr_scale)
                                           : 1.0f };
}

namespace {
void check_noise(const awgn_noise& noise)
{
    if (!(noise.sigma > 0.0) || !std::isfinite(noise.sigma) || !std::isfinite(noise.llr_scale)) {
        std::ostringstream msg;
        msg << "noise sigma = " << noise.sigma
            << " is not usable: build the noise with awgn_noise::from_snr";
        throw std::invalid_argument(msg.str());
    }
}
} // namespace

/* ---------------------------------------------------------------- channel engine */

awgn_bpsk_channel_engine::awgn_bpsk_channel_engine(awgn_noise noise,
                                                   soft_output out,
                                                   uint64_t seed,
                                                   backend_kind backend)
    : m_choice(resolve_backend(backend))
{
    check_noise(noise);
    m_noise = noise;
    m_output = out;
    m_impl = make_backend(m_choice, make_awgn_channel_cpu, seed);
}

awgn_bpsk_channel_engine::~awgn_bpsk_channel_engine() = default;

const backend_choice& awgn_bpsk_channel_engine::backend() const { return m_choice; }

void awgn_bpsk_channel_engine::set_noise(awgn_noise noise)
{
    check_noise(noise);
    m_noise = noise;
}

void awgn_bpsk_channel_engine::apply(const uint8_t* bits,
                                     float* soft,
                                     size_t n,
                                     uint64_t first_sample)
{
    // Sample indices are 64-bit: a call that would wrap them would repeat earlier noise.
    detail::checked_add<uint64_t>(n, first_sample, "first_sample",
                                  "first_sample + the number of bits");
    if (n)
        m_impl->apply(bits, soft, n, first_sample, sample_params(m_noise, m_output));
}

/* ---------------------------------------------------------------- generator */

awgn_bpsk_generator::awgn_bpsk_generator(
    code_sptr c, awgn_noise noise, soft_output out, uint64_t seed, backend_kind backend)
    : m_code(std::move(c)), m_choice(resolve_backend(backend))
{
    if (!m_code)
        throw std::invalid_argument("code is null: pass a code object, e.g. uncoded()");
    check_noise(noise);
    m_noise = noise;
    m_output = out;
    m_impl = make_backend(m_choice, make_awgn_generator_cpu, m_code, seed);
}

awgn_bpsk_generator::~awgn_bpsk_generator() = default;

const backend_choice& awgn_bpsk_generator::backend() const { return m_choice; }

void awgn_bpsk_generator::set_noise(awgn_noise noise)
{
    check_noise(noise);
    m_noise = noise;
    m_impl->invalidate();
}

void awgn_bpsk_generator::generate(size_t n_blocks, uint8_t* info, float* soft)
{
    if (!n_blocks)
        return;
    // The backends size and offset by these products.
    detail::checked_mul(n_blocks,
                        std::max(m_code->info_bits_per_block(), m_code->coded_bits_per_block()),
                        "n_blocks", "bits per block");
    m_impl->generate(m_next_block, n_blocks, info, soft, sample_params(m_noise, m_output));
    m_next_block += n_blocks;
}

} // namespace gpufec
} // namespace gr
