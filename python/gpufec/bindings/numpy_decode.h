/* What every numpy-level decode function (gpufec.*_decode(code, llrs, ...)) shares: how the
 * soft input array is read, and how a framed or streaming engine turns it into a bit array.
 *
 * Input arrays: float32/float64 are soft values; int8 are soft values used as they are;
 * uint8 and bool are hard decisions (0/1), decoded as such whatever `invert` says; any other
 * type is refused with a message naming what is accepted (complex ones with a ValueError, as
 * everywhere: arg_checks.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_PYTHON_NUMPY_DECODE_H
#define INCLUDED_GPUFEC_PYTHON_NUMPY_DECODE_H

#include "arg_checks.h"
#include "numpy_arrays.h"
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <gnuradio/gpufec/core/decoder.h>
#include <cstdio>
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

inline soft_array read_soft(py::handle llrs_arg, const char* name, bool invert)
{
    const py::array llrs = vector_arg(llrs_arg, name);
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

/*!
 * @brief Refuses a decode in which llr_scale quantized every finite nonzero soft value to 0:
 * the decoder saw only erasures, and its output means nothing.
 * @throws ValueError naming llr_scale
 */
inline void check_not_erased(const nonfinite_report& r, float llr_scale)
{
    if (r.erased_batches == 0 || r.kept_batches > 0)
        return;
    char scale[32];
    std::snprintf(scale, sizeof scale, "%g", static_cast<double>(llr_scale));
    throw py::value_error(
        "llr_scale = " + std::string(scale) +
        " quantized every finite nonzero value of llrs to 0, an erasure (|x| * llr_scale < 0.5 "
        "throughout): the decoder would see nothing. Raise llr_scale so that typical "
        "|x| * llr_scale is in the tens (docs/conventions.md)");
}

/*! The whole array through a framed or streaming engine (decoder.h's decode_all). */
template <class Engine>
py::array_t<uint8_t> decode_array(Engine& dec, const soft_array& s, float llr_scale)
{
    std::vector<uint8_t> bits;
    {
        py::gil_scoped_release nogil;
        bits = s.is_float ? decode_all(dec, s.f.data(), s.size) : decode_all(dec, s.q.data(), s.size);
    }
    check_not_erased(dec.nonfinite(), llr_scale);
    py::array_t<uint8_t> out(bits.size());
    std::copy(bits.begin(), bits.end(), out.mutable_data());
    return out;
}

} // namespace gpufec_python

#endif
