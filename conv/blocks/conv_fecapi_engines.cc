/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "conv_fecapi_engines.h"

namespace gr {
namespace gpufec {

namespace {

/* Packets of many lengths (tagged and async decoding) would otherwise keep an engine, with
 * its buffers, for every length ever seen. */
constexpr size_t max_engines = 16;

} // namespace

fecapi_engines::fecapi_engines(const decoder_options& common) : m_opts(common, viterbi_tiling{})
{
    m_opts.max_batch = max_frames;
    m_opts.threads = 1;
}

viterbi_decoder_engine& fecapi_engines::get(const conv_code_sptr& code)
{
    auto it = m_engines.find(code->frame_bits());
    if (it == m_engines.end()) {
        if (m_engines.size() >= max_engines)
            m_engines.clear();
        it = m_engines
                 .emplace(code->frame_bits(), std::make_unique<viterbi_decoder_engine>(code, m_opts))
                 .first;
        m_kind = it->second->backend().kind;
    }
    return *it->second;
}

std::string fecapi_engines::backend() const { return backend_name(m_kind); }

} // namespace gpufec
} // namespace gr
