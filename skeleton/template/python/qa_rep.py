#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The repetition family from Python: the block in a flowgraph and the numpy function against
decisions numpy computes itself, tags, a second run, the options object and bad values."""

import numpy as np
import pmt
from gnuradio import blocks, gr, gr_unittest

from bounded_test import bounded_test, run_bounded

from gnuradio import gpufec

K, N = 16, 3


def noisy_frames(frames, seed):
    """Sent bits and their n copies' LLRs (positive = bit 1) through noise that flips some."""
    rng = np.random.default_rng(seed)
    bits = rng.integers(0, 2, frames * K).astype(np.uint8)
    llrs = (np.repeat(2.0 * bits - 1.0, N) + rng.normal(0, 0.9, frames * K * N)).astype(np.float32)
    return bits, llrs


def expected(llrs, combining):
    copies = llrs.reshape(-1, N)
    if combining == "soft":
        return (copies.sum(axis=1) > 0).astype(np.uint8)
    return ((copies > 0).sum(axis=1) > (copies < 0).sum(axis=1)).astype(np.uint8)


class qa_rep(bounded_test):
    def setUp(self):
        super().setUp()
        self.code = gpufec.rep_code(K, N)

    def run_block(self, llrs, **kwargs):
        tb = gr.top_block()
        src = blocks.vector_source_f(llrs.tolist())
        dec = gpufec.rep_decoder(self.code, backend="cpu", **kwargs)
        sink = blocks.vector_sink_b()
        tb.connect(src, dec, sink)
        run_bounded(tb)
        out = np.array(sink.data(), dtype=np.uint8)
        # A second run of the same flowgraph starts anew and gives the same output.
        sink.reset()
        src.rewind()
        run_bounded(tb)
        self.assertEqual(list(sink.data()), out.tolist())
        return out, sink.tags(), dec

    def test_block_and_function_decide_as_numpy_does(self):
        bits, llrs = noisy_frames(40, 1)
        for combining in ("soft", "hard"):
            want = expected(llrs, combining)
            self.assertGreater(int(np.sum(want != bits)), 0)  # the noise flips some decisions
            out, tags, dec = self.run_block(llrs, combining=combining)
            np.testing.assert_array_equal(out, want)
            np.testing.assert_array_equal(
                gpufec.rep_decode(self.code, llrs, combining=combining, backend="cpu"), want)
            self.assertEqual(dec.frames_decoded(), 40)
            starts = [t.offset for t in tags if pmt.symbol_to_string(t.key) == "frame_start"]
            self.assertEqual(starts, list(range(0, 40 * K, K)))

    def test_length_tagged_frames(self):
        # Frames of 5, 16 and 1 bits, each sized by its packet_len tag.
        _, llrs = noisy_frames(2, 2)
        lengths = [5 * N, K * N, N]
        llrs = llrs[:sum(lengths)]
        tb = gr.top_block()
        src = blocks.vector_source_f(llrs.tolist(), tags=[
            gr.tag_utils.python_to_tag((at, pmt.intern("packet_len"), pmt.from_long(n)))
            for at, n in zip(np.cumsum([0] + lengths[:-1]).tolist(), lengths)])
        dec = gpufec.rep_decoder(self.code, backend="cpu", length_tag="packet_len")
        sink = blocks.vector_sink_b()
        tb.connect(src, dec, sink)
        run_bounded(tb)
        np.testing.assert_array_equal(np.array(sink.data(), dtype=np.uint8), expected(llrs, "soft"))
        lens = [(t.offset, pmt.to_long(t.value)) for t in sink.tags()
                if pmt.symbol_to_string(t.key) == "packet_len"]
        self.assertEqual(lens, [(0, 5), (5, 16), (21, 1)])

    def test_options_object_for_block_function_and_ber_tool(self):
        o = gpufec.rep_options(combining="hard", backend="cpu")
        self.assertIn("combining=hard", o.spec())
        self.assertEqual(gpufec.rep_options.from_spec(o.spec()), o)
        _, llrs = noisy_frames(4, 3)
        want = expected(llrs, "hard")
        np.testing.assert_array_equal(gpufec.rep_decode(self.code, llrs, o), want)
        out, _, _ = self.run_block(llrs, combining="hard")
        np.testing.assert_array_equal(out, want)

    def test_encoder_and_bad_values(self):
        np.testing.assert_array_equal(gpufec.rep_encode(gpufec.rep_code(2, 3), [1, 0]),
                                      [1, 1, 1, 0, 0, 0])
        for make, message in (
                (lambda: gpufec.rep_code(0, 3), "^K = 0"),
                (lambda: gpufec.rep_code(8, -1), "^n = -1"),
                (lambda: gpufec.rep_options(combining="vote"), "^combining = 'vote' is not known"),
                (lambda: gpufec.rep_decode(self.code, np.zeros(10, np.float32)), "10 values"),
                (lambda: gpufec.rep_decoder(None), "code is None")):
            with self.assertRaisesRegex(ValueError, message):
                make()


if __name__ == "__main__":
    gr_unittest.run(qa_rep)
