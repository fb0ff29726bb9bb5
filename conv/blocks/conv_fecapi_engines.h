/* The Viterbi engines of one of the module's gr-fec decoder objects: one per frame length the
 * object is asked for (gr-fec's tagged and async decoders change it per packet), each on one
 * CPU thread: gr-fec hands frames over one at a time and runs several objects for parallelism.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_FECAPI_ENGINES_H
#define INCLUDED_GPUFEC_FECAPI_ENGINES_H

#include <gnuradio/gpufec/conv/viterbi.h>
#include <map>
#include <memory>
#include <string>

namespace gr {
namespace gpufec {

class fecapi_engines
{
public:
    /*! Frames a backend call takes at most: gr-fec calls with one, but its async decoder can
     *  hand over a PDU of several (cc_decoder), which then go to the SIMD lanes or the GPU
     *  together. The GPU backend caps its chunks' memory itself. */
    static constexpr size_t max_frames = 16;

    /*! @param common the object's options (backend, device, llr_scale, invert) */
    explicit fecapi_engines(const decoder_options& common);

    /*! @brief The engine of @p code, made on first use. The codes given to one cache differ in
     *  their frame length only (the key). */
    viterbi_decoder_engine& get(const conv_code_sptr& code);

    /*! @brief The engines' options (one thread, batches of max_frames). */
    const viterbi_options& options() const { return m_opts; }

    /*! @brief "cpu" or "cuda", once an engine was made. */
    std::string backend() const;

private:
    viterbi_options m_opts;
    std::map<size_t, std::unique_ptr<viterbi_decoder_engine>> m_engines; //!< by frame length
    backend_kind m_kind = backend_kind::AUTO;
};

} // namespace gpufec
} // namespace gr

#endif
