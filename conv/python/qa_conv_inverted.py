#!/usr/bin/env python3
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
"""Inverted outputs and code presets from Python: gr-fec's negative generators ([79, -109],
CCSDS) encode bit for bit as gr-fec's cc_encoder does and decode as its cc_decoder does;
conv_code.preset(), the text form ("171, ~133") and the blocks."""

import numpy as np
from gnuradio import blocks, dtv, fec, gr, gr_unittest

from bounded_test import bounded_test, run_bounded
from qa_conv_fecapi import run_extended, sigma_for

from gnuradio import gpufec

CCSDS_GRFEC = [79, -109]     # gr-satellites' CCSDS convention: 171, then 133 inverted
NASA_DSN_GRFEC = [-109, 79]  # its NASA-DSN convention: 133 inverted first
MODES = {"terminated": fec.CC_TERMINATED, "truncated": fec.CC_TRUNCATED,
         "tailbiting": fec.CC_TAILBITING, "streaming": fec.CC_STREAMING}
FRAME = 2094


def grfec_encode(bits, polys, mode, frame):
    """gr-fec's cc_encoder (rate 1/2, K=7) through its extended encoder."""
    enc = fec.cc_encoder_make(frame, 7, 2, polys, 0, MODES[mode], False)
    tb = gr.top_block()
    sink = blocks.vector_sink_b()
    tb.connect(blocks.vector_source_b(bits.tolist()),
               fec.extended_encoder(enc, threading=None, puncpat="11"), sink)
    run_bounded(tb)
    return np.array(sink.data(), dtype=np.uint8)


class qa_conv_inverted(bounded_test):

    def setUp(self):
        super().setUp()
        self.rng = np.random.default_rng(77)

    def bits(self, n):
        return self.rng.integers(0, 2, n, dtype=np.uint8)

    def test_encoding_complements_the_inverted_output(self):
        # Computed here: the plain code's bits with every second one (the 133 output)
        # complemented.
        info = self.bits(4 * 500)
        for term in MODES:
            inv = gpufec.conv_code(7, [0o171, -0o133], "", term, 500)
            plain = gpufec.conv_code(7, [0o171, 0o133], "", term, 500)
            want = gpufec.conv_encode(plain, info)
            want[1::2] ^= 1
            np.testing.assert_array_equal(gpufec.conv_encode(inv, info), want, err_msg=term)

    def test_encoder_equals_gr_fec_cc_encoder(self):
        # gr-fec's cc_encoder with its negative generators, every mode, both conventions.
        for polys in (CCSDS_GRFEC, NASA_DSN_GRFEC):
            for term in MODES:
                code = gpufec.conv_code(7, polys, "", term, FRAME, polys_order="gr-fec")
                info = self.bits(3 * FRAME)
                np.testing.assert_array_equal(gpufec.conv_encode(code, info),
                                              grfec_encode(info, polys, term, FRAME),
                                              err_msg=f"{polys} {term}")
                # The encoder block and gr-fec's FECAPI object write the same.
                sink = blocks.vector_sink_b()
                tb = gr.top_block()
                tb.connect(blocks.vector_source_b(info.tolist()), gpufec.conv_encoder(code), sink)
                run_bounded(tb)
                np.testing.assert_array_equal(np.array(sink.data(), dtype=np.uint8),
                                              gpufec.conv_encode(code, info))

    def test_decoder_agrees_with_gr_fec_cc_decoder(self):
        # Noisy CCSDS frames through gr-fec's extended encoder and decoder, once with gr-fec's
        # cc_encoder/cc_decoder and once with ours, same bits and noise: at 6 dB both decode
        # every bit, and at 3 dB ours makes no more errors than gr-fec's (up to quantization)
        # at a BER near the K=7 reference (4.3e-4, FACTS.md).
        for polys, ebn0, frames in ((CCSDS_GRFEC, 6.0, 20), (NASA_DSN_GRFEC, 6.0, 20),
                                    (CCSDS_GRFEC, 3.0, 100)):
            code = gpufec.conv_code(7, polys, "", "terminated", FRAME, polys_order="gr-fec")
            info = self.bits(frames * FRAME)
            sigma = sigma_for(ebn0, code.rate())
            ours = run_extended(self, info, gpufec.conv_fec_encoder(code),
                                gpufec.viterbi_fec_decoder(code, "cpu"), "11", sigma, 13)
            theirs = run_extended(
                self, info, fec.cc_encoder_make(FRAME, 7, 2, polys, 0, fec.CC_TERMINATED, False),
                fec.cc_decoder.make(FRAME, 7, 2, polys, 0, -1, fec.CC_TERMINATED, False),
                "11", sigma, 13)
            e_ours = int(np.count_nonzero(ours != info))
            e_theirs = int(np.count_nonzero(theirs != info))
            print(f"{polys} at {ebn0} dB: bit errors ours {e_ours}, gr-fec {e_theirs} "
                  f"of {len(info)}")
            if ebn0 >= 6.0:
                np.testing.assert_array_equal(ours, info)
                np.testing.assert_array_equal(theirs, info)
            else:
                self.assertGreater(e_theirs, 20, "too few errors to compare")
                self.assertLessEqual(e_ours, 1.1 * e_theirs + 10)
                self.assertLess(e_ours / len(info), 1.5e-3)
            # Without the inversion the same channel values do not decode.
            if ebn0 >= 6.0:
                plain = gpufec.conv_code(7, [abs(p) for p in polys], "", "terminated", FRAME,
                                         polys_order="gr-fec")
                wrong = run_extended(self, info[:FRAME], gpufec.conv_fec_encoder(code),
                                     gpufec.viterbi_fec_decoder(plain, "cpu"), "11", sigma, 13)
                self.assertGreater(np.mean(wrong != info[:FRAME]), 0.1)

    def test_dvb_preset_equals_gr_dtv_inner_coder(self):
        # gr-dtv's DVB-T inner coder (its own 171/133 tables and X1 Y1 Y2 X3 ... sequences),
        # QPSK: two coded bits per output byte, most significant first; 4 output vectors of
        # 1512 symbols per block of input bytes (gr-dtv's block sizes).
        for rate, gr_rate, k, n in (("1/2", dtv.C1_2, 1, 2), ("2/3", dtv.C2_3, 2, 3),
                                    ("3/4", dtv.C3_4, 3, 4), ("5/6", dtv.C5_6, 5, 6),
                                    ("7/8", dtv.C7_8, 7, 8)):
            n_bytes = 4 * 1512 * k * 2 // (8 * n)
            data = self.rng.integers(0, 256, n_bytes, dtype=np.uint8)
            tb = gr.top_block()
            sink = blocks.vector_sink_b(1512)
            tb.connect(blocks.vector_source_b(data.tolist()),
                       dtv.dvbt_inner_coder(1, 1512, dtv.MOD_QPSK, dtv.NH, gr_rate), sink)
            run_bounded(tb)
            symbols = np.array(sink.data(), dtype=np.uint8)
            theirs = np.stack([symbols >> 1, symbols & 1], axis=1).ravel()
            code = gpufec.conv_code.preset("dvb", rate, "streaming")
            ours = gpufec.conv_encode(code, np.unpackbits(data))
            self.assertEqual(len(theirs), len(ours))
            np.testing.assert_array_equal(ours, theirs, err_msg=rate)

    def test_streaming_blocks_decode_ccsds(self):
        # conv_encoder -> BPSK -> viterbi_decoder, streaming, CCSDS preset: clean symbols decode
        # to the sent bits, on the CPU and through the numpy function.
        code = gpufec.conv_code.preset("ccsds", termination="streaming")
        info = self.bits(20000)
        coded = gpufec.conv_encode(code, info)
        symbols = coded.astype(np.float32) * 2 - 1
        np.testing.assert_array_equal(gpufec.viterbi_decode(code, symbols, backend="cpu"), info)
        tb = gr.top_block()
        sink = blocks.vector_sink_b()
        tb.connect(blocks.vector_source_f(symbols.tolist()),
                   gpufec.viterbi_decoder(code, backend="cpu"), sink)
        run_bounded(tb)
        np.testing.assert_array_equal(np.array(sink.data(), dtype=np.uint8), info)

    def test_forms_and_accessors(self):
        a = gpufec.conv_code(7, [79, -109], polys_order="gr-fec")
        b = gpufec.conv_code(7, [0o171, -0o133])
        c = gpufec.conv_code(7, gpufec.parse_polys("171, ~133"))
        self.assertEqual(a.name(), "conv K=7 [171,~133] r1/2 terminated N=2048")
        self.assertEqual(b.name(), a.name())
        self.assertEqual(c.name(), a.name())
        self.assertEqual(a.polys(), [0o171, -0o133])
        self.assertEqual(a.inverted(), [False, True])
        self.assertEqual(gpufec.parse_polys("79, -109", "gr-fec"), CCSDS_GRFEC)
        # polys() gives what conv_code takes: a copy keeps the inversion.
        d = gpufec.conv_code(a.k(), a.polys(), a.puncture_pattern(), a.termination(), 100)
        self.assertEqual(d.inverted(), [False, True])
        with self.assertRaisesRegex(ValueError, "repeats polys"):
            gpufec.conv_code(7, [0o171, -0o171])
        with self.assertRaisesRegex(ValueError, r"polys\[1\] = -0o200 is out of range"):
            gpufec.conv_code(7, [0o171, -0o200])
        with self.assertRaisesRegex(ValueError, "'~~133' is not a generator"):
            gpufec.parse_polys("171, ~~133")

    def test_presets(self):
        self.assertEqual(gpufec.conv_code.preset_names(),
                         ["ccsds", "nasa-dsn", "802.11", "dvb", "lte"])
        ccsds = gpufec.conv_code.preset("ccsds", termination="terminated", frame_bits=2560)
        self.assertEqual(ccsds.name(),
                         gpufec.conv_code(7, CCSDS_GRFEC, termination="terminated",
                                          frame_bits=2560, polys_order="gr-fec").name())
        self.assertEqual(gpufec.conv_code.preset("nasa-dsn").polys(), [-0o133, 0o171])
        self.assertEqual(gpufec.conv_code.preset("802.11", "3/4").puncture_pattern(), "111001")
        self.assertEqual(gpufec.conv_code.preset("dvb", "7/8", gpufec.termination.STREAMING)
                         .puncture_pattern(), "11010101100110")
        self.assertEqual(gpufec.conv_code.preset("ccsds", "3/4").inverted(), [False, False])
        lte = gpufec.conv_code.preset("lte", termination="tailbiting", frame_bits=40)
        self.assertEqual((lte.polys(), lte.rate()), ([0o133, 0o171, 0o165], 40 / 120))
        with self.assertRaisesRegex(ValueError, "preset = 'voyager' is not known"):
            gpufec.conv_code.preset("voyager")
        with self.assertRaisesRegex(ValueError, "puncture = '7/8' is not a rate of preset "
                                                "'802.11'"):
            gpufec.conv_code.preset("802.11", "7/8")
        with self.assertRaisesRegex(ValueError, "frame_bits = -1 is out of range"):
            gpufec.conv_code.preset("dvb", frame_bits=-1)


if __name__ == "__main__":
    gr_unittest.run(qa_conv_inverted)
