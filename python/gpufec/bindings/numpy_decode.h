/* What every numpy-level decode function (gpufec.*_decode(code, llrs, ...)) shares: how the
 * soft input array is read, and how a framed or streaming engine turns it into a bit array.
 *
 * Input arrays: float32/float64 are soft values; int8 are soft values used as they are;
 * uint8 and bool are hard decisions (0/1), decoded as such whatever `invert` says; any other
 * type is refused with a message naming what is accepted.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_PYTHON_NUMPY_DECODE_H
#define INCLUDED_GPUFEC_PYTHON_NUMPY_DECODE_H

#include "numpy_arrays.h"
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <gnuradio/gpufec/decoder.h>
#include <stdexcept>
#include <string>
#include <vector>

namespace gpufec_python {

namespace py = pybind11;
using namespace gr::gpufec;

/*! The soft input as float or int8, whichever the array is. */
struct soft_array {
    py::array_t<float, py::array::c_style | py::array::forcecast> f;
    std::vector<int8_t> q; //!< int8 values (int8 input as it is, hard bits as +-64)
    bool is_float = true;
    size_t size = 0;
};

inline soft_array read_soft(const py::array& llrs, const char* name, bool invert)
{
    check_1d(llrs, name);
    soft_array s;
    s.size = static_cast<size_t>(llrs.size());
    const py::dtype dt = llrs.dtype();
    const char kind = dt.kind();
    if (kind == 'f') {
        s.f = llrs;
        return s;
    }
    s.is_float = false;
    if (kind == 'i' && dt.itemsize() == 1) {
        auto a = py::array_t<int8_t, py::array::c_style | py::array::forcecast>(llrs);
        s.q.assign(a.data(), a.data() + s.size);
        return s;
    }
    if (kind == 'b' || (kind == 'u' && dt.itemsize() == 1)) {
        // Hard bits: a fixed magnitude, signed so that the engine's own inversion undoes it.
        auto a = py::array_t<uint8_t, py::array::c_style | py::array::forcecast>(llrs);
        const int8_t one = invert ? -64 : 64;
        s.q.resize(s.size);
        for (size_t i = 0; i < s.size; ++i) {
            if (a.data()[i] > 1)
                throw std::invalid_argument(std::string(name) + "[" + std::to_string(i) + "] = " +
                                            std::to_string(a.data()[i]) +
                                            ": a uint8 array holds hard bits, 0 or 1");
            s.q[i] = a.data()[i] ? one : static_cast<int8_t>(-one);
        }
        return s;
    }
    throw py::type_error(std::string(name) + " has dtype " + py::str(static_cast<const py::handle&>(dt)).cast<std::string>() +
                         ": use float32/float64 soft values, int8 soft values, or uint8/bool "
                         "hard bits (0/1)");
}

/*! The whole array through a framed or streaming engine (decoder.h's decode_all). */
template <class Engine>
py::array_t<uint8_t> decode_array(Engine& dec, const soft_array& s)
{
    std::vector<uint8_t> bits;
    {
        py::gil_scoped_release nogil;
        bits = s.is_float ? decode_all(dec, s.f.data(), s.size) : decode_all(dec, s.q.data(), s.size);
    }
    py::array_t<uint8_t> out(bits.size());
    std::copy(bits.begin(), bits.end(), out.mutable_data());
    return out;
}

} // namespace gpufec_python

#endif
