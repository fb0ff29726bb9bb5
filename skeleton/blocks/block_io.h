/* The narrow side of a GNU Radio block that the decoder modes (frame_mode, tagged_mode,
 * stream_mode) use: positions, tags, consume, the state of the input, warnings. decoder_block
 * implements it over its gr::block; the mode tests implement it over
 * vectors, so that the modes are tested without a scheduler.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BLOCK_IO_H
#define INCLUDED_GPUFEC_BLOCK_IO_H

#include <gnuradio/tags.h>
#include <pmt/pmt.h>
#include <cstdint>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

class block_io
{
public:
    virtual ~block_io() = default;
    virtual uint64_t nitems_read() const = 0;
    virtual uint64_t nitems_written() const = 0;
    /*! The input's tags in [@p from, @p to) (of key @p key only, unless it is nil), in offset
     *  order. */
    virtual std::vector<gr::tag_t>
    input_tags(uint64_t from, uint64_t to, const pmt::pmt_t& key = pmt::PMT_NIL) = 0;
    /*! A tag on every connected output (they advance together). */
    virtual void add_tag(const gr::tag_t& tag) = 0;
    /*! A tag of this block (its srcid) on every connected output. */
    virtual void add_tag(uint64_t offset, const pmt::pmt_t& key, const pmt::pmt_t& value) = 0;
    virtual void consume(size_t n) = 0;
    /*! The upstream block is done: what the input holds is all there will be. */
    virtual bool upstream_done() const = 0;
    /*! Input items not yet consumed, as the buffer sees them now. */
    virtual size_t unread() const = 0;
    virtual void set_min_noutput_items(int n) = 0;
    virtual void warn(const std::string& message) = 0;
};

} // namespace gpufec
} // namespace gr

#endif
