/* The BSID channel: parameter checks, the draws against vectors from an independent model of
 * docs/bsid.md (a Python Philox), pieces that give the stream's output, the drift record, the
 * event statistics, and the simulator on the CPU.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/test/qa_expect.h"
#include <gnuradio/gpufec/bsid/bsid_channel_model.h>
#include <cppunit/extensions/HelperMacros.h>
#include <cmath>
#include <random>

namespace gr {
namespace gpufec {

namespace {

std::vector<uint8_t> pattern_bits()
{
    std::vector<uint8_t> b(40);
    for (size_t i = 0; i < b.size(); ++i)
        b[i] = static_cast<uint8_t>((i * 7 + 3) % 5 % 2);
    return b;
}

/* The drift record agrees with the received length. */
void check_drift(const bsid_transmission& tx, size_t n)
{
    CPPUNIT_ASSERT_EQUAL(n + 1, tx.drift.size());
    CPPUNIT_ASSERT_EQUAL(0, tx.drift[0]);
    CPPUNIT_ASSERT_EQUAL(static_cast<long long>(tx.received.size()) - static_cast<long long>(n),
                         static_cast<long long>(tx.drift[n]));
    for (size_t t = 0; t < n; ++t)
        CPPUNIT_ASSERT(tx.drift[t + 1] >= tx.drift[t] - 1);
}

} // namespace

class bsid_channel_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(bsid_channel_test);
    CPPUNIT_TEST(params);
    CPPUNIT_TEST(known_answers);
    CPPUNIT_TEST(trivial_channels);
    CPPUNIT_TEST(pieces);
    CPPUNIT_TEST(stream_limit);
    CPPUNIT_TEST(statistics);
    CPPUNIT_TEST(simulator);
    CPPUNIT_TEST_SUITE_END();

public:
    void params()
    {
        using qa::expect_invalid;
        expect_invalid([] { bsid_channel_model::make(-0.1, 0, 0); }, "pi = -0.1");
        expect_invalid([] { bsid_channel_model::make(0, 1.5, 0); }, "pd = 1.5");
        expect_invalid([] { bsid_channel_model::make(0, 0, NAN); }, "ps = nan");
        expect_invalid([] { bsid_channel_model::make(0.6, 0.5, 0); }, "pi + pd");
        expect_invalid([] { bsid_channel_model::make(1.0, 0, 0); }, "pi < 1");
        const auto m = bsid_channel_model::make(0.01, 0.02, 0.003, 5);
        CPPUNIT_ASSERT_EQUAL(std::string("BSID pi=0.01 pd=0.02 ps=0.003"), m->name());
        CPPUNIT_ASSERT_EQUAL(uint64_t(5), m->seed());
        CPPUNIT_ASSERT_DOUBLES_EQUAL(0.97, m->params().pt(), 1e-15);
        bsid_channel_model::make(0.0, 1.0, 1.0); // all deleted: allowed
    }

    void known_answers()
    {
        // From an independent Python model of the draws (docs/bsid.md: its own Philox, words and
        // thresholds), seed 12345,
        // pi = pd = 0.1, ps = 0.05.
        const std::vector<uint8_t> bits = pattern_bits();
        const auto m = bsid_channel_model::make(0.1, 0.1, 0.05, 12345);
        const bsid_transmission tx = m->transmit(bits.data(), bits.size());
        const std::vector<uint8_t> out = { 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1 };
        const std::vector<int32_t> drift = { 0, 0, 0, 0, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -2, -2, -2, -2, -2, -2, -2, -2, -2, -3, -3, -2, -3, -4, -5, -5, -6, -6, -6, -7, -7, -7, -7, -7, -6, -6 };
        CPPUNIT_ASSERT(tx.received == out);
        CPPUNIT_ASSERT(tx.drift == drift);
        // The same bits as stream bits 4090.. (across a segment boundary).
        const bsid_transmission tx2 = m->transmit(bits.data(), bits.size(), 4090);
        const std::vector<uint8_t> out2 = { 1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 1 };
        const std::vector<int32_t> drift2 = { 0, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, 0, -1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0 };
        CPPUNIT_ASSERT(tx2.received == out2);
        CPPUNIT_ASSERT(tx2.drift == drift2);
        // ps = 0: the flip word is drawn all the same (seed 777, pi = pd = 0.1).
        const bsid_transmission tx3 = bsid_channel_model::make(0.1, 0.1, 0.0, 777)->transmit(bits.data(), bits.size());
        const std::vector<uint8_t> out3 = { 1, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0, 1 };
        const std::vector<int32_t> drift3 = { 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 3, 3, 3, 4, 4, 4, 4, 3, 3, 3, 3, 3, 5, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6, 7, 7, 7, 7 };
        CPPUNIT_ASSERT(tx3.received == out3);
        CPPUNIT_ASSERT(tx3.drift == drift3);
    }

    void trivial_channels()
    {
        std::vector<uint8_t> bits(10000);
        std::mt19937 g(1);
        for (auto& b : bits)
            b = static_cast<uint8_t>(g() & 1u);
        bits[5] = 7; // any nonzero byte is a 1
        std::vector<uint8_t> ones(bits);
        for (auto& b : ones)
            b = b != 0;
        const auto clean = bsid_channel_model::make(0, 0, 0, 3)->transmit(bits.data(), bits.size());
        CPPUNIT_ASSERT(clean.received == ones);
        CPPUNIT_ASSERT(clean.drift == std::vector<int32_t>(bits.size() + 1, 0));
        const auto flip = bsid_channel_model::make(0, 0, 1, 3)->transmit(bits.data(), bits.size());
        for (size_t i = 0; i < bits.size(); ++i)
            CPPUNIT_ASSERT_EQUAL(static_cast<uint8_t>(1 - ones[i]), flip.received[i]);
        const auto gone = bsid_channel_model::make(0, 1, 0, 3)->transmit(bits.data(), bits.size());
        CPPUNIT_ASSERT(gone.received.empty());
        CPPUNIT_ASSERT_EQUAL(-10000, gone.drift.back());
        const auto none = bsid_channel_model::make(0.1, 0.1, 0, 3)->transmit(bits.data(), 0);
        CPPUNIT_ASSERT(none.received.empty());
        CPPUNIT_ASSERT_EQUAL(size_t(1), none.drift.size());
    }

    void pieces()
    {
        std::vector<uint8_t> bits(20000);
        std::mt19937 g(2);
        for (auto& b : bits)
            b = static_cast<uint8_t>(g() & 1u);
        const auto m = bsid_channel_model::make(0.03, 0.02, 0.01, 77);
        const bsid_transmission whole = m->transmit(bits.data(), bits.size(), 1000);
        check_drift(whole, bits.size());
        std::vector<uint8_t> joined;
        size_t done = 0;
        while (done < bits.size()) {
            const size_t len = std::min<size_t>(bits.size() - done, g() % 5000);
            const bsid_transmission p = m->transmit(bits.data() + done, len, 1000 + done);
            check_drift(p, len);
            for (size_t t = 0; t <= len; ++t)
                CPPUNIT_ASSERT_EQUAL(whole.drift[done + t] - whole.drift[done], p.drift[t]);
            joined.insert(joined.end(), p.received.begin(), p.received.end());
            done += len;
        }
        CPPUNIT_ASSERT(joined == whole.received);
        // Another seed, another stream.
        const auto other = bsid_channel_model::make(0.03, 0.02, 0.01, 78)->transmit(bits.data(), bits.size(), 1000);
        CPPUNIT_ASSERT(other.received != whole.received);
    }

    void stream_limit()
    {
        // 2^32 segments of draws: the last bits of the stream go, one more would repeat the
        // draws of its start (the segment index wraps in philox's 32-bit counter word).
        constexpr uint64_t limit = uint64_t(bsid_channel_model::segment_bits) << 32;
        CPPUNIT_ASSERT_EQUAL(limit, bsid_channel_model::max_stream_bits);
        std::vector<uint8_t> bits(50, 1);
        const auto m = bsid_channel_model::make(0.02, 0.02, 0.02, 5);
        check_drift(m->transmit(bits.data(), bits.size(), limit - 50), bits.size());
        qa::expect_invalid([&] { m->transmit(bits.data(), bits.size(), limit - 49); },
                           "first = 17592186044367 with 50 bits is beyond the channel's stream");
        qa::expect_invalid([&] { m->transmit(bits.data(), 0, limit + 1); }, "first = ");
        qa::expect_invalid([&] { m->transmit(bits.data(), bits.size(), UINT64_MAX); }, "first = ");
        bsid_channel_simulator sim(m, backend_kind::CPU);
        qa::expect_invalid([&] { sim.transmit(bits.data(), bits.size(), limit); }, "first = ");
    }

    void statistics()
    {
        // E[drift change] = -pd + (pt + pi pd) pi / (1 - pi)^2 per bit; with pi = pd = 0 the
        // flip rate is ps. Checked within 5 standard deviations.
        const size_t n = 400000;
        std::vector<uint8_t> zeros(n, 0);
        const double pi = 0.05, pd = 0.03;
        const auto m = bsid_channel_model::make(pi, pd, 0.0, 11);
        const bsid_transmission tx = m->transmit(zeros.data(), n);
        const double c = (1 - pi - pd) + pi * pd;
        const double mean = -pd + c * pi / ((1 - pi) * (1 - pi));
        double ex2 = pd; // E[delta^2]
        for (int k = 1; k < 60; ++k)
            ex2 += double(k) * k * std::pow(pi, k) * c;
        const double sd = std::sqrt((ex2 - mean * mean) / n);
        const double got = double(tx.drift[n]) / n;
        CPPUNIT_ASSERT_MESSAGE(std::to_string(got) + " vs " + std::to_string(mean),
                               std::fabs(got - mean) < 5 * sd);
        // Inserted bits are uniform: the ones among the received bits (all sent bits are 0).
        size_t ones = 0;
        for (uint8_t b : tx.received)
            ones += b;
        const double ins = double(n) * pi / (1 - pi); // insertions: geometric per input bit
        CPPUNIT_ASSERT(std::fabs(ones - ins / 2) < 5 * std::sqrt(ins) + 10);
        const auto f = bsid_channel_model::make(0, 0, 0.1, 12)->transmit(zeros.data(), n);
        size_t flips = 0;
        for (uint8_t b : f.received)
            flips += b;
        CPPUNIT_ASSERT(std::fabs(double(flips) - 0.1 * n) < 5 * std::sqrt(n * 0.09));
    }

    void simulator()
    {
        std::vector<uint8_t> bits(9000, 1);
        const auto m = bsid_channel_model::make(0.02, 0.02, 0.02, 4);
        bsid_channel_simulator sim(m, backend_kind::CPU);
        CPPUNIT_ASSERT(sim.backend().kind == backend_kind::CPU);
        const auto a = sim.transmit(bits.data(), bits.size(), 123);
        const auto b = m->transmit(bits.data(), bits.size(), 123);
        CPPUNIT_ASSERT(a.received == b.received);
        CPPUNIT_ASSERT(a.drift == b.drift);
        qa::expect_invalid([] { bsid_channel_simulator(nullptr); }, "model is null");
        qa::expect_invalid([&] { sim.transmit(nullptr, 3); }, "bits is null");
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(bsid_channel_test);

} // namespace gpufec
} // namespace gr
