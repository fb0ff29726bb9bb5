/* Benchmark harness shared by gpufec_bench's cases: timing with warm-up and medians, and one
 * table printed at the end. Benchmarks are programs, not tests: they time, they do not judge.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BENCH_HARNESS_H
#define INCLUDED_GPUFEC_BENCH_HARNESS_H

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#ifdef GPUFEC_HAVE_CUDA
#include <cuda_runtime.h>
#endif

namespace gpufec_bench {

struct config {
    int repeats = 7;    //!< timed runs; the median is reported
    int warmup = 2;     //!< untimed runs first (module load, clocks, caches)
    bool quick = false; //!< smaller sizes, for a smoke run
    std::vector<std::string> only; //!< case groups to run (empty: all)
    bool wants(const std::string& group) const;
};

struct row {
    std::string group;   //!< e.g. "awgn", "viterbi"
    std::string name;    //!< what was measured
    std::string backend; //!< "cuda", "cpu", ...
    std::string unit;    //!< e.g. "Gsample/s"
    double value = 0;    //!< median
    std::string note;    //!< spread, sizes
};

class table
{
public:
    void add(row r);
    void print(std::ostream& os) const;
    void write_csv(const std::string& path) const;

private:
    std::vector<row> m_rows;
};

/*! Median of @p ms; @p spread gets (max - min) / median. */
double median_ms(std::vector<double> ms, double* spread = nullptr);

/*! Median of the timed runs, in milliseconds; @p spread gets (max - min) / median. */
double median_cpu_ms(const std::function<void()>& run, const config& cfg, double* spread = nullptr);

#ifdef GPUFEC_HAVE_CUDA
/*! Median time of work that @p enqueue puts on @p stream, between CUDA events, each run
 *  queued behind hold_stream() so that the host's enqueueing is not timed. */
double median_gpu_ms(cudaStream_t stream,
                     const std::function<void()>& enqueue,
                     const config& cfg,
                     double* spread = nullptr);
#endif

/*! "x.xx%" spread note. */
std::string spread_note(double spread);

} // namespace gpufec_bench

#endif
