/* The stream engine: the one shape in which the blocks' stream mode (skeleton/blocks/
 * stream_mode.h) decodes a continuous stream, whatever the family. Items go in and out as bytes
 * of the engine's own item types (soft values, received bits, decided bits, posteriors), and
 * what the engine finds in the stream (a frame it placed, a change of pairing) comes back as
 * events that the block turns into tags: a block needs no family-specific code to run it.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_ENGINE_H
#define INCLUDED_GPUFEC_CORE_ENGINE_H

#include <gnuradio/gpufec/core/decoder.h>
#include <array>
#include <cstdint>
#include <memory>
#include <string>

namespace gr {
namespace gpufec {

/*! @brief A tag that a stream engine puts on its output (the block makes a pmt of it). */
struct GPUFEC_CORE_API stream_tag {
    enum kind_t : uint8_t { I64, U64, F64, BOOL };
    const char* key = nullptr; //!< a string with static storage
    kind_t kind = I64;
    int64_t i = 0;  //!< I64, BOOL (0 or 1)
    uint64_t u = 0; //!< U64
    double f = 0.0; //!< F64
};

/*! @brief Something an engine reports at a position of its output. */
struct GPUFEC_CORE_API stream_event {
    uint64_t out_item = 0; //!< output item it concerns, counted from the last reset()
    /*! With shape().tags_by_events: the input items (from the last reset()) up to which the
     *  input's tags move onto out_item (a frame's received bits end there). */
    uint64_t in_end = 0;
    std::array<stream_tag, 4> tags{};
    uint8_t n_tags = 0;
    std::string warning; //!< logged by the block when not empty

    void add_i64(const char* key, int64_t v) { put(key, stream_tag::I64).i = v; }
    void add_u64(const char* key, uint64_t v) { put(key, stream_tag::U64).u = v; }
    void add_f64(const char* key, double v) { put(key, stream_tag::F64).f = v; }
    void add_bool(const char* key, bool v) { put(key, stream_tag::BOOL).i = v ? 1 : 0; }

private:
    stream_tag& put(const char* key, stream_tag::kind_t kind);
};

/*! @brief What the stream mode needs to know of an engine. */
struct GPUFEC_CORE_API stream_shape {
    size_t in_item_bytes = 1;
    size_t out_item_bytes = 1;
    /*! The nominal rate: out_per_period output items from in_per_period input items. */
    size_t in_per_period = 1;
    size_t out_per_period = 1;
    /*! Input tags move by events (a frame's input ends where the engine found it) rather than
     *  by the period ratio. */
    bool tags_by_events = false;
};

/*!
 * @brief One continuous stream, in any chunking; the same output whatever the chunking.
 */
class GPUFEC_CORE_API stream_engine
{
public:
    virtual ~stream_engine();
    virtual const backend_choice& backend() const = 0;
    virtual stream_shape shape() const = 0;
    /*! @brief @p n input items. */
    virtual void push(const void* in, size_t n) = 0;
    /*! @brief Ends the stream: everything received is decoded and ready to pull.
     *  @return input items at the end that could not be decoded */
    virtual size_t flush() = 0;
    /*! @brief Forgets the stream (output and events not yet pulled included). */
    virtual void reset() = 0;
    /*! @brief Input items that a flush() would still decode. */
    virtual size_t pending() const = 0;
    /*! @brief Output items ready to be pulled. */
    virtual size_t available() const = 0;
    /*! @brief Moves up to @p max output items out; returns how many. */
    virtual size_t pull(void* out, size_t max) = 0;
    /*! @brief The oldest event not yet taken; false when there is none. */
    virtual bool next_event(stream_event& e);
    virtual nonfinite_report nonfinite() const;
    /*! @brief Frames decoded since the last reset() (engines that find frames). */
    virtual uint64_t frames() const;
    /*! @brief The output items a packet of @p in_items input items gives (length tags):
     *  by default the period ratio, rounded down. */
    virtual uint64_t out_length(uint64_t in_items) const;
};

/*! @brief A stream_decoder of soft values of type @p input as a stream engine. */
GPUFEC_CORE_API std::shared_ptr<stream_engine>
as_stream_engine(std::shared_ptr<stream_decoder> dec, soft_type input);

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CORE_ENGINE_H */
