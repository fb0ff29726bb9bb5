/* How every numpy-level function reads and returns arrays: 1-D; bits of any real dtype, any
 * nonzero value a 1 (docs/conventions.md); soft values as float32 (arg_checks.h refuses
 * complex and non-numeric arrays). The decode functions read their soft input with
 * numpy_decode.h, which accepts more types.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_PYTHON_NUMPY_ARRAYS_H
#define INCLUDED_GPUFEC_PYTHON_NUMPY_ARRAYS_H

#include "arg_checks.h"
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <algorithm>
#include <string>
#include <vector>

namespace gpufec_python {

namespace py = pybind11;

/*! bits_arg as a vector of 0/1 (for the core functions that take one). */
inline std::vector<uint8_t> read_bit_vector(py::handle any, const std::string& name)
{
    const auto a = bits_arg(any, name);
    std::vector<uint8_t> v(a.data(), a.data() + a.size());
    for (auto& b : v)
        b = b != 0;
    return v;
}

/*! Soft values of any real dtype as float32. */
inline std::vector<float> read_float_vector(py::handle any, const std::string& name)
{
    const auto f =
        py::array_t<float, py::array::c_style | py::array::forcecast>::ensure(vector_arg(any, name));
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
