/* The BSID channel's kernels: one thread per segment of input bits, each running the segment's
 * draws in order (common/bsid/channel_draws.h), so that any piece of a stream gives the CPU
 * channel's output.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/cuda/cuda_check.h"
#include "bsid_channel_kernels.h"
#include <gnuradio/gpufec/bsid/bsid_channel_model.h>
#include <algorithm>

namespace gr {
namespace gpufec {
namespace cuda {

namespace {

constexpr uint64_t seg_bits = bsid_channel_model::segment_bits;
constexpr unsigned threads = 128;

/* Input bits [b, e) of the piece in segment s (relative to the piece's first segment), and
 * the segment's index in the stream. */
struct segment_span {
    uint64_t segment;
    uint64_t b, e; // stream indices
};

__device__ segment_span span_of(size_t s, size_t n, uint64_t first)
{
    const uint64_t seg = first / seg_bits + s;
    const uint64_t b = seg * seg_bits > first ? seg * seg_bits : first;
    const uint64_t e = (seg + 1) * seg_bits < first + n ? (seg + 1) * seg_bits : first + n;
    return segment_span{ seg, b, e };
}

/* Runs segment s's draws, calling out(bit) for each received bit and mark(t, received so far)
 * before each input bit t of the piece. */
template <class Out, class Mark>
__device__ void run_segment(const uint8_t* bits, size_t s, size_t n, uint64_t first, uint64_t seed,
                            const detail::bsid_thresholds& th, Out&& out, Mark&& mark)
{
    const segment_span sp = span_of(s, n, first);
    detail::bsid_words words(seed, sp.segment);
    for (uint64_t t = sp.segment * seg_bits; t < sp.b; ++t) // a piece starting mid-segment
        detail::bsid_transmit_bit(words, th, 0u, [](uint32_t) {});
    for (uint64_t t = sp.b; t < sp.e; ++t) {
        mark(t);
        detail::bsid_transmit_bit(words, th, bits[t - first] != 0 ? 1u : 0u, out);
    }
}

__global__ void count_kernel(const uint8_t* bits, size_t n, uint64_t first, uint64_t seed,
                             detail::bsid_thresholds th, uint32_t* counts, size_t segments)
{
    const size_t s = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
    if (s >= segments)
        return;
    uint32_t c = 0;
    run_segment(bits, s, n, first, seed, th, [&c](uint32_t) { ++c; }, [](uint64_t) {});
    counts[s] = c;
}

__global__ void write_kernel(const uint8_t* bits, size_t n, uint64_t first, uint64_t seed,
                             detail::bsid_thresholds th, const uint64_t* offsets, uint8_t* received,
                             int32_t* drift, size_t segments)
{
    const size_t s = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
    if (s >= segments)
        return;
    uint64_t at = offsets[s];
    run_segment(
        bits, s, n, first, seed, th, [&](uint32_t b) { received[at++] = uint8_t(b); },
        [&](uint64_t t) { drift[t - first] = int32_t(int64_t(at) - int64_t(t - first)); });
}

unsigned blocks_for(size_t segments) { return unsigned((segments + threads - 1) / threads); }

} // namespace

size_t bsid_channel_segments(size_t n, uint64_t first)
{
    return n ? size_t((first + n - 1) / seg_bits - first / seg_bits + 1) : 0;
}

void launch_bsid_channel_count(const uint8_t* bits, size_t n, uint64_t first, uint64_t seed,
                               detail::bsid_thresholds th, uint32_t* counts, cudaStream_t stream)
{
    const size_t segments = bsid_channel_segments(n, first);
    if (!segments)
        return;
    count_kernel<<<blocks_for(segments), threads, 0, stream>>>(bits, n, first, seed, th, counts, segments);
    GPUFEC_CUDA_CHECK_LAUNCH();
}

void launch_bsid_channel_write(const uint8_t* bits, size_t n, uint64_t first, uint64_t seed,
                               detail::bsid_thresholds th, const uint64_t* offsets, uint8_t* received,
                               int32_t* drift, cudaStream_t stream)
{
    const size_t segments = bsid_channel_segments(n, first);
    if (!segments)
        return;
    write_kernel<<<blocks_for(segments), threads, 0, stream>>>(bits, n, first, seed, th, offsets, received,
                                                               drift, segments);
    GPUFEC_CUDA_CHECK_LAUNCH();
}

} // namespace cuda
} // namespace gpufec
} // namespace gr
