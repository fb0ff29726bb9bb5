/* The options every decoder shares: their defaults, for tests and tools that must agree with
 * the C++ ones (the QA compares the GRC YAML and the bindings against these).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* BINDTOOL_HEADER_FILE(None) */
#include <pybind11/pybind11.h>

namespace py = pybind11;

#include <gnuradio/gpufec/core/decoder.h>

void bind_decoder(py::module& m)
{
    using namespace gr::gpufec;
    m.def(
        "decoder_defaults",
        [] {
            const decoder_options o;
            py::dict d;
            d["backend"] = backend_name(o.backend);
            d["device"] = o.device;
            d["input"] = soft_type_name(o.input);
            d["llr_scale"] = o.llr_scale;
            d["invert"] = o.invert;
            return d;
        },
        "The default of every option the decoders share, as the C++ core defines it.");
}
