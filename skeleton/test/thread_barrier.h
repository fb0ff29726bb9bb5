/* A reusable barrier of n host threads (C++17 has none): the host emulations of the CUDA
 * kernels run one host thread per CUDA thread and stand it in for __syncthreads and
 * cluster.sync.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_TEST_THREAD_BARRIER_H
#define INCLUDED_GPUFEC_CORE_TEST_THREAD_BARRIER_H

#include <condition_variable>
#include <mutex>

namespace gr {
namespace gpufec {
namespace test {

class thread_barrier
{
public:
    explicit thread_barrier(unsigned n) : m_n(n) {}
    void arrive_and_wait()
    {
        std::unique_lock<std::mutex> lock(m_mutex);
        const unsigned long gen = m_generation;
        if (++m_count == m_n) {
            m_count = 0;
            ++m_generation;
            m_cv.notify_all();
            return;
        }
        m_cv.wait(lock, [&] { return gen != m_generation; });
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_cv;
    unsigned m_n, m_count = 0;
    unsigned long m_generation = 0;
};

} // namespace test
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CORE_TEST_THREAD_BARRIER_H */
