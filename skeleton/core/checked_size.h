/* Size arithmetic on values that a user chose (block counts, stream positions): the products
 * and sums that size buffers and index streams. Unchecked, a huge value wraps around to a small
 * buffer that is then overrun; checked, it is an error that names the value.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_CHECKED_SIZE_H
#define INCLUDED_GPUFEC_CORE_CHECKED_SIZE_H

#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace gr {
namespace gpufec {
namespace detail {

/*!
 * @brief @p count * @p unit, where @p count is the parameter @p name and @p unit is measured in
 * @p unit_name ("coded bits per block").
 * @throws std::invalid_argument naming the parameter, its value and the largest value allowed,
 *         when the product does not fit in T
 */
template <typename T>
T checked_mul(T count, T unit, const char* name, const char* unit_name)
{
    static_assert(std::is_unsigned<T>::value, "sizes are unsigned");
    const T max = std::numeric_limits<T>::max();
    if (unit != 0 && count > max / unit)
        throw std::invalid_argument(std::string(name) + " = " + std::to_string(count) +
                                    " is too large: at " + std::to_string(unit) + " " +
                                    unit_name + " the size overflows " +
                                    std::to_string(std::numeric_limits<T>::digits) +
                                    " bits; allowed is at most " + std::to_string(max / unit));
    return count * unit;
}

/*!
 * @brief @p first + @p count, where @p count is the parameter @p name and the sum is @p what
 * ("first_sample + the number of bits").
 * @throws std::invalid_argument naming the parameter, its value and the largest value allowed,
 *         when the sum does not fit in T
 */
template <typename T>
T checked_add(T first, T count, const char* name, const char* what)
{
    static_assert(std::is_unsigned<T>::value, "sizes are unsigned");
    const T max = std::numeric_limits<T>::max();
    if (count > max - first)
        throw std::invalid_argument(std::string(name) + " = " + std::to_string(count) +
                                    " is too large: " + what + " does not fit in " +
                                    std::to_string(std::numeric_limits<T>::digits) +
                                    " bits; allowed is at most " + std::to_string(max - first));
    return first + count;
}

} // namespace detail
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CORE_CHECKED_SIZE_H */
