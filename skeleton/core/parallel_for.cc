/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "parallel_for.h"
#include "thread_pool.h"
#include <algorithm>
#include <cstring>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace gr {
namespace gpufec {

namespace {

/* One pool for the process, started on first use, so that a pass costs wake-ups rather than
 * thread starts; it serves one pass at a time (the mutex). */
struct shared_pool {
    std::mutex busy;
    thread_pool pool{ std::max(1u, std::thread::hardware_concurrency()) };
};

shared_pool& pool()
{
    static shared_pool p;
    return p;
}

} // namespace

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
    shared_pool& shared = pool();
    std::unique_lock<std::mutex> lock(shared.busy, std::try_to_lock);
    if (lock.owns_lock() && workers <= shared.pool.workers()) {
        shared.pool.run(workers, [&](size_t, size_t w) {
            job(w, n * w / workers, n * (w + 1) / workers);
        });
        return;
    }
    // The pool is busy (another thread's pass, or a pass started from inside a pass): threads
    // of its own.
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
    // One core copies several GB/s: 1 MiB takes a few hundred microseconds, far more than
    // waking a pool thread.
    constexpr size_t per_worker = size_t(1) << 20;
    // Asked once: glibc reads /sys/devices/system/cpu/online at every call, which cost a
    // one-frame decode call (gr-fec's objects) more than decoding 256 bits.
    static const size_t hw = std::max(1u, std::thread::hardware_concurrency());
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
