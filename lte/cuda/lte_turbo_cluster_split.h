/* How the cluster kernel (turbo_cluster.cu) spreads one code block over the C thread blocks of
 * a cluster: thread block r owns the contiguous windows [floor(r P / C), floor((r + 1) P / C))
 * of the P sub-block windows (docs/turbo.md, "Sub-blocks"), the same in both constituents, so
 * it owns the steps [begin(r), begin(r + 1)) of each and reads their training steps from the
 * halo of g steps either side. The interleaver scatters the exchange across the cluster:
 * rank_of(k) says which thread block holds step k's extrinsic. Shared by host and device (a
 * host test checks it against brute force).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_TURBO_CLUSTER_SPLIT_H
#define INCLUDED_GPUFEC_CUDA_TURBO_CLUSTER_SPLIT_H

#include <gnuradio/gpufec/core/core_api.h>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace cuda {

/* All products stay below 2^26 for LTE's K <= 6144 (P <= K, C <= 16): 32-bit arithmetic. */
struct cluster_split {
    unsigned K, P, g, C; //!< block size, windows, training steps, thread blocks (C <= P)

    /*! b_w = floor(w K / P): window w's first step (b_P = K). */
    GPUFEC_HOST_DEVICE unsigned window_begin(unsigned w) const { return w * K / P; }
    /*! The first window of thread block r (r = C: P). */
    GPUFEC_HOST_DEVICE unsigned first_window(unsigned r) const { return r * P / C; }
    /*! The window holding step k: the largest w with b_w <= k, i.e. w K / P < k + 1. */
    GPUFEC_HOST_DEVICE unsigned window_of(unsigned k) const { return ((k + 1) * P - 1) / K; }
    /*! The thread block holding window w: the largest r with r P / C < w + 1. */
    GPUFEC_HOST_DEVICE unsigned rank_of_window(unsigned w) const
    {
        return ((w + 1) * C - 1) / P;
    }
    GPUFEC_HOST_DEVICE unsigned rank_of(unsigned k) const { return rank_of_window(window_of(k)); }
    /*! Thread block r owns the steps [begin(r), begin(r + 1)). */
    GPUFEC_HOST_DEVICE unsigned begin(unsigned r) const { return window_begin(first_window(r)); }
    /*! Its windows' recursions run over [halo_begin(r), halo_end(r)): g training steps either
     *  side (g <= floor(K / P) keeps these inside the block). */
    GPUFEC_HOST_DEVICE unsigned halo_begin(unsigned r) const { return r == 0 ? 0 : begin(r) - g; }
    GPUFEC_HOST_DEVICE unsigned halo_end(unsigned r) const { return r + 1 == C ? K : begin(r + 1) + g; }

    /*! The most windows, owned steps and halo steps of any thread block: what its shared
     *  memory is sized for. */
    GPUFEC_HOST_DEVICE unsigned max_windows() const { return (P + C - 1) / C; }
    GPUFEC_HOST_DEVICE unsigned max_owned() const
    {
        unsigned most = 0;
        for (unsigned r = 0; r < C; ++r)
            most = most > begin(r + 1) - begin(r) ? most : begin(r + 1) - begin(r);
        return most;
    }
    GPUFEC_HOST_DEVICE unsigned max_halo() const
    {
        unsigned most = 0;
        for (unsigned r = 0; r < C; ++r)
            most = most > halo_end(r) - halo_begin(r) ? most : halo_end(r) - halo_begin(r);
        return most;
    }
};

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
