/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "code_registry.h"
#include <map>
#include <stdexcept>

namespace gpufec_ber {

namespace {
/* A function-local static: registrations run during static initialisation, in any order. */
std::map<std::string, code_family>& families()
{
    static std::map<std::string, code_family> all;
    return all;
}
} // namespace

register_code_family::register_code_family(code_family family)
{
    const std::string name = family.name;
    if (name.empty() || name.find(':') != std::string::npos || !family.make)
        throw std::logic_error("gpufec_ber: code family '" + name +
                               "' needs a name without ':' and a make function");
    if (!families().emplace(name, std::move(family)).second)
        throw std::logic_error("gpufec_ber: code family '" + name + "' is registered twice");
}

code_under_test make_code(const std::string& spec, size_t frame_bits)
{
    const size_t colon = spec.find(':');
    const std::string name = spec.substr(0, colon);
    const auto it = families().find(name);
    if (it == families().end()) {
        std::string known;
        for (const auto& f : families())
            known += (known.empty() ? "" : ", ") + f.first;
        throw std::invalid_argument("--code '" + spec + "': no code family '" + name +
                                    "' (known: " + known + ")");
    }
    return it->second.make(colon == std::string::npos ? "" : spec.substr(colon + 1), frame_bits);
}

std::string code_help()
{
    std::string help;
    for (const auto& f : families())
        help += f.second.help;
    return help;
}

void refuse_tool_options(const gr::gpufec::decoder_options& o, const std::string& family)
{
    const gr::gpufec::decoder_options d;
    const auto refuse = [&](bool differs, const char* key, const char* why) {
        if (differs)
            throw std::invalid_argument("--code " + family + ": " + key + " " + why);
    };
    refuse(o.backend != d.backend, "backend", "is chosen with --backend");
    refuse(o.device != d.device, "device", "is not chosen by the BER tool (device 0)");
    refuse(o.input != d.input, "input", "applies to the block only (the tool sends float LLRs)");
}

} // namespace gpufec_ber
