/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "harness.h"
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <ostream>
#include <sstream>
#include <stdexcept>

#ifdef GPUFEC_HAVE_CUDA
#include "gpu_hold.h"
#include "skeleton/cuda/device_buffer.h"
#endif

namespace gpufec_bench {

bool config::wants(const std::string& group) const
{
    return only.empty() || std::find(only.begin(), only.end(), group) != only.end();
}

void table::add(row r) { m_rows.push_back(std::move(r)); }

void table::print(std::ostream& os) const
{
    os << std::left << std::setw(10) << "group" << std::setw(62) << "case" << std::setw(8)
       << "backend" << std::right << std::setw(12) << "median" << "  " << std::left
       << std::setw(14) << "unit" << "note\n";
    for (const row& r : m_rows) {
        os << std::left << std::setw(10) << r.group << std::setw(62) << r.name << std::setw(8)
           << r.backend << std::right << std::setw(12) << std::setprecision(4) << r.value << "  "
           << std::left << std::setw(14) << r.unit << r.note << "\n";
    }
}

void table::write_csv(const std::string& path) const
{
    std::ofstream f(path);
    if (!f)
        throw std::runtime_error("cannot write " + path);
    f << "group,case,backend,median,unit,note\n";
    for (const row& r : m_rows)
        f << r.group << ",\"" << r.name << "\"," << r.backend << "," << r.value << "," << r.unit
          << ",\"" << r.note << "\"\n";
}

double median_ms(std::vector<double> t, double* spread)
{
    std::sort(t.begin(), t.end());
    const double med = t[t.size() / 2];
    if (spread)
        *spread = med > 0 ? (t.back() - t.front()) / med : 0;
    return med;
}

double median_cpu_ms(const std::function<void()>& run, const config& cfg, double* spread)
{
    for (int i = 0; i < cfg.warmup; ++i)
        run();
    std::vector<double> t;
    for (int i = 0; i < std::max(1, cfg.repeats); ++i) {
        const auto a = std::chrono::steady_clock::now();
        run();
        const auto b = std::chrono::steady_clock::now();
        t.push_back(std::chrono::duration<double, std::milli>(b - a).count());
    }
    return median_ms(t, spread);
}

#ifdef GPUFEC_HAVE_CUDA
double median_gpu_ms(cudaStream_t stream,
                     const std::function<void()>& enqueue,
                     const config& cfg,
                     double* spread)
{
    namespace cu = gr::gpufec::cuda;
    for (int i = 0; i < cfg.warmup; ++i)
        enqueue();
    GPUFEC_CUDA_CHECK(cudaStreamSynchronize(stream));
    cu::event start(true), stop(true);
    std::vector<double> t;
    for (int i = 0; i < std::max(1, cfg.repeats); ++i) {
        // The stream starts the timed work only once all of it is queued: without the hold
        // the GPU sat idle while the host enqueued, and the 1.3 ms K=7 tile launch read
        // 0.3-1.7 % slow.
        hold_stream(stream, 1000);
        start.record(stream);
        enqueue();
        stop.record(stream);
        stop.synchronize();
        t.push_back(stop.elapsed_ms_since(start));
    }
    return median_ms(t, spread);
}
#endif

std::string spread_note(double spread)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "spread %.1f%%", 100 * spread);
    return buf;
}

} // namespace gpufec_bench
