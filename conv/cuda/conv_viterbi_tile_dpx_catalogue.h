/* The codes the packed DPX tile kernel is built for (docs/viterbi.md): the generators are
 * template parameters of the kernel (conv_viterbi_tile_dpx_core.h), so each code is an
 * instantiation. Shared by the kernel's launcher and the host test of the core.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_VITERBI_TILE_DPX_CATALOGUE_H
#define INCLUDED_GPUFEC_CUDA_VITERBI_TILE_DPX_CATALOGUE_H

#include "conv/common/conv_trellis.h"

namespace gr {
namespace gpufec {
namespace cuda {

/* One code: constraint length K, generators G (conventional octal, in the code's order). */
template <int K, unsigned... G>
struct dpx_code {
    static bool matches(const conv::trellis& t)
    {
        const unsigned g[] = { G... };
        if (t.k != K || t.n != int(sizeof...(G)))
            return false;
        for (int j = 0; j < t.n; ++j)
            if (t.polys[j] != g[j])
                return false;
        return true;
    }
    static conv::trellis trellis() { return conv::trellis{ K, int(sizeof...(G)), { G... } }; }
};

template <class... Codes>
struct dpx_code_list {
    /* Calls f(code) for the code that matches @p t; false when none does. */
    template <class F>
    static bool find(const conv::trellis& t, F&& f)
    {
        return ((Codes::matches(t) ? (f(Codes{}), true) : false) || ...);
    }
    template <class F>
    static void for_each(F&& f)
    {
        (f(Codes{}), ...);
    }
};

/* Named codes, generators in the order the standards give them: K=7 r1/2 171/133 (CCSDS, DVB,
 * 802.11) in both orders, K=7 r1/3 133/171/165 (LTE), K=7 r1/4 117/127/155/171, K=6 r1/2 53/75,
 * K=5 r1/2 23/35 and r1/3 25/33/37, K=4 r1/2 15/17 and r1/3 13/15/17, K=3 r1/2 7/5 (K=3 has
 * only two generators that tap both ends); on teams of threads, K=9 r1/2 561/753 (IS-95, UMTS)
 * and r1/3 557/663/711 (UMTS), K=8 r1/2 247/371. */
using dpx_catalogue = dpx_code_list<dpx_code<7, 0171, 0133>,
                                    dpx_code<7, 0133, 0171>,
                                    dpx_code<7, 0133, 0171, 0165>,
                                    dpx_code<7, 0117, 0127, 0155, 0171>,
                                    dpx_code<6, 053, 075>,
                                    dpx_code<5, 023, 035>,
                                    dpx_code<5, 025, 033, 037>,
                                    dpx_code<4, 015, 017>,
                                    dpx_code<4, 013, 015, 017>,
                                    dpx_code<3, 07, 05>,
                                    dpx_code<9, 0561, 0753>,
                                    dpx_code<9, 0557, 0663, 0711>,
                                    dpx_code<8, 0247, 0371>>;

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
