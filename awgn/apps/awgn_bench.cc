/* AWGN/BPSK generation throughput: the fused GPU kernels on device memory (the family's device
 * entry points), and the generator
 * end to end into host memory (GPU and CPU backends).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "apps/bench/cases.h"
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <vector>

#ifdef GPUFEC_HAVE_CUDA
#include "skeleton/cuda/device_buffer.h"
#include <gnuradio/gpufec/awgn/awgn_device.h>
#endif

namespace gpufec_bench {

using namespace gr::gpufec;

void bench_awgn(const config& cfg, table& out)
{
    const awgn_noise noise = awgn_noise::from_snr(4.0, snr_kind::EBN0, 0.5);
    double spread = 0;

#ifdef GPUFEC_HAVE_CUDA
    if (cuda_device_count() > 0) {
        const size_t n = cfg.quick ? (size_t(1) << 24) : (size_t(1) << 28);
        cuda::stream s;
        cuda::device_buffer<uint8_t> bits(n);
        cuda::device_buffer<float> soft(n);
        uint64_t first = 0;
        double ms = median_gpu_ms(
            s.get(),
            [&] {
                device::awgn_uncoded_source(bits.get(), soft.get(), n, first, 1, noise, soft_output::LLR,
                                            s.get());
                first += n;
            },
            cfg, &spread);
        out.add({ "awgn", "uncoded source kernel, device memory, float LLR + bit", "cuda",
                  "Gsample/s", n / ms / 1e6, spread_note(spread) + ", " + std::to_string(n) + " samples" });
        ms = median_gpu_ms(
            s.get(),
            [&] { device::awgn_bpsk(bits.get(), soft.get(), n, 0, 2, noise, soft_output::LLR, s.get()); },
            cfg, &spread);
        out.add({ "awgn", "channel kernel (bits in), device memory, float LLR", "cuda",
                  "Gsample/s", n / ms / 1e6, spread_note(spread) });

        const size_t m = cfg.quick ? (size_t(1) << 22) : (size_t(1) << 26);
        std::vector<uint8_t> info(m);
        std::vector<float> llr(m);
        awgn_bpsk_generator gen(uncoded(), noise, soft_output::LLR, 3, backend_kind::CUDA);
        ms = median_cpu_ms([&] { gen.generate(m, info.data(), llr.data()); }, cfg, &spread);
        out.add({ "awgn", "generator to host memory (pipelined copies)", "cuda", "Gsample/s",
                  m / ms / 1e6, spread_note(spread) });
    }
#endif
    const size_t m = cfg.quick ? (size_t(1) << 20) : (size_t(1) << 23);
    std::vector<uint8_t> info(m);
    std::vector<float> llr(m);
    awgn_bpsk_generator gen(uncoded(), noise, soft_output::LLR, 3, backend_kind::CPU);
    const double ms = median_cpu_ms([&] { gen.generate(m, info.data(), llr.data()); }, cfg, &spread);
    out.add({ "awgn", "generator to host memory, one thread", "cpu", "Gsample/s", m / ms / 1e6,
              spread_note(spread) });
}

namespace {
const register_bench registration({ { "awgn" }, 10,
                                    "awgn: AWGN/BPSK generation, device kernels and to host memory",
                                    bench_awgn });
} // namespace

} // namespace gpufec_bench
