/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* BINDTOOL_GEN_AUTOMATIC(0)                                                       */
/* BINDTOOL_USE_PYGCCXML(0)                                                        */
/* BINDTOOL_HEADER_FILE(lte_transport_encoder.h)                                   */
/* BINDTOOL_HEADER_FILE_HASH(99d5a1b6e691ba91bf126ef26dee6f5c)                                                   */

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;

#include "python/gpufec/bindings/arg_checks.h"
#include <gnuradio/gpufec/lte_transport_encoder.h>
#include <cstdint>

void bind_lte_transport_encoder(py::module& m)
{
    using namespace ::gr::gpufec;
    using gpufec_python::integer;
    const lte_transport_params p;

    py::class_<lte_transport_encoder,
               gr::block,
               gr::basic_block,
               std::shared_ptr<lte_transport_encoder>>(
        m,
        "lte_transport_encoder",
        "LTE transport block encoder: packets of A bits (uint8, a 'packet_len' tag on the first)\n"
        "in, their G coded bits out (as lte_transport_encode). A packet's 'G' and 'rv' tags\n"
        "override the block's; a 'tb_size' tag (A) is added to each output packet.")
        .def(py::init([](const integer& A, const integer& G, const integer& rv, const integer& Qm,
                         const integer& NL, const integer& nsoft, const integer& kc,
                         const integer& kmimo, const integer& mdlharq,
                         const std::string& length_tag) {
                 return lte_transport_encoder::make(
                     A.as<size_t>("A", 0, SIZE_MAX, "0 (any) or 16 to 391656"),
                     G.as<size_t>("G", 0, SIZE_MAX, "0 (each packet's 'G' tag) or more"),
                     rv.as<int>("rv"), Qm.as<int>("Qm"), NL.as<int>("NL"),
                     nsoft.as<size_t>("nsoft", 0, SIZE_MAX, "0 (no limit) or N_soft"),
                     kc.as<int>("kc"), kmimo.as<int>("kmimo"), mdlharq.as<int>("mdlharq"),
                     length_tag);
             }),
             py::arg("A") = 0,
             py::arg("G") = 0,
             py::arg("rv") = p.rv,
             py::arg("Qm") = p.Qm,
             py::arg("NL") = p.NL,
             py::arg("nsoft") = p.nsoft,
             py::arg("kc") = p.kc,
             py::arg("kmimo") = p.kmimo,
             py::arg("mdlharq") = p.mdlharq,
             py::arg("length_tag") = "packet_len",
             "A: the transport block size (0: each packet's length); G: the coded bits (0: each\n"
             "packet's 'G' tag); rv 0..3; Qm 1, 2, 4, 6 or 8; NL 1, 2 or 4; nsoft: N_soft (0: no\n"
             "soft buffer limit), with kc, kmimo and mdlharq as lte_transport_encode takes them;\n"
             "length_tag: the key of the tag that gives each packet's length")
        .def("packets", &lte_transport_encoder::packets)
        .def("dropped", &lte_transport_encoder::dropped);
}
