/* The two metric domains of the LTE turbo decoders (docs/turbo.md, "16-bit metrics"): what
 * differs between float and 16-bit integer decoding besides the value type, so that the CPU
 * and GPU decoders run the same lte_turbo_siso_arith.h functions in either.
 *
 * 16-bit integers (max-log-MAP only): channel values are the soft-input stage's int8 values
 * q = round(LLR * llr_scale) in [-127, 127]; the extrinsic is clamped to +-1023 and becomes
 * the other constituent's a priori value (n e + 8) >> 4 with n = round(16 * scaling) (0.75 is
 * exact: n = 12). Then |sa| <= 127 + 1023 = 1150 and the branch metrics of a step differ by at
 * most D = |sa| + |par| <= 1277. Every state reaches every other in three steps, so once all
 * states are reachable, alpha and beta normalised to state 0 lie in [-3D, 3D]; an unreachable
 * start of -16384 (< -3D - D, below anything a real path scores) acts as -infinity. In the
 * first three steps state 0 stays at 0 (its branch from state 0 scores 0, and every other
 * predecessor is unreachable), so the normalisation subtracts nothing, and a state not yet
 * reachable gains at most D and loses at most |par| a step, for two steps: it stays within
 * [-16384 - 254, -16384 + 2D], far below every real path. The extrinsic's sums alpha + parity
 * + beta therefore stay within [-(16384 + 254 + 3D + 127), 6D + 127], inside
 * [-30558, 7789], and L(1) - L(0) within [-(9D + 254), 6D + 127], which int32 arithmetic holds
 * and which is clamped before it is stored: no value stored or carried in 16 bits ever wraps
 * (qa_turbo_int16's bounds test drives each range to its ends). Integer results
 * do not depend on the order of evaluation, so any decoder that computes these functions
 * without wrapping takes the same decisions.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_TURBO_METRIC_DOMAINS_H
#define INCLUDED_GPUFEC_CORE_TURBO_METRIC_DOMAINS_H

#include <gnuradio/gpufec/core/core_api.h>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace turbo {

/*! Binary32 metrics; scaling multiplies the extrinsic (no fused multiply-add). */
struct float_metrics {
    using metric = float; //!< what the recursions compute in
    using stored = float; //!< what arrays of channel values and extrinsics hold
    float scaling;

    GPUFEC_HOST_DEVICE metric apriori(metric e) const
    {
#if defined(__CUDA_ARCH__)
        return __fmul_rn(scaling, e);
#else
        return scaling * e;
#endif
    }
    GPUFEC_HOST_DEVICE metric extrinsic_out(metric e) const { return e; }
};

/*! 16-bit integer metrics, computed in int32 (see the file comment for the bounds). */
struct int16_metrics {
    using metric = int32_t;
    using stored = int16_t;
    static constexpr int32_t extrinsic_limit = 1023;
    static constexpr int32_t channel_limit = 127;
    int32_t n16; //!< scaling in sixteenths, 1..16

    /*! n = round(16 scaling), at least 1 (scaling is in (0, 1]). */
    GPUFEC_HOST_DEVICE static int32_t sixteenths(float scaling)
    {
        const int32_t n = int32_t(scaling * 16.0f + 0.5f);
        return n < 1 ? 1 : (n > 16 ? 16 : n);
    }
    GPUFEC_HOST_DEVICE explicit int16_metrics(float scaling) : n16(sixteenths(scaling)) {}

    /*! An arithmetic shift: floor((n e + 8) / 16), the same for either sign on every backend. */
    GPUFEC_HOST_DEVICE metric apriori(metric e) const { return (n16 * e + 8) >> 4; }
    GPUFEC_HOST_DEVICE metric extrinsic_out(metric e) const
    {
        return e < -extrinsic_limit ? -extrinsic_limit : (e > extrinsic_limit ? extrinsic_limit : e);
    }
};

} // namespace turbo
} // namespace gpufec
} // namespace gr

#endif
