/* gpufec_ber's --channel bsid:pi=..,pd=..,ps=..: the insertion/deletion (BSID) channel. Each
 * probability is a number, or x for the point's value (--points START:STOP:STEP), so a sweep
 * can run over any of them; those not given are 0. The points are named after the swept ones
 * ("pi=pd" for bsid:pi=x,pd=x).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "apps/ber/channel_registry.h"
#include "apps/ber/parse_number.h"
#include <array>
#include <optional>
#include <sstream>
#include <stdexcept>

namespace gpufec_ber {

namespace {

const std::array<const char*, 3> keys = { "pi", "pd", "ps" };

/* Each probability as the spec gives it: a number, or empty for x (swept); the last one given
 * of a key counts. */
struct bsid_spec {
    std::array<std::optional<double>, 3> fixed{ 0.0, 0.0, 0.0 };

    static bsid_spec parse(const std::string& args)
    {
        bsid_spec s;
        std::istringstream fields(args);
        for (std::string kv; std::getline(fields, kv, ',');) {
            const size_t eq = kv.find('=');
            if (eq == std::string::npos)
                throw std::invalid_argument("--channel bsid:" + args + ": '" + kv + "' is not KEY=VALUE");
            const std::string key = kv.substr(0, eq), text = kv.substr(eq + 1);
            size_t k = 0;
            while (k < keys.size() && key != keys[k])
                ++k;
            if (k == keys.size())
                throw std::invalid_argument("--channel bsid: unknown key '" + key + "' (keys: pi, pd, ps)");
            s.fixed[k] = text == "x" ? std::nullopt
                                     : std::optional<double>(parse_real("--channel bsid: " + key, text));
        }
        return s;
    }

    double at(size_t k, double value) const { return fixed[k] ? *fixed[k] : value; }
};

channel_point make_bsid(const std::string& args, double value, double)
{
    const bsid_spec s = bsid_spec::parse(args);
    gr::gpufec::bsid_params p;
    p.pi = s.at(0, value);
    p.pd = s.at(1, value);
    p.ps = s.at(2, value);
    p.check();
    channel_point point;
    point.channel = "bsid";
    point.value = value;
    point.bsid = p;
    return point;
}

/* A spec without x has one channel at every point: its points are plain x. */
point_axis bsid_axis(const std::string& args)
{
    const bsid_spec s = bsid_spec::parse(args);
    std::string swept;
    for (size_t k = 0; k < keys.size(); ++k)
        if (!s.fixed[k])
            swept += (swept.empty() ? "" : "=") + std::string(keys[k]);
    return { swept.empty() ? "x" : swept, "", swept.empty() ? "x" : swept, {}, { 0.002, 0.01, 0.002 } };
}

const register_channel bsid_registration({
    "bsid",
    "  bsid[:pi=P,pd=P,ps=P] the insertion/deletion channel (insertion, deletion, substitution\n"
    "                       probabilities, 0 when not given); a value x is the point's value,\n"
    "                       e.g. --channel bsid:pi=x,pd=x --points 0.002:0.01:0.002 (the\n"
    "                       default points); the points are named after the swept keys (pi=pd)\n",
    bsid_axis,
    make_bsid,
});

} // namespace

} // namespace gpufec_ber
