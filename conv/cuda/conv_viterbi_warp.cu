/* The general Viterbi kernel: one warp decodes one job (a frame or a streaming tile), any
 * k in 3..9 and n in 2..4, exactly as docs/viterbi.md says.
 *
 *   PM'[s'] = max_b ( PM[(2 s' mod S) + b] + BM(pred_b -> s') ),  d[s'] = (m_1 > m_0)
 *   BM = sum_j (c_j ? L_j : -L_j)
 *
 * Lane l owns butterflies i = l + 32 r: predecessors 2i, 2i+1, successors i and i + S/2.
 * Path metrics are uint32 with wrap-around and compared through their int32 difference (the
 * spread between states stays far below 2^31, so this compares the exact values and frames
 * of any length cannot overflow). They live in shared memory, double-buffered, so one
 * __syncwarp per step suffices. Decisions are gathered with __ballot_sync into 32-bit words
 * (word s >> 5, bit s & 31 for state s) kept in shared memory, or in global memory when a
 * job's survivors do not fit. Lane 0 traces back serially.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/cuda/cuda_check.h"
#include "skeleton/common/quantize.h"
#include "conv_viterbi_tile_kernels.h"
#include <climits>
#include <stdexcept>
#include <string>

namespace gr {
namespace gpufec {
namespace cuda {

namespace {

constexpr int max_warps_per_block = 4;
constexpr size_t max_shared_per_block = 48 * 1024;

/* One warp's work, in "extended" step indices e = 0 .. steps-1. */
struct warp_job {
    const int8_t* llr;   //!< LLRs of llr step 0
    uint32_t first_idx;  //!< llr step of e = 0
    uint32_t wrap_n;     //!< the llr step index wraps to 0 here (tailbiting), else UINT_MAX
    uint32_t steps;      //!< ACS steps
    uint32_t store_from; //!< first e whose decisions are kept
    uint32_t emit_from;  //!< decisions e in [emit_from, emit_to) are output
    uint32_t emit_to;
    bool known_start;    //!< state 0 known at e = 0
    int end_state;       //!< traceback start; -1: the best state
    uint8_t* out;        //!< decision of e = emit_from
};

enum class job_kind { FRAMES, TILES, SEGMENT };

struct kernel_args {
    conv::trellis t;
    job_kind kind;
    // frames
    termination term;
    uint32_t frame_bits;
    uint32_t frame_steps;
    // tiles
    uint64_t payload, before, after;
    uint64_t first_step, end_step, first_tile;
    // segment: ACS over all steps, the last n_out decisions
    uint32_t seg_steps, seg_out;
    bool seg_known;
    // all
    const int8_t* llr;
    uint8_t* bits;
    size_t n_jobs;
    uint32_t* dec_global;   //!< null: decisions in shared memory
    size_t dec_words;       //!< decision words per job
};

__device__ warp_job frame_job(const kernel_args& a, size_t job)
{
    warp_job j;
    const uint32_t N = a.frame_bits;
    j.llr = a.llr + job * size_t(a.frame_steps) * a.t.n;
    j.out = a.bits + job * size_t(N);
    j.wrap_n = UINT_MAX;
    j.first_idx = 0;
    j.store_from = 0;
    j.emit_from = 0;
    j.emit_to = N;
    j.known_start = true;
    j.end_state = -1;
    if (a.term == termination::TERMINATED) {
        j.steps = N + a.t.k - 1;
        j.end_state = 0;
    } else if (a.term == termination::TRUNCATED) {
        j.steps = N;
    } else { // TAILBITING: [N-W, N) ++ [0, N) ++ [0, W), indices mod N
        const uint32_t W = uint32_t(conv::tailbiting_wrap(a.t.k));
        j.steps = N + 2 * W;
        j.first_idx = (N - W % N) % N;
        j.wrap_n = N;
        j.store_from = W;
        j.emit_from = W;
        j.emit_to = W + N;
        j.known_start = false;
    }
    return j;
}

__device__ warp_job tile_job(const kernel_args& a, size_t job)
{
    warp_job j;
    const conv::tile_window w =
        conv::tile_window_of(a.first_tile + job, a.payload, a.before, a.after, a.end_step);
    const uint64_t tp = w.first, begin = w.begin, end = w.end;
    j.llr = a.llr;
    j.first_idx = uint32_t(begin - a.first_step);
    j.wrap_n = UINT_MAX;
    j.steps = uint32_t(end - begin);
    j.store_from = uint32_t(tp - begin);
    j.emit_from = j.store_from;
    j.emit_to = uint32_t(min(tp + a.payload, end) - begin);
    j.known_start = begin == 0;
    j.end_state = -1;
    j.out = a.bits + job * a.payload;
    return j;
}

__device__ warp_job segment_job(const kernel_args& a)
{
    warp_job j;
    j.llr = a.llr;
    j.first_idx = 0;
    j.wrap_n = UINT_MAX;
    j.steps = a.seg_steps;
    j.store_from = a.seg_steps - a.seg_out;
    j.emit_from = j.store_from;
    j.emit_to = a.seg_steps;
    j.known_start = a.seg_known;
    j.end_state = -1;
    j.out = a.bits;
    return j;
}

template <int K>
__device__ void decode_job(const conv::trellis& t, const warp_job& j, uint32_t* pm, uint32_t* dec, int lane)
{
    constexpr int S = 1 << (K - 1);
    constexpr int HALF = S / 2;
    constexpr int R = (HALF + 31) / 32; // butterflies per lane
    constexpr int WPS = (S + 31) / 32;  // decision words per step
    const int n = t.n;

    // Coded bits of the lane's four transitions (pred 2i+b, input u) -> index b + 2u.
    uint32_t code[R][4];
#pragma unroll
    for (int r = 0; r < R; ++r)
#pragma unroll
        for (int q = 0; q < 4; ++q) {
            const uint32_t i = lane + 32 * r;
            code[r][q] = i < HALF ? t.outputs(2 * i + (q & 1), q >> 1) : 0;
        }

    const uint32_t unreachable = uint32_t(conv::unreachable_metric(K, n));
    for (int s = lane; s < S; s += 32)
        pm[s] = (j.known_start && s != 0) ? unreachable : 0u;
    __syncwarp();

    uint32_t idx = j.first_idx;
    int cur = 0;
    for (uint32_t e = 0; e < j.steps; ++e) {
        const int8_t* lp = j.llr + size_t(idx) * n;
        int L[conv::max_n];
#pragma unroll
        for (int q = 0; q < conv::max_n; ++q)
            L[q] = q < n ? llr_value(lp[q]) : 0;
        if (++idx == j.wrap_n)
            idx = 0;
        const uint32_t* src = pm + cur * S;
        uint32_t* dst = pm + (cur ^ 1) * S;
        const bool store = e >= j.store_from;
        uint32_t* row = dec + size_t(e - j.store_from) * WPS;
#pragma unroll
        for (int r = 0; r < R; ++r) {
            const uint32_t i = lane + 32 * r;
            bool d0 = false, d1 = false;
            if (i < HALF) {
                const uint2 ab = *reinterpret_cast<const uint2*>(src + 2 * i);
                int bm[4];
#pragma unroll
                for (int q = 0; q < 4; ++q) {
                    int acc = 0;
#pragma unroll
                    for (int b = 0; b < conv::max_n; ++b)
                        acc += (code[r][q] >> b) & 1 ? L[b] : -L[b];
                    bm[q] = acc;
                }
                const uint32_t m00 = ab.x + bm[0], m10 = ab.y + bm[1]; // into state i
                const uint32_t m01 = ab.x + bm[2], m11 = ab.y + bm[3]; // into state i + S/2
                d0 = int32_t(m10 - m00) > 0;
                d1 = int32_t(m11 - m01) > 0;
                dst[i] = d0 ? m10 : m00;
                dst[i + HALF] = d1 ? m11 : m01;
            }
            const uint32_t b0 = __ballot_sync(0xffffffffu, d0);
            const uint32_t b1 = __ballot_sync(0xffffffffu, d1);
            if (store) {
                if (S >= 64) {
                    if (lane == r)
                        row[r] = b0;
                    if (lane == R + r)
                        row[R + r] = b1;
                } else if (lane == 0) {
                    row[0] = b0 | (b1 << (HALF & 31));
                }
            }
        }
        __syncwarp();
        cur ^= 1;
    }

    // Traceback start: state 0, or the best state (largest metric, lowest index on ties).
    uint32_t best = 0;
    if (j.end_state >= 0) {
        best = uint32_t(j.end_state);
    } else {
        const uint32_t* fin = pm + cur * S;
        const uint32_t ref = fin[0];
        int bv = INT_MIN, bs = INT_MAX;
        for (int s = lane; s < S; s += 32) {
            const int v = int32_t(fin[s] - ref);
            if (v > bv) {
                bv = v;
                bs = s;
            }
        }
#pragma unroll
        for (int off = 16; off > 0; off >>= 1) {
            const int ov = __shfl_xor_sync(0xffffffffu, bv, off);
            const int os = __shfl_xor_sync(0xffffffffu, bs, off);
            if (ov > bv || (ov == bv && os < bs)) {
                bv = ov;
                bs = os;
            }
        }
        best = uint32_t(bs);
    }

    if (lane == 0 && j.steps > j.emit_from) {
        uint32_t s = best;
        for (uint32_t e = j.steps - 1;; --e) {
            if (e < j.emit_to)
                j.out[e - j.emit_from] = uint8_t(s >> (K - 2));
            if (e == j.emit_from)
                break;
            const uint32_t w = dec[size_t(e - j.store_from) * WPS + (s >> 5)];
            s = ((s << 1) & (S - 1)) | ((w >> (s & 31)) & 1u);
        }
    }
}

template <int K>
__global__ void __launch_bounds__(32 * max_warps_per_block) viterbi_warp_kernel(kernel_args a)
{
    extern __shared__ uint32_t smem[];
    constexpr int S = 1 << (K - 1);
    const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
    const size_t job = size_t(blockIdx.x) * (blockDim.x >> 5) + warp;
    if (job >= a.n_jobs)
        return; // the whole warp leaves together
    const warp_job j = a.kind == job_kind::FRAMES  ? frame_job(a, job)
                       : a.kind == job_kind::TILES ? tile_job(a, job)
                                                   : segment_job(a);
    const size_t per_warp = 2 * S + (a.dec_global ? 0 : a.dec_words);
    uint32_t* pm = smem + warp * per_warp;
    uint32_t* dec = a.dec_global ? a.dec_global + job * a.dec_words : pm + 2 * S;
    decode_job<K>(a.t, j, pm, dec, lane);
}

/* Shared-memory plan for jobs keeping dec_words decision words each. */
struct plan {
    bool global;
    int warps;
    size_t shared_bytes;
};

plan make_plan(int k, size_t dec_words)
{
    const size_t pm_bytes = 2 * (size_t(1) << (k - 1)) * sizeof(uint32_t);
    const size_t warp_bytes = pm_bytes + dec_words * sizeof(uint32_t);
    plan p;
    p.global = warp_bytes > max_shared_per_block;
    const size_t per_warp = p.global ? pm_bytes : warp_bytes;
    p.warps = int(std::min<size_t>(max_warps_per_block, max_shared_per_block / per_warp));
    p.shared_bytes = per_warp * p.warps;
    return p;
}

size_t words_per_step(int k) { return ((size_t(1) << (k - 1)) + 31) / 32; }

/* A job's decision words, padded to 16 bytes so that every warp's metrics stay aligned. */
size_t padded(size_t words) { return (words + 3) & ~size_t(3); }

size_t frame_stored_steps(int k, termination term, size_t frame_bits)
{
    switch (term) {
    case termination::TERMINATED:
        return frame_bits + k - 1;
    case termination::TRUNCATED:
        return frame_bits;
    case termination::TAILBITING:
        return frame_bits + size_t(conv::tailbiting_wrap(k));
    default:
        throw std::invalid_argument("launch_viterbi_frames: a streaming code has no frames");
    }
}

void check_code(const conv::trellis& t)
{
    if (t.k < 3 || t.k > conv::max_k || t.n < 2 || t.n > conv::max_n)
        throw std::invalid_argument("viterbi kernels: k must be 3..9 and n 2..4, got k=" +
                                    std::to_string(t.k) + " n=" + std::to_string(t.n));
}

void launch(const kernel_args& a, cudaStream_t stream)
{
    if (a.n_jobs == 0)
        return;
    const plan p = make_plan(a.t.k, a.dec_words);
    if (p.global && !a.dec_global)
        throw std::invalid_argument("viterbi kernels: a workspace is needed for these sizes");
    kernel_args b = a;
    if (!p.global)
        b.dec_global = nullptr;
    const dim3 grid(unsigned((a.n_jobs + p.warps - 1) / p.warps));
    const dim3 block(32 * p.warps);
    switch (a.t.k) {
#define GPUFEC_VITERBI_K(K)                                                              \
    case K:                                                                              \
        viterbi_warp_kernel<K><<<grid, block, p.shared_bytes, stream>>>(b);              \
        break;
        GPUFEC_VITERBI_K(3)
        GPUFEC_VITERBI_K(4)
        GPUFEC_VITERBI_K(5)
        GPUFEC_VITERBI_K(6)
        GPUFEC_VITERBI_K(7)
        GPUFEC_VITERBI_K(8)
        GPUFEC_VITERBI_K(9)
#undef GPUFEC_VITERBI_K
    }
    GPUFEC_CUDA_CHECK_LAUNCH();
}

} // namespace

size_t viterbi_warp_frames_workspace_bytes(const conv::trellis& t,
                                           termination term,
                                           size_t frame_bits,
                                           size_t n_frames)
{
    check_code(t);
    const size_t words = padded(frame_stored_steps(t.k, term, frame_bits) * words_per_step(t.k));
    return make_plan(t.k, words).global ? n_frames * words * sizeof(uint32_t) : 0;
}

void launch_viterbi_warp_frames(const conv::trellis& t,
                                termination term,
                                size_t frame_bits,
                                const int8_t* llr,
                                uint8_t* bits,
                                size_t n_frames,
                                void* workspace,
                                cudaStream_t stream)
{
    check_code(t);
    kernel_args a{};
    a.t = t;
    a.kind = job_kind::FRAMES;
    a.term = term;
    a.frame_bits = uint32_t(frame_bits);
    a.frame_steps = uint32_t(frame_bits + (term == termination::TERMINATED ? t.k - 1 : 0));
    a.llr = llr;
    a.bits = bits;
    a.n_jobs = n_frames;
    a.dec_global = static_cast<uint32_t*>(workspace);
    a.dec_words = padded(frame_stored_steps(t.k, term, frame_bits) * words_per_step(t.k));
    launch(a, stream);
}

size_t viterbi_warp_tiles_workspace_bytes(const conv::trellis& t,
                                          const viterbi_tile_shape& shape,
                                          size_t n_tiles)
{
    check_code(t);
    const size_t words = padded((shape.payload + shape.after) * words_per_step(t.k));
    return make_plan(t.k, words).global ? n_tiles * words * sizeof(uint32_t) : 0;
}

void launch_viterbi_warp_tiles(const conv::trellis& t,
                               const viterbi_tile_shape& shape,
                               const int8_t* llr,
                               uint64_t first_step,
                               size_t n_steps,
                               uint64_t first_tile,
                               size_t n_tiles,
                               uint8_t* bits,
                               void* workspace,
                               cudaStream_t stream)
{
    check_code(t);
    kernel_args a{};
    a.t = t;
    a.kind = job_kind::TILES;
    a.payload = shape.payload;
    a.before = shape.before;
    a.after = shape.after;
    a.first_step = first_step;
    a.end_step = first_step + n_steps;
    a.first_tile = first_tile;
    a.llr = llr;
    a.bits = bits;
    a.n_jobs = n_tiles;
    a.dec_global = static_cast<uint32_t*>(workspace);
    a.dec_words = padded((shape.payload + shape.after) * words_per_step(t.k));
    launch(a, stream);
}

} // namespace cuda
} // namespace gpufec
} // namespace gr

namespace gr {
namespace gpufec {
namespace cuda {

size_t viterbi_segment_workspace_bytes(const conv::trellis& t, size_t n_out)
{
    check_code(t);
    const size_t words = padded(n_out * words_per_step(t.k));
    return make_plan(t.k, words).global ? words * sizeof(uint32_t) : 0;
}

void launch_viterbi_segment(const conv::trellis& t,
                            const int8_t* llr,
                            size_t n_steps,
                            bool start_known,
                            size_t n_out,
                            uint8_t* bits,
                            void* workspace,
                            cudaStream_t stream)
{
    check_code(t);
    if (n_out > n_steps)
        throw std::invalid_argument("launch_viterbi_segment: more decisions than steps");
    kernel_args a{};
    a.t = t;
    a.kind = job_kind::SEGMENT;
    a.seg_steps = uint32_t(n_steps);
    a.seg_out = uint32_t(n_out);
    a.seg_known = start_known;
    a.llr = llr;
    a.bits = bits;
    a.n_jobs = n_out ? 1 : 0;
    a.dec_global = static_cast<uint32_t*>(workspace);
    a.dec_words = padded(n_out * words_per_step(t.k));
    launch(a, stream);
}

} // namespace cuda
} // namespace gpufec
} // namespace gr
