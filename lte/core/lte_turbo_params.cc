/* lte_turbo_params: names and checks.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gnuradio/gpufec/lte/lte_turbo_params.h>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    return s;
}

} // namespace

turbo_algorithm parse_turbo_algorithm(const std::string& name)
{
    const std::string s = lower(name);
    if (s == "max-log" || s == "max-log-map" || s == "maxlog")
        return turbo_algorithm::MAX_LOG;
    if (s == "log-map" || s == "logmap")
        return turbo_algorithm::LOG_MAP;
    throw std::invalid_argument("algorithm = '" + name +
                                "' is not known: use 'max-log' or 'log-map'");
}

std::string turbo_algorithm_name(turbo_algorithm a)
{
    switch (a) {
    case turbo_algorithm::MAX_LOG:
        return "max-log";
    case turbo_algorithm::LOG_MAP:
        return "log-map";
    }
    throw std::invalid_argument("turbo algorithm = " + std::to_string(int(a)) +
                                " is not known: allowed are 0 (max-log) and 1 (log-map)");
}

early_stop parse_early_stop(const std::string& name)
{
    const std::string s = lower(name);
    if (s == "none")
        return early_stop::NONE;
    if (s == "crc" || s == "crc24b")
        return early_stop::CRC24B;
    if (s == "crc24a")
        return early_stop::CRC24A;
    if (s == "hard")
        return early_stop::HARD;
    throw std::invalid_argument("early_stop = '" + name +
                                "' is not known: use 'none', 'crc' (= 'crc24b'), 'crc24a' or 'hard'");
}

std::string early_stop_name(early_stop s)
{
    switch (s) {
    case early_stop::NONE:
        return "none";
    case early_stop::CRC24B:
        return "crc24b";
    case early_stop::CRC24A:
        return "crc24a";
    case early_stop::HARD:
        return "hard";
    }
    throw std::invalid_argument("early stop = " + std::to_string(int(s)) +
                                " is not known: allowed are 0 to 3 (none, crc24b, crc24a, hard)");
}

turbo_metrics parse_turbo_metrics(const std::string& name)
{
    const std::string s = lower(name);
    if (s == "float")
        return turbo_metrics::FLOAT;
    if (s == "int16" || s == "int")
        return turbo_metrics::INT16;
    throw std::invalid_argument("metrics = '" + name + "' is not known: use 'float' or 'int16'");
}

std::string turbo_metrics_name(turbo_metrics m)
{
    switch (m) {
    case turbo_metrics::FLOAT:
        return "float";
    case turbo_metrics::INT16:
        return "int16";
    }
    throw std::invalid_argument("turbo metrics = " + std::to_string(int(m)) +
                                " is not known: allowed are 0 (float) and 1 (int16)");
}

void lte_turbo_params::validate(size_t K) const
{
    if (iterations < 1 || iterations > 32)
        throw std::invalid_argument("iterations = " + std::to_string(iterations) +
                                    " is out of range: allowed is 1 to 32");
    turbo_algorithm_name(algorithm); // rejects values outside the enum
    early_stop_name(stop);
    turbo_metrics_name(metrics);
    if (metrics == turbo_metrics::INT16 && algorithm != turbo_algorithm::MAX_LOG)
        throw std::invalid_argument("metrics = 'int16' runs max-log-MAP only: use algorithm = 'max-log' "
                                    "or metrics = 'float' with 'log-map'");
    if (!(std::isfinite(scaling) && scaling > 0.0f && scaling <= 1.0f))
        throw std::invalid_argument("scaling = " + std::to_string(scaling) +
                                    " is out of range: allowed is (0, 1]");
    if (subblocks > K)
        throw std::invalid_argument("subblocks = " + std::to_string(subblocks) +
                                    " is out of range for K = " + std::to_string(K) +
                                    ": allowed is 0 (the backend's default) to K");
    if (subblocks > 1 && guard > K / subblocks)
        throw std::invalid_argument("guard = " + std::to_string(guard) + " is out of range for K = " +
                                    std::to_string(K) + " and " + std::to_string(subblocks) +
                                    " subblocks: allowed is 0 to floor(K / subblocks) = " +
                                    std::to_string(K / subblocks));
}

lte_turbo_params lte_turbo_params::from_parameters(int iterations,
                                                   const std::string& algorithm,
                                                   float scaling,
                                                   const std::string& early_stop,
                                                   int subblocks,
                                                   int guard,
                                                   const std::string& metrics)
{
    // Negative counts would wrap in the unsigned fields; validate(K) checks the rest.
    if (subblocks < 0)
        throw std::invalid_argument("subblocks = " + std::to_string(subblocks) +
                                    " is out of range: allowed is 0 (the backend's default) to K");
    if (guard < 0)
        throw std::invalid_argument("guard = " + std::to_string(guard) +
                                    " is out of range: allowed is 0 to floor(K / subblocks)");
    lte_turbo_params p;
    p.iterations = iterations;
    p.algorithm = parse_turbo_algorithm(algorithm);
    p.scaling = scaling;
    p.stop = parse_early_stop(early_stop);
    p.subblocks = static_cast<unsigned>(subblocks);
    p.guard = static_cast<unsigned>(guard);
    p.metrics = parse_turbo_metrics(metrics);
    return p;
}

lte_turbo_params lte_turbo_params::resolved_for(size_t K, backend_kind backend) const
{
    lte_turbo_params p = *this;
    if (p.subblocks > 0)
        return p;
    if (backend != backend_kind::CUDA) {
        p.subblocks = 1; // the CPU decodes whole blocks fastest per bit, and exactly
        p.guard = 0;
        return p;
    }
    // The GPU's measured optimum (docs/turbo.md, "Choosing the defaults"): windows of about
    // gpu_window steps trained over gpu_guard steps decode within 0.03 dB of the whole block
    // at several times the throughput of shorter or longer windows with the same training.
    constexpr size_t gpu_window = 48, gpu_guard = 16;
    p.subblocks = static_cast<unsigned>(std::max<size_t>(1, (K + gpu_window / 2) / gpu_window));
    p.guard = p.subblocks > 1 ? static_cast<unsigned>(std::min(gpu_guard, K / p.subblocks)) : 0;
    return p;
}

} // namespace gpufec
} // namespace gr
