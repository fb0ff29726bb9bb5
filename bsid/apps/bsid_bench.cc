/* Insertion/deletion MAP decoding (docs/bsid-cuda.md): the paper's setting (q = 32, n = 10,
 * N = 840, pi = pd = 1e-3, ps = 0) batched on the GPU in both storage modes and with the pooled
 * lattice (drift thresholds 1e-10 and 1e-8; its SER against the corridor's on the same frames),
 * the CPU decoder on one thread (both lattices) in the same run and the ratio, noisier channels
 * (pi = pd = 1e-2, 1e-1; both lattices), a sweep of
 * q = 2 .. 1024 (n = 2 log2 q, about 4200 message bits a frame) and the device memory per frame
 * in both modes. Throughput counts decoded message bits (N log2 q a frame), end to end through
 * the engine (host copies included, decisions only); every row notes the symbol error rate of
 * its decisions.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "apps/bench/cases.h"
#include <gnuradio/gpufec/bsid/bsid_channel_model.h>
#include <gnuradio/gpufec/bsid/bsid_map.h>
#include <gnuradio/gpufec/bsid/tvb_code.h>
#include <algorithm>
#include <random>
#include <sstream>
#include <vector>

namespace gpufec_bench {

using namespace gr::gpufec;

namespace {

std::string fmt(double v, int prec = 3)
{
    std::ostringstream s;
    s.precision(prec);
    s << v;
    return s.str();
}

bsid_params channel(double p)
{
    bsid_params c;
    c.pi = p;
    c.pd = p;
    return c;
}

/* Frames of random symbols through the channel, each redrawn while its end drift leaves the
 * decoder's limits (a frame the engine would refuse). */
struct frames {
    size_t count;
    std::vector<uint32_t> symbols;
    std::vector<uint8_t> received;
    std::vector<size_t> ends;
};

frames make_frames(const tvb_code& code, const bsid_params& ch, const bsid_drift_limits& lim, size_t count)
{
    std::mt19937_64 rng(17);
    const auto model = std::make_shared<const bsid_channel_model>(ch, 23);
    frames f{ count, std::vector<uint32_t>(count * code.N()), {}, {} };
    for (auto& s : f.symbols)
        s = uint32_t(rng() % code.q());
    std::vector<uint8_t> bits(code.tau());
    uint64_t first = 0;
    for (size_t k = 0; k < count; ++k) {
        code.encode_symbols(f.symbols.data() + k * code.N(), bits.data(), 1);
        bsid_transmission tx;
        do {
            tx = model->transmit(bits.data(), bits.size(), first);
            first += bits.size();
        } while (tx.drift.back() < lim.frame_min || tx.drift.back() > lim.frame_max);
        f.received.insert(f.received.end(), tx.received.begin(), tx.received.end());
        f.ends.push_back(f.received.size());
    }
    return f;
}

std::string ser_note(const frames& f, const std::vector<uint32_t>& dec, size_t n)
{
    size_t wrong = 0;
    for (size_t k = 0; k < n; ++k)
        wrong += dec[k] != f.symbols[k];
    return "SER " + fmt(double(wrong) / double(n)) + " (" + std::to_string(wrong) + "/" + std::to_string(n) + ")";
}

struct timing {
    double mbps;
    std::string note;
    size_t wrong, symbols; // symbol errors of the decisions
};

/* decode_frames of the first @p n frames, decisions only: Mbit/s of message bits. */
timing time_decode(const config& cfg, const tvb_code_sptr& code, const bsid_params& ch, const bsid_map_options& o,
                   const frames& f, size_t n)
{
    bsid_map_decoder_engine eng(code, ch, o);
    n = std::min(n, f.count);
    std::vector<uint32_t> dec(n * code->N());
    double spread = 0;
    const double ms = median_cpu_ms([&] { eng.decode_frames(f.received.data(), f.ends.data(), n, nullptr, nullptr, dec.data()); },
                                    cfg, &spread);
    const double bits = double(n) * double(code->info_bits_per_block());
    size_t wrong = 0;
    for (size_t k = 0; k < dec.size(); ++k)
        wrong += dec[k] != f.symbols[k];
    return { bits / ms / 1e3, spread_note(spread) + ", " + std::to_string(n) + " frames a call, M_tau=" +
                                  std::to_string(eng.limits().frame_states()) +
                                  " M_n=" + std::to_string(eng.limits().symbol_states()) + ", " +
                                  ser_note(f, dec, dec.size()),
             wrong, dec.size() };
}

bsid_map_options opts(backend_kind b, bsid_storage s, unsigned threads = 0, bsid_lattice l = bsid_lattice::CORRIDOR)
{
    bsid_map_options o;
    o.backend = b;
    o.storage = s;
    o.threads = threads;
    o.lattice = l;
    return o;
}

bsid_map_options pooled(backend_kind b, unsigned threads = 0)
{
    return opts(b, bsid_storage::AUTO, threads, bsid_lattice::POOLED);
}

std::string setting(size_t n, size_t q, size_t N, double p)
{
    return "q=" + std::to_string(q) + " n=" + std::to_string(n) + " N=" + std::to_string(N) + " pi=pd=" + fmt(p);
}

void bench_paper(const config& cfg, table& out, bool gpu)
{
    const auto code = tvb_code::make(10, 32, 840);
    const bsid_params ch = channel(1e-3);
    const bsid_map_decoder_engine probe(code, ch, opts(backend_kind::CPU, bsid_storage::AUTO));
    const size_t batch = cfg.quick ? 1024 : 8192;
    const frames f = make_frames(*code, ch, probe.limits(), gpu ? batch : 4);
    const std::string name = setting(10, 32, 840, 1e-3) + " ps=0 (the paper's)";
    double gpu_local = 0, gpu_pooled = 0;
    if (gpu) {
        const bsid_map_decoder_engine eng(code, ch, opts(backend_kind::CUDA, bsid_storage::AUTO));
        for (bsid_storage s : { bsid_storage::LOCAL, bsid_storage::GLOBAL }) {
            const timing t = time_decode(cfg, code, ch, opts(backend_kind::CUDA, s), f, s == bsid_storage::GLOBAL ? batch / 4 : batch);
            if (s == bsid_storage::LOCAL) {
                gpu_local = t.mbps;
                // The pooled lattice on the same frames, and its SER against the corridor's.
                const timing tp = time_decode(cfg, code, ch, pooled(backend_kind::CUDA), f, batch);
                gpu_pooled = tp.mbps;
                out.add({ "bsid", name + ", pooled", "cuda", "Mbit/s", tp.mbps, tp.note });
                out.add({ "bsid", name + ", pooled, device memory per frame", "cuda", "MiB",
                          double(bsid_map_decoder_engine(code, ch, pooled(backend_kind::CUDA)).bytes_per_frame(
                              bsid_storage::AUTO)) /
                              (1 << 20),
                          "bytes_per_frame()" });
                out.add({ "bsid", name + ", SER pooled (corridor in the note), same frames", "cuda", "SER",
                          double(tp.wrong) / double(std::max<size_t>(tp.symbols, 1)),
                          "pooled " + std::to_string(tp.wrong) + "/" + std::to_string(tp.symbols) + ", corridor LOCAL " +
                              std::to_string(t.wrong) + "/" + std::to_string(t.symbols) });
            }
            out.add({ "bsid", name + ", " + bsid_storage_name(s), "cuda", "Mbit/s", t.mbps, t.note });
            out.add({ "bsid", name + ", device memory per frame, " + bsid_storage_name(s), "cuda", "MiB",
                      double(eng.bytes_per_frame(s)) / (1 << 20), "bytes_per_frame()" });
        }
        // What a looser drift threshold buys (docs/bsid-cuda.md, "Next"): narrower limits, fewer
        // lattice cells; its SER next to the default's shows what it costs. Frames drawn anew
        // within its limits.
        bsid_map_options loose = opts(backend_kind::CUDA, bsid_storage::LOCAL);
        loose.drift_threshold = 1e-8;
        const bsid_map_decoder_engine probe_loose(code, ch, loose);
        const frames fl = make_frames(*code, ch, probe_loose.limits(), batch);
        const timing tl = time_decode(cfg, code, ch, loose, fl, batch);
        out.add({ "bsid", name + ", LOCAL, drift threshold 1e-8", "cuda", "Mbit/s", tl.mbps, tl.note });
        bsid_map_options loose_pooled = pooled(backend_kind::CUDA);
        loose_pooled.drift_threshold = 1e-8;
        const timing tlp = time_decode(cfg, code, ch, loose_pooled, fl, batch);
        out.add({ "bsid", name + ", pooled, drift threshold 1e-8", "cuda", "Mbit/s", tlp.mbps, tlp.note });
    }
    const timing c = time_decode(cfg, code, ch, opts(backend_kind::CPU, bsid_storage::AUTO, 1), f, cfg.quick ? 1 : 2);
    out.add({ "bsid", name, "cpu 1 thread", "Mbit/s", c.mbps, c.note });
    const timing cp = time_decode(cfg, code, ch, pooled(backend_kind::CPU, 1), f, cfg.quick ? 1 : 4);
    out.add({ "bsid", name + ", pooled", "cpu 1 thread", "Mbit/s", cp.mbps, cp.note });
    if (gpu) {
        out.add({ "bsid", name + ", GPU LOCAL / CPU 1 thread", "cuda/cpu", "x", gpu_local / c.mbps, "same run" });
        out.add({ "bsid", name + ", GPU pooled / CPU pooled 1 thread", "cuda/cpu", "x", gpu_pooled / cp.mbps,
                  "same run" });
    }
}

void bench_noisy(const config& cfg, table& out)
{
    const auto code = tvb_code::make(10, 32, 840);
    for (double p : { 1e-2, 1e-1 }) {
        const bsid_params ch = channel(p);
        const bsid_map_decoder_engine probe(code, ch, opts(backend_kind::CPU, bsid_storage::AUTO));
        const frames f = make_frames(*code, ch, probe.limits(), cfg.quick ? 64 : 512);
        const timing t = time_decode(cfg, code, ch, opts(backend_kind::CUDA, bsid_storage::LOCAL), f, f.count);
        out.add({ "bsid", setting(10, 32, 840, p) + " ps=0, LOCAL", "cuda", "Mbit/s", t.mbps, t.note });
        const timing tp = time_decode(cfg, code, ch, pooled(backend_kind::CUDA), f, f.count);
        out.add({ "bsid", setting(10, 32, 840, p) + " ps=0, pooled", "cuda", "Mbit/s", tp.mbps, tp.note });
    }
}

void bench_q_sweep(const config& cfg, table& out)
{
    const bsid_params ch = channel(1e-3);
    for (unsigned k = 1; k <= 10; ++k) {
        const size_t q = size_t(1) << k, n = std::min<size_t>(2 * k, 32), N = 4200 / k;
        const auto code = tvb_code::make(n, q, N);
        const bsid_map_decoder_engine probe(code, ch, opts(backend_kind::CPU, bsid_storage::AUTO));
        // Fewer frames for the larger codebooks: the work grows as q n.
        const size_t count = std::max<size_t>(64, (cfg.quick ? 256 : 2048) * 32 / std::max<size_t>(q * n / 10, 1));
        const frames f = make_frames(*code, ch, probe.limits(), std::min<size_t>(count, cfg.quick ? 256 : 4096));
        const timing t = time_decode(cfg, code, ch, opts(backend_kind::CUDA, bsid_storage::LOCAL), f, f.count);
        out.add({ "bsid", setting(n, q, N, 1e-3) + " ps=0, LOCAL", "cuda", "Mbit/s", t.mbps, t.note });
        const timing tp = time_decode(cfg, code, ch, pooled(backend_kind::CUDA), f, f.count);
        out.add({ "bsid", setting(n, q, N, 1e-3) + " ps=0, pooled", "cuda", "Mbit/s", tp.mbps, tp.note });
    }
}

} // namespace

void bench_bsid(const config& cfg, table& out)
{
    const bool gpu = cuda_device_count() > 0;
    bench_paper(cfg, out, gpu);
    if (!gpu)
        return;
    bench_noisy(cfg, out);
    bench_q_sweep(cfg, out);
}

namespace {
const register_bench registration({ { "bsid" }, 40,
                                    "bsid: insertion/deletion MAP decoder, the paper's setting on the GPU "
                                    "(LOCAL, GLOBAL and pooled) and one CPU thread, noisier channels, "
                                    "q = 2..1024, memory per frame",
                                    bench_bsid });
} // namespace

} // namespace gpufec_bench
