#!/usr/bin/env python3
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
"""Decodes a recorded CCSDS-concatenated satellite downlink end to end.

A WAV recording of a receiver's audio output (the BPSK signal around --f-offset Hz) is
demodulated by GNU Radio's own blocks (frequency translation, AGC, FLL, symbol clock and
Costas loops), the K=7 r1/2 code by gpufec.viterbi_decoder (GPU or CPU: --backend), and the
frames are found by their sync word, descrambled and checked by the CCSDS Reed-Solomon code
(gpufec.ccsds_deframer, libfec). The decoder finds the pairing of the code symbols itself
(--pairing find); --pairing both runs two decoders one symbol apart as gr-satellites does,
and --decoder gr-fec swaps in gr-fec's cc_decoder there. --decoder cc_decoder runs
gr-satellites' chain with gpufec.cc_decoder (gr-fec's arguments): with --pairing find one
such decoder finds the pairing, where gr-satellites runs two.

The defaults decode recordings/by701.wav (BY70-1, 9600 baud, 114-byte frames, NRZ-M,
conventional-basis Reed-Solomon; docs/recordings.md). Prints one line per frame.

    ccsds_recording.py [--wav FILE] [--backend auto] [--pairing find|both]
                       [--decoder gpufec|gr-fec|cc_decoder]
"""
import argparse
import math
import os

from gnuradio import analog, blocks, digital, fec, filter, gr
from gnuradio.filter import firdes

from gnuradio import gpufec

RECORDING = os.path.join(os.path.dirname(os.path.abspath(__file__)), "recordings", "by701.wav")


class bpsk_demodulator(gr.hier_block2):
    """Real samples with a BPSK signal around f_offset in, one soft symbol (float) per symbol
    out, up to the sign (the Costas loop locks at either phase).

    The chain and its loop constants follow gr-satellites' BPSK demodulator, except two
    choices measured on by701.wav: the symbol clock loop at 0.015 of the baud rate (0.06
    slips a symbol every few frames there) and the Costas loop at 100 Hz. The signal is moved
    to 0 Hz by a numerically controlled oscillator and a multiplier rather than
    freq_xlating_fir_filter, whose rotator renormalises at the edges of each call: its output
    then depends on how the scheduler cuts the stream, and so did the frames decoded."""

    def __init__(self, samp_rate, baud, f_offset):
        gr.hier_block2.__init__(self, "bpsk_demodulator",
                                gr.io_signature(1, 1, gr.sizeof_float),
                                gr.io_signature(1, 1, gr.sizeof_float))
        sps = samp_rate / baud
        to_complex = blocks.float_to_complex()
        nco = analog.sig_source_c(samp_rate, analog.GR_COS_WAVE, -f_offset, 1.0)
        mix = blocks.multiply_cc()
        lowpass = filter.fir_filter_ccf(1, firdes.low_pass(1, samp_rate, 2 * baud, 0.2 * baud))
        agc = analog.agc2_cc(1e-2, 1e-3, 1.0, 1.0)
        fll = digital.fll_band_edge_cc(sps, 0.35, 100, 2 * math.pi * 25 / samp_rate)
        nfilts = 16
        rrc = firdes.root_raised_cosine(nfilts, nfilts, 1.0 / sps, 0.35,
                                        int(math.ceil(11 * sps * nfilts)))
        clock = digital.symbol_sync_cc(digital.TED_SIGNAL_TIMES_SLOPE_ML, sps, 0.015, 1.0, 0.5,
                                       0.004 * sps, 1, digital.constellation_bpsk().base(),
                                       digital.IR_PFB_MF, nfilts, rrc)
        costas = digital.costas_loop_cc(2 * math.pi * 100 / baud, 2, False)
        self.connect(self, to_complex, (mix, 0))
        self.connect(nco, (mix, 1))
        self.connect(mix, lowpass, agc, fll, clock, costas, blocks.complex_to_real(), self)


class ccsds_recording(gr.top_block):
    """wav -> bpsk_demodulator -> decoder -> ccsds_deframer; frames() after run()."""

    def __init__(self, wav=RECORDING, f_offset=12000, baud=9600, data_bytes=114,
                 basis="conventional", differential=True, backend="auto", pairing="find",
                 decoder="gpufec", llr_scale=32.0):
        gr.top_block.__init__(self, "ccsds_recording")
        if pairing not in ("find", "both"):
            raise ValueError("pairing = %r is not known: 'find' or 'both'" % (pairing,))
        if decoder not in ("gpufec", "gr-fec", "cc_decoder"):
            raise ValueError("decoder = %r is not known: 'gpufec', 'gr-fec' or 'cc_decoder'"
                             % (decoder,))
        if decoder == "gr-fec" and pairing == "find":
            raise ValueError("gr-fec's cc_decoder cannot find the pairing: use pairing='both'")
        source = blocks.wavfile_source(wav, False)
        self.demod = bpsk_demodulator(source.sample_rate(), baud, f_offset)
        self.decoders = []
        self.deframers = []  # Python blocks: the flowgraph does not keep them alive
        self.connect(source, self.demod)
        for delay in ((0,) if pairing == "find" else (0, 1)):
            head = self.demod
            if delay:  # the other pairing, one symbol later (gr-satellites' second decoder)
                head = blocks.delay(gr.sizeof_float, delay)
                self.connect(self.demod, head)
            if decoder in ("gr-fec", "cc_decoder"):  # gr-satellites' chain
                if decoder == "gr-fec":
                    cc = fec.cc_decoder.make(80, 7, 2, [79, -109], 0, -1, fec.CC_STREAMING,
                                             False)
                else:
                    cc = gpufec.cc_decoder.make(80, 7, 2, [79, -109], 0, -1, fec.CC_STREAMING,
                                                False, backend,
                                                find_pairing=pairing == "find")
                dec = fec.extended_decoder(decoder_obj_list=cc, threading=None, ann=None,
                                           puncpat="11", integration_period=10000)
                self.connect(head, dec)
            else:
                code = gpufec.conv_code.preset("ccsds", termination="streaming")
                dec = gpufec.viterbi_decoder(code, backend, "float", llr_scale,
                                             find_pairing=pairing == "find")
                self.connect(head, dec)
            deframer = gpufec.ccsds_deframer(data_bytes, 1, basis, differential)
            self.connect(dec, deframer)
            self.decoders.append(dec)
            self.deframers.append(deframer)

    def frames(self):
        """[(position, rs_corrected, data bytes)] of the frames found, by position."""
        return sorted(f for deframer in self.deframers for f in deframer.frames())


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--wav", default=RECORDING, help="the recording (default: %(default)s)")
    p.add_argument("--f-offset", type=float, default=12000, help="signal centre, Hz")
    p.add_argument("--baud", type=float, default=9600)
    p.add_argument("--data-bytes", type=int, default=114, help="frame size without parity")
    p.add_argument("--basis", default="conventional", choices=("dual", "conventional"))
    p.add_argument("--no-differential", dest="differential", action="store_false")
    p.add_argument("--backend", default="auto")
    p.add_argument("--pairing", default="find", choices=("find", "both"))
    p.add_argument("--decoder", default="gpufec", choices=("gpufec", "gr-fec", "cc_decoder"))
    args = p.parse_args()
    tb = ccsds_recording(args.wav, args.f_offset, args.baud, args.data_bytes, args.basis,
                         args.differential, args.backend, args.pairing, args.decoder)
    tb.run()
    frames = tb.frames()
    for position, corrected, data in frames:
        print("frame at bit %d, %d bytes corrected: %s" % (position, corrected, data.hex()))
    print("%d frames" % len(frames))


if __name__ == "__main__":
    main()
