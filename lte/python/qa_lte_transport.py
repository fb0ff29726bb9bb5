#!/usr/bin/env python3
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
"""LTE transport blocks from Python: lte_transport_encode/decode/info and the
lte_transport_encoder/decoder blocks in flowgraphs (tagged streams, bad packets dropped)."""

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


def tag(offset, key, value):
    return gr.tag_utils.python_to_tag((offset, gr.pmt.intern(key), gr.pmt.to_pmt(value)))


def tags_of(sink, key):
    return [(t.offset, gr.pmt.to_python(t.value)) for t in sink.tags()
            if gr.pmt.symbol_to_string(t.key) == key]


def clean(coded, amp=4.0):
    """Noise-free LLRs: +amp for bit 1, -amp for bit 0."""
    return np.where(coded != 0, amp, -amp).astype(np.float32)


def run(source, *chain, sink=None):
    tb = gr.top_block()
    sink = sink or blocks.vector_sink_b()
    tb.connect(source, *chain, sink)
    run_bounded(tb)
    return sink


class qa_lte_transport(bounded_test):

    def setUp(self):
        super().setUp()
        self.rng = np.random.default_rng(36212)

    def bits(self, n):
        return self.rng.integers(0, 2, n, dtype=np.uint8)

    # ------------------------------------------------------------------ numpy functions

    def test_info_gives_the_standard_numbers(self):
        # A = 6121: B = 6145, B' = 6193 -> 3072 + 3136 with 15 filler bits (worked by hand);
        # G' = 6003 for C = 2: gamma = 1, E = 2 * 3001 and 2 * 3002.
        info = gpufec.lte_transport_info(6121, 12006)
        self.assertEqual((info["C"], info["K_minus"], info["K_plus"], info["C_minus"],
                          info["C_plus"], info["F"], info["L"]), (2, 3072, 3136, 1, 1, 15, 24))
        self.assertEqual(info["E"], [6002, 6004])
        self.assertEqual(info["ncb"], [3 * 32 * 97, 3 * 32 * 99])  # K_w: ceil((K + 4) / 32) rows
        self.assertEqual(info["N_IR"], 0)
        # A category 1 UE's soft buffer (N_soft = 250368, 8 HARQ processes): N_IR = 31296.
        info = gpufec.lte_transport_info(10296, 20592, nsoft=250368)
        self.assertEqual(info["N_IR"], 31296)
        self.assertEqual(info["ncb"], [15648, 15648])

    def test_round_trips(self):
        # C = 1 and C > 1, C- = 0 and C- > 0, with and without filler bits; each modulation,
        # layer count, redundancy version, with and without a soft buffer limit.
        # nsoft 112000 and 192000: N_cb = 7000 and 12000, below K_w (9504 and 17952).
        cases = [(16, 2, 1, 0, 0), (1001, 4, 2, 1, 0), (6121, 6, 1, 2, 0), (6208, 2, 2, 3, 112000),
                 (11832, 4, 1, 0, 192000), (6120, 6, 2, 1, 0)]
        for A, Qm, NL, rv, nsoft in cases:
            per = Qm * NL
            G = (2 * (A + 24) // per + 3) * per  # rate about 1/2, CRC24A included
            bits = self.bits(A)
            coded = gpufec.lte_transport_encode(bits, G, rv=rv, Qm=Qm, NL=NL, nsoft=nsoft)
            self.assertEqual(coded.dtype, np.uint8)
            self.assertEqual(len(coded), G)
            got, ok = gpufec.lte_transport_decode(clean(coded), A, G, rv=rv, Qm=Qm, NL=NL,
                                                  nsoft=nsoft, backend="cpu", early_stop="crc")
            self.assertTrue(ok, (A, Qm, NL, rv, nsoft))
            np.testing.assert_array_equal(got, bits)
        # int8 values and the opposite sign convention; hard bits.
        bits = self.bits(6208)
        coded = gpufec.lte_transport_encode(bits, 12006, rv=1)
        q = np.where(coded != 0, -30, 30).astype(np.int8)
        got, ok = gpufec.lte_transport_decode(q, 6208, 12006, rv=1, invert=True, backend="cpu")
        self.assertTrue(ok)
        np.testing.assert_array_equal(got, bits)
        got, ok = gpufec.lte_transport_decode(coded, 6208, 12006, rv=1, backend="cpu")
        self.assertTrue(ok)
        np.testing.assert_array_equal(got, bits)
        # The wrong redundancy version fails its CRC.
        _, ok = gpufec.lte_transport_decode(clean(coded), 6208, 12006, rv=2, backend="cpu")
        self.assertFalse(ok)

    def test_moderate_noise(self):
        # QPSK bits as BPSK over AWGN at Eb/N0 = 2 dB for the rate A / G (about 1/2): the hard
        # decisions have errors, the decoder none; 16-bit metrics too.
        A, G = 6208, 12006
        bits = self.bits(A)
        coded = gpufec.lte_transport_encode(bits, G)
        sigma = np.sqrt(1.0 / (2 * (A / G) * 10 ** 0.2))
        y = np.where(coded != 0, 1.0, -1.0) + self.rng.normal(0, sigma, G)
        llr = (2 * y / sigma ** 2).astype(np.float32)
        self.assertGreater(np.count_nonzero((llr > 0) != (coded != 0)), 100)
        for metrics in ("float", "int16"):
            got, ok = gpufec.lte_transport_decode(llr, A, G, backend="cpu", metrics=metrics,
                                                  llr_scale=2.0)
            self.assertTrue(ok, metrics)
            np.testing.assert_array_equal(got, bits)

    def test_bad_parameters(self):
        bits = self.bits(100)
        for kwargs, name in (({"G": 1001}, "G = 1001"), ({"G": 0}, "G = 0"),
                             ({"G": 1000, "rv": 4}, "rv = 4"), ({"G": 1002, "Qm": 3}, "Qm = 3"),
                             ({"G": 1000, "NL": 3}, "NL = 3"), ({"G": -5}, "G = -5"),
                             ({"G": 1000, "nsoft": -1}, "nsoft = -1"),
                             ({"G": 1000, "kc": 4}, "kc = 4"),
                             ({"G": 1000, "kmimo": 3}, "kmimo = 3"),
                             ({"G": 1000, "mdlharq": 0}, "mdlharq = 0"),
                             ({"G": 1000, "nsoft": 8}, "nsoft = 8")):
            with self.assertRaisesRegex(ValueError, name):
                gpufec.lte_transport_encode(bits, **kwargs)
        with self.assertRaisesRegex(ValueError, "A = 8"):
            gpufec.lte_transport_encode(self.bits(8), 100)
        with self.assertRaisesRegex(ValueError, "A = 391657"):
            gpufec.lte_transport_decode(np.zeros(100, np.float32), 391657, 100)
        with self.assertRaisesRegex(ValueError, "A = -1"):
            gpufec.lte_transport_decode(np.zeros(100, np.float32), -1, 100)
        with self.assertRaisesRegex(ValueError, "llrs has 99 values, but G = 100"):
            gpufec.lte_transport_decode(np.zeros(99, np.float32), 16, 100)
        with self.assertRaisesRegex(ValueError, "G = 2 is too small"):
            gpufec.lte_transport_info(6208, 2)
        with self.assertRaisesRegex(ValueError, "iterations"):
            gpufec.lte_transport_decode(np.zeros(100, np.float32), 16, 100, iterations=0)
        with self.assertRaisesRegex(ValueError, "early_stop"):
            gpufec.lte_transport_decode(np.zeros(100, np.float32), 16, 100, early_stop="x")
        with self.assertRaises(TypeError):
            gpufec.lte_transport_encode(bits, "1000")
        with self.assertRaisesRegex(ValueError, "A = 15"):
            gpufec.lte_transport_encoder(A=15)
        with self.assertRaisesRegex(ValueError, "G = 1001"):
            gpufec.lte_transport_decoder(G=1001)
        with self.assertRaisesRegex(ValueError, "A = -2"):
            gpufec.lte_transport_decoder(A=-2)
        with self.assertRaisesRegex(ValueError, "length_tag"):
            gpufec.lte_transport_encoder(length_tag="")

    # ------------------------------------------------------------------ blocks

    def test_two_transport_blocks_through_the_blocks(self):
        # Two transport blocks of different A (one code block; two with K- and filler bits) in
        # one stream, G from each packet's tag: encoder -> LLRs -> decoder, A from the
        # 'tb_size' tag the encoder adds.
        first, second = self.bits(1000), self.bits(6208)
        src_tags = [tag(0, "packet_len", 1000), tag(0, "G", 3000), tag(0, "mark", "one"),
                    tag(1000, "packet_len", 6208), tag(1000, "G", 12006), tag(1000, "rv", 2)]
        src = blocks.vector_source_b(np.concatenate([first, second]).tolist(), False, 1, src_tags)
        enc = gpufec.lte_transport_encoder()
        coded_sink = blocks.vector_sink_b()
        dec = gpufec.lte_transport_decoder(backend="cpu", early_stop="crc")
        sink = blocks.vector_sink_b()
        tb = gr.top_block()
        to_llr = [blocks.char_to_float(), blocks.multiply_const_ff(8.0), blocks.add_const_ff(-4.0)]
        tb.connect(src, enc, *to_llr, dec, sink)
        tb.connect(enc, coded_sink)
        run_bounded(tb)
        coded = np.array(coded_sink.data(), dtype=np.uint8)
        np.testing.assert_array_equal(coded[:3000], gpufec.lte_transport_encode(first, 3000))
        np.testing.assert_array_equal(coded[3000:],
                                      gpufec.lte_transport_encode(second, 12006, rv=2))
        self.assertEqual(tags_of(coded_sink, "packet_len"), [(0, 3000), (3000, 12006)])
        self.assertEqual(tags_of(coded_sink, "tb_size"), [(0, 1000), (3000, 6208)])
        np.testing.assert_array_equal(np.array(sink.data(), dtype=np.uint8),
                                      np.concatenate([first, second]))
        self.assertEqual(tags_of(sink, "packet_len"), [(0, 1000), (1000, 6208)])
        self.assertEqual(tags_of(sink, "crc_pass"), [(0, True), (1000, True)])
        self.assertEqual([t[0] for t in tags_of(sink, "iterations")], [0, 1000])
        self.assertEqual(tags_of(sink, "mark"), [(0, "one")])
        self.assertEqual((enc.packets(), enc.dropped()), (2, 0))
        self.assertEqual((dec.packets(), dec.dropped(), dec.crc_failures()), (2, 0, 0))
        self.assertEqual(dec.backend(), "cpu")

    def test_decoder_drops_bad_packets(self):
        # Good packets around bad ones: values before any packet, a packet whose 'G' tag
        # disagrees with its length (the wrong G: dropped with a warning), one with no A, one
        # cut short by the end of the stream. A packet that fails its CRC is output, tagged.
        good = [self.bits(1000), self.bits(2000), self.bits(1500)]
        soft, tags = [np.zeros(7, np.float32)], []

        def add(values, **packet_tags):
            at = sum(len(s) for s in soft)
            tags.extend(tag(at, k, v) for k, v in packet_tags.items())
            soft.append(values)

        add(clean(gpufec.lte_transport_encode(good[0], 3000)), packet_len=3000, tb_size=1000)
        wrong_G = clean(gpufec.lte_transport_encode(good[1], 4000))
        add(wrong_G, packet_len=4000, tb_size=2000, G=4002)
        add(clean(gpufec.lte_transport_encode(good[1], 4000)), packet_len=4000)  # no tb_size
        add(clean(gpufec.lte_transport_encode(good[1], 4000)), packet_len=4000, tb_size=2000)
        add(-clean(gpufec.lte_transport_encode(good[2], 3000)), packet_len=3000, tb_size=1500)
        add(clean(gpufec.lte_transport_encode(good[2], 3000))[:2000], packet_len=3000,
            tb_size=1500)
        src = blocks.vector_source_f(np.concatenate(soft).tolist(), False, 1, tags)
        dec = gpufec.lte_transport_decoder(backend="cpu")
        sink = run(src, dec)
        got = np.array(sink.data(), dtype=np.uint8)
        self.assertEqual(len(got), 1000 + 2000 + 1500)
        np.testing.assert_array_equal(got[:3000], np.concatenate(good[:2]))
        self.assertEqual(tags_of(sink, "crc_pass"), [(0, True), (1000, True), (3000, False)])
        self.assertEqual(tags_of(sink, "packet_len"), [(0, 1000), (1000, 2000), (3000, 1500)])
        self.assertEqual((dec.packets(), dec.dropped(), dec.crc_failures()), (3, 3, 1))

    def test_fixed_sizes_int8_and_encoder_drops(self):
        # A and G as parameters (no tags but the lengths), int8 soft values; the encoder
        # drops a packet of another length than A and one without a length tag's worth.
        A, G = 2000, 4800
        good = [self.bits(A), self.bits(A)]
        data = np.concatenate([good[0], self.bits(999), good[1]])
        tags = [tag(0, "packet_len", A), tag(A, "packet_len", 999), tag(A + 999, "packet_len", A)]
        enc = gpufec.lte_transport_encoder(A, G, Qm=6, NL=2)
        to_int8 = [blocks.char_to_float(), blocks.multiply_const_ff(60.0),
                   blocks.add_const_ff(-30.0), blocks.float_to_char()]
        dec = gpufec.lte_transport_decoder(A, G, Qm=6, NL=2, input="int8", backend="cpu")
        sink = run(blocks.vector_source_b(data.tolist(), False, 1, tags), enc, *to_int8, dec)
        np.testing.assert_array_equal(np.array(sink.data(), dtype=np.uint8),
                                      np.concatenate(good))
        self.assertEqual((enc.packets(), enc.dropped()), (2, 1))
        self.assertEqual((dec.packets(), dec.dropped()), (2, 0))
        # No G at all: every packet is dropped, and the flowgraph still ends.
        enc = gpufec.lte_transport_encoder()
        sink = run(blocks.vector_source_b(data.tolist(), False, 1, tags), enc)
        self.assertEqual((len(sink.data()), enc.packets(), enc.dropped()), (0, 0, 3))

    def test_slow_downstream(self):
        # More decoded bits than the output buffer holds (64 Ki bytes), read slowly downstream:
        # packets wait for room for their whole output and all arrive, in order.
        tbs = [self.bits(1000) for _ in range(80)]
        llr = np.concatenate([clean(gpufec.lte_transport_encode(b, 3000)) for b in tbs])
        tags = [tag(3000 * i, "packet_len", 3000) for i in range(len(tbs))]
        dec = gpufec.lte_transport_decoder(A=1000, backend="cpu", early_stop="crc")
        sink = run(blocks.vector_source_f(llr.tolist(), False, 1, tags), dec,
                   blocks.throttle(gr.sizeof_char, 400000))
        np.testing.assert_array_equal(np.array(sink.data(), dtype=np.uint8), np.concatenate(tbs))
        self.assertEqual((dec.packets(), dec.dropped()), (80, 0))

    def test_flowgraph_run_twice(self):
        bits = self.bits(3000)
        llr = clean(gpufec.lte_transport_encode(bits, 6000, rv=3))
        llr[5] = np.nan
        tb = gr.top_block()
        src = blocks.vector_source_f(llr.tolist(), False, 1,
                                     [tag(0, "packet_len", 6000), tag(0, "tb_size", 3000)])
        dec = gpufec.lte_transport_decoder(rv=3, backend="cpu")
        sink = blocks.vector_sink_b()
        tb.connect(src, dec, sink)
        for _ in range(2):
            sink.reset()
            src.rewind()
            run_bounded(tb)
            np.testing.assert_array_equal(np.array(sink.data(), dtype=np.uint8), bits)
            self.assertEqual((dec.packets(), dec.nonfinite_count()), (1, 1))


if __name__ == "__main__":
    gr_unittest.run(qa_lte_transport)
