/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "soft_input.h"
#include "skeleton/common/quantize.h"
#include "parallel_for.h"
#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace gr {
namespace gpufec {

namespace {

/* Non-finite values of in[0, n): how many, and the first's index (n when none). */
struct scan {
    size_t count = 0;
    size_t first = 0;
};

template <typename Out, typename Map>
scan convert(const float* in, size_t n, Out* out, Map map)
{
    size_t bad = 0;
    for (size_t i = 0; i < n; ++i) {
        out[i] = map(in[i]);
        // isfinite as a comparison (NaN compares false): the loop vectorizes.
        bad += !(std::fabs(in[i]) <= std::numeric_limits<float>::max());
    }
    scan s{ bad, n };
    if (bad) // rare: a second look only when there is something to report
        s.first = static_cast<size_t>(
            std::find_if(in, in + n, [](float x) { return !std::isfinite(x); }) - in);
    return s;
}

/* Whether any of out[0, n) is nonzero: an OR over the bytes, which vectorises (an early
 * exit would not). */
bool any_nonzero(const int8_t* out, size_t n)
{
    uint8_t acc = 0;
    for (size_t i = 0; i < n; ++i)
        acc |= static_cast<uint8_t>(out[i]);
    return acc != 0;
}

void quantize(const int8_t* in, size_t n, bool invert, int8_t* out)
{
    // Written as max() so that the compiler vectorises it.
    if (invert) {
        for (size_t i = 0; i < n; ++i)
            out[i] = static_cast<int8_t>(-std::max<int8_t>(in[i], -127));
    } else {
        for (size_t i = 0; i < n; ++i)
            out[i] = std::max<int8_t>(in[i], -127);
    }
}

void check_positive(const char* name, float v)
{
    if (!std::isfinite(v) || !(v > 0.0f))
        throw std::invalid_argument(std::string(name) + " = " + std::to_string(v) +
                                    " is not allowed: a finite value > 0 is needed");
}

} // namespace

soft_input::soft_input(float llr_scale, bool invert, float llr_limit)
    : m_scale(invert ? -llr_scale : llr_scale), m_invert(invert), m_limit(llr_limit)
{
    check_positive("llr_scale", llr_scale);
    check_positive("llr_limit", llr_limit);
}

template <typename Out, typename Map>
void soft_input::convert_counting(
    const float* in, size_t n, Out* out, uint64_t position, size_t workers, Map map)
{
    std::mutex mutex;
    std::atomic<bool> any_kept{ false };
    parallel_for(n, workers, [&](size_t, size_t b, size_t e) {
        const scan s = convert(in + b, e - b, out + b, map);
        if constexpr (std::is_same_v<Out, int8_t>)
            if (any_nonzero(out + b, e - b))
                any_kept.store(true, std::memory_order_relaxed);
        if (s.count == 0)
            return;
        std::lock_guard<std::mutex> lock(mutex);
        m_report.count += s.count;
        m_report.first = std::min<uint64_t>(m_report.first, position + b + s.first);
    });
    if constexpr (std::is_same_v<Out, int8_t>)
        judge_batch(in, n, any_kept.load(), position);
}

void soft_input::judge_batch(const float* in, size_t n, bool any_kept, uint64_t position)
{
    if (n < soft_erasure_min_batch)
        return;
    if (any_kept) {
        ++m_report.kept_batches;
        return;
    }
    // Rare: everything quantized to 0. Erased only when there was something to erase (zeros
    // and NaN are erasures anyway).
    if (std::any_of(in, in + n, [](float x) { return x != 0.0f && std::isfinite(x); })) {
        ++m_report.erased_batches;
        m_report.erased_first = std::min<uint64_t>(m_report.erased_first, position);
    }
}

void soft_input::to_int8(const float* in, size_t n, int8_t* out, uint64_t position, size_t workers)
{
    const float scale = m_scale;
    convert_counting(in, n, out, position, workers,
                     [scale](float x) { return quantize_llr(x, scale); });
}

void soft_input::requantize(const float* llr, size_t n, int8_t* out, uint64_t position, size_t workers)
{
    const float scale = std::fabs(m_scale);
    std::atomic<bool> any_kept{ false };
    parallel_for(n, workers, [&](size_t, size_t b, size_t e) {
        for (size_t i = b; i < e; ++i)
            out[i] = quantize_llr(llr[i], scale);
        if (any_nonzero(out + b, e - b))
            any_kept.store(true, std::memory_order_relaxed);
    });
    judge_batch(llr, n, any_kept.load(), position);
}

void soft_input::to_int8(const int8_t* in, size_t n, int8_t* out, uint64_t, size_t workers)
{
    parallel_for(n, workers, [&](size_t, size_t b, size_t e) {
        quantize(in + b, e - b, m_invert, out + b);
    });
}

void soft_input::to_float(const float* in, size_t n, float* out, uint64_t position, size_t workers)
{
    const bool invert = m_invert;
    const float limit = m_limit;
    convert_counting(in, n, out, position, workers, [invert, limit](float x) {
        const float v = invert ? -x : x;
        // NaN fails both comparisons of the clamp, so it is caught first; Inf clamps.
        return v != v ? 0.0f : std::min(std::max(v, -limit), limit);
    });
}

void soft_input::to_float(const int8_t* in, size_t n, float* out, uint64_t, size_t workers)
{
    parallel_for(n, workers, [&](size_t, size_t b, size_t e) {
        for (size_t i = b; i < e; ++i) {
            const float v = static_cast<float>(llr_value(in[i])) / m_scale;
            out[i] = std::min(std::max(v, -m_limit), m_limit);
        }
    });
}

} // namespace gpufec
} // namespace gr
