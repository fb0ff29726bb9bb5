// generated from lte/lte_options.yml by cmake/gpufec_options.py: do not edit

#include <gnuradio/gpufec/lte/lte_turbo_params.h>
#include "skeleton/core/options_support.h"
#include <cmath>
#include <stdexcept>

namespace gr {
namespace gpufec {

using options_support::bad_value;

turbo_algorithm parse_turbo_algorithm(const std::string& name)
{
    static const std::pair<const char*, turbo_algorithm> table[] = {
        { "max-log", turbo_algorithm::MAX_LOG },
        { "max-log-map", turbo_algorithm::MAX_LOG },
        { "maxlog", turbo_algorithm::MAX_LOG },
        { "log-map", turbo_algorithm::LOG_MAP },
        { "logmap", turbo_algorithm::LOG_MAP },
    };
    const std::string s = options_support::lower(name);
    for (const auto& entry : table)
        if (s == entry.first)
            return entry.second;
    throw std::invalid_argument("algorithm = '" + name + "' is not known: use 'max-log' or 'log-map'");
}

std::string turbo_algorithm_name(turbo_algorithm v)
{
    switch (v) {
    case turbo_algorithm::MAX_LOG:
        return "max-log";
    case turbo_algorithm::LOG_MAP:
        return "log-map";
    }
    throw std::invalid_argument("algorithm = " + std::to_string(static_cast<int>(v)) +
                                " is not known: allowed are 0 (max-log), 1 (log-map)");
}

early_stop parse_early_stop(const std::string& name)
{
    static const std::pair<const char*, early_stop> table[] = {
        { "none", early_stop::NONE },
        { "crc24b", early_stop::CRC24B },
        { "crc", early_stop::CRC24B },
        { "crc24a", early_stop::CRC24A },
        { "hard", early_stop::HARD },
    };
    const std::string s = options_support::lower(name);
    for (const auto& entry : table)
        if (s == entry.first)
            return entry.second;
    throw std::invalid_argument("early_stop = '" + name + "' is not known: use 'none', 'crc24b', 'crc24a' or 'hard'");
}

std::string early_stop_name(early_stop v)
{
    switch (v) {
    case early_stop::NONE:
        return "none";
    case early_stop::CRC24B:
        return "crc24b";
    case early_stop::CRC24A:
        return "crc24a";
    case early_stop::HARD:
        return "hard";
    }
    throw std::invalid_argument("early_stop = " + std::to_string(static_cast<int>(v)) +
                                " is not known: allowed are 0 (none), 1 (crc24b), 2 (crc24a), 3 (hard)");
}

turbo_metrics parse_turbo_metrics(const std::string& name)
{
    static const std::pair<const char*, turbo_metrics> table[] = {
        { "float", turbo_metrics::FLOAT },
        { "int16", turbo_metrics::INT16 },
        { "int", turbo_metrics::INT16 },
    };
    const std::string s = options_support::lower(name);
    for (const auto& entry : table)
        if (s == entry.first)
            return entry.second;
    throw std::invalid_argument("metrics = '" + name + "' is not known: use 'float' or 'int16'");
}

std::string turbo_metrics_name(turbo_metrics v)
{
    switch (v) {
    case turbo_metrics::FLOAT:
        return "float";
    case turbo_metrics::INT16:
        return "int16";
    }
    throw std::invalid_argument("metrics = " + std::to_string(static_cast<int>(v)) +
                                " is not known: allowed are 0 (float), 1 (int16)");
}

void lte_turbo_params::check() const
{
    if (iterations < 1 || iterations > 32)
        bad_value("iterations", options_support::text(iterations), "1 to 32");
    turbo_algorithm_name(algorithm); // a value outside the enum throws
    if (!std::isfinite(scaling) || !(scaling > 0) || scaling > 1)
        bad_value("scaling", options_support::text(scaling), "(0, 1]");
    early_stop_name(stop); // a value outside the enum throws
    turbo_metrics_name(metrics); // a value outside the enum throws
    if (metrics == turbo_metrics::INT16 && algorithm != turbo_algorithm::MAX_LOG)
        throw std::invalid_argument("metrics = 'int16' runs max-log-MAP only: use algorithm = 'max-log' or metrics = 'float' with 'log-map'");
}

void lte_rate_dematching::check() const
{
    if (rv < 0 || rv > 3)
        bad_value("rv", options_support::text(rv), "0, 1, 2, 3");
}

void lte_turbo_options::check() const
{
    decoder_options::check();
    turbo.check();
    rate_match.check();
}

const std::vector<std::string>& lte_turbo_options::keys()
{
    static const std::vector<std::string> names = { "backend", "device", "input", "llr_scale", "invert", "max_batch", "threads", "iterations", "algorithm", "scaling", "early_stop", "subblocks", "guard", "metrics", "E", "rv", "ncb" };
    return names;
}

void lte_turbo_options::set(const std::string& key, const std::string& value)
{
    if (key == "backend")
        backend = parse_backend(value);
    else if (key == "device")
        device = options_support::from_text<int>("device", value);
    else if (key == "input")
        input = parse_soft_type(value);
    else if (key == "llr_scale")
        llr_scale = options_support::from_text<float>("llr_scale", value);
    else if (key == "invert")
        invert = options_support::from_text<bool>("invert", value);
    else if (key == "max_batch")
        max_batch = options_support::from_text<size_t>("max_batch", value);
    else if (key == "threads")
        threads = options_support::from_text<unsigned>("threads", value);
    else if (key == "iterations" || key == "it")
        turbo.iterations = options_support::from_text<int>("iterations", value);
    else if (key == "algorithm" || key == "alg")
        turbo.algorithm = parse_turbo_algorithm(value);
    else if (key == "scaling")
        turbo.scaling = options_support::from_text<float>("scaling", value);
    else if (key == "early_stop" || key == "stop")
        turbo.stop = parse_early_stop(value);
    else if (key == "subblocks" || key == "P")
        turbo.subblocks = options_support::from_text<unsigned>("subblocks", value);
    else if (key == "guard" || key == "g")
        turbo.guard = options_support::from_text<unsigned>("guard", value);
    else if (key == "metrics")
        turbo.metrics = parse_turbo_metrics(value);
    else if (key == "E")
        rate_match.E = options_support::from_text<size_t>("E", value);
    else if (key == "rv")
        rate_match.rv = options_support::from_text<int>("rv", value);
    else if (key == "ncb")
        rate_match.ncb = options_support::from_text<size_t>("ncb", value);
    else
        throw std::invalid_argument("'" + key + "' is not an option: the options are backend, device, input, llr_scale, invert, max_batch, threads, iterations, algorithm, scaling, early_stop, subblocks, guard, metrics, E, rv, ncb");
}

std::string lte_turbo_options::spec() const
{
    const lte_turbo_options d;
    std::string s;
    if (backend != d.backend)
        s += (s.empty() ? "" : ",") + std::string("backend=") + backend_name(backend);
    if (device != d.device)
        s += (s.empty() ? "" : ",") + std::string("device=") + options_support::text(device);
    if (input != d.input)
        s += (s.empty() ? "" : ",") + std::string("input=") + soft_type_name(input);
    if (llr_scale != d.llr_scale)
        s += (s.empty() ? "" : ",") + std::string("llr_scale=") + options_support::text(llr_scale);
    if (invert != d.invert)
        s += (s.empty() ? "" : ",") + std::string("invert=") + options_support::text(invert);
    if (max_batch != d.max_batch)
        s += (s.empty() ? "" : ",") + std::string("max_batch=") + options_support::text(max_batch);
    if (threads != d.threads)
        s += (s.empty() ? "" : ",") + std::string("threads=") + options_support::text(threads);
    if (turbo.iterations != d.turbo.iterations)
        s += (s.empty() ? "" : ",") + std::string("iterations=") + options_support::text(turbo.iterations);
    if (turbo.algorithm != d.turbo.algorithm)
        s += (s.empty() ? "" : ",") + std::string("algorithm=") + turbo_algorithm_name(turbo.algorithm);
    if (turbo.scaling != d.turbo.scaling)
        s += (s.empty() ? "" : ",") + std::string("scaling=") + options_support::text(turbo.scaling);
    if (turbo.stop != d.turbo.stop)
        s += (s.empty() ? "" : ",") + std::string("early_stop=") + early_stop_name(turbo.stop);
    if (turbo.subblocks != d.turbo.subblocks)
        s += (s.empty() ? "" : ",") + std::string("subblocks=") + options_support::text(turbo.subblocks);
    if (turbo.guard != d.turbo.guard)
        s += (s.empty() ? "" : ",") + std::string("guard=") + options_support::text(turbo.guard);
    if (turbo.metrics != d.turbo.metrics)
        s += (s.empty() ? "" : ",") + std::string("metrics=") + turbo_metrics_name(turbo.metrics);
    if (rate_match.E != d.rate_match.E)
        s += (s.empty() ? "" : ",") + std::string("E=") + options_support::text(rate_match.E);
    if (rate_match.rv != d.rate_match.rv)
        s += (s.empty() ? "" : ",") + std::string("rv=") + options_support::text(rate_match.rv);
    if (rate_match.ncb != d.rate_match.ncb)
        s += (s.empty() ? "" : ",") + std::string("ncb=") + options_support::text(rate_match.ncb);
    return s;
}

lte_turbo_options lte_turbo_options::from_spec(const std::string& spec)
{
    lte_turbo_options o;
    options_support::for_each_key_value(
        spec, [&o](const std::string& k, const std::string& v) { o.set(k, v); });
    o.check();
    return o;
}

} // namespace gpufec
} // namespace gr
