/* Length tags ("packet_len" and the like) as GNU Radio's tagged-stream blocks read and write
 * them: a length is a non-negative integer, also when it arrives as an integral double (a
 * Python float, a tag made by a vector source from 140.0); a block whose output rate differs
 * from its input's rescales the length to the items it emits for the packet.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_LENGTH_TAGS_H
#define INCLUDED_GPUFEC_LENGTH_TAGS_H

#include <pmt/pmt.h>
#include <cmath>
#include <cstdint>
#include <string>

namespace gr {
namespace gpufec {

/*! The length a tag's value gives; false for a value that is no length (negative, fractional,
 *  not a number). */
inline bool tag_length(const pmt::pmt_t& value, uint64_t& length)
{
    if (pmt::is_integer(value)) {
        const long v = pmt::to_long(value);
        length = static_cast<uint64_t>(v);
        return v >= 0;
    }
    if (pmt::is_uint64(value)) {
        length = pmt::to_uint64(value);
        return true;
    }
    if (pmt::is_real(value)) {
        const double v = pmt::to_double(value);
        if (!(v >= 0) || v != std::floor(v) || v >= 9.2e18)
            return false;
        length = static_cast<uint64_t>(v);
        return true;
    }
    return false;
}

/*! The tag key GNU Radio's tagged-stream blocks use by default. */
inline const pmt::pmt_t& packet_len_key()
{
    static const pmt::pmt_t key = pmt::string_to_symbol("packet_len");
    return key;
}

/*! floor(@p length * @p to / @p from) without overflow: @p length items at @p from input
 *  items per block, as output items at @p to per block. */
inline uint64_t scale_length(uint64_t length, uint64_t from, uint64_t to)
{
    return length / from * to + length % from * to / from;
}

/*! The value a rescaled length tag carries. */
inline pmt::pmt_t length_value(uint64_t length)
{
    return pmt::from_long(static_cast<long>(length));
}

} // namespace gpufec
} // namespace gr

#endif
