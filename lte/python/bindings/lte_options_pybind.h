// generated from lte/lte_options.yml by cmake/gpufec_options.py: do not edit

#ifndef INCLUDED_GPUFEC_LTE_OPTIONS_PYBIND_H
#define INCLUDED_GPUFEC_LTE_OPTIONS_PYBIND_H

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include "python/gpufec/bindings/arg_checks.h"
#include <gnuradio/gpufec/lte/lte_turbo.h>

namespace gpufec_options {

namespace py = pybind11;

/* gpufec.lte_turbo_options: keyword constructor, validated properties, spec(), from_spec(). */
inline void bind_lte_turbo_options(py::module& m)
{
    using namespace ::gr::gpufec;
    using gpufec_python::integer;
    const lte_turbo_options d;
    py::class_<lte_turbo_options> c(m, "lte_turbo_options", "LTE turbo decoder options (docs/turbo.md): every one by keyword, checked (ValueError names\na bad one). Hand it to lte_turbo_decoder(code, options), lte_turbo_decode(code, llrs,\noptions) or, as options.spec(), to gpufec_ber --code lte_turbo:SPEC.");
    c.def(py::init([](const std::string& backend, integer device, const std::string& input, float llr_scale, bool invert, integer max_batch, integer threads, integer iterations, const std::string& algorithm, float scaling, const std::string& early_stop, integer subblocks, integer guard, const std::string& metrics, integer E, integer rv, integer ncb) {
              lte_turbo_options o;
              o.backend = parse_backend(backend);
              o.device = device.as<int>("device", 0, std::numeric_limits<int>::max(), "a CUDA device index >= 0");
              o.input = parse_soft_type(input);
              o.llr_scale = llr_scale;
              o.invert = invert;
              o.max_batch = max_batch.as<size_t>("max_batch", 0, 1048576, "0 (the backend's choice) to 1048576");
              o.threads = threads.as<unsigned>("threads", 0, 1024, "0 (one per hardware thread) to 1024");
              o.turbo.iterations = iterations.as<int>("iterations", 1, 32, "1 to 32");
              o.turbo.algorithm = parse_turbo_algorithm(algorithm);
              o.turbo.scaling = scaling;
              o.turbo.stop = parse_early_stop(early_stop);
              o.turbo.subblocks = subblocks.as<unsigned>("subblocks", std::numeric_limits<unsigned>::min(), std::numeric_limits<unsigned>::max(), "0 (the backend's) to K");
              o.turbo.guard = guard.as<unsigned>("guard", std::numeric_limits<unsigned>::min(), std::numeric_limits<unsigned>::max(), "0 to floor(K / P)");
              o.turbo.metrics = parse_turbo_metrics(metrics);
              o.rate_match.E = E.as<size_t>("E");
              o.rate_match.rv = rv.as<int>("rv", 0, 3, "0, 1, 2, 3");
              o.rate_match.ncb = ncb.as<size_t>("ncb");
              o.check();
              return o;
          }),
          py::kw_only(),
          py::arg("backend") = backend_name(d.backend),
          py::arg("device") = d.device,
          py::arg("input") = soft_type_name(d.input),
          py::arg("llr_scale") = d.llr_scale,
          py::arg("invert") = d.invert,
          py::arg("max_batch") = d.max_batch,
          py::arg("threads") = d.threads,
          py::arg("iterations") = d.turbo.iterations,
          py::arg("algorithm") = turbo_algorithm_name(d.turbo.algorithm),
          py::arg("scaling") = d.turbo.scaling,
          py::arg("early_stop") = early_stop_name(d.turbo.stop),
          py::arg("subblocks") = d.turbo.subblocks,
          py::arg("guard") = d.turbo.guard,
          py::arg("metrics") = turbo_metrics_name(d.turbo.metrics),
          py::arg("E") = d.rate_match.E,
          py::arg("rv") = d.rate_match.rv,
          py::arg("ncb") = d.rate_match.ncb,
          "Every option by keyword; a bad value raises ValueError naming it.");
    c.def_property("backend",
        [](const lte_turbo_options& o) { return backend_name(o.backend); },
        [](lte_turbo_options& o, const std::string& v) {
            lte_turbo_options n = o;
            n.backend = parse_backend(v);
            n.check();
            o = n;
        });
    c.def_property("device",
        [](const lte_turbo_options& o) { return o.device; },
        [](lte_turbo_options& o, integer v) {
            lte_turbo_options n = o;
            n.device = v.as<int>("device", 0, std::numeric_limits<int>::max(), "a CUDA device index >= 0");
            n.check();
            o = n;
        });
    c.def_property("input",
        [](const lte_turbo_options& o) { return soft_type_name(o.input); },
        [](lte_turbo_options& o, const std::string& v) {
            lte_turbo_options n = o;
            n.input = parse_soft_type(v);
            n.check();
            o = n;
        });
    c.def_property("llr_scale",
        [](const lte_turbo_options& o) { return o.llr_scale; },
        [](lte_turbo_options& o, float v) {
            lte_turbo_options n = o;
            n.llr_scale = v;
            n.check();
            o = n;
        });
    c.def_property("invert",
        [](const lte_turbo_options& o) { return o.invert; },
        [](lte_turbo_options& o, bool v) {
            lte_turbo_options n = o;
            n.invert = v;
            n.check();
            o = n;
        });
    c.def_property("max_batch",
        [](const lte_turbo_options& o) { return o.max_batch; },
        [](lte_turbo_options& o, integer v) {
            lte_turbo_options n = o;
            n.max_batch = v.as<size_t>("max_batch", 0, 1048576, "0 (the backend's choice) to 1048576");
            n.check();
            o = n;
        });
    c.def_property("threads",
        [](const lte_turbo_options& o) { return o.threads; },
        [](lte_turbo_options& o, integer v) {
            lte_turbo_options n = o;
            n.threads = v.as<unsigned>("threads", 0, 1024, "0 (one per hardware thread) to 1024");
            n.check();
            o = n;
        });
    c.def_property("iterations",
        [](const lte_turbo_options& o) { return o.turbo.iterations; },
        [](lte_turbo_options& o, integer v) {
            lte_turbo_options n = o;
            n.turbo.iterations = v.as<int>("iterations", 1, 32, "1 to 32");
            n.check();
            o = n;
        });
    c.def_property("algorithm",
        [](const lte_turbo_options& o) { return turbo_algorithm_name(o.turbo.algorithm); },
        [](lte_turbo_options& o, const std::string& v) {
            lte_turbo_options n = o;
            n.turbo.algorithm = parse_turbo_algorithm(v);
            n.check();
            o = n;
        });
    c.def_property("scaling",
        [](const lte_turbo_options& o) { return o.turbo.scaling; },
        [](lte_turbo_options& o, float v) {
            lte_turbo_options n = o;
            n.turbo.scaling = v;
            n.check();
            o = n;
        });
    c.def_property("early_stop",
        [](const lte_turbo_options& o) { return early_stop_name(o.turbo.stop); },
        [](lte_turbo_options& o, const std::string& v) {
            lte_turbo_options n = o;
            n.turbo.stop = parse_early_stop(v);
            n.check();
            o = n;
        });
    c.def_property("subblocks",
        [](const lte_turbo_options& o) { return o.turbo.subblocks; },
        [](lte_turbo_options& o, integer v) {
            lte_turbo_options n = o;
            n.turbo.subblocks = v.as<unsigned>("subblocks", std::numeric_limits<unsigned>::min(), std::numeric_limits<unsigned>::max(), "0 (the backend's) to K");
            n.check();
            o = n;
        });
    c.def_property("guard",
        [](const lte_turbo_options& o) { return o.turbo.guard; },
        [](lte_turbo_options& o, integer v) {
            lte_turbo_options n = o;
            n.turbo.guard = v.as<unsigned>("guard", std::numeric_limits<unsigned>::min(), std::numeric_limits<unsigned>::max(), "0 to floor(K / P)");
            n.check();
            o = n;
        });
    c.def_property("metrics",
        [](const lte_turbo_options& o) { return turbo_metrics_name(o.turbo.metrics); },
        [](lte_turbo_options& o, const std::string& v) {
            lte_turbo_options n = o;
            n.turbo.metrics = parse_turbo_metrics(v);
            n.check();
            o = n;
        });
    c.def_property("E",
        [](const lte_turbo_options& o) { return o.rate_match.E; },
        [](lte_turbo_options& o, integer v) {
            lte_turbo_options n = o;
            n.rate_match.E = v.as<size_t>("E");
            n.check();
            o = n;
        });
    c.def_property("rv",
        [](const lte_turbo_options& o) { return o.rate_match.rv; },
        [](lte_turbo_options& o, integer v) {
            lte_turbo_options n = o;
            n.rate_match.rv = v.as<int>("rv", 0, 3, "0, 1, 2, 3");
            n.check();
            o = n;
        });
    c.def_property("ncb",
        [](const lte_turbo_options& o) { return o.rate_match.ncb; },
        [](lte_turbo_options& o, integer v) {
            lte_turbo_options n = o;
            n.rate_match.ncb = v.as<size_t>("ncb");
            n.check();
            o = n;
        });
    c.def("spec", &lte_turbo_options::spec, "The options that differ from their defaults, 'name=value,...' (gpufec_ber --code lte_turbo:SPEC).");
    c.def_static("from_spec", &lte_turbo_options::from_spec, py::arg("spec"));
    c.def("__eq__", [](const lte_turbo_options& a, const lte_turbo_options& b) { return a.spec() == b.spec(); });
    c.def("__repr__", [](const lte_turbo_options& o) { return "lte_turbo_options.from_spec('" + o.spec() + "')"; });
}

/* lte_turbo_decoder(code, iterations=6, algorithm='max-log', scaling=0.75, early_stop='none', backend='auto', input='float', llr_scale=8.0, invert=False, device=0, subblocks=0, guard=0, length_tag='', E=0, rv=0, ncb=0, llr_output=False, metrics='float')
 * and lte_turbo_decoder(code, options, length_tag, llr_output): @p make gets (code, options, length_tag, llr_output). */
template <typename Target, typename Make>
void def_lte_turbo_decoder_keywords(Target& target, Make make, const char* doc)
{
    using namespace ::gr::gpufec;
    using gpufec_python::integer;
    const lte_turbo_options d;
    target.def(py::init([make](lte_turbo_code_sptr code, const lte_turbo_options& options, const std::string& length_tag, bool llr_output) {
        return make(code, options, length_tag, llr_output);
    }),
        py::arg("code"),
        py::arg("options"),
        py::arg("length_tag") = std::string(""),
        py::arg("llr_output") = false,
        doc);
    target.def(py::init([make](lte_turbo_code_sptr code, integer iterations, const std::string& algorithm, float scaling, const std::string& early_stop, const std::string& backend, const std::string& input, float llr_scale, bool invert, integer device, integer subblocks, integer guard, const std::string& length_tag, integer E, integer rv, integer ncb, bool llr_output, const std::string& metrics) {
        lte_turbo_options o;
        o.turbo.iterations = iterations.as<int>("iterations", 1, 32, "1 to 32");
        o.turbo.algorithm = parse_turbo_algorithm(algorithm);
        o.turbo.scaling = scaling;
        o.turbo.stop = parse_early_stop(early_stop);
        o.backend = parse_backend(backend);
        o.input = parse_soft_type(input);
        o.llr_scale = llr_scale;
        o.invert = invert;
        o.device = device.as<int>("device", 0, std::numeric_limits<int>::max(), "a CUDA device index >= 0");
        o.turbo.subblocks = subblocks.as<unsigned>("subblocks", std::numeric_limits<unsigned>::min(), std::numeric_limits<unsigned>::max(), "0 (the backend's) to K");
        o.turbo.guard = guard.as<unsigned>("guard", std::numeric_limits<unsigned>::min(), std::numeric_limits<unsigned>::max(), "0 to floor(K / P)");
        o.rate_match.E = E.as<size_t>("E");
        o.rate_match.rv = rv.as<int>("rv", 0, 3, "0, 1, 2, 3");
        o.rate_match.ncb = ncb.as<size_t>("ncb");
        o.turbo.metrics = parse_turbo_metrics(metrics);
        o.check();
        return make(code, o, length_tag, llr_output);
    }),
        py::arg("code"),
        py::arg("iterations") = d.turbo.iterations,
        py::arg("algorithm") = turbo_algorithm_name(d.turbo.algorithm),
        py::arg("scaling") = d.turbo.scaling,
        py::arg("early_stop") = early_stop_name(d.turbo.stop),
        py::arg("backend") = backend_name(d.backend),
        py::arg("input") = soft_type_name(d.input),
        py::arg("llr_scale") = d.llr_scale,
        py::arg("invert") = d.invert,
        py::arg("device") = d.device,
        py::arg("subblocks") = d.turbo.subblocks,
        py::arg("guard") = d.turbo.guard,
        py::arg("length_tag") = std::string(""),
        py::arg("E") = d.rate_match.E,
        py::arg("rv") = d.rate_match.rv,
        py::arg("ncb") = d.rate_match.ncb,
        py::arg("llr_output") = false,
        py::arg("metrics") = turbo_metrics_name(d.turbo.metrics),
        doc);
}

/* lte_turbo_decode(code, llrs, iterations=6, algorithm='max-log', scaling=0.75, early_stop='none', backend='auto', llr_scale=8.0, invert=False, device=0, subblocks=0, guard=0, E=0, rv=0, ncb=0, metrics='float', return_llrs=False)
 * and lte_turbo_decode(code, llrs, options, return_llrs): @p make gets (code, llrs, options, return_llrs). */
template <typename Target, typename Make>
void def_lte_turbo_decode_keywords(Target& target, Make make, const char* doc)
{
    using namespace ::gr::gpufec;
    using gpufec_python::integer;
    const lte_turbo_options d;
    target.def("lte_turbo_decode", [make](std::shared_ptr<lte_turbo_code> code, py::object llrs, const lte_turbo_options& options, bool return_llrs) {
        return make(code, llrs, options, return_llrs);
    },
        py::arg("code"), py::arg("llrs"),
        py::arg("options"), py::kw_only(),
        py::arg("return_llrs") = false,
        doc);
    target.def("lte_turbo_decode", [make](std::shared_ptr<lte_turbo_code> code, py::object llrs, integer iterations, const std::string& algorithm, float scaling, const std::string& early_stop, const std::string& backend, float llr_scale, bool invert, integer device, integer subblocks, integer guard, integer E, integer rv, integer ncb, const std::string& metrics, bool return_llrs) {
        lte_turbo_options o;
        o.turbo.iterations = iterations.as<int>("iterations", 1, 32, "1 to 32");
        o.turbo.algorithm = parse_turbo_algorithm(algorithm);
        o.turbo.scaling = scaling;
        o.turbo.stop = parse_early_stop(early_stop);
        o.backend = parse_backend(backend);
        o.llr_scale = llr_scale;
        o.invert = invert;
        o.device = device.as<int>("device", 0, std::numeric_limits<int>::max(), "a CUDA device index >= 0");
        o.turbo.subblocks = subblocks.as<unsigned>("subblocks", std::numeric_limits<unsigned>::min(), std::numeric_limits<unsigned>::max(), "0 (the backend's) to K");
        o.turbo.guard = guard.as<unsigned>("guard", std::numeric_limits<unsigned>::min(), std::numeric_limits<unsigned>::max(), "0 to floor(K / P)");
        o.rate_match.E = E.as<size_t>("E");
        o.rate_match.rv = rv.as<int>("rv", 0, 3, "0, 1, 2, 3");
        o.rate_match.ncb = ncb.as<size_t>("ncb");
        o.turbo.metrics = parse_turbo_metrics(metrics);
        o.check();
        return make(code, llrs, o, return_llrs);
    },
        py::arg("code"), py::arg("llrs"),
        py::kw_only(),
        py::arg("iterations") = d.turbo.iterations,
        py::arg("algorithm") = turbo_algorithm_name(d.turbo.algorithm),
        py::arg("scaling") = d.turbo.scaling,
        py::arg("early_stop") = early_stop_name(d.turbo.stop),
        py::arg("backend") = backend_name(d.backend),
        py::arg("llr_scale") = d.llr_scale,
        py::arg("invert") = d.invert,
        py::arg("device") = d.device,
        py::arg("subblocks") = d.turbo.subblocks,
        py::arg("guard") = d.turbo.guard,
        py::arg("E") = d.rate_match.E,
        py::arg("rv") = d.rate_match.rv,
        py::arg("ncb") = d.rate_match.ncb,
        py::arg("metrics") = turbo_metrics_name(d.turbo.metrics),
        py::arg("return_llrs") = false,
        doc);
}

} // namespace gpufec_options

#endif /* INCLUDED_GPUFEC_LTE_OPTIONS_PYBIND_H */
