#!/usr/bin/env python3
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
"""gpufec.ccsds_deframer and its parts: the CCSDS pseudo-randomizer against the standard's
first bytes, the Reed-Solomon code (libfec) shortened and interleaved, and frames found in a
bit stream by their sync marker with bit errors, complemented, and NRZ-M coded."""

import time

import numpy as np
import pmt
from gnuradio import blocks, gr, gr_unittest

from bounded_test import bounded_test, run_bounded

from gnuradio import gpufec

ASM_BITS = np.unpackbits(np.frombuffer(bytes.fromhex("1ACFFC1D"), dtype=np.uint8))


def run_deframer(bits, deframer, max_items=0):
    """bits -> deframer; the frames found as (metadata dict, data bytes)."""
    tb = gr.top_block()
    tb.connect(blocks.vector_source_b(bits.tolist()), deframer)
    if max_items:
        tb.set_max_noutput_items(max_items)
    run_bounded(tb)
    return [({"position": p, "rs_corrected": r}, d) for p, r, d in deframer.frames()]


class qa_conv_ccsds_deframer(bounded_test):

    def setUp(self):
        super().setUp()
        self.rng = np.random.default_rng(2017)

    def test_pseudo_randomizer(self):
        # CCSDS 131.0-B: h(x) = x^8 + x^7 + x^5 + x^3 + 1 from all ones; the standard lists
        # the sequence's start, FF 48 0E C0 9A ..., and its period is 255 bits.
        pn = gpufec.ccsds_pn_sequence(2 * 255)
        self.assertEqual(bytes(pn[:5]).hex(), "ff480ec09a")
        bits = np.unpackbits(pn)
        np.testing.assert_array_equal(bits[255:2 * 255 * 8 - 255], bits[:2 * 255 * 8 - 510])
        self.assertFalse(np.array_equal(bits[1:128], bits[:127]))

    def test_reed_solomon_corrects_sixteen_errors_per_codeword(self):
        for basis in ("dual", "conventional"):
            for interleave, data_bytes in ((1, 114), (1, 223), (4, 4 * 223), (2, 100)):
                rs = gpufec.ccsds_reed_solomon(data_bytes, interleave, basis)
                data = self.rng.integers(0, 256, data_bytes, dtype=np.uint8).tobytes()
                frame = np.frombuffer(rs.encode(data), dtype=np.uint8).copy()
                self.assertEqual(frame.size, data_bytes + 32 * interleave)
                self.assertEqual(rs.decode(frame.tobytes()), (data, 0))
                # 16 byte errors in each codeword (bytes i, i + interleave, ...): corrected.
                bad = frame.copy()
                for i in range(interleave):
                    word = np.arange(i, frame.size, interleave)
                    hit = self.rng.choice(word, 16, replace=False)
                    bad[hit] ^= self.rng.integers(1, 256, 16, dtype=np.uint8)
                self.assertEqual(rs.decode(bad.tobytes()), (data, 16 * interleave),
                                 (basis, interleave))
                # 17 in one codeword: beyond the code.
                bad[np.arange(0, 17 * interleave, interleave)] ^= 0x5A
                self.assertNotEqual(rs.decode(bad.tobytes())[0], data)
        # The two bases are different representations: a frame of one is not of the other.
        dual = gpufec.ccsds_reed_solomon(114, 1, "dual")
        conv = gpufec.ccsds_reed_solomon(114, 1, "conventional")
        self.assertEqual(conv.decode(dual.encode(bytes(range(114)))), (None, -1))

    def make_stream(self, frames, rs, gap=300):
        """Random bits, then per frame (data, asm_errors, complemented): the ASM with that many
        bits flipped, the scrambled RS frame, random bits. Returns bits and ASM positions."""
        pn = gpufec.ccsds_pn_sequence(rs.frame_bytes)
        parts = [self.rng.integers(0, 2, gap, dtype=np.uint8)]
        positions = []
        at = gap
        for data, errors, complemented in frames:
            asm = ASM_BITS.copy()
            asm[self.rng.choice(32, errors, replace=False)] ^= 1
            body = np.unpackbits(np.frombuffer(rs.encode(data), dtype=np.uint8) ^ pn)
            frame = np.concatenate([asm, body])
            parts += [frame ^ 1 if complemented else frame,
                      self.rng.integers(0, 2, gap, dtype=np.uint8)]
            positions.append(at)
            at += frame.size + gap
        return np.concatenate(parts), positions

    def test_frames_by_their_sync_marker(self):
        rs = gpufec.ccsds_reed_solomon(114, 1, "dual")
        datas = [self.rng.integers(0, 256, 114, dtype=np.uint8).tobytes() for _ in range(5)]
        spec = [(datas[0], 0, False), (datas[1], 4, False), (datas[2], 5, False),
                (datas[3], 3, True), (datas[4], 0, False)]
        bits, positions = self.make_stream(spec, rs)
        for max_items in (0, 97):  # whole and in small pieces
            got = run_deframer(bits, gpufec.ccsds_deframer(114), max_items)
            # 5 ASM bit errors are one too many: that frame is not found.
            self.assertEqual([d for _, d in got], [datas[0], datas[1], datas[3], datas[4]])
            self.assertEqual([m["position"] for m, _ in got],
                             [positions[0], positions[1], positions[3], positions[4]])
            self.assertEqual([m["rs_corrected"] for m, _ in got], [0] * 4)
        got = run_deframer(bits, gpufec.ccsds_deframer(114, sync_threshold=5))
        self.assertEqual([d for _, d in got], datas)

    def test_pdus_on_the_out_port(self):
        # The stream repeats, so that the flowgraph (and its message handling) runs until the
        # PDUs have arrived; a flowgraph that ends may stop before its message sink took them.
        rs = gpufec.ccsds_reed_solomon(114, 1, "dual")
        datas = [self.rng.integers(0, 256, 114, dtype=np.uint8).tobytes() for _ in range(3)]
        bits, positions = self.make_stream([(datas[0], 2, False), (datas[1], 3, True),
                                            (datas[2], 0, False)], rs)
        bits[positions[2] + 32 + 8 * 7] ^= 1  # one byte error
        tb = gr.top_block()
        deframer = gpufec.ccsds_deframer(114)
        store = blocks.message_debug()
        tb.connect(blocks.vector_source_b(bits.tolist(), True), deframer)
        tb.msg_connect((deframer, "out"), (store, "store"))
        tb.start()
        deadline = time.monotonic() + 20
        while store.num_messages() < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        tb.stop()
        tb.wait()
        self.assertGreaterEqual(store.num_messages(), 3)
        for i, (data, sync_errors, inverted, corrected) in enumerate(
                ((datas[0], 2, False, 0), (datas[1], 3, True, 0), (datas[2], 0, False, 1))):
            msg = store.get_message(i)
            self.assertEqual(bytes(pmt.u8vector_elements(pmt.cdr(msg))), data)
            self.assertEqual(pmt.to_python(pmt.car(msg)),
                             {"position": positions[i], "sync_errors": sync_errors,
                              "inverted": inverted, "rs_corrected": corrected})

    def test_differential_coding_and_no_scrambler(self):
        rs = gpufec.ccsds_reed_solomon(60, 2, "conventional")
        datas = [self.rng.integers(0, 256, 60, dtype=np.uint8).tobytes() for _ in range(3)]
        bits, _ = self.make_stream([(d, 1, False) for d in datas], rs)
        # NRZ-M: a 1 changes the level; the deframer decodes it first.
        nrzm = np.bitwise_xor.accumulate(bits).astype(np.uint8)
        got = run_deframer(nrzm ^ 1, gpufec.ccsds_deframer(60, 2, "conventional", True), 50)
        self.assertEqual([d for _, d in got], datas)
        self.assertEqual(run_deframer(nrzm, gpufec.ccsds_deframer(60, 2, "conventional")), [])
        # Without the scrambler a frame goes as it is.
        plain = np.concatenate([ASM_BITS, np.unpackbits(np.frombuffer(rs.encode(datas[0]),
                                                                      dtype=np.uint8))])
        got = run_deframer(plain, gpufec.ccsds_deframer(60, 2, "conventional", scrambler=False))
        self.assertEqual([d for _, d in got], datas[:1])

    def test_an_asm_whose_frame_does_not_decode_does_not_count(self):
        # A false ASM 100 bits before a real frame: its "frame" covers the real one and does
        # not decode; the search goes on from its next bit and finds the real one.
        rs = gpufec.ccsds_reed_solomon(114, 1, "dual")
        data = self.rng.integers(0, 256, 114, dtype=np.uint8).tobytes()
        bits, positions = self.make_stream([(data, 0, False)], rs)
        false_at = positions[0] - 100
        bits[false_at:false_at + 32] = ASM_BITS
        got = run_deframer(bits, gpufec.ccsds_deframer(114))
        self.assertEqual([(m["position"], d) for m, d in got], [(positions[0], data)])

    def test_bad_parameters(self):
        for kwargs in ({"data_bytes": 0}, {"data_bytes": 224}, {"data_bytes": 101,
                       "interleave": 2}, {"interleave": 9}, {"basis": "other"},
                       {"sync_threshold": 16}, {"sync_threshold": -1}):
            with self.assertRaises(ValueError, msg=kwargs):
                gpufec.ccsds_deframer(**kwargs)


if __name__ == "__main__":
    gr_unittest.run(qa_conv_ccsds_deframer)
