#!/usr/bin/env python3
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
"""The insertion/deletion family from Python: the time-varying block code, the BSID channel
model and its block, the encoder block, the MAP decoder as a numpy function (against the
closed-form substitution-only posteriors) and as a stream-decoding block."""

import numpy as np
from gnuradio import blocks, gr, gr_unittest

from bounded_test import bounded_test, run_bounded

try:
    from gnuradio import gpufec
except ImportError:
    import os
    import sys
    sys.path.append(os.path.join(os.path.dirname(__file__), "bindings"))
    from gnuradio import gpufec


def run(source, *chain, sink=None):
    """source -> chain -> sink (a byte vector sink unless given); returns the sink."""
    tb = gr.top_block()
    sink = sink or blocks.vector_sink_b()
    tb.connect(source, *chain, sink)
    run_bounded(tb)
    return sink


def tags_of(sink, key):
    return [(t.offset, gr.pmt.to_python(t.value)) for t in sink.tags()
            if gr.pmt.symbol_to_string(t.key) == key]


def bsc_posteriors(code, received, ps, priors=None):
    """Substitution-only channel (pi = pd = 0): P(D | y) of every position, from the Hamming
    distance of each codeword to its n received bits."""
    n, q, N = code.n, code.q, code.N
    y = received.reshape(N, 1, n)
    d = np.sum(code.codebooks != y, axis=2)  # [N, q]
    like = ps ** d * (1 - ps) ** (n - d)
    if priors is not None:
        like = like * priors
    return like / like.sum(axis=1, keepdims=True)


class qa_bsid(bounded_test):

    def setUp(self):
        super().setUp()
        self.rng = np.random.default_rng(9)

    def symbols(self, code, messages):
        return self.rng.integers(0, code.q, (messages, code.N))

    # ------------------------------------------------------------------ code

    def test_code_object(self):
        c = gpufec.tvb_code(6, 8, 5, construction="random", seed=3)
        self.assertEqual((c.n, c.q, c.N, c.tau, c.bits_per_symbol), (6, 8, 5, 30, 3))
        self.assertEqual((c.info_bits_per_block(), c.coded_bits_per_block()), (15, 30))
        self.assertIsInstance(c, gpufec.code)
        self.assertEqual(c.construction, "random")
        books = c.codebooks
        self.assertEqual(books.shape, (5, 8, 6))
        self.assertEqual(books.dtype, np.uint8)
        for i in range(5):  # injective
            self.assertEqual(len({tuple(w) for w in books[i]}), 8)
        self.assertFalse(np.array_equal(books, gpufec.tvb_code(6, 8, 5, seed=4).codebooks))
        np.testing.assert_array_equal(books, gpufec.tvb_code(6, 8, 5, seed=3).codebooks)
        custom = gpufec.tvb_code(6, 8, 5, codebooks=books)
        self.assertEqual(custom.construction, "custom")
        np.testing.assert_array_equal(custom.codebooks, books)
        for construction in ("watermark", "marker"):
            self.assertEqual(gpufec.tvb_code(6, 8, 5, construction=construction).construction,
                             construction)

    def test_encode(self):
        c = gpufec.tvb_code(7, 16, 6, construction="watermark", seed=1)
        s = self.symbols(c, 4)
        bits = c.encode(s)
        want = np.concatenate([c.codebooks[i, m[i]] for m in s for i in range(c.N)])
        np.testing.assert_array_equal(bits, want)
        np.testing.assert_array_equal(c.encode(s.ravel()), want)
        np.testing.assert_array_equal(c.symbols_from_bits(c.bits_from_symbols(s.ravel())),
                                      s.ravel())
        # log2(q) bits per symbol, most significant first
        np.testing.assert_array_equal(c.bits_from_symbols([5, 12]), [0, 1, 0, 1, 1, 1, 0, 0])

    def test_code_bad_parameters(self):
        with self.assertRaises(ValueError):
            gpufec.tvb_code(6, 12, 5)  # q not a power of two
        with self.assertRaises(ValueError):
            gpufec.tvb_code(3, 16, 5)  # q > 2^n
        with self.assertRaises(ValueError):
            gpufec.tvb_code(0, 2, 5)
        with self.assertRaises(ValueError):
            gpufec.tvb_code(6, 8, 5, construction="nonsense")
        with self.assertRaises(ValueError):
            gpufec.tvb_code(6, 8, 5, seed=-1)
        books = gpufec.tvb_code(6, 8, 5).codebooks
        with self.assertRaisesRegex(ValueError, "shape"):
            gpufec.tvb_code(6, 8, 4, codebooks=books)
        bad = books.copy()
        bad[1, 2, 3] = 2
        with self.assertRaises(ValueError):
            gpufec.tvb_code(6, 8, 5, codebooks=bad)
        bad = books.copy()
        bad[2, 5] = bad[2, 1]
        with self.assertRaises(ValueError):  # not injective
            gpufec.tvb_code(6, 8, 5, codebooks=bad)
        c = gpufec.tvb_code(6, 8, 5)
        with self.assertRaises(ValueError):
            c.encode([0, 1, 2, 3, 8])
        with self.assertRaises(ValueError):
            c.encode([0, 1, 2, 3])  # not a whole message
        with self.assertRaises(ValueError):
            c.encode([0, 1, 2, 3, -1])

    # ------------------------------------------------------------------ channel model

    def test_channel_noise_free_and_extremes(self):
        bits = self.rng.integers(0, 2, 5000, dtype=np.uint8)
        rx, drift = gpufec.bsid_channel_model(0, 0, 0, seed=5).transmit(bits)
        np.testing.assert_array_equal(rx, bits)
        np.testing.assert_array_equal(drift, np.zeros(5001, np.int32))
        rx, drift = gpufec.bsid_channel_model(0, 0, 1).transmit(bits)
        np.testing.assert_array_equal(rx, 1 - bits)
        rx, drift = gpufec.bsid_channel_model(0, 1, 0).transmit(bits)
        self.assertEqual(len(rx), 0)
        np.testing.assert_array_equal(drift, -np.arange(5001))

    def test_channel_draws(self):
        m = gpufec.bsid_channel_model(0.05, 0.04, 0.01, seed=11)
        self.assertEqual((m.pi, m.pd, m.ps, m.seed), (0.05, 0.04, 0.01, 11))
        self.assertAlmostEqual(m.pt, 0.91)
        bits = self.rng.integers(0, 2, 100000, dtype=np.uint8)
        rx, drift = m.transmit(bits)
        self.assertEqual(drift.dtype, np.int32)
        self.assertEqual(len(drift), len(bits) + 1)
        self.assertEqual((drift[0], drift[-1]), (0, len(rx) - len(bits)))
        # the drift steps by -1 (deletion) or k >= 0 (k insertions then a transmission)
        self.assertTrue(np.all(np.diff(drift) >= -1))
        # (1 - pd) / (1 - pi) output bits per input bit; its variance per bit is below 1
        mean = len(bits) * (1 - m.pd) / (1 - m.pi)
        self.assertLess(abs(len(rx) - mean), 5 * np.sqrt(len(bits)))
        again, _ = gpufec.bsid_channel_model(0.05, 0.04, 0.01, seed=11).transmit(bits)
        np.testing.assert_array_equal(again, rx)
        other, _ = gpufec.bsid_channel_model(0.05, 0.04, 0.01, seed=12).transmit(bits)
        self.assertFalse(len(other) == len(rx) and np.array_equal(other, rx))
        # Transmitted bits keep their value but for substitutions: where a bit is
        # transmitted (a step of k >= 0), received[t + drift[t+1]] is its (flipped?) copy.
        steps = np.diff(drift)
        sent = np.flatnonzero(steps >= 0)
        at = sent + drift[sent + 1]
        flips = np.mean(rx[at] != bits[sent])
        self.assertLess(abs(flips - m.ps), 5 * np.sqrt(m.ps / len(sent)))

    def test_channel_in_pieces(self):
        m = gpufec.bsid_channel_model(0.02, 0.03, 0.01, seed=2)
        bits = self.rng.integers(0, 2, 20000, dtype=np.uint8)
        whole, drift = m.transmit(bits)
        for cuts in ([4096, 8192], [1, 4095, 4097, 12000], [333, 7777, 19999]):
            pieces, start = [], 0
            for end in cuts + [len(bits)]:
                rx, d = m.transmit(bits[start:end], first=start)
                self.assertEqual(d[-1], len(rx) - (end - start))
                pieces.append(rx)
                start = end
            np.testing.assert_array_equal(np.concatenate(pieces), whole)
        cpu, _ = m.transmit(bits, backend="cpu")
        np.testing.assert_array_equal(cpu, whole)

    def test_channel_bad_parameters(self):
        for pi, pd, ps in ((-0.1, 0, 0), (0.6, 0.5, 0), (0, 0, 1.5), (1, 0, 0),
                           (float("nan"), 0, 0)):
            with self.assertRaises(ValueError, msg=(pi, pd, ps)):
                gpufec.bsid_channel_model(pi, pd, ps)
        with self.assertRaises(ValueError):
            gpufec.bsid_channel_model(0, 0, 0, seed=-1)
        with self.assertRaises(ValueError):
            gpufec.bsid_channel_model(0, 0, 0).transmit([0, 1], backend="fpga")
        if gpufec.cuda_device_count() == 0:
            with self.assertRaises(RuntimeError):
                gpufec.bsid_channel_model(0, 0, 0).transmit([0, 1], backend="cuda")

    # ------------------------------------------------------------------ numpy MAP decoder

    def test_decode_noise_free(self):
        c = gpufec.tvb_code(6, 8, 10, construction="watermark")
        ch = gpufec.bsid_channel_model(0, 0, 0)
        s = self.symbols(c, 1)[0]
        post = gpufec.bsid_map_decode(c, ch, c.encode(s))
        self.assertEqual(post.shape, (10, 8))
        self.assertEqual(post.dtype, np.float64)
        np.testing.assert_allclose(post, np.eye(8)[s], atol=1e-6)
        np.testing.assert_array_equal(gpufec.bsid_hard_decisions(post), s)

    def test_decode_bsc_closed_form(self):
        c = gpufec.tvb_code(5, 8, 12, seed=7)
        ps = 0.08
        ch = gpufec.bsid_channel_model(0, 0, ps, seed=3)
        s = self.symbols(c, 1)[0]
        rx, drift = ch.transmit(c.encode(s))
        self.assertEqual(len(rx), c.tau)
        want = bsc_posteriors(c, rx, ps)
        post = gpufec.bsid_map_decode(c, ch, rx, precision="double")
        np.testing.assert_allclose(post, want, rtol=1e-9, atol=1e-12)
        post_f = gpufec.bsid_map_decode(c, ch, rx, precision="float")
        np.testing.assert_allclose(post_f, want, rtol=1e-4, atol=1e-6)
        # priors multiply in
        priors = self.rng.random((c.N, c.q)) + 0.1
        priors /= priors.sum(axis=1, keepdims=True)
        post, decisions = gpufec.bsid_map_decode(c, ch, rx, priors=priors, precision="double",
                                                 return_decisions=True)
        np.testing.assert_allclose(post, bsc_posteriors(c, rx, ps, priors), rtol=1e-9,
                                   atol=1e-12)
        np.testing.assert_array_equal(decisions, np.argmax(post, axis=1))

    def test_decode_batch(self):
        c = gpufec.tvb_code(6, 8, 8, construction="watermark", seed=2)
        ch = gpufec.bsid_channel_model(0.02, 0.02, 0.01, seed=4)
        s = self.symbols(c, 5)
        frames = []
        for f in range(5):
            rx, _ = ch.transmit(c.encode(s[f]), first=f * c.tau)
            frames.append(rx)
        self.assertGreater(len({len(f) for f in frames}), 1)  # lengths differ
        batch = gpufec.bsid_map_decode(c, ch, frames, precision="double")
        self.assertEqual(batch.shape, (5, 8, 8))
        for f in range(5):
            one = gpufec.bsid_map_decode(c, ch, frames[f], precision="double")
            np.testing.assert_allclose(batch[f], one, rtol=1e-12)
        np.testing.assert_allclose(batch.sum(axis=2), 1, rtol=1e-9)
        ser = np.mean(gpufec.bsid_hard_decisions(batch) != s)
        self.assertLess(ser, 0.25)  # 40 symbols: far from a guess's 7/8
        priors = np.full((5, 8, 8), 1 / 8)
        np.testing.assert_allclose(
            gpufec.bsid_map_decode(c, ch, frames, priors=priors, precision="double"), batch,
            rtol=1e-12)
        # the block's channel serves too
        block = gpufec.bsid_channel(ch)
        np.testing.assert_allclose(
            gpufec.bsid_map_decode(c, block, frames, precision="double"), batch, rtol=1e-12)

    def test_decode_pooled(self):
        # The pooled lattice: the BSC closed form, the corridor's posteriors when the limits
        # hold every path, and the block and the stream decoder with it.
        c = gpufec.tvb_code(5, 8, 12, seed=7)
        ps = 0.08
        ch = gpufec.bsid_channel_model(0, 0, ps, seed=3)
        rx, _ = ch.transmit(c.encode(self.symbols(c, 1)[0]))
        np.testing.assert_allclose(gpufec.bsid_map_decode(c, ch, rx, precision="double", lattice="pooled"),
                                   bsc_posteriors(c, rx, ps), rtol=1e-9, atol=1e-12)
        c = gpufec.tvb_code(6, 8, 5, construction="watermark", seed=2)
        ch = gpufec.bsid_channel_model(0.03, 0.03, 0.01, seed=4)
        frames = [ch.transmit(c.encode(s), first=f * c.tau)[0] for f, s in enumerate(self.symbols(c, 4))]
        wide = dict(precision="double", max_drift=2 * c.tau + 8, max_symbol_drift=2 * c.tau + 8, backend="cpu")
        np.testing.assert_allclose(gpufec.bsid_map_decode(c, ch, frames, lattice="pooled", **wide),
                                   gpufec.bsid_map_decode(c, ch, frames, lattice="corridor", **wide),
                                   rtol=1e-9, atol=1e-15)
        with self.assertRaisesRegex(ValueError, "lattice = 'wide' is not known"):
            gpufec.bsid_map_decode(c, ch, frames, lattice="wide")
        c = gpufec.tvb_code(6, 8, 10, construction="watermark")
        clean = gpufec.bsid_channel_model(0, 0, 0)
        s, rx, _ = self.stream(c, clean, 5)
        dec = gpufec.bsid_map_decoder(c, clean, backend="cpu", lookahead=1, lattice="pooled")
        sink = run(blocks.vector_source_b(rx.tolist()), dec)
        np.testing.assert_array_equal(np.array(sink.data(), np.uint8), c.bits_from_symbols(s.ravel()))
        r = gpufec.bsid_stream_decode(c, clean, rx, lookahead=1, backend="cpu", lattice="pooled")
        np.testing.assert_array_equal(r["symbols"], s)

    def test_drift_limits(self):
        c = gpufec.tvb_code(10, 32, 50)
        ch = gpufec.bsid_channel_model(0.01, 0.01, 0)
        lim = gpufec.bsid_drift_limits_for(c, ch)
        self.assertTrue(lim.frame_min <= lim.symbol_min <= 0 <= lim.symbol_max <= lim.frame_max)
        self.assertEqual(lim.frame_states(), lim.frame_max - lim.frame_min + 1)
        # the frame limits hold all but the threshold of the drift distribution after tau bits
        lo, p = ch.drift_distribution(c.tau)
        self.assertAlmostEqual(p.sum(), 1, places=9)
        inside = p[lim.frame_min - lo:lim.frame_max - lo + 1].sum()
        self.assertGreater(inside, 1 - 1e-9)
        fixed = gpufec.bsid_drift_limits_for(c, ch, max_drift=5)
        self.assertEqual((fixed.frame_min, fixed.frame_max), (-5, 5))
        wider = gpufec.bsid_drift_limits_for(gpufec.tvb_code(10, 32, 50),
                                             gpufec.bsid_channel_model(0.05, 0.05, 0))
        self.assertGreater(wider.frame_max, lim.frame_max)

    def test_decode_bad_input(self):
        c = gpufec.tvb_code(6, 8, 5)
        ch = gpufec.bsid_channel_model(0.01, 0.01, 0)
        rx = c.encode(np.zeros(5, int))
        with self.assertRaisesRegex(ValueError, r"received_bits\[3\] = 2"):
            bad = rx.copy()
            bad[3] = 2
            gpufec.bsid_map_decode(c, ch, bad)
        with self.assertRaisesRegex(ValueError, r"received_bits\[1\]"):
            gpufec.bsid_map_decode(c, ch, [rx, np.full(30, 7)])
        with self.assertRaises(ValueError):
            gpufec.bsid_map_decode(c, ch, np.zeros((2, 2, 2)))
        with self.assertRaisesRegex(ValueError, "priors"):
            gpufec.bsid_map_decode(c, ch, rx, priors=np.full((4, 8), 1 / 8))
        negative = np.full((5, 8), 1 / 8)
        negative[2, 3] = -0.1
        with self.assertRaisesRegex(ValueError, "position 2"):
            gpufec.bsid_map_decode(c, ch, rx, priors=negative)
        with self.assertRaises(ValueError):  # too long for the drift limit
            gpufec.bsid_map_decode(c, ch, np.concatenate([rx, rx]), max_drift=2)
        with self.assertRaises(ValueError):
            gpufec.bsid_map_decode(c, ch, rx, max_drift=-3)
        with self.assertRaises(ValueError):
            gpufec.bsid_map_decode(c, ch, rx, precision="half")
        with self.assertRaises(ValueError):
            gpufec.bsid_map_decode(c, ch, rx, storage="somewhere")
        with self.assertRaises(ValueError):
            gpufec.bsid_map_decode(c, None, rx)
        with self.assertRaises(TypeError):
            gpufec.bsid_map_decode(c, "channel", rx)
        with self.assertRaises(ValueError):
            gpufec.bsid_map_decode(None, ch, rx)

    # ------------------------------------------------------------------ blocks

    def test_channel_block_is_the_model_whatever_the_chunking(self):
        m = gpufec.bsid_channel_model(0.03, 0.02, 0.01, seed=8)
        bits = self.rng.integers(0, 2, 30000, dtype=np.uint8)
        want, drift = m.transmit(bits)
        for max_items in (17, 1000, 4096, 0):
            src = blocks.vector_source_b(bits.tolist())
            if max_items:
                src.set_max_noutput_items(max_items)
            chan = gpufec.bsid_channel(m, backend="cpu")
            self.assertEqual(chan.backend(), "cpu")
            sink = run(src, chan)
            np.testing.assert_array_equal(np.array(sink.data(), np.uint8), want, max_items)
            self.assertEqual(chan.drift(), drift[-1])
        # made from the probabilities, the same; a flowgraph run twice gives the same output
        chan = gpufec.bsid_channel(0.03, 0.02, 0.01, seed=8)
        self.assertEqual(chan.model().seed, 8)
        tb = gr.top_block()
        src = blocks.vector_source_b(bits.tolist())
        sink = blocks.vector_sink_b()
        tb.connect(src, chan, sink)
        run_bounded(tb)
        np.testing.assert_array_equal(np.array(sink.data(), np.uint8), want)
        sink.reset()
        src.rewind()
        run_bounded(tb)
        np.testing.assert_array_equal(np.array(sink.data(), np.uint8), want)

    def test_channel_block_moves_tags_with_the_drift(self):
        m = gpufec.bsid_channel_model(0.05, 0.05, 0, seed=1)
        bits = self.rng.integers(0, 2, 2000, dtype=np.uint8)
        _, drift = m.transmit(bits)
        at = [0, 10, 999, 1500]
        tags = [gr.tag_utils.python_to_tag((t, gr.pmt.intern("mark"), gr.pmt.from_long(t)))
                for t in at]
        sink = run(blocks.vector_source_b(bits.tolist(), False, 1, tags), gpufec.bsid_channel(m))
        self.assertEqual(tags_of(sink, "mark"), [(t + drift[t], t) for t in at])

    def test_channel_block_bad_parameters(self):
        with self.assertRaises(ValueError):
            gpufec.bsid_channel(0.6, 0.6, 0)
        with self.assertRaises(ValueError):
            gpufec.bsid_channel(0.1, 0.1, 0, backend="fpga")
        with self.assertRaises(ValueError):
            gpufec.bsid_channel(None)

    def test_encoder_block(self):
        c = gpufec.tvb_code(7, 16, 6, construction="watermark", seed=1)
        s = self.symbols(c, 9)
        info = c.bits_from_symbols(s.ravel())
        tags = [gr.tag_utils.python_to_tag((2 * 24, gr.pmt.intern("packet_len"),
                                            gr.pmt.from_long(3 * 24)))]
        sink = run(blocks.vector_source_b(info.tolist(), False, 1, tags), gpufec.tvb_encoder(c))
        np.testing.assert_array_equal(np.array(sink.data(), np.uint8), c.encode(s))
        self.assertEqual(tags_of(sink, "packet_len"), [(2 * 42, 3 * 42)])
        with self.assertRaises(ValueError):
            gpufec.tvb_encoder(None)

    def stream(self, code, channel, messages):
        s = self.symbols(code, messages)
        rx, drift = channel.transmit(code.encode(s))
        return s, rx, drift

    def test_decoder_block_noise_free(self):
        c = gpufec.tvb_code(6, 8, 10, construction="watermark")
        ch = gpufec.bsid_channel_model(0, 0, 0)
        s, rx, _ = self.stream(c, ch, 7)
        dec = gpufec.bsid_map_decoder(c, ch, backend="cpu", lookahead=1)
        sink = run(blocks.vector_source_b(rx.tolist()), dec)
        np.testing.assert_array_equal(np.array(sink.data(), np.uint8),
                                      c.bits_from_symbols(s.ravel()))
        bits = 10 * 3
        self.assertEqual(tags_of(sink, "frame_start"), [(f * bits, f) for f in range(7)])
        self.assertEqual(tags_of(sink, "drift"), [(f * bits, 0) for f in range(7)])
        self.assertEqual(tags_of(sink, "resync"), [(f * bits, False) for f in range(7)])
        self.assertEqual((dec.frames_decoded(), dec.resyncs(), dec.drift()), (7, 0, 0))

    def test_decoder_block_stream(self):
        c = gpufec.tvb_code(8, 16, 20, construction="watermark", seed=5)
        ch = gpufec.bsid_channel_model(0.005, 0.005, 0.001, seed=6)
        F = 40
        s, rx, drift = self.stream(c, ch, F)
        dec = gpufec.bsid_map_decoder(c, ch, backend="cpu", lookahead=2)
        src = blocks.vector_source_b(rx.tolist())
        src.set_max_noutput_items(333)  # chunks that do not fit frames
        tb = gr.top_block()
        sink = blocks.vector_sink_b()
        tb.connect(src, dec, sink)
        run_bounded(tb)
        out = np.array(sink.data(), np.uint8)
        self.assertEqual(len(out), F * c.N * 4)  # flushed: every frame
        got = c.symbols_from_bits(out).reshape(F, c.N)
        # In sync, the stream decoder does about as well as decoding each frame where it
        # truly starts and ends.
        frames = [rx[f * c.tau + drift[f * c.tau]:(f + 1) * c.tau + drift[(f + 1) * c.tau]]
                  for f in range(F)]
        known = gpufec.bsid_hard_decisions(gpufec.bsid_map_decode(c, ch, frames))
        self.assertLess(np.mean(got != s), np.mean(known != s) + 0.01)
        self.assertLess(np.mean(got != s), 0.06)
        frame_bits = c.N * 4
        self.assertEqual(tags_of(sink, "frame_start"), [(f * frame_bits, f) for f in range(F)])
        est = [v for _, v in tags_of(sink, "drift")]
        true_end = [int(drift[(f + 1) * c.tau]) for f in range(F)]
        self.assertGreaterEqual(np.mean(np.array(est) == np.array(true_end)), 0.9)
        self.assertEqual(est[-1], true_end[-1])  # the last frame ends where the stream does
        for _, conf in tags_of(sink, "drift_confidence"):
            self.assertTrue(0 <= conf <= 1)
        # the numpy stream decoder is the same engine
        r = gpufec.bsid_stream_decode(c, ch, rx, lookahead=2, backend="cpu")
        np.testing.assert_array_equal(r["symbols"], got)
        np.testing.assert_array_equal(r["drift"], est)
        # a flowgraph run twice gives the same output
        sink.reset()
        src.rewind()
        run_bounded(tb)
        np.testing.assert_array_equal(np.array(sink.data(), np.uint8), out)
        self.assertEqual(dec.frames_decoded(), F)

    def test_decoder_block_resyncs_after_a_burst(self):
        # A burst of random bits between frames 9 and 10 (twice the frame's drift range): the
        # block loses sync, finds frame 10 again by a search and stays in sync after it, as
        # the numpy stream decoder (the decoder's own frame queue) does; the input's tags go
        # to the frame whose received bits hold them.
        c = gpufec.tvb_code(8, 16, 12, construction="random", seed=5)
        ch = gpufec.bsid_channel_model(0.002, 0.002, 0.0, seed=11)
        F = 24
        s, rx, drift = self.stream(c, ch, F)
        dec = gpufec.bsid_map_decoder(c, ch, backend="cpu", lookahead=4)
        lim = dec.limits()
        cut = 10 * c.tau + int(drift[10 * c.tau])
        burst = np.random.default_rng(12).integers(0, 2, 2 * (lim.frame_max - lim.frame_min + 1))
        rx = np.concatenate([rx[:cut], burst.astype(np.uint8), rx[cut:]])
        want = gpufec.bsid_stream_decode(c, ch, rx, lookahead=4, backend="cpu")
        mark = int(want["start"][15]) + 5
        tags = [gr.tag_utils.python_to_tag((mark, gr.pmt.intern("mark"), gr.pmt.from_long(15),
                                            gr.pmt.PMT_NIL))]
        # (A vector source with tags writes its whole vector in one call: no smaller chunks.)
        sink = run(blocks.vector_source_b(rx.tolist(), False, 1, tags), dec)
        out = np.array(sink.data(), np.uint8)
        frame_bits = c.N * 4
        self.assertEqual(len(out), F * frame_bits)
        np.testing.assert_array_equal(out, c.bits_from_symbols(want["symbols"].ravel()))
        self.assertEqual([v for _, v in tags_of(sink, "drift")], want["drift"].tolist())
        resync = [v for _, v in tags_of(sink, "resync")]
        self.assertEqual(resync, want["resync"].tolist())
        self.assertEqual([f for f in range(F) if resync[f]], [10])
        self.assertGreaterEqual(dec.resyncs(), 1)
        self.assertEqual(tags_of(sink, "mark"), [(15 * frame_bits, 15)])
        self.assertLess(np.mean(want["symbols"] != s), 0.05)

    def test_flowgraph_is_the_numpy_chain(self):
        # encoder -> channel -> decoder, as blocks, gives what the numpy functions give
        c = gpufec.tvb_code(8, 16, 12, construction="random", seed=4)
        ch = gpufec.bsid_channel_model(0.01, 0.01, 0.002, seed=3)
        s = self.symbols(c, 25)
        info = c.bits_from_symbols(s.ravel())
        src = blocks.vector_source_b(info.tolist())
        src.set_max_noutput_items(100)
        dec = gpufec.bsid_map_decoder(c, ch, backend="cpu", lookahead=1)
        sink = run(src, gpufec.tvb_encoder(c), gpufec.bsid_channel(ch, backend="cpu"), dec)
        rx, drift = ch.transmit(c.encode(s))
        want = gpufec.bsid_stream_decode(c, ch, rx, lookahead=1, backend="cpu")
        np.testing.assert_array_equal(np.array(sink.data(), np.uint8),
                                      c.bits_from_symbols(want["symbols"].ravel()))
        self.assertEqual([v for _, v in tags_of(sink, "drift")], want["drift"].tolist())
        self.assertLess(np.mean(want["symbols"] != s), 0.05)
        self.assertEqual(dec.drift(), drift[-1])

    def test_decoder_block_posteriors(self):
        c = gpufec.tvb_code(6, 8, 10, construction="watermark", seed=3)
        ch = gpufec.bsid_channel_model(0.01, 0.01, 0.01, seed=2)
        s, rx, _ = self.stream(c, ch, 6)
        bits = run(blocks.vector_source_b(rx.tolist()),
                   gpufec.bsid_map_decoder(c, ch, backend="cpu", lookahead=1))
        sink = run(blocks.vector_source_b(rx.tolist()),
                   gpufec.bsid_map_decoder(c, ch, output="posteriors", backend="cpu",
                                           lookahead=1),
                   sink=blocks.vector_sink_f(c.q))
        post = np.array(sink.data(), np.float32).reshape(-1, c.q)
        self.assertEqual(post.shape, (6 * c.N, c.q))
        np.testing.assert_allclose(post.sum(axis=1), 1, rtol=1e-5)
        np.testing.assert_array_equal(c.bits_from_symbols(np.argmax(post, axis=1)),
                                      np.array(bits.data(), np.uint8))
        self.assertEqual([o for o, _ in tags_of(sink, "frame_start")],
                         [f * c.N for f in range(6)])

    def test_decoder_block_bad_parameters(self):
        c = gpufec.tvb_code(6, 8, 5)
        ch = gpufec.bsid_channel_model(0.01, 0.01, 0)
        with self.assertRaises(ValueError):
            gpufec.bsid_map_decoder(c, ch, output="llrs")
        with self.assertRaises(ValueError):
            gpufec.bsid_map_decoder(c, None)
        with self.assertRaises(ValueError):
            gpufec.bsid_map_decoder(None, ch)
        with self.assertRaises(ValueError):
            gpufec.bsid_map_decoder(c, ch, storage="disk")
        with self.assertRaises(ValueError):
            gpufec.bsid_map_decoder(c, ch, precision="half")
        with self.assertRaises(ValueError):
            gpufec.bsid_map_decoder(c, ch, drift_threshold=2.0)
        # the channel block stands for its model
        dec = gpufec.bsid_map_decoder(c, gpufec.bsid_channel(ch), backend="cpu")
        self.assertEqual(dec.backend(), "cpu")
        lim = gpufec.bsid_drift_limits_for(c, ch)
        self.assertEqual((dec.limits().frame_min, dec.limits().frame_max),
                         (lim.frame_min, lim.frame_max))


if __name__ == "__main__":
    gr_unittest.run(qa_bsid)
