/* Arguments of the numpy-level functions: Python integers of any size and bit arrays of any
 * numeric dtype. pybind11's own conversions reject a negative or huge int with a dump of the
 * signatures and cast a bit array to uint8 modulo 256 (256 -> 0, 0.6 -> 0); these name the
 * parameter and what is allowed instead (ValueError / TypeError).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_PYTHON_ARG_CHECKS_H
#define INCLUDED_GPUFEC_PYTHON_ARG_CHECKS_H

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <cstdint>
#include <string>

namespace gpufec_python {

namespace py = pybind11;

inline std::string type_name(py::handle v)
{
    return py::str(py::type::handle_of(v).attr("__name__")).cast<std::string>();
}

/*!
 * @brief @p v as a T in [lo, hi]: anything with __index__ (int, numpy integers, bool).
 * @param allowed the allowed values in words; "lo to hi" when empty
 * @throws ValueError "name = v is out of range: allowed is ...", TypeError for a non-integer
 */
template <typename T>
T int_arg(py::handle v, const char* name, T lo, T hi, const std::string& allowed = "")
{
    PyObject* index = PyNumber_Index(v.ptr());
    if (!index) {
        PyErr_Clear();
        throw py::type_error(std::string(name) + " must be an integer, got " + type_name(v));
    }
    const auto i = py::reinterpret_steal<py::int_>(index);
    if (i < py::int_(lo) || i > py::int_(hi))
        throw py::value_error(std::string(name) + " = " + py::str(py::handle(i)).cast<std::string>() +
                              " is out of range: allowed is " +
                              (allowed.empty() ? std::to_string(lo) + " to " + std::to_string(hi)
                                               : allowed));
    return i.cast<T>();
}

/*!
 * @brief A 1-D array of bits as C-contiguous uint8, any nonzero value 1 (docs/conventions.md):
 * integer, bool and float arrays (NaN is nonzero), or anything numpy.asarray makes one of.
 * Other values of a uint8 array are passed on as they are: the core reads them as 1.
 * @throws ValueError for another number of dimensions, TypeError for another dtype
 */
inline py::array_t<uint8_t> bits_arg(py::handle v, const char* name)
{
    auto np = py::module_::import("numpy");
    py::array a = np.attr("asarray")(v);
    if (a.ndim() != 1)
        throw py::value_error(std::string(name) + " must be a 1-D array, got " +
                              std::to_string(a.ndim()) + " dimensions");
    const char kind = a.dtype().kind();
    if (kind != 'b' && kind != 'u' && kind != 'i' && kind != 'f')
        throw py::type_error(std::string(name) +
                             " must hold integers, booleans or floats (nonzero = bit 1), got dtype " +
                             py::str(a.dtype()).cast<std::string>());
    // One-byte integers stay nonzero when read as uint8; wider integers and floats may not.
    if (a.dtype().itemsize() != 1)
        a = np.attr("not_equal")(a, 0);
    return py::array_t<uint8_t, py::array::c_style | py::array::forcecast>::ensure(a);
}

} // namespace gpufec_python

#endif /* INCLUDED_GPUFEC_PYTHON_ARG_CHECKS_H */
