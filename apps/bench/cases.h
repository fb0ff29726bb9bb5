/* The benchmark groups gpufec_bench runs. Each area registers its group from its own file
 * (awgn_bench.cc, conv_bench.cc, ber_bench.cc, ...) with a static register_bench object, so
 * a new decoder family adds a file and no line here or in gpufec_bench.cc.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BENCH_CASES_H
#define INCLUDED_GPUFEC_BENCH_CASES_H

#include "harness.h"
#include <functional>
#include <string>
#include <vector>

namespace gpufec_bench {

struct bench_group {
    std::vector<std::string> names; //!< the --only names it answers to (it checks cfg.wants)
    int order;                      //!< groups run in this order (ties: by first name)
    std::string help;               //!< one line for --help
    std::function<void(const config&, table&)> run;
};

class register_bench
{
public:
    explicit register_bench(bench_group group);
};

/*! Every registered group, in run order. */
std::vector<const bench_group*> bench_groups();

} // namespace gpufec_bench

#endif
