/* How every numpy-level function reads and returns arrays: 1-D; bits of any dtype, any nonzero
 * value a 1 (docs/conventions.md); soft values as float32. The decode functions read their
 * soft input with numpy_decode.h, which accepts more types.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_PYTHON_NUMPY_ARRAYS_H
#define INCLUDED_GPUFEC_PYTHON_NUMPY_ARRAYS_H

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

namespace gpufec_python {

namespace py = pybind11;

/*! @throws std::invalid_argument naming @p name unless @p a is 1-D */
inline void check_1d(const py::array& a, const char* name)
{
    if (a.ndim() != 1)
        throw std::invalid_argument(std::string(name) + " must be a 1-D array, got " +
                                    std::to_string(a.ndim()) + " dimensions");
}

using bit_array = py::array_t<uint8_t, py::array::c_style | py::array::forcecast>;

/*! @p any as 0/1 bytes. */
inline bit_array read_bits(const py::array& any, const char* name)
{
    check_1d(any, name);
    return py::module::import("numpy").attr("not_equal")(any, 0);
}

/*! The same, as a vector (for the core functions that take one). */
inline std::vector<uint8_t> read_bit_vector(const py::array& any, const char* name)
{
    const bit_array a = read_bits(any, name);
    return std::vector<uint8_t>(a.data(), a.data() + a.size());
}

/*! Soft values of any numeric dtype as float32. */
inline std::vector<float> read_float_vector(const py::array& any, const char* name)
{
    check_1d(any, name);
    const py::array_t<float, py::array::c_style | py::array::forcecast> f(any);
    return std::vector<float>(f.data(), f.data() + f.size());
}

/*! A vector as a numpy array. */
template <typename T>
py::array_t<T> to_array(const std::vector<T>& v)
{
    py::array_t<T> a(v.size());
    std::copy(v.begin(), v.end(), a.mutable_data());
    return a;
}

} // namespace gpufec_python

#endif
