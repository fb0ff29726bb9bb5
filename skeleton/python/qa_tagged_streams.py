#!/usr/bin/env python3
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
"""Stream semantics of every block, as GNU Radio's own tagged-stream blocks have them: length
tags that cut frames short or arrive as doubles, length tags rescaled by encoders and
decoders (one per packet), bits left at the end of a stream, tags through the insertion/
deletion decoder, a top_block run twice, and many random tagged streams in random chunks.
Every flowgraph runs bounded: a hang fails in seconds."""

import os

import numpy as np
import pmt
from gnuradio import blocks, gr

from bounded_test import bounded_test, captured_output, run_bounded

try:
    from gnuradio import gpufec
except ImportError:
    import sys
    sys.path.append(os.path.join(os.path.dirname(__file__), "bindings"))
    from gnuradio import gpufec

K7 = [0o171, 0o133]


def tag(offset, value, key="packet_len"):
    value = pmt.from_double(value) if isinstance(value, float) else \
        pmt.intern(value) if isinstance(value, str) else pmt.from_long(value)
    return gr.tag_utils.python_to_tag((offset, pmt.intern(key), value))


def tags_of(sink, key="packet_len"):
    return [(t.offset, pmt.to_python(t.value)) for t in sink.tags()
            if pmt.symbol_to_string(t.key) == key]


class chopper(gr.basic_block):
    """Passes items through in random chunk sizes (1 .. max_chunk), to vary work() calls."""

    def __init__(self, dtype, max_chunk, seed):
        gr.basic_block.__init__(self, "chopper", in_sig=[dtype], out_sig=[dtype])
        self.rng = np.random.default_rng(seed)
        self.max_chunk = max_chunk

    def general_work(self, input_items, output_items):
        n = min(len(input_items[0]), len(output_items[0]),
                int(self.rng.integers(1, self.max_chunk + 1)))
        output_items[0][:n] = input_items[0][:n]
        self.consume(0, n)
        return n


def flowgraph(src, *chain, sink=None):
    tb = gr.top_block()
    sink = sink or blocks.vector_sink_b()
    tb.connect(src, *chain, sink)
    return tb, sink


def conv_frame(soft_values):
    """The terminated K=7 r1/2 code whose frames take this many soft values."""
    return gpufec.conv_code(7, K7, "", "terminated", soft_values // 2 - 6)


class qa_tagged_streams(bounded_test):

    def setUp(self):
        super().setUp()
        self.rng = np.random.default_rng(22)

    # ------------------------------------------------------------ frames cut short

    def test_tag_inside_a_frame_does_not_hang(self):
        # The reproducers: a packet_len tag strictly inside a tagged frame starts the next
        # frame; the values before it are dropped with a warning naming offsets and lengths.
        code = gpufec.conv_code(7, K7, frame_bits=64)
        tags = [tag(0, 140), tag(100, 140), tag(280, 140)]
        dec = gpufec.viterbi_decoder(code, backend="cpu", length_tag="packet_len")
        tb, sink = flowgraph(blocks.vector_source_f([1.0] * 560, False, 1, tags), dec)
        with captured_output() as log:
            run_bounded(tb, 10)
        # frames at 100 and 280 are whole; 0..99 is cut short, 420..559 has no tag
        self.assertEqual(len(sink.data()), 2 * 64)
        self.assertEqual(tags_of(sink), [(0, 64), (64, 64)])
        self.assertIn("frame at item 0 of length 140 is cut short by a 'packet_len' tag at "
                      "item 100: its 100 values are dropped", log[0])
        self.assertIn("140 soft values at item 420 carry no 'packet_len' tag", log[0])

        turbo = gpufec.lte_turbo_code(40)
        dec = gpufec.lte_turbo_decoder(turbo, backend="cpu", length_tag="packet_len")
        tb, sink = flowgraph(blocks.vector_source_f([1.0] * 528, False, 1,
                                                    [tag(0, 132), tag(1, 132)]), dec)
        with captured_output() as log:
            run_bounded(tb, 10)
        self.assertEqual(len(sink.data()), 40)
        self.assertIn("cut short", log[0])

    def test_every_offset_inside_a_frame(self):
        code = gpufec.conv_code(7, K7, frame_bits=64)
        info = self.rng.integers(0, 2, 64, dtype=np.uint8)
        frame = (gpufec.conv_encode(code, info).astype(np.float32) * 2 - 1).tolist()
        for cut in range(1, 140):
            soft = frame[:cut] + frame
            dec = gpufec.viterbi_decoder(code, backend="cpu", length_tag="packet_len")
            tb, sink = flowgraph(
                blocks.vector_source_f(soft, False, 1, [tag(0, 140), tag(cut, 140)]), dec)
            with captured_output():
                run_bounded(tb, 5)
            np.testing.assert_array_equal(np.array(sink.data(), np.uint8), info,
                                          err_msg="cut at %d" % cut)

    def test_double_lengths(self):
        # A length that arrives as an integral double is a length; a fractional one is not.
        code = gpufec.conv_code(7, K7, frame_bits=64)
        info = self.rng.integers(0, 2, 128, dtype=np.uint8)
        soft = (gpufec.conv_encode(code, info).astype(np.float32) * 2 - 1).tolist()
        dec = gpufec.viterbi_decoder(code, backend="cpu", length_tag="packet_len")
        tb, sink = flowgraph(blocks.vector_source_f(soft, False, 1,
                                                    [tag(0, 140.0), tag(140, 139.5)]), dec)
        with captured_output() as log:
            run_bounded(tb, 10)
        np.testing.assert_array_equal(np.array(sink.data(), np.uint8), info[:64])
        self.assertEqual(tags_of(sink), [(0, 64)])
        self.assertIn("frame at item 140 has length 139.5", log[0])

    def test_random_tagged_streams(self):
        # Random tags (valid lengths, doubles, lengths no frame has, values that are no
        # length), random chunking: every frame that arrives whole at its own tag is decoded
        # as the numpy function decodes it, everything else is dropped, nothing hangs.
        lengths = [76, 140, 268]  # terminated K=7 r1/2 frames of 32, 64 and 128 bits
        for seed in range(40):
            rng = np.random.default_rng(seed)
            n = int(rng.integers(1, 1200))
            soft = rng.normal(0, 2, n).astype(np.float32)
            offsets = np.unique(rng.integers(0, n, int(rng.integers(0, 12))))
            if rng.random() < 0.7 and 0 not in offsets:
                offsets = np.insert(offsets, 0, 0)
            values = []
            for _ in offsets:
                r = rng.random()
                values.append(int(rng.choice(lengths)) if r < 0.6 else
                              float(rng.choice(lengths)) if r < 0.7 else
                              int(rng.integers(-3, 300)) if r < 0.85 else
                              float(rng.integers(1, 300)) + 0.5 if r < 0.95 else "x")
            want, want_tags, written = [], [], 0
            for i, (at, value) in enumerate(zip(offsets, values)):
                # any length a terminated r1/2 frame of 1 .. 128 bits has: 2 (bits + 6)
                if isinstance(value, str) or value != int(value) or not 14 <= value <= 268 \
                        or value % 2:
                    continue
                length = int(value)
                end = offsets[i + 1] if i + 1 < len(offsets) else n
                if at + length > min(end, n):
                    continue
                bits = gpufec.viterbi_decode(conv_frame(length), soft[at:at + length],
                                             backend="cpu")
                want.append(bits)
                want_tags.append((written, len(bits)))
                written += len(bits)
            dec = gpufec.viterbi_decoder(conv_frame(max(lengths)), backend="cpu",
                                         length_tag="packet_len")
            chop = chopper(np.float32, int(rng.integers(1, 400)), seed)
            tb, sink = flowgraph(
                blocks.vector_source_f(soft.tolist(), False, 1,
                                       [tag(int(o), v) for o, v in zip(offsets, values)]),
                chop, dec)
            with captured_output():
                run_bounded(tb, 10)
            got = np.array(sink.data(), np.uint8)
            expected = np.concatenate(want) if want else np.zeros(0, np.uint8)
            np.testing.assert_array_equal(got, expected, err_msg="seed %d" % seed)
            self.assertEqual(tags_of(sink), want_tags, "seed %d" % seed)

    # ------------------------------------------------------------ length tags rescaled

    def test_encoders_rescale_packet_len(self):
        info = self.rng.integers(0, 2, 2048, dtype=np.uint8).tolist()
        cases = [
            (gpufec.conv_encoder(gpufec.conv_code(7, K7, "", "terminated", 1000)),
             1000, 2012),
            (gpufec.conv_encoder(gpufec.conv_code(7, K7, "", "streaming")), 1000, 2000),
            (gpufec.conv_encoder(gpufec.conv_code(7, K7, "3/4", "streaming")), 999, 1332),
            (gpufec.lte_turbo_encoder(gpufec.lte_turbo_code(1024)), 1024, 3084),
        ]
        for enc, length, coded in cases:
            tb, sink = flowgraph(blocks.vector_source_b(info, False, 1, [tag(0, length),
                                                                         tag(length, length)]),
                                 enc)
            with captured_output():
                run_bounded(tb)
            self.assertEqual(tags_of(sink), [(0, coded), (coded, coded)])

    def test_decoders_keep_one_length_tag_per_packet(self):
        # A packet of three frames keeps one tag, with the decoded length of all three.
        code = gpufec.conv_code(7, K7, "", "terminated", 1000)
        info = self.rng.integers(0, 2, 6000, dtype=np.uint8)
        soft = (gpufec.conv_encode(code, info).astype(np.float32) * 2 - 1).tolist()
        tb, sink = flowgraph(blocks.vector_source_f(soft, False, 1, [tag(0, 3 * 2012),
                                                                     tag(3 * 2012, 3 * 2012)]),
                             gpufec.viterbi_decoder(code, "cpu"))
        run_bounded(tb)
        np.testing.assert_array_equal(np.array(sink.data(), np.uint8), info)
        self.assertEqual(tags_of(sink), [(0, 3000), (3000, 3000)])

        stream = gpufec.conv_code(7, K7, "", "streaming")
        info = self.rng.integers(0, 2, 3000, dtype=np.uint8)
        soft = (gpufec.conv_encode(stream, info).astype(np.float32) * 2 - 1).tolist()
        tb, sink = flowgraph(blocks.vector_source_f(soft, False, 1, [tag(0, 6000.0)]),
                             gpufec.viterbi_decoder(stream, "cpu"))
        run_bounded(tb)
        self.assertEqual(tags_of(sink), [(0, 3000)])

    def test_partial_block_at_the_end_of_a_stream_is_reported(self):
        for code, extra in ((gpufec.conv_code(7, K7, "", "terminated", 100), 37),
                            (gpufec.conv_code(7, K7, "3/4", "streaming"), 2)):
            info = self.rng.integers(0, 2, 300 + extra, dtype=np.uint8).tolist()
            tb, sink = flowgraph(blocks.vector_source_b(info), gpufec.conv_encoder(code))
            with captured_output() as log:
                run_bounded(tb)
            self.assertEqual(len(sink.data()), 300 // code.info_bits_per_block()
                             * code.coded_bits_per_block())
            self.assertIn("the stream ended %d bits into a block of %d"
                          % (extra, code.info_bits_per_block()), log[0])

    def test_bsid_decoder_moves_tags_to_their_frames(self):
        c = gpufec.tvb_code(6, 8, 10, construction="watermark")
        ch = gpufec.bsid_channel_model(0, 0, 0)
        s = self.rng.integers(0, c.q, (5, c.N))
        rx, _ = ch.transmit(c.encode(s))
        tau, items = c.tau, c.N * 3
        tags = [tag(0, 3 * tau), tag(tau + 7, "here", "mark"), tag(4 * tau + 59, 9, "last")]
        tb, sink = flowgraph(blocks.vector_source_b(rx.tolist(), False, 1, tags),
                             gpufec.bsid_map_decoder(c, ch, backend="cpu", lookahead=1))
        run_bounded(tb)
        self.assertEqual(tags_of(sink), [(0, 3 * items)])
        self.assertEqual(tags_of(sink, "mark"), [(items, "here")])
        self.assertEqual(tags_of(sink, "last"), [(4 * items, 9)])

    # ------------------------------------------------------------ runs twice

    def test_every_block_restarts(self):
        conv = gpufec.conv_code(7, K7, "3/4", "streaming")
        turbo = gpufec.lte_turbo_code(40)
        tvb = gpufec.tvb_code(6, 8, 10, construction="watermark")
        bsid = gpufec.bsid_channel_model(0.01, 0.01, 0.0, seed=3)
        bits = self.rng.integers(0, 2, 1200, dtype=np.uint8).tolist()
        soft = self.rng.normal(0, 1, 1200).astype(np.float32).tolist()
        chains = {
            "conv_encoder": (blocks.vector_source_b(bits), [gpufec.conv_encoder(conv)]),
            "viterbi_decoder": (blocks.vector_source_f(soft),
                                [gpufec.viterbi_decoder(conv, "cpu")]),
            "lte_turbo_encoder": (blocks.vector_source_b(bits[:1000]),
                                  [gpufec.lte_turbo_encoder(turbo)]),
            "lte_turbo_decoder": (blocks.vector_source_f(soft[:1320]),
                                  [gpufec.lte_turbo_decoder(turbo, backend="cpu")]),
            "awgn_bpsk_channel": (blocks.vector_source_b(bits),
                                  [gpufec.awgn_bpsk_channel(3.0, backend="cpu")]),
            "tvb_encoder": (blocks.vector_source_b(bits[:900]), [gpufec.tvb_encoder(tvb)]),
            "bsid_channel": (blocks.vector_source_b(bits), [gpufec.bsid_channel(bsid)]),
            "bsid_map_decoder": (blocks.vector_source_b(bits),
                                 [gpufec.bsid_map_decoder(tvb, bsid, backend="cpu")]),
        }
        for name, (src, chain) in chains.items():
            out_type = blocks.vector_sink_f if name == "awgn_bpsk_channel" else blocks.vector_sink_b
            tb, sink = flowgraph(src, *chain, sink=out_type())
            outputs = []
            for _ in range(2):
                src.rewind()
                sink.reset()
                with captured_output():
                    run_bounded(tb)
                outputs.append(np.array(sink.data()))
            self.assertGreater(len(outputs[0]), 0, name)
            np.testing.assert_array_equal(outputs[1], outputs[0], err_msg=name)

        # the source: the same streams on both outputs at every run
        code = gpufec.conv_code(7, K7, "", "streaming")
        src = gpufec.awgn_bpsk_source(code, ebn0_db=3.0, seed=5, backend="cpu")
        head_bits, head_soft = blocks.head(gr.sizeof_char, 5000), blocks.head(gr.sizeof_float, 10000)
        bits_sink, soft_sink = blocks.vector_sink_b(), blocks.vector_sink_f()
        tb = gr.top_block()
        tb.connect((src, 0), head_bits, bits_sink)
        tb.connect((src, 1), head_soft, soft_sink)
        runs = []
        for _ in range(2):
            head_bits.reset()
            head_soft.reset()
            bits_sink.reset()
            soft_sink.reset()
            run_bounded(tb)
            runs.append((np.array(bits_sink.data()), np.array(soft_sink.data())))
        np.testing.assert_array_equal(runs[1][0], runs[0][0])
        np.testing.assert_array_equal(runs[1][1], runs[0][1])

    def test_streaming_encoder_restarts_from_state_zero(self):
        # The re-run's coded bits are those of the numpy encoder (state 0), so the decoder,
        # which restarts too, decodes every bit again.
        code = gpufec.conv_code(7, K7, "", "streaming")
        info = self.rng.integers(0, 2, 2000, dtype=np.uint8)
        src = blocks.vector_source_b(info.tolist())
        tb, sink = flowgraph(src, gpufec.conv_encoder(code))
        for _ in range(2):
            src.rewind()
            sink.reset()
            run_bounded(tb)
            np.testing.assert_array_equal(np.array(sink.data(), np.uint8),
                                          gpufec.conv_encode(code, info))


if __name__ == "__main__":
    import gnuradio.gr_unittest as gr_unittest
    gr_unittest.run(qa_tagged_streams)
