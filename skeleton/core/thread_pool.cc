/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "thread_pool.h"
#include <algorithm>

namespace gr {
namespace gpufec {

thread_pool::thread_pool(size_t workers)
{
    for (size_t w = 1; w < std::max<size_t>(workers, 1); ++w)
        m_threads.emplace_back([this, w] { work(w); });
}

thread_pool::~thread_pool()
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stop = true;
    }
    m_start.notify_all();
    for (auto& t : m_threads)
        t.join();
}

void thread_pool::drain(size_t worker)
{
    std::unique_lock<std::mutex> lock(m_mutex);
    while (m_next < m_items) {
        const size_t item = m_next++;
        const auto* job = m_job; // read per item: a thread late for one run may serve the next
        lock.unlock();
        std::exception_ptr error;
        try {
            (*job)(worker, item);
        } catch (...) {
            error = std::current_exception();
        }
        lock.lock();
        if (error) {
            if (!m_error)
                m_error = error;
            m_finished += m_items - m_next; // the items not yet started are skipped
            m_next = m_items;
        }
        if (++m_finished == m_items)
            m_done.notify_one();
    }
}

void thread_pool::work(size_t worker)
{
    unsigned long seen = 0;
    for (;;) {
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            m_start.wait(lock, [&] { return m_stop || m_round != seen; });
            if (m_stop)
                return;
            seen = m_round;
        }
        drain(worker);
    }
}

void thread_pool::run(size_t n, const std::function<void(size_t, size_t)>& job)
{
    if (n == 0)
        return;
    if (n == 1 || m_threads.empty()) {
        for (size_t i = 0; i < n; ++i)
            job(0, i);
        return;
    }
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_job = &job;
        m_items = n;
        m_next = 0;
        m_finished = 0;
        m_error = nullptr;
        ++m_round;
    }
    m_start.notify_all();
    drain(0);
    // Waits for the items, not for the threads: one that wakes late finds nothing left.
    std::unique_lock<std::mutex> lock(m_mutex);
    m_done.wait(lock, [&] { return m_finished == m_items; });
    if (m_error)
        std::rethrow_exception(m_error);
}

} // namespace gpufec
} // namespace gr
