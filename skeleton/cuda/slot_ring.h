/* The pipeline every CUDA backend runs its work through: a ring of slots, each with its own
 * stream, completion event and buffers (device buffers and pinned host staging, of a type the
 * family chooses). Chunk q of a call goes to slot q mod N, so while chunk q's kernels run, chunk
 * q+1's input is being copied in and chunk q-1's result copied out. A slot is reused only after
 * its previous chunk has completed and been handed out; the waits are on events, in order, and
 * never on the whole device.
 *
 *   auto& s = ring.begin(q);            // waits for the slot's previous chunk, hands it out
 *   ...enqueue copies and kernels on s.stream.get(), using s.buffers...
 *   ring.end(s, [=] { copy_out(); });   // runs once the chunk's work has completed
 *   ring.drain();                       // at the end of the call: every chunk handed out
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_PIPELINE_SLOT_RING_H
#define INCLUDED_GPUFEC_CUDA_PIPELINE_SLOT_RING_H

#include "device_buffer.h"
#include <algorithm>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace gr {
namespace gpufec {
namespace cuda {

template <class Buffers>
class slot_ring
{
public:
    static constexpr uint64_t none = ~uint64_t(0);

    struct slot {
        cuda::stream stream;
        cuda::event done;
        Buffers buffers;
        uint64_t chunk = none;          //!< the chunk it holds or is producing
        bool pending = false;           //!< work enqueued and not yet waited for
        std::function<void()> hand_out; //!< what to do once that chunk has completed
    };

    /*! @p make(Buffers&) allocates one slot's buffers. */
    template <class Make>
    slot_ring(size_t n_slots, Make make) : m_slots(n_slots)
    {
        for (auto& s : m_slots)
            make(s.buffers);
    }

    ~slot_ring()
    {
        for (auto& s : m_slots)
            (void)cudaStreamSynchronize(s.stream.get());
    }

    size_t size() const { return m_slots.size(); }

    /*! The slot chunk @p q runs on, as it is (no waiting). */
    slot& at(uint64_t q) { return m_slots[q % m_slots.size()]; }

    /*! The slot for chunk @p q, free for new work: its previous chunk completed and handed out. */
    slot& begin(uint64_t q)
    {
        slot& s = at(q);
        finish(s);
        s.chunk = q;
        return s;
    }

    /*! The slot's work is enqueued: @p hand_out runs when the slot is next begun, finished or
     *  drained, after the work has completed. */
    void end(slot& s, std::function<void()> hand_out = {})
    {
        s.done.record(s.stream.get());
        s.pending = true;
        s.hand_out = std::move(hand_out);
    }

    /*! Waits for the slot's chunk and hands it out. */
    void finish(slot& s)
    {
        if (!s.pending)
            return;
        s.done.synchronize();
        s.pending = false;
        if (s.hand_out) {
            auto f = std::move(s.hand_out);
            s.hand_out = nullptr;
            f();
        }
    }

    /*! Every pending chunk completed and handed out, oldest first. */
    void drain()
    {
        std::vector<slot*> pending;
        for (auto& s : m_slots)
            if (s.pending)
                pending.push_back(&s);
        std::sort(pending.begin(), pending.end(),
                  [](const slot* a, const slot* b) { return a->chunk < b->chunk; });
        for (slot* s : pending)
            finish(*s);
    }

    /*! Forgets what the slots hold (after waiting for it), e.g. when its inputs changed. */
    void invalidate()
    {
        for (auto& s : m_slots) {
            s.stream.synchronize();
            s.pending = false;
            s.hand_out = nullptr;
            s.chunk = none;
        }
    }

private:
    std::vector<slot> m_slots;
};

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
