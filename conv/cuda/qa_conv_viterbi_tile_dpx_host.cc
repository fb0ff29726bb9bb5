/* The packed DPX tile core (conv_viterbi_tile_dpx_core.h) run on the host, no GPU: every code of
 * the DPX catalogue (K 3..9, n 2..4; K = 8, 9 on a team of threads emulated here) against the reference pass written from docs/viterbi.md
 * (qa_conv_viterbi_util.h), bit for bit. Tiles of every length modulo the block of K-1 steps, with
 * and without a known start state, with a warm-up and a partial emit; noisy coded input,
 * uniformly random int8 (-128 included), tie-heavy coarse input, and long clean saturated
 * streams, which drive the metric spread to its largest across many renormalisations. Codes
 * outside the catalogue (what NVRTC instantiates at run time), generators that miss an end tap
 * among them, take the same checks, fewer sizes. And the butterfly's branch algebra
 * (dpx::butterfly, dpx::team_flips) against the trellis.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "qa_conv_viterbi_dpx_jit_codes.h"
#include "conv_viterbi_tile_dpx_catalogue.h"
#include "conv_viterbi_tile_dpx_core.h"
#include "conv/core/qa_conv_viterbi_util.h"
#include <cppunit/extensions/HelperMacros.h>
#include <algorithm>
#include <condition_variable>
#include <initializer_list>
#include <mutex>
#include <random>
#include <thread>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

namespace {

/* A K = 8 or 9 tile's team of threads emulated by host threads: each shuffle is a write to
 * the team's slots, a barrier, a read of the partner's slot and a second barrier (the
 * kernel's warp shuffles, step for step). */
struct team_slots {
    std::mutex mu;
    std::condition_variable cv;
    int threads = 1, waiting = 0;
    unsigned generation = 0;
    std::vector<uint32_t> slot; // 32 words per thread
    void barrier()
    {
        std::unique_lock<std::mutex> lock(mu);
        const unsigned gen = generation;
        if (++waiting == threads) {
            waiting = 0;
            ++generation;
            cv.notify_all();
        } else {
            cv.wait(lock, [&] { return generation != gen; });
        }
    }
};

struct emulated_team {
    uint32_t tid;
    team_slots* s;
    template <int R>
    void exchange(const uint32_t (&in)[R], uint32_t (&out)[R], int o) const
    {
        std::copy(in, in + R, s->slot.begin() + 32 * tid);
        s->barrier();
        std::copy(s->slot.begin() + 32 * (tid ^ uint32_t(o)), s->slot.begin() + 32 * (tid ^ uint32_t(o)) + R, out);
        s->barrier();
    }
    uint32_t from(uint32_t v, uint32_t src) const
    {
        s->slot[32 * tid] = v;
        s->barrier();
        const uint32_t r = s->slot[32 * src];
        s->barrier();
        return r;
    }
    uint32_t xor_max(uint32_t v, int o) const
    {
        s->slot[32 * tid] = v;
        s->barrier();
        const uint32_t r = std::max(v, s->slot[32 * (tid ^ uint32_t(o))]);
        s->barrier();
        return r;
    }
};

/* decode_tile for one tile (a single thread's workspace: lane 0 of the device layout, lanes
 * 0..P-1 for a team of P threads); a tail-biting frame of frame_bits steps when circular. The
 * LLRs start at an offset that varies with the arguments (any byte for n = 3, whose steps the
 * kernel reads from aligned words; a multiple of n otherwise), between bytes that must not
 * matter. */
template <int K, unsigned... G>
std::vector<uint8_t> host_tile(cuda::dpx_code<K, G...>,
                               const std::vector<int8_t>& llr,
                               uint32_t steps,
                               uint32_t warm,
                               bool known,
                               uint32_t emit,
                               bool words,
                               bool end_at_zero = false,
                               uint32_t circular = 0)
{
    constexpr int N = int(sizeof...(G));
    constexpr size_t w = cuda::dpx::shape<K>::words;
    constexpr int P = cuda::dpx::shape<K>::threads;
    std::vector<uint32_t> dec(size_t(steps - warm) * 32 * w + 32 * w, 0xdeadbeefu);
    std::vector<uint8_t> out(emit + 4, 0xee);
    const size_t off = N == 3 ? (steps + warm) % 4 : N == 2 ? 2 * ((steps + warm) % 2) : 0;
    std::vector<int8_t> buf(llr.size() + 8, int8_t(0x5a));
    std::copy(llr.begin(), llr.end(), buf.begin() + off);
    const int8_t* lp = buf.data() + off;
    auto run = [&](uint32_t* d, const auto& team) {
        if (circular) {
            const uint32_t W = uint32_t(conv::tailbiting_wrap(K));
            cuda::dpx::decode_tile<K, G...>(
                cuda::dpx::circular_steps<N, cuda::dpx::words_for<K, N>()>{ lp, circular, (circular - W % circular) % circular }, steps,
                warm, known, d, 32 * w, 32, out.data(), emit, words, false, team);
        } else {
            cuda::dpx::decode_tile<K, G...>(cuda::dpx::linear_steps<N, cuda::dpx::words_for<K, N>()>{ lp, steps }, steps, warm, known, d,
                                            32 * w, 32, out.data(), emit, words, end_at_zero, team);
        }
    };
    if constexpr (P == 1) {
        run(dec.data(), cuda::dpx::solo{});
    } else {
        team_slots slots;
        slots.threads = P;
        slots.slot.assign(32 * P, 0);
        std::vector<std::thread> pool;
        for (uint32_t tid = 0; tid < uint32_t(P); ++tid)
            pool.emplace_back([&, tid] { run(dec.data() + tid, emulated_team{ tid, &slots }); });
        for (auto& th : pool)
            th.join();
    }
    for (size_t i = emit; i < out.size(); ++i)
        CPPUNIT_ASSERT_EQUAL_MESSAGE("written past emit", uint8_t(0xee), out[i]);
    out.resize(emit);
    return out;
}

/* int8 channel values of @p steps steps: clean coded (+-amp), noisy, uniform or coarse. */
std::vector<int8_t> input(const conv::trellis& t, uint32_t steps, int variant, std::mt19937& rng)
{
    const size_t len = size_t(steps) * t.n;
    std::vector<int8_t> llr(len);
    if (variant == 2) { // uniform, -128 included
        for (auto& x : llr)
            x = int8_t(rng() & 0xff);
        return llr;
    }
    if (variant == 3) { // coarse: many ties
        for (auto& x : llr)
            x = int8_t(int(rng() % 3) - 1);
        return llr;
    }
    // A coded path from a random state: clean at full scale (0) or noisy (1).
    uint32_t s = rng() & uint32_t(t.states() - 1);
    std::normal_distribution<double> noise(0.0, 50.0);
    for (uint32_t i = 0; i < steps; ++i) {
        const uint32_t u = rng() & 1u, c = t.outputs(s, u);
        s = t.next_state(s, u);
        for (int j = 0; j < t.n; ++j) {
            const double y = ((c >> j) & 1u ? 127.0 : -127.0) + (variant == 1 ? noise(rng) : 0.0);
            llr[size_t(i) * t.n + j] = int8_t(std::clamp(std::lround(y), -128l, 127l));
        }
    }
    return llr;
}

} // namespace

class viterbi_tile_dpx_host_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(viterbi_tile_dpx_host_test);
    CPPUNIT_TEST(catalogue_codes_equal_reference);
    CPPUNIT_TEST(aligned_tiles_equal_reference);
    CPPUNIT_TEST(long_saturated_streams);
    CPPUNIT_TEST(catalogue_covers_every_shape);
    CPPUNIT_TEST(butterfly_branches_follow_the_taps);
    CPPUNIT_TEST(team_flips_give_each_thread_its_branches);
    CPPUNIT_TEST(framed_modes_equal_reference);
    CPPUNIT_TEST(jit_examples_equal_reference);
    CPPUNIT_TEST_SUITE_END();

    /* Frames as tiles (docs/viterbi.md, framed modes): terminated (state 0 to state 0),
     * truncated, and tail-biting over the circular extension (frames shorter than the wrap
     * included), against the reference pass. */
    void framed_modes_equal_reference()
    {
        std::mt19937 rng(31);
        cuda::dpx_catalogue::for_each(
            [&](auto code) { framed(code, { 1u, 2u, 5u, 6u, 13u, 40u, 333u, 1000u }, rng); });
    }

    /* Codes outside the catalogue (instantiated by NVRTC on the GPU): tiles and frames. */
    void jit_examples_equal_reference()
    {
        std::mt19937 rng(37);
        cuda::dpx_jit_examples::for_each([&](auto code) {
            CPPUNIT_ASSERT(!cuda::dpx_catalogue::find(decltype(code)::trellis(), [](auto) {}));
            for (uint32_t steps : { 1u, 7u, 13u, 97u, 1200u })
                for (int variant = 0; variant < 4; ++variant)
                    check(code, steps, steps / 3, variant % 2 == 0, steps - steps / 3, variant, rng);
            framed(code, { 1u, 6u, 47u, 333u }, rng);
        });
    }

    template <class Code>
    static void framed(Code code, std::initializer_list<uint32_t> sizes, std::mt19937& rng)
    {
        const conv::trellis t = Code::trellis();
        const uint32_t W = uint32_t(conv::tailbiting_wrap(t.k));
        for (uint32_t F : sizes)
            for (int variant = 0; variant < 4; ++variant)
                for (bool words : { false, true }) {
                    const std::string what = "k " + std::to_string(t.k) + " n " + std::to_string(t.n) +
                                             " F " + std::to_string(F) + " variant " + std::to_string(variant);
                    const uint32_t Tn = F + uint32_t(t.k) - 1;
                    const auto term = input(t, Tn, variant, rng);
                    CPPUNIT_ASSERT_MESSAGE(what + " terminated",
                                           host_tile(code, term, Tn, 0, true, F, words, true) ==
                                               qa::reference_pass(t, term.data(), Tn, true, 0, 0, F));
                    const auto trunc = input(t, F, variant, rng);
                    CPPUNIT_ASSERT_MESSAGE(what + " truncated",
                                           host_tile(code, trunc, F, 0, true, F, words) ==
                                               qa::reference_pass(t, trunc.data(), F, true, -1, 0, F));
                    const auto tb = input(t, F, variant, rng);
                    std::vector<int8_t> ext;
                    for (uint32_t i = 0; i < F + 2 * W; ++i) {
                        const size_t src = (i + W * F - W) % F; // step i - W, mod F
                        ext.insert(ext.end(), tb.begin() + src * t.n, tb.begin() + (src + 1) * t.n);
                    }
                    CPPUNIT_ASSERT_MESSAGE(what + " tail-biting",
                                           host_tile(code, tb, F + 2 * W, W, false, F, words, false, F) ==
                                               qa::reference_pass(t, ext.data(), F + 2 * W, false, -1, W, F));
                }
    }

    template <class Code>
    static void check(Code code, uint32_t steps, uint32_t warm, bool known, uint32_t emit, int variant, std::mt19937& rng)
    {
        const conv::trellis t = Code::trellis();
        const std::vector<int8_t> llr = input(t, steps, variant, rng);
        const std::vector<uint8_t> ref = qa::reference_pass(t, llr.data(), steps, known, -1, warm, emit);
        for (bool words : { false, true }) {
            const std::vector<uint8_t> got = host_tile(code, llr, steps, warm, known, emit, words);
            CPPUNIT_ASSERT_MESSAGE("k " + std::to_string(t.k) + " n " + std::to_string(t.n) + " g0 " +
                                       std::to_string(t.polys[0]) + " steps " + std::to_string(steps) +
                                       " warm " + std::to_string(warm) + " known " + std::to_string(known) +
                                       " emit " + std::to_string(emit) + " variant " + std::to_string(variant) +
                                       " words " + std::to_string(words),
                                   got == ref);
        }
    }

    void catalogue_codes_equal_reference()
    {
        std::mt19937 rng(23);
        cuda::dpx_catalogue::for_each([&](auto code) {
            for (uint32_t steps : { 1u, 2u, 3u, 5u, 6u, 7u, 11u, 13u, 64u, 97u, 301u, 1200u })
                for (int variant = 0; variant < 4; ++variant)
                    for (bool known : { true, false }) {
                        const uint32_t warm = steps > 40 ? 17 + steps % 5 : steps / 3;
                        const uint32_t span = steps - warm;
                        check(code, steps, warm, known, span, variant, rng);                  // whole
                        check(code, steps, warm, known, span > 8 ? span - 7 : span, variant, rng); // payload
                        check(code, steps, 0, known, steps, variant, rng);                    // no warm-up
                    }
        });
    }

    /* Tiles whose warm-up and emitted length are multiples of 4 (the default tilings) take the
     * one-thread traceback in aligned blocks (trace_aligned): the tile's end, warm and emit at
     * every kind of place relative to those blocks, tiles too short for a whole block included. */
    void aligned_tiles_equal_reference()
    {
        std::mt19937 rng(41);
        cuda::dpx_catalogue::for_each([&](auto code) {
            for (uint32_t steps : { 8u, 23u, 24u, 61u, 100u, 257u, 1120u })
                for (uint32_t warm : { 0u, 4u, 32u })
                    for (uint32_t cut : { 0u, 4u, 12u, 40u }) {
                        const uint32_t span = warm < steps ? (steps - warm) & ~3u : 0;
                        if (warm < steps && cut <= span)
                            check(code, steps, warm, (steps + cut) % 2 == 0, span - cut, int(steps % 4), rng);
                    }
        });
    }

    /* Clean full-scale input over many renormalisation intervals, known and unknown start:
     * the 16-bit lanes at their limit must still compare the exact metrics. Catalogue and
     * JIT examples. */
    void long_saturated_streams()
    {
        std::mt19937 rng(29);
        const auto run = [&](auto code) {
            for (bool known : { true, false })
                for (int variant : { 0, 2 })
                    check(code, 6007, 31, known, 6007 - 31 - 60, variant, rng);
        };
        cuda::dpx_catalogue::for_each(run);
        cuda::dpx_jit_examples::for_each(run);
    }

    /* The catalogue holds every K 3..9 and n 2..4, each code matching its own trellis; the JIT
     * examples have generators that miss an end tap on one thread and on teams of 2 and 4 (the
     * exchange step's flipped branches). */
    void catalogue_covers_every_shape()
    {
        unsigned seen_k = 0, seen_n = 0;
        cuda::dpx_catalogue::for_each([&](auto code) {
            const conv::trellis t = decltype(code)::trellis();
            CPPUNIT_ASSERT(decltype(code)::matches(t));
            seen_k |= 1u << t.k;
            seen_n |= 1u << t.n;
        });
        CPPUNIT_ASSERT_EQUAL(0x3F8u, seen_k);
        CPPUNIT_ASSERT_EQUAL(0x1Cu, seen_n);
        unsigned one_sided_k = 0;
        cuda::dpx_jit_examples::for_each([&](auto code) {
            const conv::trellis t = decltype(code)::trellis();
            if (t.outputs(1, 1) != 0) // Fo != Fu: a generator taps one end only
                one_sided_k |= 1u << t.k;
        });
        CPPUNIT_ASSERT_EQUAL(0x3F8u, one_sided_k);
    }

    /* butterfly(s) against the trellis: the four branches of A = s, B = s + 1 on inputs 0 and
     * 1, c10 = c00 ^ Fo, c01 = c00 ^ Fu, c11 = c00 ^ Fo ^ Fu; and x, -x, -x, x (complements)
     * exactly when every generator taps both ends. */
    void butterfly_branches_follow_the_taps()
    {
        const auto run = [](auto code) { branches_of(code); };
        cuda::dpx_catalogue::for_each(run);
        cuda::dpx_jit_examples::for_each(run);
    }

    template <int K, unsigned... G>
    static void branches_of(cuda::dpx_code<K, G...>)
    {
        const conv::trellis t{ K, int(sizeof...(G)), { G... } };
        unsigned fo = 0, fu = 0;
        for (int j = 0; j < t.n; ++j) {
            fo |= (t.polys[j] & 1u) << j;
            fu |= ((t.polys[j] >> (K - 1)) & 1u) << j;
        }
        const unsigned all = (1u << t.n) - 1;
        const bool both_ends = fo == all && fu == all;
        for (int s = 0; s < t.states(); s += 2) {
            const cuda::dpx::branches b = cuda::dpx::butterfly<K, G...>(s);
            const std::string what = "K=" + std::to_string(K) + " g0=" + std::to_string(t.polys[0]) +
                                     " s=" + std::to_string(s);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, t.outputs(s, 0), unsigned(b.a0));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, t.outputs(s + 1, 0), unsigned(b.b0));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, t.outputs(s, 1), unsigned(b.a1));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, t.outputs(s + 1, 1), unsigned(b.b1));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, unsigned(b.a0) ^ fo, unsigned(b.b0));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, unsigned(b.a0) ^ fu, unsigned(b.a1));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, unsigned(b.a0) ^ fo ^ fu, unsigned(b.b1));
            const bool symmetric = unsigned(b.b0) == (all ^ unsigned(b.a0)) &&
                                   unsigned(b.a1) == (all ^ unsigned(b.a0)) && b.b1 == b.a0;
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, both_ends, symmetric);
        }
    }

    /* K = 8, 9 teams: with v'[c] = v[c ^ flips], thread tid's local coded bits turn into the
     * true ones of the butterflies at its positions. In phases below `local`, c00 of the A
     * state (its top bits are tid's); in the exchange phases, c00 for the lower thread of the
     * pair and c11 for the upper one (and so c10, c01: the formula step_exchange shares). */
    void team_flips_give_each_thread_its_branches()
    {
        const auto run = [](auto code) { flips_of(code); };
        cuda::dpx_catalogue::for_each(run);
        cuda::dpx_jit_examples::for_each(run);
    }

    template <int K, unsigned... G>
    static void flips_of(cuda::dpx_code<K, G...>)
    {
        using shape = cuda::dpx::shape<K>;
        if constexpr (shape::threads > 1) {
            const conv::trellis t{ K, int(sizeof...(G)), { G... } };
            constexpr int m = shape::m, L = shape::local;
            for (uint32_t tid = 0; tid < uint32_t(shape::threads); ++tid) {
                const uint32_t flips = cuda::dpx::team_flips<K, G...>(tid);
                for (int T = 0; T < m; ++T)
                    for (int j = 0; j < (1 << L); ++j) {
                        if (T < L && ((j >> T) & 1))
                            continue; // B positions of the vertical and swap steps
                        const int p = int(tid << L) | j;
                        const int state = cuda::dpx::rotr(p, T, m);
                        const bool upper = T >= L && ((tid >> (T - L)) & 1u);
                        const int a = state & ~1; // the butterfly's A state
                        const cuda::dpx::branches local = cuda::dpx::butterfly<K, G...>(cuda::dpx::rotr(j, T, m));
                        const uint32_t f = (flips >> (4 * T)) & 15u;
                        const std::string what = "K=" + std::to_string(K) + " g0=" + std::to_string(t.polys[0]) +
                                                 " tid " + std::to_string(tid) + " T " + std::to_string(T) +
                                                 " j " + std::to_string(j);
                        CPPUNIT_ASSERT_EQUAL_MESSAGE(what, t.outputs(a + (upper ? 1 : 0), upper ? 1 : 0),
                                                     uint32_t(local.a0) ^ f);
                        CPPUNIT_ASSERT_EQUAL_MESSAGE(what, t.outputs(a + (upper ? 0 : 1), upper ? 1 : 0),
                                                     uint32_t(local.b0) ^ f);
                        if (T < L) { // the vertical and swap steps also take input 1's branches
                            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, t.outputs(a, 1), uint32_t(local.a1) ^ f);
                            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, t.outputs(a + 1, 1), uint32_t(local.b1) ^ f);
                        }
                    }
            }
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(viterbi_tile_dpx_host_test);

} // namespace gpufec
} // namespace gr
