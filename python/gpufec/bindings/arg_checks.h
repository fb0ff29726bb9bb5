/* How every binding takes its arguments, so that a bad one gets a message naming it:
 *  - integers as gpufec_python::integer (the signature still says int), converted to their C++
 *    type with as<T>("name", ...): pybind11's own conversion rejects -1 for a size_t or 2^70
 *    with a TypeError listing the signatures, and says nothing of which argument it was;
 *  - arrays of soft values, bits or symbols through real_array_arg: numpy would cast complex
 *    values to their real part with only a ComplexWarning, and a bit array modulo 256
 *    (256 -> 0, 0.6 -> 0).
 * Errors: ValueError for a value out of range (an integer beyond its type included) or a
 * complex array, TypeError for a non-integer or a non-numeric array.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_PYTHON_ARG_CHECKS_H
#define INCLUDED_GPUFEC_PYTHON_ARG_CHECKS_H

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace gpufec_python {

namespace py = pybind11;

inline std::string type_name(py::handle v)
{
    return py::str(py::type::handle_of(v).attr("__name__")).cast<std::string>();
}

/* A bound as text: the limits of the C++ integer types as powers of two. */
template <typename T>
std::string bound_text(T v)
{
    constexpr int digits = std::numeric_limits<T>::digits;
    if (v == std::numeric_limits<T>::max())
        return "2^" + std::to_string(digits) + " - 1";
    if (std::numeric_limits<T>::is_signed && v == std::numeric_limits<T>::min())
        return "-2^" + std::to_string(digits);
    return std::to_string(v);
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
                              (allowed.empty() ? bound_text(lo) + " to " + bound_text(hi) : allowed));
    return i.cast<T>();
}

/*!
 * @brief An integer argument as Python gave it, of any size. Every binding takes its integer
 * parameters as this type and converts each with as<T>() naming it (the C++ core then checks
 * what values make sense, naming the parameter too).
 */
class integer
{
public:
    integer() = default;
    explicit integer(py::object v) : m_v(std::move(v)) {}

    /*! @brief The value as a T within [lo, hi] (by default T's range); see int_arg. */
    template <typename T>
    T as(const char* name,
         T lo = std::numeric_limits<T>::min(),
         T hi = std::numeric_limits<T>::max(),
         const std::string& allowed = "") const
    {
        return int_arg<T>(m_v, name, lo, hi, allowed);
    }

    bool is_none() const { return m_v.is_none(); }
    const py::object& object() const { return m_v; }

private:
    py::object m_v = py::none();
};

/*! @brief A list of integers, each as a T checked as integer::as does, named "name[i]". */
template <typename T>
std::vector<T> int_list(const std::vector<integer>& values, const std::string& name)
{
    std::vector<T> out;
    out.reserve(values.size());
    for (const auto& v : values)
        out.push_back(v.as<T>((name + "[" + std::to_string(out.size()) + "]").c_str()));
    return out;
}

/*!
 * @brief @p v as a numpy array (numpy.asarray: lists too) of real numbers: integers, booleans
 * or floats.
 * @throws ValueError naming @p name for complex values, TypeError for other dtypes
 */
inline py::array real_array_arg(py::handle v, const std::string& name)
{
    py::array a = py::module_::import("numpy").attr("asarray")(v);
    const char kind = a.dtype().kind();
    const std::string dtype = py::str(a.dtype()).cast<std::string>();
    if (kind == 'c')
        throw py::value_error(name + " has complex values (dtype " + dtype + "): " + name +
                              " must be real (pass e.g. the real part, or soft values from a "
                              "soft demapper)");
    if (kind != 'b' && kind != 'u' && kind != 'i' && kind != 'f')
        throw py::type_error(name + " must hold integers, booleans or floats, got dtype " + dtype);
    return a;
}

/*! @brief real_array_arg for a 1-D array. @throws ValueError for another number of dimensions */
inline py::array vector_arg(py::handle v, const std::string& name)
{
    py::array a = real_array_arg(v, name);
    if (a.ndim() != 1)
        throw py::value_error(name + " must be a 1-D array, got " + std::to_string(a.ndim()) +
                              " dimensions");
    return a;
}

/*!
 * @brief A 1-D array of bits as C-contiguous uint8, any nonzero value 1 (docs/conventions.md):
 * integer, bool and float arrays (NaN is nonzero), or anything numpy.asarray makes one of.
 * Other values of a uint8 array are passed on as they are: the core reads them as 1.
 * @throws as vector_arg
 */
inline py::array_t<uint8_t> bits_arg(py::handle v, const std::string& name)
{
    py::array a = vector_arg(v, name);
    // One-byte integers stay nonzero when read as uint8; wider integers and floats may not.
    if (a.dtype().itemsize() != 1)
        a = py::module_::import("numpy").attr("not_equal")(a, 0);
    return py::array_t<uint8_t, py::array::c_style | py::array::forcecast>::ensure(a);
}

} // namespace gpufec_python

namespace pybind11 {
namespace detail {

/* Takes any object: the binding's as<T>() says what is wrong with it, naming the parameter. */
template <>
struct type_caster<gpufec_python::integer> {
    PYBIND11_TYPE_CASTER(gpufec_python::integer, const_name("int"));

    bool load(handle src, bool)
    {
        value = gpufec_python::integer(reinterpret_borrow<object>(src));
        return true;
    }

    static handle cast(const gpufec_python::integer& v, return_value_policy, handle)
    {
        return v.object().inc_ref();
    }
};

} // namespace detail
} // namespace pybind11

#endif /* INCLUDED_GPUFEC_PYTHON_ARG_CHECKS_H */
