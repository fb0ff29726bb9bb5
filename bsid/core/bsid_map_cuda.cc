/* The CUDA backend of the insertion/deletion MAP decoder (docs/bsid-cuda.md), with the
 * corridor lattice (gamma stored or not) or the pooled one. A call is cut
 * into chunks of frames that fit the memory budget; each chunk goes round the slot ring (two
 * slots), so that one chunk's bits are copied in while another's kernels run. Inputs are staged
 * in the slot's pinned buffers; outputs come back only where the caller asked for them.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/core/backend_factory.h"
#include "skeleton/core/checked_size.h"
#include "skeleton/core/parallel_for.h"
#include "bsid_backend.h"
#include "bsid/cuda/bsid_map_kernels.h"
#include "skeleton/cuda/device_buffer.h"
#include "skeleton/cuda/device_guard.h"
#include "skeleton/cuda/slot_ring.h"
#include <algorithm>
#include <cstring>

namespace gr {
namespace gpufec {

namespace {

/* Frames the planner assumes for bytes_per_frame: a batch that fills the device. */
constexpr size_t nominal_batch = size_t(1) << 14;

struct chunk_buffers {
    cuda::device_buffer<uint8_t> d_received;
    cuda::device_buffer<uint32_t> d_words;
    cuda::device_buffer<cuda::bsid_window_dev> d_windows;
    cuda::device_buffer<double> d_start, d_priors, d_post, d_end;
    cuda::device_buffer<uint32_t> d_dec;
    cuda::device_buffer<uint8_t> d_gamma, d_alpha, d_exch, d_scratch;
    cuda::pinned_buffer<uint8_t> h_received;
    cuda::pinned_buffer<cuda::bsid_window_dev> h_windows;
    cuda::pinned_buffer<double> h_start, h_priors, h_post, h_end;
    cuda::pinned_buffer<uint32_t> h_dec;
};

class map_cuda final : public bsid_map_backend
{
public:
    explicit map_cuda(const bsid_decoder_setup& s)
        : m_setup(s),
          m_device(s.opts.device),
          m_real(s.opts.precision == bsid_precision::DOUBLE ? sizeof(double) : sizeof(float)),
          m_pooled(s.opts.lattice == bsid_lattice::POOLED),
          m_codewords(s.code->packed().size()),
          m_order(s.code->packed().size()),
          m_ring(2, [](chunk_buffers&) {})
    {
        const auto& packed = s.code->packed();
        GPUFEC_CUDA_CHECK(cudaMemcpy(m_codewords.get(), packed.data(), packed.size() * sizeof(uint32_t),
                                     cudaMemcpyHostToDevice));
        m_shape.n = int(s.code->n());
        m_shape.q = int(s.code->q());
        m_shape.N = int(s.code->N());
        m_shape.lookahead = int(s.opts.lookahead);
        m_shape.limits = s.limits;
        m_shape.channel = s.channel;
        m_shape.precision = s.opts.precision;
        m_shape.codewords = m_codewords.get();
        const std::vector<uint32_t> order = cuda::bsid_symbol_order(packed.data(), s.code->q(), s.code->N());
        GPUFEC_CUDA_CHECK(cudaMemcpy(m_order.get(), order.data(), order.size() * sizeof(uint32_t),
                                     cudaMemcpyHostToDevice));
        m_shape.order = m_order.get();
        const cuda::bsid_prefix_depths depths =
            cuda::choose_bsid_prefix_depths(packed.data(), s.code->n(), s.code->q(), s.code->N());
        m_shape.prefix1 = depths.c1;
        m_shape.prefix2 = depths.c2;
        size_t total = 0;
        GPUFEC_CUDA_CHECK(cudaMemGetInfo(&m_free, &total));
        m_nominal_window = size_t(m_shape.n) * (m_shape.N + m_shape.lookahead) +
                           size_t(std::max(0, s.limits.frame_max)) + 1;
        m_nominal_plan = plan_for(nominal_batch, m_nominal_window);
    }

    size_t bytes_per_frame(bsid_storage mode) const override
    {
        return frame_bytes(stores_gamma(mode), m_nominal_plan, m_nominal_window);
    }

    bsid_storage storage_for(size_t n_frames) const override
    {
        if (m_setup.opts.storage != bsid_storage::AUTO)
            return m_setup.opts.storage;
        if (m_pooled)
            return bsid_storage::LOCAL; // nothing to store
        const size_t per_frame = cuda::bsid_gamma_elems(m_shape) * m_real;
        const size_t frames = std::max<size_t>(n_frames, 1);
        return frames <= m_free / 4 / std::max<size_t>(per_frame, 1) ? bsid_storage::GLOBAL : bsid_storage::LOCAL;
    }

    void decode(const uint8_t* received,
                size_t,
                const bsid_frame_window* windows,
                size_t n_frames,
                const double* start_drift,
                const double* priors,
                double* posteriors,
                uint32_t* decisions,
                double* end_drift) override
    {
        if (!n_frames)
            return;
        cuda::device_guard on(m_device);
        const bool global = stores_gamma(storage_for(n_frames));
        size_t max_window = 0;
        for (size_t f = 0; f < n_frames; ++f)
            max_window = std::max(max_window, windows[f].length);
        const size_t chunk = chunk_frames(global, n_frames, max_window);
        const size_t N = size_t(m_shape.N), q = size_t(m_shape.q), M = m_setup.limits.frame_states();
        uint64_t k = 0;
        for (size_t f0 = 0; f0 < n_frames; f0 += chunk, ++k) {
            const size_t cnt = std::min(chunk, n_frames - f0);
            auto& s = m_ring.begin(k);
            const cuda::bsid_map_plan plan = plan_for(cnt, max_window);
            enqueue(s, plan, global, received, windows + f0, cnt, start_drift ? start_drift + f0 * M : nullptr,
                    priors ? priors + f0 * N * q : nullptr, posteriors ? posteriors + f0 * N * q : nullptr,
                    decisions ? decisions + f0 * N : nullptr, end_drift ? end_drift + f0 * M : nullptr);
        }
        m_ring.drain();
    }

private:
    using ring = cuda::slot_ring<chunk_buffers>;

    /* The pooled lattice has no gamma to store, whatever the mode. */
    bool stores_gamma(bsid_storage mode) const { return !m_pooled && mode == bsid_storage::GLOBAL; }

    cuda::bsid_map_plan plan_for(size_t frames, size_t max_window) const
    {
        return m_pooled ? cuda::plan_bsid_pooled(m_shape, max_window) : cuda::plan_bsid_map(m_shape, frames, max_window);
    }

    /* Device bytes of one frame: every per-frame buffer a chunk allocates, the window at
     * @p window bits. */
    size_t frame_bytes(bool global, const cuda::bsid_map_plan& plan, size_t window) const
    {
        const size_t N = size_t(m_shape.N), q = size_t(m_shape.q), M = m_setup.limits.frame_states();
        size_t b = window + (window + 31) / 32 * 4 + sizeof(cuda::bsid_window_dev); // bits, packed
        b += 2 * M * sizeof(double) + 2 * N * q * sizeof(double) + N * sizeof(uint32_t); // in and out
        b += cuda::bsid_alpha_elems(m_shape) * m_real;
        if (!plan.exch_shared)
            b += plan.exch_elems * m_real;
        b += plan.lattice_scratch_elems * m_real;
        if (global)
            b += cuda::bsid_gamma_elems(m_shape) * m_real;
        return b;
    }

    /* Frames per chunk: a quarter of the memory free at construction, shared by the slots. */
    size_t chunk_frames(bool global, size_t n_frames, size_t max_window) const
    {
        const cuda::bsid_map_plan plan = plan_for(n_frames, max_window);
        const size_t per_frame = frame_bytes(global, plan, max_window);
        const size_t fit = std::max<size_t>(1, m_free / 4 / std::max<size_t>(per_frame, 1));
        if (n_frames <= fit)
            return n_frames;
        // Several chunks: two slots hold one each.
        return std::max<size_t>(1, fit / 2);
    }

    void enqueue(ring::slot& s,
                 const cuda::bsid_map_plan& plan,
                 bool global,
                 const uint8_t* received,
                 const bsid_frame_window* windows,
                 size_t cnt,
                 const double* start,
                 const double* priors,
                 double* post,
                 uint32_t* dec,
                 double* end)
    {
        chunk_buffers& c = s.buffers;
        cudaStream_t st = s.stream.get();
        const size_t N = size_t(m_shape.N), q = size_t(m_shape.q), M = m_setup.limits.frame_states();

        // The chunk's received bits: the span its windows cover, rebased to 0.
        size_t lo = windows[0].offset, hi = 0;
        for (size_t f = 0; f < cnt; ++f) {
            lo = std::min(lo, windows[f].offset);
            hi = std::max(hi, windows[f].offset + windows[f].length);
        }
        const size_t bits = hi - lo, words = cuda::bsid_packed_words(bits);
        cuda::grow(c.h_received, std::max<size_t>(bits, 1));
        cuda::grow(c.d_received, std::max<size_t>(bits, 1));
        cuda::grow(c.d_words, words);
        cuda::grow(c.h_windows, cnt);
        cuda::grow(c.d_windows, cnt);
        parallel_copy(c.h_received.get(), received + lo, bits);
        for (size_t f = 0; f < cnt; ++f)
            c.h_windows.get()[f] = cuda::bsid_window_dev{ windows[f].offset - lo, int64_t(windows[f].length),
                                                          int64_t(windows[f].origin), windows[f].end_known ? 1 : 0, 0 };
        GPUFEC_CUDA_CHECK(cudaMemcpyAsync(c.d_received.get(), c.h_received.get(), bits, cudaMemcpyHostToDevice, st));
        GPUFEC_CUDA_CHECK(cudaMemcpyAsync(c.d_windows.get(), c.h_windows.get(), cnt * sizeof(cuda::bsid_window_dev),
                                          cudaMemcpyHostToDevice, st));
        cuda::launch_bsid_pack(c.d_received.get(), bits, c.d_words.get(), st);
        if (start)
            upload(c.h_start, c.d_start, start, cnt * M, st);
        if (priors)
            upload(c.h_priors, c.d_priors, priors, cnt * N * q, st);

        cuda::grow(c.d_alpha, cnt * cuda::bsid_alpha_elems(m_shape) * m_real);
        if (global)
            cuda::grow(c.d_gamma, detail::checked_mul<size_t>(cnt, cuda::bsid_gamma_elems(m_shape) * m_real, "frames",
                                                        "bytes of stored gamma per frame"));
        if (!plan.exch_shared)
            cuda::grow(c.d_exch, cnt * plan.exch_elems * m_real);
        if (!m_pooled && plan.width_template == 0)
            cuda::grow(c.d_scratch, std::max(cnt * plan.lattice_scratch_elems, plan.gamma_scratch_elems) * m_real);
        if (post)
            cuda::grow(c.d_post, cnt * N * q);
        if (dec)
            cuda::grow(c.d_dec, cnt * N);
        if (end)
            cuda::grow(c.d_end, cnt * M);

        cuda::bsid_map_buffers b{};
        b.received = c.d_received.get();
        b.words = c.d_words.get();
        b.n_words = words;
        b.windows = c.d_windows.get();
        b.start_drift = start ? c.d_start.get() : nullptr;
        b.priors = priors ? c.d_priors.get() : nullptr;
        b.gamma = global ? c.d_gamma.get() : nullptr;
        b.alpha = c.d_alpha.get();
        b.exch_scratch = plan.exch_shared ? nullptr : c.d_exch.get();
        b.lattice_scratch = !m_pooled && plan.width_template == 0 ? c.d_scratch.get() : nullptr;
        b.posteriors = post ? c.d_post.get() : nullptr;
        b.decisions = dec ? c.d_dec.get() : nullptr;
        b.end_drift = end ? c.d_end.get() : nullptr;
        if (m_pooled)
            cuda::launch_bsid_pooled(m_shape, plan, b, cnt, st);
        else
            cuda::launch_bsid_map(m_shape, plan, b, cnt, st);

        if (post)
            download(c.h_post, c.d_post, cnt * N * q, st);
        if (dec)
            download(c.h_dec, c.d_dec, cnt * N, st);
        if (end)
            download(c.h_end, c.d_end, cnt * M, st);
        const double* h_post = c.h_post.get();
        const uint32_t* h_dec = c.h_dec.get();
        const double* h_end = c.h_end.get();
        m_ring.end(s, [=] {
            if (post)
                parallel_copy(post, h_post, cnt * N * q * sizeof(double));
            if (dec)
                std::memcpy(dec, h_dec, cnt * N * sizeof(uint32_t));
            if (end)
                std::memcpy(end, h_end, cnt * M * sizeof(double));
        });
    }

    template <typename T>
    static void upload(cuda::pinned_buffer<T>& h, cuda::device_buffer<T>& d, const T* src, size_t n, cudaStream_t st)
    {
        cuda::grow(h, n);
        cuda::grow(d, n);
        parallel_copy(h.get(), src, n * sizeof(T));
        GPUFEC_CUDA_CHECK(cudaMemcpyAsync(d.get(), h.get(), n * sizeof(T), cudaMemcpyHostToDevice, st));
    }

    template <typename T>
    static void download(cuda::pinned_buffer<T>& h, cuda::device_buffer<T>& d, size_t n, cudaStream_t st)
    {
        cuda::grow(h, n);
        GPUFEC_CUDA_CHECK(cudaMemcpyAsync(h.get(), d.get(), n * sizeof(T), cudaMemcpyDeviceToHost, st));
    }

    bsid_decoder_setup m_setup;
    int m_device;
    size_t m_real;
    bool m_pooled;
    cuda::device_buffer<uint32_t> m_codewords;
    cuda::device_buffer<uint32_t> m_order;
    cuda::bsid_map_shape m_shape{};
    size_t m_free = 0;
    size_t m_nominal_window = 0;
    cuda::bsid_map_plan m_nominal_plan{};
    ring m_ring;
};

std::unique_ptr<bsid_map_backend> make_bsid_map_cuda(const bsid_decoder_setup& setup)
{
    cuda::device_guard on(setup.opts.device); // everything the backend allocates lives there
    return std::make_unique<map_cuda>(setup);
}

const cuda_backend_registration<bsid_map_backend, const bsid_decoder_setup&> registration(make_bsid_map_cuda);

} // namespace

} // namespace gpufec
} // namespace gr
