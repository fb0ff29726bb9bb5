/* The benchmark cases gpufec_bench runs, one function per area.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BENCH_CASES_H
#define INCLUDED_GPUFEC_BENCH_CASES_H

#include "harness.h"

namespace gpufec_bench {

/*! AWGN/BPSK generation: device-resident kernels and the host-memory generator. */
void bench_awgn(const config& cfg, table& out);

/*! Viterbi decoding: CUDA kernels on device memory, end to end with host copies, the engine,
 *  and (group "viterbi-tiling") the BER-vs-throughput table over tilings. */
void bench_viterbi(const config& cfg, table& out);

/*! gpufec_ber's GPU-resident simulation loop, end to end. */
void bench_ber(const config& cfg, table& out);

/*! LTE turbo decoding (K = 6144): CUDA kernel over sub-block splits, end to end, latency,
 *  and the CPU backend; each row with its BER at 0.7 dB. */
void bench_turbo(const config& cfg, table& out);

} // namespace gpufec_bench

#endif
