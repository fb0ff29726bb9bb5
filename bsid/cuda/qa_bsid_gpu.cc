/* The insertion/deletion family on the GPU against the CPU reference: MAP posteriors, decisions
 * and end-drift posteriors (float to 1e-5 relative, double to 1e-9) on random cases of several
 * code sizes and channels, batches of frames of different lengths, start-drift priors, symbol
 * priors and lookahead windows; both storage modes alike; more than 1024 drift states, a
 * corridor wider than the register lattice, q = 2 and q = 1024; the same with the pooled
 * lattice against the pooled CPU decoder; the channel bit for bit; the encoder bit for bit.
 *
 * Tiny values: a GPU value g matches the CPU's c when |g - c| <= tol * max(|c|, 1e-20). Below
 * 1e-20 a float posterior comes from products that approach float's denormal range, where the
 * two backends' different summation orders lose relative accuracy; there the comparison is
 * absolute (tol * 1e-20).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/core/gpu_encoder.h"
#include "skeleton/cuda/device_buffer.h"
#include <gnuradio/gpufec/bsid/bsid_channel_model.h>
#include <gnuradio/gpufec/bsid/bsid_map.h>
#include <gnuradio/gpufec/bsid/tvb_code.h>
#include <cppunit/extensions/HelperMacros.h>
#include <algorithm>
#include <cmath>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

namespace {

constexpr double tiny = 1e-20;

bsid_params params(double pi, double pd, double ps)
{
    bsid_params p;
    p.pi = pi;
    p.pd = pd;
    p.ps = ps;
    return p;
}

/* A decoding problem: a batch of windows over one received buffer, with its inputs. */
struct batch {
    std::vector<uint8_t> received;
    std::vector<bsid_frame_window> windows;
    std::vector<double> start;  // empty: drift 0
    std::vector<double> priors; // empty: equiprobable
};

struct result {
    std::vector<double> post, end;
    std::vector<uint32_t> dec;
};

struct config {
    size_t n, q, N;
    bsid_params ch;
    int max_drift = -1, max_symbol_drift = -1;
    size_t lookahead = 0;
    bool start_priors = false, symbol_priors = false;
    size_t frames = 5;
    uint64_t seed = 1;
    bsid_lattice lattice = bsid_lattice::CORRIDOR;

    std::string name() const
    {
        std::ostringstream s;
        s << "n=" << n << " q=" << q << " N=" << N << " pi=" << ch.pi << " pd=" << ch.pd << " ps=" << ch.ps
          << " max_drift=" << max_drift << " max_symbol_drift=" << max_symbol_drift << " L=" << lookahead
          << (start_priors ? " start priors" : "") << (symbol_priors ? " symbol priors" : "") << " "
          << bsid_lattice_name(lattice);
        return s.str();
    }
};

bsid_map_options options(const config& c, backend_kind b, bsid_precision p, bsid_storage s = bsid_storage::AUTO)
{
    bsid_map_options o;
    o.backend = b;
    o.precision = p;
    o.storage = s;
    o.max_drift = c.max_drift;
    o.max_symbol_drift = c.max_symbol_drift;
    o.lookahead = c.lookahead;
    o.threads = 1;
    o.lattice = c.lattice;
    return o;
}

/* Random rows of @p width probabilities, some entries 0. */
std::vector<double> random_rows(size_t rows, size_t width, std::mt19937_64& rng)
{
    std::uniform_real_distribution<double> u(0.0, 1.0);
    std::vector<double> v(rows * width);
    for (size_t r = 0; r < rows; ++r) {
        double sum = 0.0;
        for (size_t k = 0; k < width; ++k) {
            const double x = u(rng);
            v[r * width + k] = x < 0.1 ? 0.0 : x;
            sum += v[r * width + k];
        }
        if (sum == 0.0)
            v[r * width] = sum = 1.0;
        for (size_t k = 0; k < width; ++k)
            v[r * width + k] /= sum;
    }
    return v;
}

/*
 * Frames sent back to back through the channel. Known ends (lookahead 0): each window is one
 * received frame, drawn again while its end drift leaves the limits. Lookahead: every window
 * starts near the frame's true start (a few bits off, as the stream decoder places it) and
 * reaches past its end into the next frame.
 */
batch make_batch(const config& c, const tvb_code& code, const bsid_drift_limits& lim)
{
    std::mt19937_64 rng(c.seed);
    const auto channel = bsid_channel_model::make(c.ch.pi, c.ch.pd, c.ch.ps, c.seed);
    const size_t tau = code.tau();
    batch b;
    const size_t sent = c.lookahead ? c.frames + 1 : c.frames;
    std::vector<uint32_t> sym(sent * c.N);
    for (auto& s : sym)
        s = uint32_t(rng() % c.q);
    std::vector<uint8_t> bits(sent * tau);
    code.encode_symbols(sym.data(), bits.data(), sent);
    if (!c.lookahead) {
        uint64_t first = 0;
        for (size_t f = 0; f < c.frames; ++f) {
            bsid_transmission tx;
            do {
                tx = channel->transmit(bits.data() + f * tau, tau, first);
                first += tau;
            } while (tx.drift[tau] < lim.frame_min || tx.drift[tau] > lim.frame_max);
            bsid_frame_window w;
            w.offset = b.received.size();
            w.length = tx.received.size();
            b.windows.push_back(w);
            b.received.insert(b.received.end(), tx.received.begin(), tx.received.end());
        }
    } else {
        const bsid_transmission tx = channel->transmit(bits.data(), bits.size(), 0);
        b.received = tx.received;
        const int64_t margin = 2 * int64_t(c.n) + 8;
        for (size_t f = 0; f < c.frames; ++f) {
            const int64_t start = int64_t(f * tau) + tx.drift[f * tau] + int64_t(rng() % 5) - 2;
            const int64_t offset = std::max<int64_t>(0, start - margin);
            bsid_frame_window w;
            w.offset = size_t(offset);
            w.origin = size_t(std::max<int64_t>(0, start - offset));
            const int64_t want = int64_t(w.origin) + int64_t(tau + c.lookahead * c.n) + margin;
            w.length = size_t(std::min<int64_t>(want, int64_t(b.received.size()) - offset));
            w.end_known = false;
            b.windows.push_back(w);
        }
    }
    if (c.start_priors)
        b.start = random_rows(c.frames, lim.frame_states(), rng);
    if (c.symbol_priors)
        b.priors = random_rows(c.frames * c.N, c.q, rng);
    return b;
}

result run(const config& c, const tvb_code_sptr& code, const batch& b, const bsid_map_options& o)
{
    bsid_map_decoder_engine eng(code, c.ch, o);
    const size_t F = b.windows.size(), M = eng.limits().frame_states();
    result r{ std::vector<double>(F * c.N * c.q, -1.0), std::vector<double>(F * M, -1.0),
              std::vector<uint32_t>(F * c.N, 0xffffffffu) };
    eng.decode_windows(b.received.data(), b.windows.data(), F, b.start.empty() ? nullptr : b.start.data(),
                       b.priors.empty() ? nullptr : b.priors.data(), r.post.data(), r.dec.data(), r.end.data());
    return r;
}

void expect_close(const std::vector<double>& gpu, const std::vector<double>& cpu, double tol, const std::string& what)
{
    CPPUNIT_ASSERT_EQUAL(cpu.size(), gpu.size());
    for (size_t k = 0; k < cpu.size(); ++k) {
        const double bound = tol * std::max(std::fabs(cpu[k]), tiny);
        if (!(std::fabs(gpu[k] - cpu[k]) <= bound)) {
            std::ostringstream s;
            s.precision(17);
            s << what << ": index " << k << " gpu " << gpu[k] << " cpu " << cpu[k];
            CPPUNIT_FAIL(s.str());
        }
    }
}

/* Decisions agree wherever the CPU's largest posterior leads the next by more than the
 * tolerance (a closer call may go either way in a different summation order). */
void expect_decisions(const result& gpu, const result& cpu, size_t q, double tol, const std::string& what)
{
    const size_t rows = cpu.dec.size();
    size_t compared = 0;
    for (size_t r = 0; r < rows; ++r) {
        std::vector<double> row(cpu.post.begin() + r * q, cpu.post.begin() + (r + 1) * q);
        std::sort(row.rbegin(), row.rend());
        if (q > 1 && row[0] - row[1] <= 4 * tol * row[0])
            continue;
        ++compared;
        CPPUNIT_ASSERT_EQUAL_MESSAGE(what + ": decision " + std::to_string(r), cpu.dec[r], gpu.dec[r]);
    }
    CPPUNIT_ASSERT_MESSAGE(what + ": no decision to compare", compared > 0 || rows == 0);
}

void compare(const config& c, bsid_precision p, double tol, bsid_storage s = bsid_storage::AUTO)
{
    const auto code = tvb_code::make(c.n, c.q, c.N, {}, "random", c.seed);
    const bsid_map_decoder_engine probe(code, c.ch, options(c, backend_kind::CPU, p));
    const batch b = make_batch(c, *code, probe.limits());
    const result cpu = run(c, code, b, options(c, backend_kind::CPU, p));
    const result gpu = run(c, code, b, options(c, backend_kind::CUDA, p, s));
    const std::string what = c.name() + " " + bsid_precision_name(p) + " " + bsid_storage_name(s);
    expect_close(gpu.post, cpu.post, tol, what + " posteriors");
    expect_close(gpu.end, cpu.end, tol, what + " end drift");
    expect_decisions(gpu, cpu, c.q, tol, what);
}

std::vector<config> random_cases()
{
    std::vector<config> v;
    v.push_back({ 10, 32, 40, params(1e-3, 1e-3, 0.0) });                      // the paper's, shorter
    v.push_back({ 6, 8, 30, params(0.02, 0.02, 0.01) });                       // substitutions too
    v.push_back({ 4, 4, 50, params(0.05, 0.03, 0.0) });                        // insertion-heavy
    v.push_back({ 8, 16, 20, params(0.01, 0.05, 0.02) });                      // deletion-heavy
    v.push_back({ 5, 32, 12, params(0.1, 0.1, 0.05) });                        // a wide corridor
    v.push_back({ 12, 64, 8, params(0.01, 0.01, 0.001), 24, 20 }); // 41 symbol states: generic lattice
    config la{ 10, 32, 20, params(5e-3, 5e-3, 0.0) };
    la.lookahead = 2;
    la.start_priors = true;
    v.push_back(la);
    config pr{ 7, 16, 25, params(0.02, 0.01, 0.01) };
    pr.symbol_priors = true;
    pr.start_priors = true;
    v.push_back(pr);
    config lp{ 6, 32, 15, params(0.02, 0.02, 0.0) };
    lp.lookahead = 3;
    lp.symbol_priors = true;
    v.push_back(lp);
    for (size_t k = 0; k < v.size(); ++k)
        v[k].seed = 100 + k;
    return v;
}

} // namespace

class bsid_map_gpu_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(bsid_map_gpu_test);
    CPPUNIT_TEST(float_matches_cpu);
    CPPUNIT_TEST(double_matches_cpu);
    CPPUNIT_TEST(global_equals_local);
    CPPUNIT_TEST(more_than_1024_drift_states);
    CPPUNIT_TEST(binary_symbols);
    CPPUNIT_TEST(q_1024);
    CPPUNIT_TEST(outputs_only_when_asked);
    CPPUNIT_TEST(memory_per_frame);
    CPPUNIT_TEST(pooled_matches_cpu);
    CPPUNIT_TEST(pooled_more_than_1024_drift_states);
    CPPUNIT_TEST(pooled_binary_and_q_1024);
    CPPUNIT_TEST(pooled_memory_per_frame);
    CPPUNIT_TEST_SUITE_END();

public:
    void float_matches_cpu()
    {
        for (const config& c : random_cases()) {
            compare(c, bsid_precision::FLOAT, 1e-5, bsid_storage::LOCAL);
            compare(c, bsid_precision::FLOAT, 1e-5, bsid_storage::GLOBAL);
        }
    }

    void double_matches_cpu()
    {
        for (const config& c : random_cases())
            compare(c, bsid_precision::DOUBLE, 1e-9);
    }

    void global_equals_local()
    {
        for (config c : random_cases()) {
            c.frames = 3;
            const auto code = tvb_code::make(c.n, c.q, c.N, {}, "random", c.seed);
            const bsid_map_decoder_engine probe(code, c.ch, options(c, backend_kind::CPU, bsid_precision::FLOAT));
            const batch b = make_batch(c, *code, probe.limits());
            const result g = run(c, code, b, options(c, backend_kind::CUDA, bsid_precision::FLOAT, bsid_storage::GLOBAL));
            const result l = run(c, code, b, options(c, backend_kind::CUDA, bsid_precision::FLOAT, bsid_storage::LOCAL));
            expect_close(g.post, l.post, 1e-6, c.name() + " GLOBAL vs LOCAL posteriors");
            expect_close(g.end, l.end, 1e-6, c.name() + " GLOBAL vs LOCAL end drift");
            CPPUNIT_ASSERT(g.dec == l.dec);
        }
    }

    void more_than_1024_drift_states()
    {
        config c{ 6, 16, 60, params(0.03, 0.03, 0.01) };
        c.max_drift = 600; // 1201 frame states: the items outnumber a block's threads
        c.frames = 2;
        c.seed = 7;
        compare(c, bsid_precision::FLOAT, 1e-5, bsid_storage::LOCAL);
        compare(c, bsid_precision::DOUBLE, 1e-9, bsid_storage::GLOBAL);
    }

    void binary_symbols()
    {
        config c{ 3, 2, 60, params(0.02, 0.02, 0.02) };
        c.seed = 11;
        compare(c, bsid_precision::FLOAT, 1e-5);
        compare(c, bsid_precision::DOUBLE, 1e-9);
    }

    void q_1024()
    {
        config c{ 12, 1024, 5, params(0.01, 0.01, 0.0) };
        c.frames = 3;
        c.seed = 13;
        compare(c, bsid_precision::FLOAT, 1e-5, bsid_storage::LOCAL);
        compare(c, bsid_precision::FLOAT, 1e-5, bsid_storage::GLOBAL);
        compare(c, bsid_precision::DOUBLE, 1e-9);
    }

    /* Null outputs are skipped: decisions alone equal those of a full call. */
    void outputs_only_when_asked()
    {
        const config c = random_cases()[1];
        const auto code = tvb_code::make(c.n, c.q, c.N, {}, "random", c.seed);
        bsid_map_decoder_engine eng(code, c.ch, options(c, backend_kind::CUDA, bsid_precision::FLOAT));
        const batch b = make_batch(c, *code, eng.limits());
        const result full = run(c, code, b, options(c, backend_kind::CUDA, bsid_precision::FLOAT));
        std::vector<uint32_t> dec(full.dec.size(), 0xffffffffu);
        eng.decode_windows(b.received.data(), b.windows.data(), b.windows.size(), nullptr, nullptr, nullptr,
                           dec.data(), nullptr);
        CPPUNIT_ASSERT(dec == full.dec);
        std::vector<double> post(full.post.size(), -1.0);
        eng.decode_windows(b.received.data(), b.windows.data(), b.windows.size(), nullptr, nullptr, post.data(),
                           nullptr, nullptr);
        CPPUNIT_ASSERT(post == full.post);
    }

    /* GLOBAL stores every gamma: it needs at least (N + L) M_tau q M_n reals more than LOCAL. */
    void memory_per_frame()
    {
        const auto code = tvb_code::make(10, 32, 840);
        bsid_map_options o;
        o.backend = backend_kind::CUDA;
        o.lattice = bsid_lattice::CORRIDOR; // the stored gamma
        bsid_map_decoder_engine eng(code, params(1e-3, 1e-3, 0.0), o);
        const size_t M = eng.limits().frame_states(), Mn = eng.limits().symbol_states();
        const size_t local = eng.bytes_per_frame(bsid_storage::LOCAL);
        const size_t global = eng.bytes_per_frame(bsid_storage::GLOBAL);
        CPPUNIT_ASSERT(local >= 841 * M * sizeof(float));
        CPPUNIT_ASSERT_EQUAL(size_t(840) * M * 32 * Mn * sizeof(float), global - local);
    }

    /* The pooled lattice on the GPU against the pooled CPU decoder, on the corridor's cases. */
    void pooled_matches_cpu()
    {
        for (config c : random_cases()) {
            c.lattice = bsid_lattice::POOLED;
            compare(c, bsid_precision::FLOAT, 1e-5);
            compare(c, bsid_precision::DOUBLE, 1e-9);
        }
    }

    void pooled_more_than_1024_drift_states()
    {
        config c{ 6, 16, 60, params(0.03, 0.03, 0.01) };
        c.max_drift = 600; // 1201 frame states: 32 column segments, 1024 threads
        c.frames = 2;
        c.seed = 7;
        c.lattice = bsid_lattice::POOLED;
        compare(c, bsid_precision::FLOAT, 1e-5);
        compare(c, bsid_precision::DOUBLE, 1e-9);
    }

    void pooled_binary_and_q_1024()
    {
        config b{ 3, 2, 60, params(0.02, 0.02, 0.02) };
        b.seed = 11;
        b.lattice = bsid_lattice::POOLED;
        compare(b, bsid_precision::FLOAT, 1e-5);
        compare(b, bsid_precision::DOUBLE, 1e-9);
        config c{ 12, 1024, 5, params(0.01, 0.01, 0.0) };
        c.frames = 3;
        c.seed = 13;
        c.lattice = bsid_lattice::POOLED;
        compare(c, bsid_precision::FLOAT, 1e-5);
        compare(c, bsid_precision::DOUBLE, 1e-9);
    }

    /* No stored gamma: both modes need the same, less than the corridor's LOCAL. */
    void pooled_memory_per_frame()
    {
        const auto code = tvb_code::make(10, 32, 840);
        bsid_map_options o;
        o.backend = backend_kind::CUDA;
        o.lattice = bsid_lattice::CORRIDOR;
        bsid_map_decoder_engine corr(code, params(1e-3, 1e-3, 0.0), o);
        o.lattice = bsid_lattice::POOLED;
        bsid_map_decoder_engine pool(code, params(1e-3, 1e-3, 0.0), o);
        const size_t M = pool.limits().frame_states();
        CPPUNIT_ASSERT(pool.bytes_per_frame(bsid_storage::LOCAL) >= 841 * M * sizeof(float));
        CPPUNIT_ASSERT_EQUAL(pool.bytes_per_frame(bsid_storage::LOCAL), pool.bytes_per_frame(bsid_storage::GLOBAL));
        CPPUNIT_ASSERT(pool.bytes_per_frame(bsid_storage::LOCAL) <= corr.bytes_per_frame(bsid_storage::LOCAL));
        CPPUNIT_ASSERT(pool.storage_for(1000) == bsid_storage::LOCAL);
    }
};

class bsid_channel_gpu_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(bsid_channel_gpu_test);
    CPPUNIT_TEST(matches_cpu);
    CPPUNIT_TEST(pieces_match_cpu);
    CPPUNIT_TEST_SUITE_END();

    static void expect_same(const bsid_transmission& g, const bsid_transmission& c, const std::string& what)
    {
        CPPUNIT_ASSERT_MESSAGE(what + ": received bits", g.received == c.received);
        CPPUNIT_ASSERT_MESSAGE(what + ": drift", g.drift == c.drift);
    }

public:
    void matches_cpu()
    {
        std::mt19937_64 rng(3);
        for (const bsid_params& p : { params(0.0, 0.0, 0.0), params(1e-3, 1e-3, 0.0), params(0.05, 0.02, 0.01),
                                      params(0.3, 0.1, 0.2), params(0.0, 0.5, 0.5) }) {
            for (size_t n : { size_t(1), size_t(4095), size_t(4096), size_t(4097), size_t(100000) }) {
                std::vector<uint8_t> bits(n);
                for (auto& b : bits)
                    b = uint8_t(rng() % 3); // any nonzero byte is a 1
                const auto model = std::make_shared<const bsid_channel_model>(p, 42);
                bsid_channel_simulator gpu(model, backend_kind::CUDA);
                expect_same(gpu.transmit(bits.data(), n, 0), model->transmit(bits.data(), n, 0),
                            model->name() + " n=" + std::to_string(n));
            }
        }
    }

    /* Pieces that start inside a segment replay its draws on the GPU too. */
    void pieces_match_cpu()
    {
        std::mt19937_64 rng(5);
        const auto model = bsid_channel_model::make(0.04, 0.03, 0.01, 9);
        bsid_channel_simulator gpu(model, backend_kind::CUDA);
        for (uint64_t first : { uint64_t(0), uint64_t(1), uint64_t(4095), uint64_t(5000), uint64_t(1) << 33 }) {
            for (size_t n : { size_t(10), size_t(9000) }) {
                std::vector<uint8_t> bits(n);
                for (auto& b : bits)
                    b = uint8_t(rng() & 1);
                expect_same(gpu.transmit(bits.data(), n, first), model->transmit(bits.data(), n, first),
                            "first=" + std::to_string(first) + " n=" + std::to_string(n));
            }
        }
    }
};

class tvb_encoder_gpu_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(tvb_encoder_gpu_test);
    CPPUNIT_TEST(matches_cpu);
    CPPUNIT_TEST_SUITE_END();

public:
    void matches_cpu()
    {
        std::mt19937_64 rng(8);
        for (const auto& code : { tvb_code::make(10, 32, 84, {}, "random", 1), tvb_code::make(8, 4, 30, {}, "marker"),
                                  tvb_code::make(12, 1024, 7, {}, "watermark", 2), tvb_code::make(1, 2, 5) }) {
            CPPUNIT_ASSERT(has_gpu_encoder(*code));
            const size_t frames = 33, k = code->info_bits_per_block(), nb = code->coded_bits_per_block();
            std::vector<uint8_t> info(frames * k);
            for (auto& b : info)
                b = uint8_t(rng() & 1);
            std::vector<uint8_t> cpu(frames * nb), gpu(frames * nb, 7);
            code->encode(info.data(), cpu.data(), frames);
            cuda::device_buffer<uint8_t> d_info(info.size()), d_coded(gpu.size());
            GPUFEC_CUDA_CHECK(cudaMemcpy(d_info.get(), info.data(), info.size(), cudaMemcpyHostToDevice));
            gpu_encoder_for(*code)(*code, d_info.get(), d_coded.get(), frames, nullptr);
            GPUFEC_CUDA_CHECK(cudaMemcpy(gpu.data(), d_coded.get(), gpu.size(), cudaMemcpyDeviceToHost));
            CPPUNIT_ASSERT_MESSAGE(code->name(), gpu == cpu);
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(bsid_map_gpu_test);
CPPUNIT_TEST_SUITE_REGISTRATION(bsid_channel_gpu_test);
CPPUNIT_TEST_SUITE_REGISTRATION(tvb_encoder_gpu_test);

} // namespace gpufec
} // namespace gr
