/* gpufec_ber's --channel bsid:pi=..,pd=..,ps=..: the insertion/deletion (BSID) channel. Each
 * probability is a number, or x for the point's value (--points START:STOP:STEP), so a sweep
 * can run over any of them; those not given are 0.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "channel_registry.h"
#include "parse_number.h"
#include <sstream>
#include <stdexcept>

namespace gpufec_ber {

namespace {

channel_point make_bsid(const std::string& args, double value, double)
{
    gr::gpufec::bsid_params p;
    std::istringstream fields(args);
    for (std::string kv; std::getline(fields, kv, ',');) {
        const size_t eq = kv.find('=');
        if (eq == std::string::npos)
            throw std::invalid_argument("--channel bsid:" + args + ": '" + kv + "' is not KEY=VALUE");
        const std::string key = kv.substr(0, eq), text = kv.substr(eq + 1);
        const double v = text == "x" ? value : parse_real("--channel bsid: " + key, text);
        if (key == "pi")
            p.pi = v;
        else if (key == "pd")
            p.pd = v;
        else if (key == "ps")
            p.ps = v;
        else
            throw std::invalid_argument("--channel bsid: unknown key '" + key + "' (keys: pi, pd, ps)");
    }
    p.check();
    channel_point point;
    point.channel = "bsid";
    point.value = value;
    point.bsid = p;
    return point;
}

const register_channel bsid_registration({
    "bsid",
    "  bsid[:pi=P,pd=P,ps=P] the insertion/deletion channel (insertion, deletion, substitution\n"
    "                       probabilities, 0 when not given); a value x is the point's value,\n"
    "                       e.g. --channel bsid:pi=x,pd=x --points 0.002:0.01:0.002\n",
    "the value of the probabilities given as x",
    make_bsid,
});

} // namespace

} // namespace gpufec_ber
