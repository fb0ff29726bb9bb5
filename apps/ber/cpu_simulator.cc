/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "cpu_simulator.h"
#include <algorithm>
#include <stdexcept>
#include <vector>

namespace gpufec_ber {

using namespace gr::gpufec;

namespace {

constexpr size_t default_batch_bits = size_t(1) << 20;
constexpr size_t chunk_bits = size_t(1) << 18; //!< information bits generated per step

class cpu_simulator final : public frame_simulator
{
public:
    cpu_simulator(code_sptr c, size_t frame_bits, const sim_setup& s, std::unique_ptr<soft_decoder> d)
        : m_gen(c, s.channel.awgn_noise(c->name()), soft_output::LLR, s.seed, backend_kind::CPU),
          m_decoder(std::move(d)),
          m_frame_bits(frame_bits),
          m_max_batch(s.max_batch_frames ? s.max_batch_frames
                                         : std::max<size_t>(1, default_batch_bits / frame_bits)),
          m_k(c->info_bits_per_block()),
          m_n(c->coded_bits_per_block()),
          m_chunk_blocks(std::max<size_t>(1, chunk_bits / m_k))
    {
    }

    size_t max_batch_frames() const override { return m_max_batch; }
    size_t depth() const override { return 1; }

    void launch(size_t n_frames) override
    {
        const size_t bits = n_frames * m_frame_bits;
        while (m_decoded.size() < bits)
            produce();
        m_errors.resize(n_frames);
        m_counts = frame_counts{ n_frames, 0, 0 };
        for (size_t f = 0; f < n_frames; ++f) {
            const uint8_t* a = m_info.data() + f * m_frame_bits;
            const uint8_t* b = m_decoded.data() + f * m_frame_bits;
            uint32_t e = 0;
            for (size_t i = 0; i < m_frame_bits; ++i)
                e += a[i] != b[i];
            m_errors[f] = e;
            m_counts.bit_errors += e;
            m_counts.frame_errors += e != 0;
        }
        m_info.erase(m_info.begin(), m_info.begin() + bits);
        m_decoded.erase(m_decoded.begin(), m_decoded.begin() + bits);
    }

    frame_counts wait() override { return m_counts; }

    void frame_bit_errors(size_t first, size_t n, uint32_t* out) override
    {
        if (first + n > m_errors.size())
            throw std::out_of_range("frame_bit_errors: past the batch");
        std::copy_n(m_errors.begin() + first, n, out);
    }

private:
    /* Generates the next chunk of blocks and takes what the decoder hands out. */
    void produce()
    {
        const size_t held = m_info.size();
        m_info.resize(held + m_chunk_blocks * m_k);
        m_soft.resize(m_chunk_blocks * m_n);
        m_gen.generate(m_chunk_blocks, m_info.data() + held, m_soft.data());
        m_decoder->push(m_soft.data(), m_chunk_blocks);
        for (;;) {
            const size_t have = m_decoded.size(), room = m_chunk_blocks * m_k;
            m_decoded.resize(have + room);
            const size_t got = m_decoder->pull(m_decoded.data() + have, room);
            m_decoded.resize(have + got);
            if (got < room)
                break;
        }
    }

    awgn_bpsk_generator m_gen;
    std::unique_ptr<soft_decoder> m_decoder;
    size_t m_frame_bits, m_max_batch, m_k, m_n, m_chunk_blocks;
    std::vector<uint8_t> m_info;    //!< sent bits not yet compared, from the next frame on
    std::vector<uint8_t> m_decoded; //!< decided bits not yet compared, likewise
    std::vector<float> m_soft;
    std::vector<uint32_t> m_errors; //!< per frame of the last batch
    frame_counts m_counts;
};

class framed_soft_decoder final : public soft_decoder
{
public:
    explicit framed_soft_decoder(std::unique_ptr<frame_decoder> e) : m_engine(std::move(e)) {}

    void push(const float* soft, size_t n_blocks) override
    {
        const size_t held = m_ready.size();
        m_ready.resize(held + n_blocks * m_engine->bits_per_frame());
        m_engine->decode_frames(soft, m_ready.data() + held, n_blocks);
    }

    size_t pull(uint8_t* bits, size_t max) override
    {
        const size_t n = std::min(max, m_ready.size());
        std::copy_n(m_ready.begin(), n, bits);
        m_ready.erase(m_ready.begin(), m_ready.begin() + static_cast<long>(n));
        return n;
    }

private:
    std::unique_ptr<frame_decoder> m_engine;
    std::vector<uint8_t> m_ready; //!< decoded, not yet pulled
};

} // namespace

std::unique_ptr<soft_decoder> frame_soft_decoder(std::unique_ptr<frame_decoder> engine)
{
    return std::make_unique<framed_soft_decoder>(std::move(engine));
}

std::unique_ptr<frame_simulator> make_cpu_simulator(code_sptr c,
                                                    size_t frame_bits,
                                                    const sim_setup& setup,
                                                    std::unique_ptr<soft_decoder> decoder)
{
    if (!c || !decoder || frame_bits == 0)
        throw std::invalid_argument("make_cpu_simulator: needs a code, a decoder and frame_bits >= 1");
    return std::make_unique<cpu_simulator>(std::move(c), frame_bits, setup, std::move(decoder));
}

} // namespace gpufec_ber
