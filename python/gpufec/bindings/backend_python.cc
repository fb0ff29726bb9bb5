/* Backend selection and device discovery, for Python.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* BINDTOOL_HEADER_FILE(None) */
#include <pybind11/pybind11.h>

namespace py = pybind11;

#include "arg_checks.h"
#include <gnuradio/gpufec/core/backend.h>
#include <limits>

void bind_backend(py::module& m)
{
    using namespace gr::gpufec;
    m.def("cuda_device_count", &cuda_device_count,
          "Number of usable CUDA devices (0 without a driver, a device or a CUDA build).");
    m.def(
        "cuda_device_name",
        [](const gpufec_python::integer& device) {
            return cuda_device_name(device.as<int>("device", 0, std::numeric_limits<int>::max(),
                                                   "a device index >= 0"));
        },
        py::arg("device") = 0,
        "Name of a CUDA device ('' when there is none).");
    m.def("built_with_cuda", &built_with_cuda, "True when the CUDA backends were compiled in.");
    m.def(
        "resolve_backend",
        [](const std::string& name) {
            const backend_choice c = resolve_backend(parse_backend(name));
            return py::make_tuple(backend_name(c.kind), c.why);
        },
        py::arg("backend") = "auto",
        "('cpu' or 'cuda', reason) for a requested backend 'auto', 'cpu' or 'cuda'.");
}
