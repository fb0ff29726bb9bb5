/* Device discovery in a build without CUDA: no devices (so resolve_backend never picks CUDA,
 * and no engine needs a stub: CUDA backends register themselves only when built).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gnuradio/gpufec/core/backend.h>

namespace gr {
namespace gpufec {

bool built_with_cuda() { return false; }
int cuda_device_count() { return 0; }
std::string cuda_device_name(int) { return ""; }

} // namespace gpufec
} // namespace gr
