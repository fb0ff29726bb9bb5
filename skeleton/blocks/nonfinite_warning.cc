/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "nonfinite_warning.h"
#include <spdlog/fmt/fmt.h>

namespace gr {
namespace gpufec {

void nonfinite_warning::report(block_io& io, const nonfinite_report& r, bool per_frame)
{
    d_count = r.count;
    const char* where = per_frame ? "in the frame at" : "at";
    if (r.count > 0 && !d_warned_nonfinite) {
        d_warned_nonfinite = true;
        io.warn(fmt::format(
            "non-finite soft values in the input (first {} item {}): NaN is decoded as an "
            "erasure (0), +-Inf as the largest value of its sign; this warning is shown "
            "once, nonfinite_count() counts them",
            where, r.first));
    }
    if (r.erased_batches > 0 && !d_warned_erased) {
        d_warned_erased = true;
        io.warn(fmt::format(
            "llr_scale quantized every finite nonzero soft value of a batch to 0, an "
            "erasure (first {} item {}): the input is far smaller than llr_scale expects "
            "(|x| * llr_scale < 0.5), so the decoder sees nothing; raise llr_scale "
            "(docs/conventions.md). This warning is shown once",
            where, r.erased_first));
    }
}

} // namespace gpufec
} // namespace gr
