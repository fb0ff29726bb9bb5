/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "cases.h"
#include <algorithm>
#include <list>

namespace gpufec_bench {

namespace {
/* A function-local static: registrations run during static initialisation, in any order. */
std::list<bench_group>& groups()
{
    static std::list<bench_group> all;
    return all;
}
} // namespace

register_bench::register_bench(bench_group group) { groups().push_back(std::move(group)); }

std::vector<const bench_group*> bench_groups()
{
    std::vector<const bench_group*> v;
    for (const auto& g : groups())
        v.push_back(&g);
    std::sort(v.begin(), v.end(), [](const bench_group* a, const bench_group* b) {
        return a->order != b->order ? a->order < b->order : a->names < b->names;
    });
    return v;
}

} // namespace gpufec_bench
