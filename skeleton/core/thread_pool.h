/* Persistent worker threads for the CPU decoders: a decode call hands its items to threads
 * that already exist, so a call costs a wake-up, not a thread start and join per share.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_THREAD_POOL_H
#define INCLUDED_GPUFEC_CORE_THREAD_POOL_H

#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace gr {
namespace gpufec {

class thread_pool
{
public:
    /*! @param workers threads that run items, the calling thread included (at least 1) */
    explicit thread_pool(size_t workers);
    ~thread_pool();
    thread_pool(const thread_pool&) = delete;
    thread_pool& operator=(const thread_pool&) = delete;

    size_t workers() const { return m_threads.size() + 1; }

    /*!
     * Runs job(worker, item) for every item in [0, n): items are handed out one at a time in
     * increasing order to whichever worker is free (worker 0 is the calling thread), so unequal
     * items even out. Returns when all have run; rethrows the first exception one threw (the
     * items not yet started are then skipped). One run at a time per pool.
     */
    void run(size_t n, const std::function<void(size_t worker, size_t item)>& job);

private:
    void work(size_t worker);
    void drain(size_t worker);

    std::vector<std::thread> m_threads;
    std::mutex m_mutex;
    std::condition_variable m_start;
    std::condition_variable m_done;
    const std::function<void(size_t, size_t)>* m_job = nullptr;
    size_t m_items = 0;
    size_t m_next = 0;        //!< next item to hand out
    size_t m_finished = 0;    //!< items run (or skipped after an exception)
    unsigned long m_round = 0; //!< bumped by each run, so a thread joins each run once
    bool m_stop = false;
    std::exception_ptr m_error;
};

} // namespace gpufec
} // namespace gr

#endif
