/* AUTO resolution (the backends' names are generated with the decoder options).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gnuradio/gpufec/core/backend.h>
#include <stdexcept>

namespace gr {
namespace gpufec {

backend_choice resolve_backend(backend_kind requested, int device)
{
    const int devices = cuda_device_count();
    if (device < 0 || (device > 0 && device >= devices))
        throw std::invalid_argument("device = " + std::to_string(device) +
                                    " is not present: CUDA devices here are 0.." +
                                    std::to_string(devices > 0 ? devices - 1 : 0));
    const std::string on = " on device " + std::to_string(device) + " (" +
                           cuda_device_name(device) + ")";
    switch (requested) {
    case backend_kind::CPU:
        return { backend_kind::CPU, "backend cpu (requested)" };
    case backend_kind::CUDA:
        if (!built_with_cuda())
            throw std::runtime_error(
                "backend = 'cuda' was requested but gr-gpufec was built without CUDA "
                "(rebuild with nvcc on the PATH and ENABLE_CUDA=ON, or use 'cpu' / 'auto')");
        if (cuda_device_count() == 0)
            throw std::runtime_error("backend = 'cuda' was requested but no CUDA device is "
                                     "present (use 'cpu' or 'auto')");
        return { backend_kind::CUDA, "backend cuda (requested)" + on, device };
    case backend_kind::AUTO:
        if (devices > 0)
            return { backend_kind::CUDA, "backend auto -> cuda" + on, device };
        return { backend_kind::CPU,
                 built_with_cuda() ? "backend auto -> cpu (no CUDA device found)"
                                   : "backend auto -> cpu (built without CUDA)" };
    }
    throw std::invalid_argument("backend_kind value " +
                                std::to_string(static_cast<int>(requested)) +
                                " is not one of AUTO, CPU, CUDA");
}

} // namespace gpufec
} // namespace gr
