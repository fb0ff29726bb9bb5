/* numpy-level insertion/deletion MAP decoding (the engine the block and the BER tool use), the
 * drift limits, and the defaults of the decoder's options (for tests that compare the
 * bindings and the GRC YAML with them).
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

bsid_map_options make_options(const std::string& backend,
                              const integer& device,
                              const integer& max_drift,
                              const integer& max_symbol_drift,
                              double drift_threshold,
                              const std::string& storage,
                              const std::string& precision,
                              const integer& threads,
                              const integer& lookahead,
                              const std::string& lattice)
{
    bsid_map_options o;
    o.backend = parse_backend(backend);
    o.device = device.as<int>("device");
    o.max_drift = gpufec_python::optional_limit_arg(max_drift, "max_drift");
    o.max_symbol_drift = gpufec_python::optional_limit_arg(max_symbol_drift, "max_symbol_drift");
    o.drift_threshold = drift_threshold;
    o.storage = parse_bsid_storage(storage);
    o.precision = parse_bsid_precision(precision);
    o.threads = threads.as<unsigned>("threads");
    o.lookahead = lookahead.as<size_t>("lookahead");
    o.lattice = parse_bsid_lattice(lattice);
    o.check();
    return o;
}

/* The received frames: one 1-D array (single), or a list/tuple of them or a 2-D array (a
 * batch). */
struct received_frames {
    std::vector<uint8_t> bits;
    std::vector<size_t> ends;
    bool single = false;
};

received_frames received_arg(py::handle v)
{
    received_frames r;
    std::vector<py::object> frames;
    if (py::isinstance<py::list>(v) || py::isinstance<py::tuple>(v)) {
        for (py::handle f : v)
            frames.push_back(py::reinterpret_borrow<py::object>(f));
        if (frames.empty())
            throw py::value_error("received_bits is an empty list: give at least one frame");
    } else {
        const py::array a = gpufec_python::real_array_arg(v, "received_bits");
        if (a.ndim() == 2) {
            for (py::ssize_t f = 0; f < a.shape(0); ++f)
                frames.push_back(a.attr("__getitem__")(f));
        } else {
            r.single = true;
            frames.push_back(a);
        }
    }
    for (size_t f = 0; f < frames.size(); ++f) {
        const std::string name =
            r.single ? "received_bits" : "received_bits[" + std::to_string(f) + "]";
        const std::vector<uint8_t> b = gpufec_python::hard_bits_arg(frames[f], name);
        r.bits.insert(r.bits.end(), b.begin(), b.end());
        r.ends.push_back(r.bits.size());
    }
    return r;
}

/* priors: None, [N, q] (for every frame) or [frames, N, q], as frames * N * q doubles. */
std::vector<double> priors_arg(py::handle v, size_t frames, size_t N, size_t q, bool single)
{
    if (v.is_none())
        return {};
    const auto a = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(
        gpufec_python::real_array_arg(v, "priors"));
    const bool per_frame = a.ndim() == 3 && size_t(a.shape(0)) == frames;
    const size_t d = a.ndim() == 3 ? 1 : 0;
    if (!(a.ndim() == 2 || per_frame) || size_t(a.shape(d)) != N || size_t(a.shape(d + 1)) != q)
        throw py::value_error(
            "priors must be an array [N, q] = [" + std::to_string(N) + ", " + std::to_string(q) +
            "]" + (single ? "" : " or [frames, N, q] = [" + std::to_string(frames) + ", " +
                                     std::to_string(N) + ", " + std::to_string(q) + "]") +
            ", got " + std::to_string(a.ndim()) + " dimensions of shape " +
            py::str(a.attr("shape")).cast<std::string>());
    std::vector<double> p;
    p.reserve(frames * N * q);
    for (size_t f = 0; f < frames; ++f)
        p.insert(p.end(), a.data() + (per_frame ? f * N * q : 0),
                 a.data() + (per_frame ? f * N * q : 0) + N * q);
    return p;
}

py::object decode(std::shared_ptr<tvb_code> c,
                 py::handle channel,
                 py::handle received_bits,
                 py::handle priors,
                 const bsid_map_options& o,
                 bool return_decisions)
{
    const tvb_code_sptr code = gpufec_python::tvb_code_arg(c);
    const bsid_channel_model_sptr ch = gpufec_python::bsid_channel_arg(channel);
    const received_frames r = received_arg(received_bits);
    const size_t frames = r.ends.size(), N = code->N(), q = code->q();
    const std::vector<double> p = priors_arg(priors, frames, N, q, r.single);
    bsid_map_decoder_engine engine(code, ch->params(), o);
    std::vector<py::ssize_t> shape{ py::ssize_t(N), py::ssize_t(q) };
    if (!r.single)
        shape.insert(shape.begin(), py::ssize_t(frames));
    py::array_t<double> post(shape);
    double* out = post.mutable_data();
    std::vector<uint32_t> decisions(return_decisions ? frames * N : 0);
    {
        py::gil_scoped_release nogil;
        engine.decode_frames(r.bits.data(), r.ends.data(), frames, p.empty() ? nullptr : p.data(),
                             out, return_decisions ? decisions.data() : nullptr);
    }
    if (!return_decisions)
        return post;
    shape.pop_back();
    py::array_t<uint32_t> d(shape);
    std::copy(decisions.begin(), decisions.end(), d.mutable_data());
    return py::make_tuple(post, d);
}

} // namespace

void bind_bsid_map(py::module& m)
{
    const bsid_map_options d;

    py::class_<bsid_drift_limits>(
        m,
        "bsid_drift_limits",
        "The drift states the MAP decoder considers: the drift at a codeword boundary is in\n"
        "[frame_min, frame_max], its change over one codeword in [symbol_min, symbol_max].")
        .def_readonly("frame_min", &bsid_drift_limits::frame_min)
        .def_readonly("frame_max", &bsid_drift_limits::frame_max)
        .def_readonly("symbol_min", &bsid_drift_limits::symbol_min)
        .def_readonly("symbol_max", &bsid_drift_limits::symbol_max)
        .def("frame_states", &bsid_drift_limits::frame_states)
        .def("symbol_states", &bsid_drift_limits::symbol_states)
        .def("__repr__", [](const bsid_drift_limits& l) {
            return "<gpufec.bsid_drift_limits frame [" + std::to_string(l.frame_min) + ", " +
                   std::to_string(l.frame_max) + "], symbol [" + std::to_string(l.symbol_min) +
                   ", " + std::to_string(l.symbol_max) + "]>";
        });

    m.def(
        "bsid_drift_limits_for",
        [](std::shared_ptr<tvb_code> c,
           py::object channel,
           integer max_drift,
           integer max_symbol_drift,
           double drift_threshold) {
            const tvb_code_sptr code = gpufec_python::tvb_code_arg(c);
            return bsid_derive_drift_limits(
                gpufec_python::bsid_channel_arg(channel)->params(), code->n(), code->N(),
                drift_threshold, gpufec_python::optional_limit_arg(max_drift, "max_drift"),
                gpufec_python::optional_limit_arg(max_symbol_drift, "max_symbol_drift"));
        },
        py::arg("code"),
        py::arg("channel"),
        py::arg("max_drift") = py::none(),
        py::arg("max_symbol_drift") = py::none(),
        py::arg("drift_threshold") = d.drift_threshold,
        "The drift limits the MAP decoder derives for a code and channel (docs/bsid.md): the\n"
        "narrowest with at most drift_threshold / 2 of the drift distribution beyond each side,\n"
        "after a frame (frame limits) and after a codeword (symbol limits); max_drift and\n"
        "max_symbol_drift override them. A received frame may be tau + frame_min to\n"
        "tau + frame_max bits long.");

    m.def(
        "bsid_map_decode",
        [](std::shared_ptr<tvb_code> c,
           py::object channel,
           py::object received_bits,
           py::object priors,
           integer max_drift,
           const std::string& backend,
           const std::string& precision,
           const std::string& storage,
           integer device,
           integer threads,
           integer max_symbol_drift,
           double drift_threshold,
           bool return_decisions,
           const std::string& lattice) {
            const bsid_map_options o = make_options(backend, device, max_drift, max_symbol_drift,
                                                    drift_threshold, storage, precision,
                                                    threads, integer(py::int_(0)), lattice);
            return decode(c, channel, received_bits, priors, o, return_decisions);
        },
        py::arg("code"),
        py::arg("channel"),
        py::arg("received_bits"),
        py::arg("priors") = py::none(),
        py::arg("max_drift") = py::none(),
        py::arg("backend") = backend_name(d.backend),
        py::arg("precision") = bsid_precision_name(d.precision),
        py::arg("storage") = bsid_storage_name(d.storage),
        py::arg("device") = d.device,
        py::arg("threads") = d.threads,
        py::arg("max_symbol_drift") = py::none(),
        py::arg("drift_threshold") = d.drift_threshold,
        py::arg("return_decisions") = false,
        py::arg("lattice") = bsid_lattice_name(d.lattice),
        "Symbol posteriors of received frames whose start and end are known (Briffa's MAP\n"
        "decoder). code: a gpufec.tvb_code; channel: a gpufec.bsid_channel_model (or the\n"
        "bsid_channel block); received_bits: one frame (a 1-D array of bits 0/1), giving an\n"
        "array [N, q], or a list of frames of any lengths (a batch, or a 2-D array of equal\n"
        "ones), giving [frames, N, q] (float64, each row summing to 1). A frame may be\n"
        "tau + frame_min to tau + frame_max bits long (gpufec.bsid_drift_limits_for). priors:\n"
        "None (equiprobable symbols), [N, q] (for every frame) or [frames, N, q]. max_drift:\n"
        "None for the limit derived from the channel, or the frame drift limit. backend\n"
        "'auto', 'cpu' or 'cuda'; precision 'float' or 'double'; storage (CUDA) 'auto',\n"
        "'global' or 'local'; threads: CPU threads, 0 for all. return_decisions: also return\n"
        "the decided symbols (the most probable, the lowest on a tie), as (posteriors, symbols).\n"
        "lattice: 'corridor' (the paper's receiver-metric lattices) or 'pooled' (one lattice per\n"
        "codeword over all start drifts; docs/bsid.md).");

    m.def(
        "bsid_hard_decisions",
        [](py::object posteriors_arg) {
            const py::array posteriors = gpufec_python::real_array_arg(posteriors_arg, "posteriors");
            if (posteriors.ndim() < 1)
                throw py::value_error("posteriors must have a last axis of q probabilities");
            // numpy's argmax takes the first maximum: the lowest symbol, as the engine does.
            return py::module_::import("numpy")
                .attr("argmax")(posteriors, -1)
                .attr("astype")("uint32");
        },
        py::arg("posteriors"),
        "The decided symbols of posteriors [..., q]: the most probable, the lowest on a tie\n"
        "(as the decoder decides), uint32 [...].");

    m.def(
        "bsid_stream_decode",
        [](std::shared_ptr<tvb_code> c,
           py::object channel,
           py::object received_bits,
           integer lookahead,
           integer max_drift,
           const std::string& backend,
           const std::string& precision,
           integer threads,
           bool return_posteriors,
           const std::string& lattice) {
            const tvb_code_sptr code = gpufec_python::tvb_code_arg(c);
            const bsid_channel_model_sptr ch = gpufec_python::bsid_channel_arg(channel);
            const bsid_map_options o =
                make_options(backend, integer(py::int_(0)), max_drift, integer(),
                             bsid_default_drift_threshold, "auto", precision, threads, lookahead,
                             lattice);
            const std::vector<uint8_t> in =
                gpufec_python::hard_bits_arg(received_bits, "received_bits");
            std::vector<bsid_stream_frame> frames;
            {
                py::gil_scoped_release nogil;
                bsid_stream_decoder dec(code, ch->params(), o, return_posteriors);
                dec.push(in.data(), in.size());
                dec.flush();
                for (bsid_stream_frame f; dec.pull(f);)
                    frames.push_back(std::move(f));
            }
            const size_t F = frames.size(), N = code->N(), q = code->q();
            py::array_t<uint32_t> symbols({ F, N });
            py::array_t<int64_t> drift(F), start(F);
            py::array_t<bool> resync(F);
            py::array_t<double> post({ F, return_posteriors ? N : 0, return_posteriors ? q : 0 });
            for (size_t f = 0; f < F; ++f) {
                std::copy(frames[f].symbols.begin(), frames[f].symbols.end(),
                          symbols.mutable_data() + f * N);
                drift.mutable_data()[f] = frames[f].drift;
                start.mutable_data()[f] = int64_t(frames[f].start);
                resync.mutable_data()[f] = frames[f].resynchronised;
                if (return_posteriors)
                    std::copy(frames[f].posteriors.begin(), frames[f].posteriors.end(),
                              post.mutable_data() + f * N * q);
            }
            py::dict r;
            r["symbols"] = symbols;
            r["drift"] = drift;
            r["start"] = start;
            r["resync"] = resync;
            if (return_posteriors)
                r["posteriors"] = post;
            return r;
        },
        py::arg("code"),
        py::arg("channel"),
        py::arg("received_bits"),
        py::arg("lookahead") = d.lookahead,
        py::arg("max_drift") = py::none(),
        py::arg("backend") = backend_name(d.backend),
        py::arg("precision") = bsid_precision_name(d.precision),
        py::arg("threads") = d.threads,
        py::arg("return_posteriors") = false,
        py::arg("lattice") = bsid_lattice_name(d.lattice),
        "Decodes a stream of frames sent back to back (the bsid_map_decoder block's engine, the\n"
        "whole stream at once, flushed at its end). Returns a dict: 'symbols' [frames, N]\n"
        "(uint32), 'drift' (each frame's estimated end drift), 'start' (the received bit each\n"
        "frame was placed at), 'resync' (placed by a search after a loss of sync) and, with\n"
        "return_posteriors, 'posteriors' [frames, N, q].");

    m.def(
        "bsid_map_defaults",
        [d] {
            py::dict r;
            r["max_drift"] = d.max_drift;
            r["max_symbol_drift"] = d.max_symbol_drift;
            r["drift_threshold"] = d.drift_threshold;
            r["storage"] = bsid_storage_name(d.storage);
            r["precision"] = bsid_precision_name(d.precision);
            r["lattice"] = bsid_lattice_name(d.lattice);
            r["lookahead"] = d.lookahead;
            r["threads"] = d.threads;
            return r;
        },
        "The default of every insertion/deletion MAP decoder option, as the C++ core defines it\n"
        "(max_drift and max_symbol_drift -1: derived from the channel).");
}
