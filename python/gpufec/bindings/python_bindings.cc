/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <pybind11/pybind11.h>

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

namespace py = pybind11;

// Headers for binding functions
/**************************************/
// The following comment block is used for
// gr_modtool to insert function prototypes
// Please do not delete
/**************************************/
// BINDING_FUNCTION_PROTOTYPES(
void bind_backend(py::module& m);
void bind_code(py::module& m);
void bind_decoder(py::module& m);
void bind_awgn_bpsk(py::module& m);
void bind_awgn_bpsk_channel(py::module& m);
void bind_awgn_bpsk_source(py::module& m);
void bind_conv_code(py::module& m);
void bind_viterbi(py::module& m);
void bind_conv_encoder(py::module& m);
void bind_viterbi_decoder(py::module& m);
void bind_lte_turbo_code(py::module& m);
void bind_lte_chain(py::module& m);
void bind_lte_turbo(py::module& m);
void bind_lte_turbo_encoder(py::module& m);
void bind_lte_turbo_decoder(py::module& m);
void bind_conv_fec_encoder(py::module& m);
void bind_viterbi_fec_decoder(py::module& m);
void bind_cc_decoder(py::module& m);
void bind_cc_encoder(py::module& m);
void bind_tvb_code(py::module& m);
void bind_bsid_channel_model(py::module& m);
void bind_bsid_map(py::module& m);
void bind_bsid_channel(py::module& m);
void bind_tvb_encoder(py::module& m);
void bind_bsid_map_decoder(py::module& m);
void bind_lte_transport(py::module& m);
void bind_lte_transport_encoder(py::module& m);
void bind_lte_transport_decoder(py::module& m);
// ) END BINDING_FUNCTION_PROTOTYPES


// We need this hack because import_array() returns NULL
// for newer Python versions.
// This function is also necessary because it ensures access to the C API
// and removes a warning.
void* init_numpy()
{
    import_array();
    return NULL;
}

PYBIND11_MODULE(gpufec_python, m)
{
    // Initialize the numpy C API
    // (otherwise we will see segmentation faults)
    init_numpy();

    // Allow access to base block methods
    py::module::import("gnuradio.gr");

    /**************************************/
    // The following comment block is used for
    // gr_modtool to insert binding function calls
    // Please do not delete
    /**************************************/
    // BINDING_FUNCTION_CALLS(
    bind_backend(m);
    bind_code(m);
    bind_decoder(m);
    bind_awgn_bpsk(m);
    bind_awgn_bpsk_channel(m);
    bind_awgn_bpsk_source(m);
    bind_conv_code(m);
    bind_viterbi(m);
    bind_conv_encoder(m);
    bind_viterbi_decoder(m);
    bind_lte_turbo_code(m);
    bind_lte_chain(m);
    bind_lte_turbo(m);
    bind_lte_turbo_encoder(m);
    bind_lte_turbo_decoder(m);
    bind_conv_fec_encoder(m);
    bind_viterbi_fec_decoder(m);
    bind_cc_decoder(m);
    bind_cc_encoder(m);
    bind_tvb_code(m);
    bind_bsid_channel_model(m);
    bind_bsid_map(m);
    bind_bsid_channel(m);
    bind_tvb_encoder(m);
    bind_bsid_map_decoder(m);
    bind_lte_transport(m);
    bind_lte_transport_encoder(m);
    bind_lte_transport_decoder(m);
    // ) END BINDING_FUNCTION_CALLS
}
