/* lte_turbo_params: what its description (lte/lte_options.yml) cannot say: the limits that
 * depend on the code block size, and the backends' defaults.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gnuradio/gpufec/lte/lte_turbo_params.h>
#include <algorithm>
#include <stdexcept>

namespace gr {
namespace gpufec {

void lte_turbo_params::validate(size_t K) const
{
    check();
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
