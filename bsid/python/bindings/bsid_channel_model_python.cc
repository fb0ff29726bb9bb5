/* The BSID channel model for Python: gpufec.bsid_channel_model, its transmit() on the CPU or
 * the GPU, and the drift distribution.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* BINDTOOL_HEADER_FILE(None) */
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include "python/gpufec/bindings/arg_checks.h"
#include "bsid_args.h"
#include "python/gpufec/bindings/numpy_arrays.h"
#include <gnuradio/gpufec/bsid/bsid_map.h>
#include <limits>

namespace {

using namespace gr::gpufec;
using gpufec_python::integer;

std::shared_ptr<bsid_channel_model> make_model(double pi, double pd, double ps, integer seed)
{
    return gpufec_python::python_holder(
        bsid_channel_model::make(pi, pd, ps, seed.as<uint64_t>("seed")));
}

py::tuple transmit(const std::shared_ptr<bsid_channel_model>& self,
                   py::object bits,
                   integer first,
                   const std::string& backend,
                   integer device)
{
    const auto in = gpufec_python::bits_arg(bits, "bits");
    const uint64_t f = first.as<uint64_t>("first");
    const int dev = device.as<int>("device", 0, std::numeric_limits<int>::max());
    const backend_kind kind = parse_backend(backend);
    bsid_transmission t;
    {
        py::gil_scoped_release nogil;
        if (kind == backend_kind::CPU)
            t = self->transmit(in.data(), size_t(in.size()), f);
        else
            t = bsid_channel_simulator(self, kind, dev).transmit(in.data(), size_t(in.size()), f);
    }
    return py::make_tuple(gpufec_python::to_array(t.received), gpufec_python::to_array(t.drift));
}

} // namespace

void bind_bsid_channel_model(py::module& m)
{
    py::class_<bsid_channel_model, std::shared_ptr<bsid_channel_model>>(
        m,
        "bsid_channel_model",
        "The binary substitution, insertion and deletion (BSID) channel (Davey and MacKay, as\n"
        "Briffa's MAP decoder paper defines it): before each input bit, insertions of a random\n"
        "bit with probability pi each; then the bit is deleted (pd) or transmitted (1 - pi - pd),\n"
        "flipped with probability ps; no insertion after the last bit. The draws of input bit t\n"
        "depend on (seed, t) only (docs/bsid.md): the CPU and the GPU give the same output, and\n"
        "a stream sent in pieces (first = bits sent before) the stream's output. The model the\n"
        "bsid_channel block draws from and the MAP decoder assumes.")
        .def(py::init(&make_model),
             py::arg("pi"),
             py::arg("pd"),
             py::arg("ps"),
             py::arg("seed") = 0)
        .def_property_readonly("pi", [](const bsid_channel_model& c) { return c.params().pi; })
        .def_property_readonly("pd", [](const bsid_channel_model& c) { return c.params().pd; })
        .def_property_readonly("ps", [](const bsid_channel_model& c) { return c.params().ps; })
        .def_property_readonly("pt",
                               [](const bsid_channel_model& c) { return c.params().pt(); },
                               "transmission probability 1 - pi - pd")
        .def_property_readonly("seed", &bsid_channel_model::seed)
        .def("name", &bsid_channel_model::name)
        .def("transmit",
             &transmit,
             py::arg("bits"),
             py::arg("first") = 0,
             py::arg("backend") = "auto",
             py::arg("device") = 0,
             "Sends bits (any nonzero value is 1) through the channel. Returns (received, drift):\n"
             "the received bits (uint8 0/1) and the drift before each input bit's events, int32,\n"
             "len(bits) + 1 entries (drift[t] = bits received minus bits sent before bit t;\n"
             "drift[-1] = len(received) - len(bits)). first: the stream index of bits[0].\n"
             "backend: 'auto' (the GPU when present), 'cpu' or 'cuda'; the same output on each.")
        .def(
            "drift_distribution",
            [](const bsid_channel_model& c, integer T) {
                int lo = 0, hi = 0;
                const std::vector<double> p = bsid_drift_distribution(
                    c.params(), T.as<size_t>("T", 0, size_t(1) << 31), &lo, &hi);
                return py::make_tuple(lo, gpufec_python::to_array(p));
            },
            py::arg("T"),
            "The exact distribution of the drift after T input bits: (lo, p), p[k] the\n"
            "probability of drift lo + k.")
        .def("__str__",
             [](const bsid_channel_model& c) {
                 // name() less its family word: GRC shows this on block faces, where it cuts
                 // a value beyond 27 characters less the label's ("Model").
                 const std::string name = c.name();
                 return name.substr(name.find(' ') + 1);
             },
             "the probabilities (GRC shows this on block faces)")
        .def("__repr__", [](const bsid_channel_model& c) {
            return "<gpufec.bsid_channel_model " + c.name() + " seed=" + std::to_string(c.seed()) +
                   ">";
        });
}
