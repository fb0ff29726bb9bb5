/* Arguments of the insertion/deletion family's Python functions and blocks: the code, the
 * channel (a bsid_channel_model, or the bsid_channel block that holds one, so that one GRC
 * channel variable serves both), and arrays of hard bits, which must hold 0 and 1 only (a
 * received frame with another value is a mistake, not a bit).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_PYTHON_BSID_ARGS_H
#define INCLUDED_GPUFEC_PYTHON_BSID_ARGS_H

#include "python/gpufec/bindings/arg_checks.h"
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <gnuradio/gpufec/bsid_channel.h>
#include <gnuradio/gpufec/bsid/bsid_channel_model.h>
#include <gnuradio/gpufec/bsid/tvb_code.h>
#include <memory>
#include <string>
#include <vector>

namespace gpufec_python {

namespace py = pybind11;

/* Python holds codes and channel models as shared_ptr<T> (mutable: pybind11's holders);
 * the C++ functions take shared_ptr<const T>. */
inline std::shared_ptr<gr::gpufec::tvb_code> python_holder(gr::gpufec::tvb_code_sptr c)
{
    return std::const_pointer_cast<gr::gpufec::tvb_code>(std::move(c));
}
inline std::shared_ptr<gr::gpufec::bsid_channel_model>
python_holder(gr::gpufec::bsid_channel_model_sptr c)
{
    return std::const_pointer_cast<gr::gpufec::bsid_channel_model>(std::move(c));
}

inline gr::gpufec::tvb_code_sptr tvb_code_arg(const std::shared_ptr<gr::gpufec::tvb_code>& c)
{
    if (!c)
        throw py::value_error(
            "code is None: pass a time-varying block code, e.g. gpufec.tvb_code(10, 32, 210)");
    return c;
}

/*! @throws TypeError for anything but a bsid_channel_model or a bsid_channel block */
inline gr::gpufec::bsid_channel_model_sptr bsid_channel_arg(py::handle h)
{
    using namespace gr::gpufec;
    if (py::isinstance<bsid_channel_model>(h))
        return h.cast<std::shared_ptr<bsid_channel_model>>();
    if (py::isinstance<bsid_channel>(h))
        return h.cast<std::shared_ptr<bsid_channel>>()->model();
    if (h.is_none())
        throw py::value_error("channel is None: pass a channel model, e.g. "
                              "gpufec.bsid_channel_model(0.01, 0.01, 0.0)");
    throw py::type_error("channel must be a gpufec.bsid_channel_model or a gpufec.bsid_channel "
                         "block, got " + type_name(h));
}

/*!
 * @brief A 1-D array of hard bits (any integer, bool or float dtype) as uint8.
 * @param name for messages, e.g. "received_bits[3]"
 * @throws as vector_arg, and ValueError for a value other than 0 and 1 (naming its index and
 *         value)
 */
inline std::vector<uint8_t> hard_bits_arg(py::handle v, const std::string& name)
{
    auto np = py::module_::import("numpy");
    const py::array a = vector_arg(v, name);
    const py::array bad = np.attr("flatnonzero")(
        np.attr("logical_and")(np.attr("not_equal")(a, 0), np.attr("not_equal")(a, 1)));
    if (bad.size() > 0) {
        const py::object i = bad.attr("__getitem__")(0);
        throw py::value_error(name + "[" + py::str(i).cast<std::string>() + "] = " +
                              py::str(a.attr("__getitem__")(i)).cast<std::string>() +
                              ": hard bits are 0 or 1");
    }
    const auto u = py::array_t<uint8_t, py::array::c_style | py::array::forcecast>::ensure(
        np.attr("not_equal")(a, 0));
    return std::vector<uint8_t>(u.data(), u.data() + u.size());
}

/*! @p v as an optional non-negative int: None gives -1 (derive it). */
inline int optional_limit_arg(const integer& v, const char* name)
{
    if (v.is_none())
        return -1;
    return v.as<int>(name, 0, 1 << 30, "None (derived from the channel) or 0 to 2^30");
}

} // namespace gpufec_python

#endif
