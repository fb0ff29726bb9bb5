/* conv_code::preset: the convolutional codes of the standards users meet, each as its standard
 * defines it (generator order, inverted outputs, puncturing patterns per rate). The table is
 * docs/conventions.md's "Code presets"; qa_conv_presets.cc checks it against the standards'
 * tables and published vectors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gnuradio/gpufec/conv/conv_code.h>
#include <algorithm>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {

struct preset_rate {
    const char* rate;     //!< the name preset() takes ("1/2", "3/4", ...)
    const char* puncture; //!< what conv_code takes: a named pattern or a 0/1 string
    unsigned inverted;    //!< bit j: output j is sent complemented
};

struct preset_code {
    const char* name;
    int k;
    std::vector<unsigned> polys; //!< octal form, in the standard's output order
    std::vector<preset_rate> rates; //!< the first is the unpunctured mother code
};

/* Patterns run over the serialized coded stream c0 c1 c0 c1 ... of the generators in the
 * order given. DVB's and CCSDS's X (171) / Y (133) patterns are conv_code's named ones; IEEE
 * 802.11 sends A (133) before B (171) and steals other bits. */
const std::vector<preset_code>& presets()
{
    static const std::vector<preset_code> table = {
        // CCSDS 131.0-B §3.3: G1 = 171, G2 = 133, G2 inverted, C1 then C2. The punctured codes
        // (§3.4, the DVB patterns on C1/C2) have no inversion.
        { "ccsds", 7, { 0171, 0133 },
          { { "1/2", "", 0b10 }, { "2/3", "2/3", 0 }, { "3/4", "3/4", 0 }, { "5/6", "5/6", 0 },
            { "7/8", "7/8", 0 } } },
        // The CCSDS code with the inverted output first: NASA DSN's order (gr-satellites'
        // "NASA-DSN" convention, gr-fec's [-109, 79]).
        { "nasa-dsn", 7, { 0133, 0171 }, { { "1/2", "", 0b01 } } },
        // IEEE 802.11-2016 §17.3.5.6: g0 = 133 (A) before g1 = 171 (B); rate 2/3 sends
        // A0 B0 A1, rate 3/4 A0 B0 A1 B2 (figure 17-9), rate 5/6 (HT PHY, §19.3.11.6)
        // A0 B0 A1 B2 A3 B4.
        { "802.11", 7, { 0133, 0171 },
          { { "1/2", "", 0 }, { "2/3", "1110", 0 }, { "3/4", "111001", 0 },
            { "5/6", "1110011001", 0 } } },
        // ETSI EN 300 421 §4.4.3 (DVB-S) and EN 300 744 §4.3.3 (DVB-T): G1 = 171 (X),
        // G2 = 133 (Y), table 2's patterns.
        { "dvb", 7, { 0171, 0133 },
          { { "1/2", "", 0 }, { "2/3", "2/3", 0 }, { "3/4", "3/4", 0 }, { "5/6", "5/6", 0 },
            { "7/8", "7/8", 0 } } },
        // 3GPP TS 36.212 §5.1.3.1: G0 = 133, G1 = 171, G2 = 165, tail-biting; d(0) d(1) d(2)
        // of each step in turn (rate matching, §5.1.4.2, is not part of the code).
        { "lte", 7, { 0133, 0171, 0165 }, { { "1/3", "", 0 } } },
    };
    return table;
}

std::string joined(const std::vector<std::string>& names)
{
    std::string s;
    for (const auto& n : names)
        s += (s.empty() ? "" : ", ") + n;
    return s;
}

} // namespace

std::vector<std::string> conv_code::preset_names()
{
    std::vector<std::string> names;
    for (const auto& p : presets())
        names.push_back(p.name);
    return names;
}

std::shared_ptr<const conv_code> conv_code::preset(const std::string& name,
                                                   const std::string& puncture,
                                                   termination term,
                                                   size_t frame_bits)
{
    const auto& table = presets();
    const auto p = std::find_if(table.begin(), table.end(),
                                [&](const preset_code& c) { return name == c.name; });
    if (p == table.end())
        throw std::invalid_argument("preset = '" + name + "' is not known: use one of " +
                                    joined(preset_names()));
    const auto r = std::find_if(p->rates.begin(), p->rates.end(), [&](const preset_rate& x) {
        return puncture == x.rate || (puncture.empty() && &x == &p->rates.front());
    });
    if (r == p->rates.end()) {
        std::vector<std::string> rates;
        for (const auto& x : p->rates)
            rates.push_back(x.rate);
        throw std::invalid_argument("puncture = '" + puncture + "' is not a rate of preset '" +
                                    name + "': use '' or one of " + joined(rates));
    }
    std::vector<bool> inverted(p->polys.size());
    for (size_t j = 0; j < inverted.size(); ++j)
        inverted[j] = (r->inverted >> j) & 1u;
    return make(p->k, p->polys, r->puncture, term, frame_bits, polys_order::OCTAL, inverted);
}

} // namespace gpufec
} // namespace gr
