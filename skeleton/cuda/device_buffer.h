/* RAII owners of device memory, pinned host memory, streams and events.
 * Allocation happens once, when a decoder or source is built; the hot path only borrows.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_DEVICE_BUFFER_H
#define INCLUDED_GPUFEC_DEVICE_BUFFER_H

#include "cuda_check.h"
#include <cstddef>
#include <utility>

namespace gr {
namespace gpufec {
namespace cuda {

/* Owns one handle; Release is the CUDA call that frees it (errors on release are ignored:
 * a destructor must not throw, and the context may already be gone at exit). */
template <typename Handle, cudaError_t (*Release)(Handle)>
class unique_handle
{
public:
    unique_handle() = default;
    explicit unique_handle(Handle h) : m_h(h) {}
    ~unique_handle() { reset(); }
    unique_handle(unique_handle&& o) noexcept : m_h(std::exchange(o.m_h, Handle{})) {}
    unique_handle& operator=(unique_handle&& o) noexcept
    {
        if (this != &o) {
            reset();
            m_h = std::exchange(o.m_h, Handle{});
        }
        return *this;
    }
    unique_handle(const unique_handle&) = delete;
    unique_handle& operator=(const unique_handle&) = delete;
    Handle get() const { return m_h; }
    void reset()
    {
        if (m_h)
            (void)Release(m_h);
        m_h = Handle{};
    }

private:
    Handle m_h{};
};

/*! @brief n elements of T in device memory (cudaMalloc). */
template <typename T>
class device_buffer
{
public:
    device_buffer() = default;
    explicit device_buffer(size_t n) : m_n(n)
    {
        void* p = nullptr;
        if (n)
            GPUFEC_CUDA_CHECK(cudaMalloc(&p, n * sizeof(T)));
        m_mem = holder(p);
    }
    T* get() const { return static_cast<T*>(m_mem.get()); }
    size_t size() const { return m_n; }

private:
    using holder = unique_handle<void*, cudaFree>;
    holder m_mem;
    size_t m_n = 0;
};

/*! @brief n elements of T in page-locked host memory (fast, asynchronous copies). */
template <typename T>
class pinned_buffer
{
public:
    pinned_buffer() = default;
    explicit pinned_buffer(size_t n) : m_n(n)
    {
        void* p = nullptr;
        if (n)
            GPUFEC_CUDA_CHECK(cudaMallocHost(&p, n * sizeof(T)));
        m_mem = holder(p);
    }
    T* get() const { return static_cast<T*>(m_mem.get()); }
    size_t size() const { return m_n; }

private:
    using holder = unique_handle<void*, cudaFreeHost>;
    holder m_mem;
    size_t m_n = 0;
};

/*! @brief Reallocates @p b when it holds fewer than @p n elements (contents are not kept):
 *  buffers that grow to the largest request and then stay. */
template <typename T>
void grow(device_buffer<T>& b, size_t n)
{
    if (b.size() < n)
        b = device_buffer<T>(n);
}

template <typename T>
void grow(pinned_buffer<T>& b, size_t n)
{
    if (b.size() < n)
        b = pinned_buffer<T>(n);
}

/*! @brief A non-blocking CUDA stream. */
class stream
{
public:
    stream()
    {
        cudaStream_t s = nullptr;
        GPUFEC_CUDA_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
        m_s = holder(s);
    }
    cudaStream_t get() const { return m_s.get(); }
    void synchronize() const { GPUFEC_CUDA_CHECK(cudaStreamSynchronize(get())); }

private:
    using holder = unique_handle<cudaStream_t, cudaStreamDestroy>;
    holder m_s;
};

/*! @brief A CUDA event; timing off unless asked for (cheaper to record and wait on). */
class event
{
public:
    explicit event(bool timing = false)
    {
        cudaEvent_t e = nullptr;
        GPUFEC_CUDA_CHECK(cudaEventCreateWithFlags(&e, timing ? cudaEventDefault
                                                              : cudaEventDisableTiming));
        m_e = holder(e);
    }
    cudaEvent_t get() const { return m_e.get(); }
    void record(cudaStream_t s) const { GPUFEC_CUDA_CHECK(cudaEventRecord(get(), s)); }
    void synchronize() const { GPUFEC_CUDA_CHECK(cudaEventSynchronize(get())); }
    /*! Milliseconds from @p start to this event (both recorded with timing on). */
    float elapsed_ms_since(const event& start) const
    {
        float ms = 0.0f;
        GPUFEC_CUDA_CHECK(cudaEventElapsedTime(&ms, start.get(), get()));
        return ms;
    }

private:
    using holder = unique_handle<cudaEvent_t, cudaEventDestroy>;
    holder m_e;
};

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_DEVICE_BUFFER_H */
