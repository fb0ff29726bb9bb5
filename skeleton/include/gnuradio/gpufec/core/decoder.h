/* What every decoder shares, whatever its code family: the options, and the three shapes of
 * decoding engine (soft in / hard out in frames or as a stream, soft in / soft out). The blocks
 * (skeleton/blocks/decoder_block.h), the numpy functions and the BER tool are written against
 * these shapes.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_DECODER_H
#define INCLUDED_GPUFEC_DECODER_H

#include <gnuradio/gpufec/core/backend.h>
#include <gnuradio/gpufec/core/core_api.h>
// decoder_options, soft_type: generated from skeleton/decoder_options.yml.
#include <gnuradio/gpufec/core/decoder_options.h>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

/*!
 * @brief What a decoder's soft-input stage saw that a block or function should tell its user:
 * non-finite float soft values (decoded as erasures or saturated), and batches of float input
 * that llr_scale quantized to nothing.
 */
struct GPUFEC_CORE_API nonfinite_report {
    uint64_t count = 0;           //!< non-finite values so far
    uint64_t first = UINT64_MAX;  //!< input position of the first, counted from the start
    /*! Batches (of at least soft_erasure_min_batch values) quantized to int8 with llr_scale in
     *  which every finite nonzero value became 0, an erasure: the input is far smaller than
     *  llr_scale expects (|x| llr_scale < 0.5 throughout), and the decoder sees nothing. */
    uint64_t erased_batches = 0;
    uint64_t erased_first = UINT64_MAX; //!< input position of the first such batch
    /*! Batches (of at least soft_erasure_min_batch values) quantized with some value kept. */
    uint64_t kept_batches = 0;
};

/*! @brief Fewer values than this are not judged erased or kept (a short piece of a stream can
 *  hold only small values by chance). */
constexpr size_t soft_erasure_min_batch = 64;

/*! @brief What a frame decoder reports about one frame besides its bits; what a decoder does
 *  not know stays at -1. Fixed-size: a GPU decodes millions of frames a second. */
struct GPUFEC_CORE_API frame_status {
    int iterations = -1; //!< iterations used (iterative decoders)
    int crc = -1;        //!< -1 not checked, 0 failed, 1 passed
};

/*! @brief One decode call's buffers (host memory). */
struct GPUFEC_CORE_API frame_io {
    const void* in = nullptr; //!< n_frames * soft_per_frame() soft values of type in_type
    soft_type in_type = soft_type::FLOAT;
    uint8_t* bits = nullptr;  //!< n_frames * bits_per_frame() decisions out
    float* app = nullptr;     //!< as many a-posteriori LLRs out, or null (needs soft_out())
    frame_status* status = nullptr; //!< n_frames entries out, or null
};

/*!
 * @brief Soft in, hard out, whole frames of a fixed size.
 *
 * The soft values of a frame are its channel values in transmission order; positive means
 * bit 1 unless the options say invert.
 */
class GPUFEC_CORE_API frame_decoder
{
public:
    virtual ~frame_decoder();
    virtual const backend_choice& backend() const = 0;
    /*! @brief Soft values one frame takes. */
    virtual size_t soft_per_frame() const = 0;
    /*! @brief Decoded bits one frame gives. */
    virtual size_t bits_per_frame() const = 0;
    /*! @brief n_frames * soft_per_frame() values in, n_frames * bits_per_frame() bits out. */
    virtual void decode_frames(const float* soft, uint8_t* bits, size_t n_frames) = 0;
    virtual void decode_frames(const int8_t* soft, uint8_t* bits, size_t n_frames) = 0;
    virtual nonfinite_report nonfinite() const = 0;
    /*! @brief Starts the input positions and counters anew (a new run of a flowgraph). */
    virtual void reset() = 0;
    /*! @brief Whether decode() gives a-posteriori LLRs. */
    virtual bool soft_out() const { return false; }
    /*! @brief Whether decode() reports something in frame_status. */
    virtual bool has_status() const { return false; }
    /*! @brief n_frames frames with what the decoder gives besides the bits (the default: the
     *  bits, statuses unknown).
     *  @throws std::invalid_argument for LLRs from a decoder without soft_out() */
    virtual void decode(const frame_io& io, size_t n_frames);
};

/*!
 * @brief Soft in, hard out, one continuous stream: soft values go in with push() in any
 * chunking and decoded bits come out with pull(), the same bits whatever the chunking.
 */
class GPUFEC_CORE_API stream_decoder
{
public:
    virtual ~stream_decoder();
    virtual const backend_choice& backend() const = 0;
    /*! @brief The stream decodes bits_per_period() bits from every soft_per_period() values. */
    virtual size_t soft_per_period() const = 0;
    virtual size_t bits_per_period() const = 0;
    virtual void push(const float* soft, size_t n) = 0;
    virtual void push(const int8_t* soft, size_t n) = 0;
    /*! @brief Ends the stream: everything received is decoded and ready to pull; the next
     *  push() starts a new stream.
     *  @return soft values at the end that could not be decoded (an incomplete last step) */
    virtual size_t flush() = 0;
    /*! @brief Forgets the stream (decoded bits not yet pulled included) and starts anew. */
    virtual void reset() = 0;
    /*! @brief Bits that a flush() would decode now, beyond those available(). */
    virtual size_t pending() const = 0;
    /*! @brief Decoded bits ready to be pulled. */
    virtual size_t available() const = 0;
    /*! @brief Moves up to @p max decoded bits out; returns how many. */
    virtual size_t pull(uint8_t* bits, size_t max) = 0;
    virtual nonfinite_report nonfinite() const = 0;
};

/*!
 * @brief The number of frames @p n soft values make.
 * @throws std::invalid_argument when @p n is not a whole number of frames
 */
GPUFEC_CORE_API size_t whole_frames(const frame_decoder& dec, size_t n);

/*!
 * @brief Soft in, soft out, whole frames: the a-posteriori LLRs of the information bits, given
 * the channel's soft values and, optionally, a-priori LLRs of the information bits (both in
 * GNU Radio's sign: positive means bit 1). The shape in which decoders compose: an iterative
 * receiver feeds one decoder's output to another as a-priori information (a turbo decoder's
 * constituents, an inner decoder and an outer code).
 */
class GPUFEC_CORE_API siso_decoder
{
public:
    virtual ~siso_decoder();
    virtual const backend_choice& backend() const = 0;
    virtual size_t soft_per_frame() const = 0;
    virtual size_t bits_per_frame() const = 0;
    /*!
     * @param soft n_frames * soft_per_frame() channel soft values
     * @param apriori n_frames * bits_per_frame() a-priori LLRs, or null for none
     * @param app n_frames * bits_per_frame() a-posteriori LLRs out
     */
    virtual void decode_soft(const float* soft, const float* apriori, float* app, size_t n_frames) = 0;
};

/*!
 * @brief Decodes a whole array of frames (scripts, tools).
 * @throws std::invalid_argument when @p n is not a whole number of frames
 */
GPUFEC_CORE_API std::vector<uint8_t> decode_all(frame_decoder& dec, const float* soft, size_t n);
GPUFEC_CORE_API std::vector<uint8_t> decode_all(frame_decoder& dec, const int8_t* soft, size_t n);

/*!
 * @brief Decodes a whole stream, from its start to its end (flushed): every bit.
 * @throws std::invalid_argument when the stream ends inside a trellis step (values that no
 *         bit can be decoded from)
 */
GPUFEC_CORE_API std::vector<uint8_t> decode_all(stream_decoder& dec, const float* soft, size_t n);
GPUFEC_CORE_API std::vector<uint8_t> decode_all(stream_decoder& dec, const int8_t* soft, size_t n);

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_DECODER_H */
