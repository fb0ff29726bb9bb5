/* How every numpy-level function (encoders, CRC, segmentation, rate matching) reads an array
 * of bits: 1-D, any dtype, any nonzero value is a 1 (docs/conventions.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_PYTHON_NUMPY_BITS_H
#define INCLUDED_GPUFEC_PYTHON_NUMPY_BITS_H

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <stdexcept>
#include <string>
#include <vector>

namespace gpufec_python {

namespace py = pybind11;

using bit_array = py::array_t<uint8_t, py::array::c_style | py::array::forcecast>;

/*! @p any as 0/1 bytes. @throws std::invalid_argument naming @p name unless it is 1-D */
inline bit_array read_bits(const py::array& any, const char* name)
{
    if (any.ndim() != 1)
        throw std::invalid_argument(std::string(name) + " must be a 1-D array, got " +
                                    std::to_string(any.ndim()) + " dimensions");
    return py::module::import("numpy").attr("not_equal")(any, 0);
}

/*! The same, as a vector (for the core functions that take one). */
inline std::vector<uint8_t> read_bit_vector(const py::array& any, const char* name)
{
    const bit_array a = read_bits(any, name);
    return std::vector<uint8_t>(a.data(), a.data() + a.size());
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
