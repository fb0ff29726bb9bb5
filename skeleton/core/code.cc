/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <gnuradio/gpufec/core/code.h>
#include <algorithm>

namespace gr {
namespace gpufec {

code::~code() = default;

void uncoded_code::encode(const uint8_t* info, uint8_t* coded, size_t n_blocks) const
{
    std::transform(info, info + n_blocks, coded, [](uint8_t b) { return uint8_t(b != 0); });
}

code_sptr uncoded()
{
    static const code_sptr identity = std::make_shared<uncoded_code>();
    return identity;
}

} // namespace gpufec
} // namespace gr
