/* Backend selection: which implementation (CPU or CUDA) a decoder, encoder or source runs on.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BACKEND_H
#define INCLUDED_GPUFEC_BACKEND_H

#include <gnuradio/gpufec/core/core_api.h>
// backend_kind, parse_backend() and backend_name(): described with the decoder options.
#include <gnuradio/gpufec/core/decoder_options.h>
#include <string>

namespace gr {
namespace gpufec {

/*! @brief True when the library was built with the CUDA backends. */
GPUFEC_CORE_API bool built_with_cuda();

/*!
 * @brief Number of usable CUDA devices: 0 when built without CUDA, with no driver, or with no
 * device (never throws).
 */
GPUFEC_CORE_API int cuda_device_count();

/*!
 * @brief Name of CUDA device @p device ("" when there is none).
 */
GPUFEC_CORE_API std::string cuda_device_name(int device = 0);

/*! @brief The outcome of resolving a requested backend. */
struct GPUFEC_CORE_API backend_choice {
    backend_kind kind; //!< CPU or CUDA, never AUTO
    std::string why;   //!< one line for the log: what was picked and why
    int device = 0;    //!< the CUDA device index (CUDA only)
};

/*!
 * @brief Resolves AUTO to CPU or CUDA; checks that an explicit CUDA request can be served.
 * @param device the CUDA device index to run on (machines with several GPUs)
 * @throws std::runtime_error when CUDA is requested and no device (or no CUDA build) exists;
 *         std::invalid_argument for a device index that is not present
 */
GPUFEC_CORE_API backend_choice resolve_backend(backend_kind requested, int device = 0);

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_BACKEND_H */
