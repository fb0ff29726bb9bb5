/* Export macro for the GNU-Radio-free core.
 *
 * The core is a static library linked into the block library, the apps and the tests; its
 * public classes stay visible so the Python bindings can reach them through the block library.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_API_H
#define INCLUDED_GPUFEC_CORE_API_H

#if defined(_WIN32)
#define GPUFEC_CORE_API
#else
#define GPUFEC_CORE_API __attribute__((visibility("default")))
#endif

/* Functions usable from host and device code. Public headers never include CUDA headers:
 * under nvcc the qualifiers are keywords, elsewhere they vanish. */
#if defined(__CUDACC__)
#define GPUFEC_HOST_DEVICE __host__ __device__ __forceinline__
#else
#define GPUFEC_HOST_DEVICE inline
#endif

#endif /* INCLUDED_GPUFEC_CORE_API_H */
