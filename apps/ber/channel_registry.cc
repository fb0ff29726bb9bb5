/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "channel_registry.h"
#include <map>
#include <sstream>
#include <stdexcept>

namespace gpufec_ber {

namespace {
/* A function-local static: registrations run during static initialisation, in any order. */
std::map<std::string, channel_family>& channels()
{
    static std::map<std::string, channel_family> all;
    return all;
}
} // namespace

const gr::gpufec::awgn_noise& channel_point::awgn_noise(const std::string& code) const
{
    if (!awgn)
        throw std::invalid_argument("'" + code + "' cannot be simulated over channel '" + channel +
                                    "': its simulation needs BPSK over AWGN (--channel awgn)");
    return *awgn;
}

const gr::gpufec::bsid_params& channel_point::bsid_channel(const std::string& code) const
{
    if (!bsid)
        throw std::invalid_argument("'" + code + "' cannot be simulated over channel '" + channel +
                                    "': its simulation needs the insertion/deletion channel "
                                    "(--channel bsid)");
    return *bsid;
}

std::string point_axis::point(double value) const
{
    std::ostringstream s;
    s << name << ' ' << value << (unit.empty() ? "" : " " + unit);
    return s.str();
}

register_channel::register_channel(channel_family family)
{
    const std::string name = family.name;
    if (name.empty() || name.find(':') != std::string::npos || !family.axis || !family.make)
        throw std::logic_error("gpufec_ber: channel '" + name +
                               "' needs a name without ':', an axis and a make function");
    if (!channels().emplace(name, std::move(family)).second)
        throw std::logic_error("gpufec_ber: channel '" + name + "' is registered twice");
}

channel_spec make_channel(const std::string& spec)
{
    const size_t colon = spec.find(':');
    const std::string name = spec.substr(0, colon);
    const auto it = channels().find(name);
    if (it == channels().end()) {
        std::string known;
        for (const auto& c : channels())
            known += (known.empty() ? "" : ", ") + c.first;
        throw std::invalid_argument("--channel '" + spec + "': no channel '" + name +
                                    "' (known: " + known + ")");
    }
    return { &it->second, colon == std::string::npos ? "" : spec.substr(colon + 1) };
}

std::string channel_help()
{
    std::string help;
    for (const auto& c : channels())
        help += c.second.help;
    return help;
}

} // namespace gpufec_ber
