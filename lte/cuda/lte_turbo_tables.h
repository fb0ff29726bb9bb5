/* The QPP interleaver of one code block size on the device, as the turbo decoder kernel reads
 * it: Pi and its inverse, 16 bits an entry (K <= 6144), uploaded once.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_TURBO_TABLES_H
#define INCLUDED_GPUFEC_CUDA_TURBO_TABLES_H

#include "skeleton/cuda/device_buffer.h"
#include "lte_turbo_kernels.h"
#include <gnuradio/gpufec/lte/lte_turbo_code.h>

namespace gr {
namespace gpufec {
namespace cuda {

class turbo_tables
{
public:
    /*! Uploads @p code's interleaver to the current device (synchronously). */
    explicit turbo_tables(const lte_turbo_code& code);

    /*! What launch_turbo_decode takes: this code, these tables, @p params. */
    turbo_code_shape shape(const lte_turbo_params& params) const
    {
        return { m_K, m_f1, m_f2, m_pi.get(), m_pi_inv.get(), params };
    }

private:
    unsigned m_K, m_f1, m_f2;
    device_buffer<uint16_t> m_pi, m_pi_inv;
};

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
