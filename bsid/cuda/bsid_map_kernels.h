/* Launchers of the CUDA insertion/deletion MAP decoder (docs/bsid-cuda.md): the received bits of a
 * batch packed into words, the gamma kernel of the GLOBAL storage mode, and the forward-backward
 * kernel (one thread block per frame) of both modes. The plan fixes every launch parameter from
 * the device's properties and the code's sizes; the caller owns every buffer and sizes it from
 * the plan. Errors are thrown.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_BSID_MAP_KERNELS_H
#define INCLUDED_GPUFEC_CUDA_BSID_MAP_KERNELS_H

#include <gnuradio/gpufec/bsid/bsid_map.h>
#include <cuda_runtime.h>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace gr {
namespace gpufec {
namespace cuda {

/*! A frame's window as the kernels read it (bsid_frame_window, in fixed-size fields). */
struct bsid_window_dev {
    uint64_t offset; //!< first bit in the batch's received buffer
    int64_t length;
    int64_t origin;
    int32_t end_known;
    int32_t pad_;
};

/*! Zero words before and after the packed received bits, so that a codeword's 64-bit read
 *  window never leaves the buffer. */
constexpr size_t bsid_words_before = 2;
constexpr size_t bsid_words_after = 4;

/*! Words launch_bsid_pack writes for @p bits received bits, padding included. */
inline size_t bsid_packed_words(size_t bits)
{
    return bsid_words_before + (bits + 31) / 32 + bsid_words_after;
}

/*! The sizes every kernel needs: the code's, the drift limits', the channel's. */
struct bsid_map_shape {
    int n, q, N, lookahead;
    bsid_drift_limits limits;
    bsid_params channel;
    bsid_precision precision;
    const uint32_t* codewords; //!< device: N * q packed codewords (tvb_code::packed())
    const uint32_t* order;     //!< device: N * q, codebook i's symbols by increasing codeword
    int prefix1, prefix2;      //!< the register lattice's checkpoint depths (bsid_prefix_depths)
};

/*! Checkpoint depths for the register lattice (bsid_lattice.h): 0 <= c1 < c2 < n (0: none),
 *  chosen to compute the fewest lattice rows for these codebooks. */
struct bsid_prefix_depths {
    int c1, c2;
};
bsid_prefix_depths choose_bsid_prefix_depths(const uint32_t* codewords, size_t n, size_t q, size_t N);

/*! Codebook i's symbols in increasing order of their codewords: N * q. */
std::vector<uint32_t> bsid_symbol_order(const uint32_t* codewords, size_t q, size_t N);

/*! How the forward-backward kernel runs a batch (plan_bsid_map). */
struct bsid_map_plan {
    int width_template;    //!< register lattice width (1..16, 24, 32), or 0: the generic lattice;
                           //!< pooled: 32 = columns a thread in registers, 0 = the shared pipeline
    unsigned threads;      //!< per block (one block per frame)
    unsigned groups;       //!< symbol groups S: thread item (m', g) handles q / S symbols; pooled: column segments G
    unsigned m_pad;        //!< frame states rounded up to a warp
    size_t exch_elems;     //!< exchange buffer reals per frame
    bool exch_shared;      //!< in shared memory (else in exch_scratch, per frame)
    size_t words_shared;   //!< received words per frame staged in shared memory (0: read global)
    size_t shared_bytes;   //!< dynamic shared memory per block
    size_t lattice_scratch_elems; //!< generic lattice: reals of scratch per frame (else 0)
    size_t gamma_threads;  //!< GLOBAL mode: threads per block of the gamma kernel
    size_t gamma_blocks;   //!< GLOBAL mode: blocks of the gamma kernel (a grid-stride loop)
    size_t gamma_scratch_elems; //!< generic lattice in the gamma kernel: reals of scratch
    size_t max_grid;       //!< frames per launch of the forward-backward kernel
};

/*! Reals of stored gamma per frame (GLOBAL): (N + L) * M_tau * q * M_n. */
size_t bsid_gamma_elems(const bsid_map_shape& s);
/*! Reals of stored alpha per frame: (N + 1) * M_tau. */
size_t bsid_alpha_elems(const bsid_map_shape& s);

/*!
 * The launch parameters for batches of up to @p frames frames on the current device, whose
 * windows hold at most @p max_window bits.
 * @throws std::invalid_argument when no launch fits the device (shared memory for the
 *         smallest layout), naming the sizes
 */
bsid_map_plan plan_bsid_map(const bsid_map_shape& s, size_t frames, size_t max_window);

/*! words (bsid_packed_words(bits) of them) = the received bytes (nonzero = 1) packed, the first
 *  bit the most significant, with zero padding before and after. */
void launch_bsid_pack(const uint8_t* received, size_t bits, uint32_t* words, cudaStream_t stream);

/*! The batch's device buffers (null where not used). */
struct bsid_map_buffers {
    const uint8_t* received;   //!< received bytes of the whole batch
    const uint32_t* words;     //!< launch_bsid_pack of them
    size_t n_words;            //!< bsid_packed_words(received bits)
    const bsid_window_dev* windows;
    const double* start_drift; //!< frames * M_tau, or null
    const double* priors;      //!< frames * N * q, or null
    void* gamma;               //!< GLOBAL: frames * bsid_gamma_elems reals; LOCAL: null
    void* alpha;               //!< frames * bsid_alpha_elems reals
    void* exch_scratch;        //!< frames * exch_elems reals when !plan.exch_shared
    void* lattice_scratch;     //!< generic lattice: max(frames * lattice_scratch_elems,
                               //!< gamma_scratch_elems) reals; else null
    double* posteriors;        //!< frames * N * q out, or null
    uint32_t* decisions;       //!< frames * N out, or null
    double* end_drift;         //!< frames * M_tau out, or null
};

/*! Decodes @p frames frames: in GLOBAL mode (buffers.gamma non-null) the gamma kernel first,
 *  then the forward-backward kernel. */
void launch_bsid_map(const bsid_map_shape& s,
                     const bsid_map_plan& plan,
                     const bsid_map_buffers& b,
                     size_t frames,
                     cudaStream_t stream);

/*!
 * The pooled lattice's launch parameters (docs/bsid-cuda.md, "Pooled lattice") for windows of
 * at most @p max_window bits: width_template and groups (the lattice policy and its column
 * segments), threads, exch_elems (reals of lattice rows,
 * posterior sums and priors per frame) and exch_shared, words_shared (received BYTES staged
 * in shared memory: max_window or 0), shared_bytes, max_grid; the other fields 0.
 * @throws std::invalid_argument when the drift states' rows do not fit the shared memory
 */
bsid_map_plan plan_bsid_pooled(const bsid_map_shape& s, size_t max_window);

/*! Decodes @p frames frames with the pooled lattice: buffers as launch_bsid_map, with gamma
 *  and lattice_scratch unused and exch_scratch frames * plan.exch_elems reals when
 *  !plan.exch_shared. */
void launch_bsid_pooled(const bsid_map_shape& s,
                        const bsid_map_plan& plan,
                        const bsid_map_buffers& b,
                        size_t frames,
                        cudaStream_t stream);

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
