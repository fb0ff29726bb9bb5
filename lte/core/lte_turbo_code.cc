/* lte_turbo_code: block size check, interleaver, name.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lte_qpp_table.h"
#include "lte_qpp_interleaver.h"
#include <gnuradio/gpufec/lte/lte_turbo_code.h>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {

const turbo::qpp_entry& qpp_or_throw(long long K)
{
    const turbo::qpp_entry* e = turbo::find_qpp(K);
    if (!e)
        throw std::invalid_argument(
            "K = " + std::to_string(K) +
            " is not an LTE code block size: 40..512 in steps of 8, 528..1024 in steps of 16, "
            "1056..2048 in steps of 32, 2112..6144 in steps of 64");
    return *e;
}

} // namespace

lte_turbo_code::lte_turbo_code(long long K)
{
    const turbo::qpp_entry& e = qpp_or_throw(K);
    m_K = e.K;
    m_f1 = e.f1;
    m_f2 = e.f2;
    m_pi = turbo::build_qpp(e.K, e.f1, e.f2);
}

std::shared_ptr<const lte_turbo_code> lte_turbo_code::make(long long K)
{
    return std::make_shared<const lte_turbo_code>(K);
}

bool lte_turbo_code::is_block_size(long long K) { return turbo::find_qpp(K) != nullptr; }

const std::vector<size_t>& lte_turbo_code::block_sizes()
{
    static const std::vector<size_t> sizes = [] {
        std::vector<size_t> s;
        for (const auto& e : turbo::lte_qpp_table)
            s.push_back(e.K);
        return s;
    }();
    return sizes;
}

std::string lte_turbo_code::name() const { return "LTE turbo K=" + std::to_string(m_K); }

} // namespace gpufec
} // namespace gr
