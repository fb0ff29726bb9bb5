#!/usr/bin/env python3
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
"""A real satellite pass decoded end to end: examples/ccsds_recording.py on the committed
recording of BY70-1 (examples/recordings/by701.wav) gives the frames stored next to it, every
one passing the Reed-Solomon check; gr-fec's cc_decoder, run on both symbol pairings as
gr-satellites runs it, decodes the same frames; the decoder follows a slip of the symbol clock
made in the recording's symbols without losing a frame; and the GRC version generates."""

import os
import subprocess
import sys
import tempfile

import numpy as np
import pmt
from gnuradio import blocks, fec, gr, gr_unittest

from bounded_test import bounded_test, run_bounded

from gnuradio import gpufec

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
EXAMPLES = os.path.join(SOURCE, "examples")
sys.path.insert(0, EXAMPLES)
import ccsds_recording  # noqa: E402  (examples/ccsds_recording.py)


def stored_frames():
    """[(position, data bytes)] from examples/recordings/by701_frames.txt."""
    frames = []
    with open(os.path.join(EXAMPLES, "recordings", "by701_frames.txt")) as f:
        for line in f:
            if line.startswith("#"):
                continue
            position, _, data = line.split()
            frames.append((int(position), bytes.fromhex(data)))
    return frames


class qa_conv_ccsds_recording(bounded_test):

    def run_example(self, **kwargs):
        tb = ccsds_recording.ccsds_recording(**kwargs)
        run_bounded(tb, 40)
        return tb.frames()

    def test_frames_of_the_recording(self):
        want = stored_frames()
        self.assertEqual(len(want), 27)
        got = self.run_example()
        self.assertEqual([d for _, _, d in got], [d for _, d in want])
        # Each frame carries the satellite's sequence count in its header (byte 3, counting
        # 59 .. 63, 32 .. 54 with two gaps): real frames, in order, not decoder artefacts.
        counts = [d[3] for _, d in want[1:]]
        self.assertEqual(counts, sorted(counts, key=lambda c: (c < 59, c)))

    def test_gr_fec_decodes_the_same_frames(self):
        # gr-satellites' chain: fec.extended_decoder(fec.cc_decoder(..., [79, -109],
        # CC_STREAMING)) on the soft symbols and on them one symbol later.
        want = sorted(d for _, d in stored_frames())
        gr_fec = self.run_example(pairing="both", decoder="gr-fec")
        self.assertEqual(sorted(d for _, _, d in gr_fec), want)
        # Ours on both pairings too (the frames come from the pairing that fits).
        both = self.run_example(pairing="both", backend="cpu")
        self.assertEqual(sorted(d for _, _, d in both), want)
        # gr-satellites' chain with gpufec.cc_decoder and find_pairing: one decoder.
        one = self.run_example(pairing="find", decoder="cc_decoder", backend="cpu")
        self.assertEqual(sorted(d for _, _, d in one), want)

    def test_pairing_follows_a_slip_of_the_symbol_clock(self):
        # The recording's soft symbols with one symbol dropped between two frames (about bit
        # 39000 of the decoded stream): find_pairing switches there, tags it, and every frame
        # still decodes; one fixed pairing loses every frame after the slip.
        tb = gr.top_block()
        source = blocks.wavfile_source(ccsds_recording.RECORDING, False)
        demod = ccsds_recording.bpsk_demodulator(source.sample_rate(), 9600, 12000)
        sink = blocks.vector_sink_f()
        tb.connect(source, demod, sink)
        run_bounded(tb, 40)
        symbols = np.array(sink.data(), dtype=np.float32)
        slip = 2 * 39000
        symbols = np.delete(symbols, slip)
        want = [d for _, d in stored_frames()]
        for find in (True, False):
            tb = gr.top_block()
            code = gpufec.conv_code.preset("ccsds", termination="streaming")
            dec = gpufec.viterbi_decoder(code, "auto", "float", 32.0, find_pairing=find)
            deframer = gpufec.ccsds_deframer(114, 1, "conventional", True)
            bits = blocks.vector_sink_b()
            tb.connect(blocks.vector_source_f(symbols.tolist()), dec, deframer)
            tb.connect(dec, bits)
            run_bounded(tb, 40)
            got = [d for _, _, d in deframer.frames()]
            tags = [(t.offset, pmt.to_long(t.value)) for t in bits.tags()
                    if pmt.symbol_to_string(t.key) == "pairing"]
            if find:
                found = tags
                self.assertEqual(got, want)
                # Offset 1 from before the first frame; back to 0 at the slip.
                self.assertEqual([value for _, value in tags], [1, 0])
                self.assertLess(tags[0][0], 13000)
                self.assertLessEqual(abs(tags[1][0] - slip // 2), 16)
            else:
                self.assertEqual(tags, [])
                self.assertLess(len(got), 16)
        # gpufec.cc_decoder in gr-satellites' chain, find_pairing on: the same frames and
        # changes, at the same places but for the first (bytes of 48 x + 128 rather than
        # round(32 x) decide apart where no pairing fits yet), its output later by its delay
        # (zeros after the symbols bring out the last bits).
        cc = gpufec.cc_decoder.make(80, 7, 2, [79, -109], 0, -1, fec.CC_STREAMING, False,
                                    find_pairing=True)
        tb = gr.top_block()
        deframer = gpufec.ccsds_deframer(114, 1, "conventional", True)
        spare = np.zeros(4 * cc.output_delay(), dtype=np.float32)
        tb.connect(blocks.vector_source_f(np.concatenate([symbols, spare]).tolist()),
                   fec.extended_decoder(cc, threading=None, ann=None, puncpat="11"), deframer)
        run_bounded(tb, 40)
        self.assertEqual([d for _, _, d in deframer.frames()], want)
        changes = [(bit - cc.output_delay(), offset) for bit, offset in cc.pairing_changes()]
        self.assertEqual([offset for _, offset in changes], [1, 0])
        self.assertLess(changes[0][0], 13000)
        self.assertEqual(changes[1], found[1])

    def test_the_grc_flowgraph_generates(self):
        env = dict(os.environ, GRC_BLOCKS_PATH=os.path.join(os.environ["GPUFEC_BINARY_DIR"], "grc"),
            GR_CONF_GRC_GLOBAL_BLOCKS_PATH=os.path.join(gr.prefix(), "share", "gnuradio", "grc",
                                                        "blocks"),
            GR_CONF_GRC_LOCAL_BLOCKS_PATH="")
        with tempfile.TemporaryDirectory() as d:
            run = subprocess.run(["grcc", "-o", d, os.path.join(EXAMPLES, "ccsds_recording.grc")],
                                 env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                 text=True)
            self.assertEqual(run.returncode, 0, run.stdout)
            with open(os.path.join(d, "ccsds_recording_grc.py")) as f:
                code = f.read()
            self.assertIn("gpufec.ccsds_deframer(114, 1, \"conventional\", True, True, 4)", code)
            self.assertIn("gpufec.viterbi_decoder(code, \"auto\", \"float\", 32.0, False, 0, 0, 0, "
                          "0, \"\", True)", code)


if __name__ == "__main__":
    gr_unittest.run(qa_conv_ccsds_recording)
