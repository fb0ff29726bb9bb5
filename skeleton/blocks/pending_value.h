/* A value set from another thread (a GRC callback) and taken by work() at a batch boundary.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_PENDING_VALUE_H
#define INCLUDED_GPUFEC_PENDING_VALUE_H

#include <mutex>

namespace gr {
namespace gpufec {

template <typename T>
class pending_value
{
public:
    explicit pending_value(T initial) : d_value(initial) {}

    void set(T v)
    {
        std::lock_guard<std::mutex> lock(d_mutex);
        d_value = v;
        d_changed = true;
    }
    T get() const
    {
        std::lock_guard<std::mutex> lock(d_mutex);
        return d_value;
    }
    /*! True once per set(): the caller applies @p out. */
    bool take(T* out)
    {
        std::lock_guard<std::mutex> lock(d_mutex);
        if (!d_changed)
            return false;
        d_changed = false;
        *out = d_value;
        return true;
    }

private:
    mutable std::mutex d_mutex;
    T d_value;
    bool d_changed = false;
};

} // namespace gpufec
} // namespace gr

#endif
