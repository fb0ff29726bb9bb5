/* The arguments of the one-thread-per-tile and one-thread-per-frame kernels: plain data that
 * the host fills and the kernel reads, so this header is also part of the kernel source that
 * NVRTC compiles at run time (viterbi_tile_dpx_jit.cc): nothing here but <cstdint>/<cstddef>.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_VITERBI_TILE_ARGS_H
#define INCLUDED_GPUFEC_CUDA_VITERBI_TILE_ARGS_H

#include <cstddef>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace cuda {

/*! What a one-thread-per-tile kernel thread needs: tile t decodes steps [t P, (t+1) P) from
 *  llr, which holds steps [first_step, end_step). */
struct thread_tile_args {
    uint64_t payload, before, after;
    uint64_t first_step, end_step, first_tile;
    size_t n_tiles;
    const int8_t* llr;
    uint8_t* bits;
    uint32_t* dec;      //!< workspace: decisions laid out [warp][step][word][lane], 32-bit words
    uint32_t dec_steps; //!< payload + after
};

constexpr unsigned thread_tile_block_threads = 128;

/*! What a one-thread-per-frame kernel thread needs (framed codes on the DPX kernel). The
 *  termination is two flags (not the public enum, whose header is host-only). */
struct thread_frame_args {
    bool tailbiting;      //!< over the circular extension, from equal metrics
    bool terminated;      //!< from state 0 to state 0 (else truncated: to the best state)
    uint32_t frame_bits;
    uint32_t frame_steps; //!< LLR steps per frame: frame_bits (+ k-1 when terminated)
    uint32_t dec_steps;   //!< decided steps stored per frame
    size_t n_frames;
    const int8_t* llr;
    uint8_t* bits;
    uint32_t* dec; //!< workspace: decisions laid out [warp][step][word][lane]
};

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CUDA_VITERBI_TILE_ARGS_H */
