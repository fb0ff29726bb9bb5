/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "parallel_for.h"
#include <algorithm>
#include <cstring>
#include <exception>
#include <thread>
#include <vector>

namespace gr {
namespace gpufec {

void parallel_for(size_t n,
                  size_t workers,
                  const std::function<void(size_t, size_t, size_t)>& job)
{
    workers = std::max<size_t>(1, std::min(workers, n));
    if (workers == 1) {
        if (n)
            job(0, 0, n);
        return;
    }
    std::vector<std::exception_ptr> errors(workers);
    const auto share = [&](size_t w) {
        try {
            job(w, n * w / workers, n * (w + 1) / workers);
        } catch (...) {
            errors[w] = std::current_exception();
        }
    };
    std::vector<std::thread> threads;
    for (size_t w = 1; w < workers; ++w)
        threads.emplace_back(share, w);
    share(0);
    for (auto& t : threads)
        t.join();
    for (auto& e : errors)
        if (e)
            std::rethrow_exception(e);
}

size_t copy_workers(size_t bytes)
{
    // One core copies several GB/s; below 4 MiB a pass takes about a millisecond or less.
    constexpr size_t per_worker = size_t(4) << 20;
    const size_t hw = std::max(1u, std::thread::hardware_concurrency());
    return std::max<size_t>(1, std::min({ bytes / per_worker, hw, size_t(8) }));
}

void parallel_copy(void* dst, const void* src, size_t bytes)
{
    parallel_for(bytes, copy_workers(bytes), [&](size_t, size_t begin, size_t end) {
        std::memcpy(static_cast<char*>(dst) + begin, static_cast<const char*>(src) + begin,
                    end - begin);
    });
}

} // namespace gpufec
} // namespace gr
