/* The channels gpufec_ber simulates over, each registered from its own file by a static
 * register_channel object, as code families are (code_registry.h): a new channel (the
 * insertion/deletion channel, bsid_channel.cc) is a new file, with no central list to edit. A sweep's
 * points are values of the channel's one swept parameter.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BER_CHANNEL_REGISTRY_H
#define INCLUDED_GPUFEC_BER_CHANNEL_REGISTRY_H

#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <gnuradio/gpufec/bsid/bsid_channel_model.h>
#include <functional>
#include <optional>
#include <string>

namespace gpufec_ber {

/*! The channel at one point of a sweep. A channel sets the member that describes it; a code
 *  family reads the one it can simulate over. */
struct channel_point {
    std::string channel; //!< the channel's name, e.g. "awgn"
    double value = 0;    //!< the swept parameter
    std::optional<gr::gpufec::awgn_noise> awgn; //!< BPSK over AWGN at this point
    std::optional<gr::gpufec::bsid_params> bsid; //!< the insertion/deletion channel

    /*! @throws std::invalid_argument when the channel is not AWGN/BPSK, naming @p code */
    const gr::gpufec::awgn_noise& awgn_noise(const std::string& code) const;
    /*! @throws std::invalid_argument when the channel is not BSID, naming @p code */
    const gr::gpufec::bsid_params& bsid_channel(const std::string& code) const;
};

/*! START:STOP:STEP: the points of a sweep. */
struct sweep {
    double start, stop, step;
};

/*! What a sweep's points are: the table, the CSV, the warnings and the plot name them so. */
struct point_axis {
    std::string name;   //!< e.g. "Eb/N0", "pi=pd": the table's first column, the warnings
    std::string unit;   //!< e.g. "dB"; "" for a probability
    std::string column; //!< the CSV column, e.g. "ebn0_db" (the plot's x axis)
    /*! The BER of uncoded transmission at a point where the channel has a theory for it
     *  (BPSK over AWGN: the table's "uncoded" column, the CSV's uncoded_theory); empty: none */
    std::function<double(double value)> uncoded_ber;
    sweep defaults; //!< the points when neither --ebn0 nor --points is given

    /*! "Eb/N0 3 dB", "pi=pd 0.002": a point, for warnings and the progress line. */
    std::string point(double value) const;
};

/*! A family of --channel specs "NAME" and "NAME:ARGS". */
struct channel_family {
    std::string name;  //!< e.g. "awgn"
    std::string help;  //!< --help lines, the first starting with the name
    /*! ARGS -> what the points are. @throws std::invalid_argument naming what is wrong */
    std::function<point_axis(const std::string& args)> axis;
    /*! ARGS, the swept value and the code's rate -> the channel at that point.
     *  @throws std::invalid_argument naming what is wrong */
    std::function<channel_point(const std::string& args, double value, double rate)> make;
};

/*! Registers @p family at static initialisation; a second one of the same name is a
 *  programming error (std::logic_error). */
class register_channel
{
public:
    explicit register_channel(channel_family family);
};

/*! A parsed --channel spec: the channel at any point of the sweep. */
struct channel_spec {
    const channel_family* family = nullptr;
    std::string args;
    channel_point at(double value, double rate) const { return family->make(args, value, rate); }
    point_axis axis() const { return family->axis(args); }
};

/*! @throws std::invalid_argument for an unknown channel (listing the known ones) */
channel_spec make_channel(const std::string& spec);

/*! The channels' help, in name order. */
std::string channel_help();

} // namespace gpufec_ber

#endif
