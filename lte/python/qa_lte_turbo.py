#!/usr/bin/env python3
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
"""The LTE turbo code from Python: the code object, the encoder and decoder blocks and numpy
functions, the transport-channel chain (CRC, segmentation, rate matching), the test source."""

import tempfile

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


def bits_out(sink):
    return np.array(sink.data(), dtype=np.uint8)


def tag(offset, key, value):
    return gr.tag_utils.python_to_tag((offset, gr.pmt.intern(key), gr.pmt.to_pmt(value)))


def tags_of(sink, key):
    return [(t.offset, gr.pmt.to_python(t.value)) for t in sink.tags()
            if gr.pmt.symbol_to_string(t.key) == key]


def run(source, *chain):
    """source -> chain -> byte sink; returns the sink (the blocks outlive the run here)."""
    tb = gr.top_block()
    sink = blocks.vector_sink_b()
    tb.connect(source, *chain, sink)
    run_bounded(tb)
    return sink


def run_with_llrs(source, dec, connect_llrs=True):
    """source -> dec, its bits (output 0) and LLRs (output 1) into sinks; returns both."""
    tb = gr.top_block()
    bits, llrs = blocks.vector_sink_b(), blocks.vector_sink_f()
    tb.connect(source, dec)
    tb.connect((dec, 0), bits)
    if connect_llrs:
        tb.connect((dec, 1), llrs)
    run_bounded(tb)
    return bits, llrs


def all_tags(sink):
    return sorted((t.offset, gr.pmt.symbol_to_string(t.key), str(gr.pmt.to_python(t.value)))
                  for t in sink.tags())


def clean(coded, amp=4.0):
    """Noise-free LLRs: +amp for bit 1, -amp for bit 0."""
    return np.where(coded != 0, amp, -amp).astype(np.float32)


class qa_lte_turbo(bounded_test):

    def setUp(self):
        super().setUp()
        self.rng = np.random.default_rng(2024)

    def bits(self, n):
        return self.rng.integers(0, 2, n, dtype=np.uint8)

    # ------------------------------------------------------------------ code and encoder

    def test_code_object(self):
        c = gpufec.lte_turbo_code(40)
        self.assertEqual((c.K(), c.f1(), c.f2()), (40, 3, 10))  # Table 5.1.3-3, row 1
        self.assertEqual((c.info_bits_per_block(), c.coded_bits_per_block()), (40, 132))
        self.assertAlmostEqual(c.rate(), 40 / 132)
        self.assertEqual(c.name(), "LTE turbo K=40")
        self.assertEqual(c.stream_bits(), 44)
        big = gpufec.lte_turbo_code(6144)
        self.assertEqual((big.f1(), big.f2()), (263, 480))  # row 188
        i = np.arange(6144, dtype=np.int64)
        np.testing.assert_array_equal(big.interleaver(), (263 * i + 480 * i * i) % 6144)
        sizes = gpufec.lte_turbo_code.block_sizes()
        self.assertEqual((len(sizes), sizes[0], sizes[-1]), (188, 40, 6144))
        self.assertTrue(gpufec.lte_turbo_code.is_block_size(528))
        self.assertFalse(gpufec.lte_turbo_code.is_block_size(520))
        self.assertIsInstance(c, gpufec.code)

    def test_encoder_block_matches_function(self):
        code = gpufec.lte_turbo_code(104)
        info = self.bits(7 * 104)
        want = gpufec.lte_turbo_encode(code, info)
        self.assertEqual(len(want), 7 * 3 * 108)
        # Each block on its own gives the same bits; any nonzero value is a 1.
        np.testing.assert_array_equal(want[:324], gpufec.lte_turbo_encode(code, info[:104]))
        np.testing.assert_array_equal(gpufec.lte_turbo_encode(code, info.astype(np.int32) * 7), want)
        tags = [tag(104 * b, "packet_len", 104) for b in range(7)] + [tag(3 * 104 + 50, "note", 1)]
        sink = run(blocks.vector_source_b(info.tolist(), False, 1, tags),
                   gpufec.lte_turbo_encoder(code))
        np.testing.assert_array_equal(bits_out(sink), want)
        self.assertEqual(tags_of(sink, "packet_len"), [(324 * b, 324) for b in range(7)])
        self.assertEqual(tags_of(sink, "note"), [(3 * 324, 1)])

    # ------------------------------------------------------------------ decoding

    def test_round_trip_several_block_sizes(self):
        for K in (40, 512, 1056, 6144):
            code = gpufec.lte_turbo_code(K)
            info = self.bits(3 * K)
            coded = gpufec.lte_turbo_encode(code, info)
            np.testing.assert_array_equal(
                gpufec.lte_turbo_decode(code, clean(coded), backend="cpu"), info, err_msg=str(K))
            # uint8 arrays are hard decisions.
            np.testing.assert_array_equal(gpufec.lte_turbo_decode(code, coded, backend="cpu"), info)
            sink = run(blocks.vector_source_f(clean(coded).tolist()),
                       gpufec.lte_turbo_decoder(code, backend="cpu"))
            np.testing.assert_array_equal(bits_out(sink), info, err_msg=str(K))
            self.assertEqual(tags_of(sink, "frame_start"), [(K * b, b) for b in range(3)])

    def test_noisy_point_decoder_fixes_errors(self):
        # 1.2 dB at K = 1024: about 15% of the systematic bits arrive wrong; the decoder
        # corrects nearly all of them, the test source feeds the block the same blocks as the
        # numpy generator, and the block takes the function's decisions.
        code = gpufec.lte_turbo_code(1024)
        info, llr = gpufec.awgn_bpsk_generate(code, 40, 1.2, seed=3, backend="cpu")
        self.assertEqual(len(llr), 40 * 3 * 1028)
        systematic = llr.reshape(40, 3 * 1028)[:, :1024].reshape(-1)
        raw = int(np.count_nonzero((systematic > 0) != (info == 1)))
        decoded = gpufec.lte_turbo_decode(code, llr, backend="cpu")
        left = int(np.count_nonzero(decoded != info))
        print(f"K=1024 at 1.2 dB: {raw} raw errors, {left} after decoding")
        self.assertGreater(raw, 4000)
        self.assertLess(left, raw / 100)
        tb = gr.top_block()
        src = gpufec.awgn_bpsk_source(code, 1.2, seed=3, backend="cpu")
        dec = gpufec.lte_turbo_decoder(code, backend="cpu")
        src_bits, dec_bits = blocks.vector_sink_b(), blocks.vector_sink_b()
        tb.connect((src, 0), blocks.head(gr.sizeof_char, 40 * 1024), src_bits)
        tb.connect((src, 1), blocks.head(gr.sizeof_float, 40 * 3 * 1028), dec,
                   blocks.head(gr.sizeof_char, 40 * 1024), dec_bits)
        run_bounded(tb)
        np.testing.assert_array_equal(bits_out(src_bits), info)
        np.testing.assert_array_equal(bits_out(dec_bits), decoded)

    def test_int16_metrics(self):
        # 16-bit integer metrics: noise-free blocks decode from float, int8 and hard-bit input,
        # the a-posteriori LLRs are integers over llr_scale, the block takes the function's
        # decisions on noisy input, and the parameter is checked.
        code = gpufec.lte_turbo_code(1056)
        info = self.bits(2 * 1056)
        coded = gpufec.lte_turbo_encode(code, info)
        for soft in (clean(coded), np.where(coded != 0, 100, -100).astype(np.int8), coded):
            np.testing.assert_array_equal(
                gpufec.lte_turbo_decode(code, soft, backend="cpu", metrics="int16"), info,
                err_msg=str(soft.dtype))
        _, app = gpufec.lte_turbo_decode(code, clean(coded), backend="cpu", metrics="int16",
                                         llr_scale=4.0, return_llrs=True)
        np.testing.assert_array_equal(app * 4, np.rint(app * 4))
        np.testing.assert_array_equal(app > 0, info == 1)
        _, llr = gpufec.awgn_bpsk_generate(code, 4, 0.8, seed=5, backend="cpu")
        want, app16 = gpufec.lte_turbo_decode(code, llr, backend="cpu", metrics="int16",
                                              return_llrs=True)
        _, app_float = gpufec.lte_turbo_decode(code, llr, backend="cpu", return_llrs=True)
        self.assertFalse(np.array_equal(app16, app_float))
        dec = gpufec.lte_turbo_decoder(code, backend="cpu", metrics="int16")
        np.testing.assert_array_equal(bits_out(run(blocks.vector_source_f(llr.tolist()), dec)), want)
        with self.assertRaisesRegex(ValueError, "metrics = 'double' is not known: use 'float' or 'int16'"):
            gpufec.lte_turbo_decode(code, llr, backend="cpu", metrics="double")
        with self.assertRaisesRegex(ValueError, "metrics = 'double'"):
            gpufec.lte_turbo_decoder(code, backend="cpu", metrics="double")
        with self.assertRaisesRegex(ValueError, "'int16' runs max-log-MAP only"):
            gpufec.lte_turbo_decode(code, llr, backend="cpu", metrics="int16", algorithm="log-map")

    def test_int8_input_invert_and_llrs(self):
        code = gpufec.lte_turbo_code(256)
        _, llr = gpufec.awgn_bpsk_generate(code, 6, 1.0, seed=4, backend="cpu")
        want, app = gpufec.lte_turbo_decode(code, llr, backend="cpu", return_llrs=True)
        self.assertEqual(app.dtype, np.float32)
        np.testing.assert_array_equal(want, (app > 0).astype(np.uint8))
        np.testing.assert_array_equal(gpufec.lte_turbo_decode(code, -llr, backend="cpu", invert=True), want)
        # int8 q with llr_scale s decodes as the LLRs q / s (max-log-MAP is linear: with twice
        # the scale, every a-posteriori LLR is half as large).
        q = np.clip(np.rint(llr * 4), -127, 127).astype(np.int8)
        from_q, app_q = gpufec.lte_turbo_decode(code, (q / np.float32(4)).astype(np.float32),
                                                backend="cpu", return_llrs=True)
        bits4, app4 = gpufec.lte_turbo_decode(code, q, backend="cpu", llr_scale=4.0, return_llrs=True)
        np.testing.assert_array_equal(bits4, from_q)
        np.testing.assert_array_equal(app4, app_q)
        _, app8 = gpufec.lte_turbo_decode(code, q, backend="cpu", return_llrs=True)
        np.testing.assert_array_equal(app8 * 2, app_q)
        blk = gpufec.lte_turbo_decoder(code, backend="cpu", input="int8", llr_scale=4.0)
        sink = run(blocks.vector_source_b(q.view(np.uint8).tolist()), blk)
        np.testing.assert_array_equal(bits_out(sink), from_q)
        blk = gpufec.lte_turbo_decoder(code, backend="cpu", input="int8", llr_scale=4.0, invert=True)
        sink = run(blocks.vector_source_b((-q).view(np.uint8).tolist()), blk)
        np.testing.assert_array_equal(bits_out(sink), from_q)

    def test_llr_output(self):
        # llr_output=True: output 1 carries each block's K a-posteriori LLRs, the values
        # lte_turbo_decode(..., return_llrs=True) returns, their signs the bits of output 0
        # (0 deciding 0), with the same tags: fixed-size float and int8 blocks, rate-matched
        # blocks and length-tagged blocks of mixed K.
        code = gpufec.lte_turbo_code(256)
        info, llr = gpufec.awgn_bpsk_generate(code, 7, 0.6, seed=9, backend="cpu")
        want, app = gpufec.lte_turbo_decode(code, llr, backend="cpu", return_llrs=True)
        self.assertGreater(np.count_nonzero(want != info), 0)  # noisy enough to be uncertain
        self.assertGreater(np.count_nonzero(np.abs(app) < 2), 0)
        dec = gpufec.lte_turbo_decoder(code, backend="cpu", early_stop="crc", llr_output=True)
        bits, llrs = run_with_llrs(blocks.vector_source_f(llr.tolist()), dec)
        got, got_app = bits_out(bits), np.array(llrs.data(), dtype=np.float32)
        np.testing.assert_array_equal(got, want)
        np.testing.assert_array_equal(got_app, app)
        np.testing.assert_array_equal(got, (got_app > 0).astype(np.uint8))
        self.assertEqual(tags_of(llrs, "frame_start"), [(256 * b, b) for b in range(7)])
        self.assertEqual(all_tags(llrs), all_tags(bits))
        self.assertEqual(len(tags_of(llrs, "crc_pass")), 7)
        # int8 input: the LLRs of q / llr_scale.
        q = np.clip(np.rint(llr * 4), -127, 127).astype(np.int8)
        want_q, app_q = gpufec.lte_turbo_decode(code, q, backend="cpu", llr_scale=4.0,
                                                return_llrs=True)
        dec = gpufec.lte_turbo_decoder(code, backend="cpu", input="int8", llr_scale=4.0,
                                       llr_output=True)
        bits, llrs = run_with_llrs(blocks.vector_source_b(q.view(np.uint8).tolist()), dec)
        np.testing.assert_array_equal(bits_out(bits), want_q)
        np.testing.assert_array_equal(np.array(llrs.data(), dtype=np.float32), app_q)
        # Rate-matched blocks: the LLRs of the de-matched block.
        E, rv = 700, 2
        coded = gpufec.lte_turbo_encode(code, info).reshape(7, -1)
        rx = np.concatenate([clean(gpufec.lte_rate_match(code, d, E, rv), 1.0) for d in coded])
        rx += self.rng.normal(0, 0.8, len(rx)).astype(np.float32)
        dematched = np.concatenate([gpufec.lte_rate_dematch(code, rx[b * E:(b + 1) * E], rv)
                                    for b in range(7)])
        want_rm, app_rm = gpufec.lte_turbo_decode(code, dematched, backend="cpu", return_llrs=True)
        dec = gpufec.lte_turbo_decoder(code, backend="cpu", E=E, rv=rv, llr_output=True)
        bits, llrs = run_with_llrs(blocks.vector_source_f(rx.tolist()), dec)
        np.testing.assert_array_equal(bits_out(bits), want_rm)
        np.testing.assert_array_equal(np.array(llrs.data(), dtype=np.float32), app_rm)
        # Length-tagged blocks of several K, each decoded with its own code.
        soft, want_bits, want_app, tags = [], [], [], []
        for K, seed in ((256, 1), (40, 2), (104, 3), (256, 4)):
            c = gpufec.lte_turbo_code(K)
            _, piece = gpufec.awgn_bpsk_generate(c, 1, 0.5, seed=seed, backend="cpu")
            b, a = gpufec.lte_turbo_decode(c, piece, backend="cpu", return_llrs=True)
            want_bits.append(b)
            want_app.append(a)
            tags.append(tag(len(soft), "packet_len", len(piece)))
            soft.extend(piece.tolist())
        dec = gpufec.lte_turbo_decoder(code, backend="cpu", length_tag="packet_len",
                                       llr_output=True)
        bits, llrs = run_with_llrs(blocks.vector_source_f(soft, False, 1, tags), dec)
        np.testing.assert_array_equal(bits_out(bits), np.concatenate(want_bits))
        np.testing.assert_array_equal(np.array(llrs.data(), dtype=np.float32),
                                      np.concatenate(want_app))
        self.assertEqual(tags_of(llrs, "packet_len"), [(0, 256), (256, 40), (296, 104), (400, 256)])
        # The LLR output may stay unconnected; without llr_output there is none to connect.
        dec = gpufec.lte_turbo_decoder(code, backend="cpu", llr_output=True)
        bits, _ = run_with_llrs(blocks.vector_source_f(llr.tolist()), dec, connect_llrs=False)
        np.testing.assert_array_equal(bits_out(bits), want)
        tb = gr.top_block()
        with self.assertRaisesRegex(ValueError, "port number 1"):
            tb.connect((gpufec.lte_turbo_decoder(code, backend="cpu"), 1), blocks.null_sink(4))

    def test_nonfinite_input_counted(self):
        code = gpufec.lte_turbo_code(256)
        _, llr = gpufec.awgn_bpsk_generate(code, 4, 2.0, seed=5, backend="cpu")
        bad = llr.copy()
        bad[::101] = np.nan
        bad[7::211] = np.inf
        bad[9::307] = -np.inf
        n_bad = int(np.count_nonzero(~np.isfinite(bad)))
        sane = np.nan_to_num(bad, nan=0.0, posinf=1024.0, neginf=-1024.0).astype(np.float32)
        want = gpufec.lte_turbo_decode(code, sane, backend="cpu")
        np.testing.assert_array_equal(gpufec.lte_turbo_decode(code, bad, backend="cpu"), want)
        dec = gpufec.lte_turbo_decoder(code, backend="cpu")
        np.testing.assert_array_equal(bits_out(run(blocks.vector_source_f(bad.tolist()), dec)), want)
        self.assertEqual(dec.nonfinite_count(), n_bad)

    # ------------------------------------------------------------------ rate matching

    def test_rate_matching_through_the_block(self):
        # E values of redundancy version rv per block (punctured and repeated), noisy: the
        # block de-matches and decodes as lte_rate_dematch + lte_turbo_decode do.
        code = gpufec.lte_turbo_code(512)
        for E, rv, ncb in ((900, 0, 0), (1200, 2, 0), (2000, 3, 0), (1000, 1, 1200)):
            info = self.bits(4 * 512)
            coded = gpufec.lte_turbo_encode(code, info).reshape(4, -1)
            sent = np.concatenate([gpufec.lte_rate_match(code, d, E, rv, ncb) for d in coded])
            rx = clean(sent, 1.0) + self.rng.normal(0, 0.6, len(sent)).astype(np.float32)
            dematched = np.concatenate([gpufec.lte_rate_dematch(code, rx[b * E:(b + 1) * E], rv, ncb)
                                        for b in range(4)])
            want = gpufec.lte_turbo_decode(code, dematched, backend="cpu")
            np.testing.assert_array_equal(want, info, err_msg=f"E {E} rv {rv}")
            dec = gpufec.lte_turbo_decoder(code, backend="cpu", E=E, rv=rv, ncb=ncb)
            sink = run(blocks.vector_source_f(rx.tolist()), dec)
            np.testing.assert_array_equal(bits_out(sink), want, err_msg=f"E {E} rv {rv}")
            self.assertEqual(dec.frames_decoded(), 4)
        # The wrong redundancy version does not decode.
        dec = gpufec.lte_turbo_decoder(code, backend="cpu", E=1000, rv=2)
        rv0 = np.concatenate([gpufec.lte_rate_match(code, d, 1000, 0) for d in coded])
        self.assertGreater(np.count_nonzero(bits_out(run(blocks.vector_source_f(clean(rv0).tolist()),
                                                          dec)) != info), 100)

    # ------------------------------------------------------------------ tags

    def test_length_tagged_blocks_of_mixed_K(self):
        # Blocks of several sizes up to the code's K, each announced by packet_len on its first
        # value; lengths no block size gives (or beyond K) are dropped with a warning.
        code = gpufec.lte_turbo_code(1024)
        soft, want, tags = [], [], []
        for K in (1024, 40, 40, 512, None, 2048, 104):
            if K is None:
                piece = np.ones(3 * (100 + 4), dtype=np.float32)  # K = 100 is no block size
            else:
                c = gpufec.lte_turbo_code(K)
                info = self.bits(K)
                piece = clean(gpufec.lte_turbo_encode(c, info))
                if K <= 1024:
                    want.append(info)
            tags.append(tag(len(soft), "packet_len", len(piece)))
            soft.extend(piece.tolist())
        dec = gpufec.lte_turbo_decoder(code, backend="cpu", length_tag="packet_len")
        sink = run(blocks.vector_source_f(soft, False, 1, tags), dec)
        np.testing.assert_array_equal(bits_out(sink), np.concatenate(want))
        starts = np.cumsum([0] + [len(w) for w in want[:-1]])
        self.assertEqual(tags_of(sink, "packet_len"), [(int(s), len(w)) for s, w in zip(starts, want)])
        self.assertEqual(dec.frames_decoded(), len(want))

    def test_length_tagged_rate_matched_lengths(self):
        # With E > 0 the tag gives each block's E' <= E (LTE's two lengths per transport block).
        code = gpufec.lte_turbo_code(256)
        soft, want, tags = [], [], []
        for E in (1200, 1100, 1200, 1300):
            info = self.bits(256)
            sent = gpufec.lte_rate_match(code, gpufec.lte_turbo_encode(code, info), E, 1)
            tags.append(tag(len(soft), "packet_len", E))
            soft.extend(clean(sent).tolist())
            if E <= 1200:
                want.append(info)
        dec = gpufec.lte_turbo_decoder(code, backend="cpu", length_tag="packet_len", E=1200, rv=1)
        np.testing.assert_array_equal(bits_out(run(blocks.vector_source_f(soft, False, 1, tags), dec)),
                                      np.concatenate(want))

    def test_status_tags(self):
        # Blocks that end in their CRC24B pass; a block of noise does not. With early stop on
        # the CRC the clean blocks stop after one iteration, the noise runs all of them.
        code = gpufec.lte_turbo_code(256)
        good = [gpufec.lte_crc_attach(self.bits(232), "24B") for _ in range(3)]
        llr = [clean(gpufec.lte_turbo_encode(code, b)) for b in good]
        llr.insert(1, self.rng.normal(0, 1, 3 * 260).astype(np.float32))
        src = np.concatenate(llr)
        for early_stop, clean_iterations in (("none", 6), ("crc", 1)):
            dec = gpufec.lte_turbo_decoder(code, backend="cpu", early_stop=early_stop)
            sink = run(blocks.vector_source_f(src.tolist()), dec)
            self.assertEqual(tags_of(sink, "crc_pass"),
                             [(0, True), (256, False), (512, True), (768, True)])
            self.assertEqual(tags_of(sink, "iterations"),
                             [(0, clean_iterations), (256, 6), (512, clean_iterations),
                              (768, clean_iterations)])
            got = bits_out(sink)
            np.testing.assert_array_equal(got[:256], good[0])
            np.testing.assert_array_equal(got[512:], np.concatenate(good[1:]))
        # A transport block that is one code block ends in CRC24A: early_stop "crc24a" says so.
        tb24a = gpufec.lte_crc_attach(self.bits(232), "24A")
        one = clean(gpufec.lte_turbo_encode(code, tb24a))
        sink = run(blocks.vector_source_f(one.tolist()), gpufec.lte_turbo_decoder(code, backend="cpu"))
        self.assertEqual(tags_of(sink, "crc_pass"), [(0, False)])
        sink = run(blocks.vector_source_f(one.tolist()),
                   gpufec.lte_turbo_decoder(code, backend="cpu", early_stop="crc24a"))
        self.assertEqual(tags_of(sink, "crc_pass"), [(0, True)])

    # ------------------------------------------------------------------ runs and files

    def test_recorded_file_through_the_block(self):
        code = gpufec.lte_turbo_code(512)
        info, llr = gpufec.awgn_bpsk_generate(code, 9, 1.5, seed=8, backend="cpu")
        with tempfile.NamedTemporaryFile(suffix=".f32") as f:
            llr.tofile(f.name)
            sink = run(blocks.file_source(gr.sizeof_float, f.name, False),
                       gpufec.lte_turbo_decoder(code, backend="cpu"))
        got = bits_out(sink)
        np.testing.assert_array_equal(got, gpufec.lte_turbo_decode(code, llr, backend="cpu"))
        self.assertLess(np.count_nonzero(got != info), 20)

    def test_more_blocks_than_one_call_takes(self):
        # The CPU backend's call takes at most 2^18 soft values: 1985 blocks of K = 40. More
        # than two calls' worth, with input tags inside blocks on both sides of the calls'
        # edges: the same bits as the function, and every tag on its block's first bit.
        code = gpufec.lte_turbo_code(40)
        n, soft = 4500, 3 * 44
        _, llr = gpufec.awgn_bpsk_generate(code, n, 1.0, seed=9, backend="cpu")
        marked = [0, 1984, 1985, 1986, 3969, 3970, n - 1]
        src = blocks.vector_source_f(
            llr.tolist(), False, 1, [tag(f * soft + f % soft, "mark", f) for f in marked])
        sink = run(src, gpufec.lte_turbo_decoder(code, backend="cpu"))
        np.testing.assert_array_equal(bits_out(sink),
                                      gpufec.lte_turbo_decode(code, llr, backend="cpu"))
        self.assertEqual(tags_of(sink, "mark"), [(40 * f, f) for f in marked])
        self.assertEqual(tags_of(sink, "frame_start"), [(40 * b, b) for b in range(n)])
        self.assertEqual([t[0] for t in tags_of(sink, "crc_pass")], [40 * b for b in range(n)])

    def test_flowgraph_run_twice_gives_the_same_output(self):
        code = gpufec.lte_turbo_code(256)
        _, llr = gpufec.awgn_bpsk_generate(code, 5, 1.0, seed=6, backend="cpu")
        llr[3] = np.nan
        tb = gr.top_block()
        src = blocks.vector_source_f(llr.tolist())
        dec = gpufec.lte_turbo_decoder(code, backend="cpu", early_stop="hard")
        sink = blocks.vector_sink_b()
        tb.connect(src, dec, sink)
        run_bounded(tb)
        first, first_tags = bits_out(sink), tags_of(sink, "iterations")
        sink.reset()
        src.rewind()
        run_bounded(tb)
        np.testing.assert_array_equal(bits_out(sink), first)
        self.assertEqual(tags_of(sink, "iterations"), first_tags)
        self.assertEqual(tags_of(sink, "frame_start"), [(256 * b, b) for b in range(5)])
        self.assertEqual(dec.nonfinite_count(), 1)

    # ------------------------------------------------------------------ the chain

    def test_crc_check_values(self):
        # The catalogue check values of "123456789" (bytes most significant bit first).
        msg = np.unpackbits(np.frombuffer(b"123456789", dtype=np.uint8))
        for kind, check in (("24A", 0xCDE703), ("24B", 0x23EF52), ("16", 0x31C3), ("8", 0xEA)):
            self.assertEqual(gpufec.lte_crc_parity(msg, kind), check, kind)
            with_crc = gpufec.lte_crc_attach(msg, kind)
            self.assertEqual(len(with_crc), len(msg) + (24 if kind.startswith("24") else int(kind)))
            self.assertEqual(int("".join(map(str, with_crc[len(msg):])), 2), check, kind)
            self.assertTrue(gpufec.lte_crc_check(with_crc, kind))
            with_crc[5] ^= 1
            self.assertFalse(gpufec.lte_crc_check(with_crc, kind))
        self.assertEqual(gpufec.lte_crc_parity(msg, "crc24b"), 0x23EF52)

    def test_segmentation_round_trip(self):
        s = gpufec.lte_segmentation.compute(6145)  # B' = 6193 over two blocks (worked by hand)
        self.assertEqual((s.C, s.K_plus, s.K_minus, s.C_plus, s.C_minus, s.F, s.L),
                         (2, 3136, 3072, 1, 1, 15, 24))
        self.assertEqual([s.block_size(r) for r in range(2)], [3072, 3136])
        tb = self.bits(6145)
        blocks_ = gpufec.lte_segment(tb)
        self.assertEqual([len(b) for b in blocks_], [3072, 3136])
        np.testing.assert_array_equal(blocks_[0][:15], np.zeros(15, dtype=np.uint8))
        self.assertTrue(all(gpufec.lte_crc_check(b, "24B") for b in blocks_))
        bits, ok = gpufec.lte_desegment(blocks_, 6145)
        np.testing.assert_array_equal(bits, tb)
        self.assertEqual(ok.tolist(), [True, True])
        blocks_[1][7] ^= 1
        self.assertEqual(gpufec.lte_desegment(blocks_, 6145)[1].tolist(), [True, False])

    def test_transport_block_through_the_chain(self):
        # CRC24A, segmentation, encoding, rate matching; back through the decoder block
        # (de-matching) and desegmentation: the transport block comes back whole.
        payload = self.bits(3000)
        tb = gpufec.lte_crc_attach(payload, "24A")
        seg = gpufec.lte_segmentation.compute(len(tb))
        self.assertEqual(seg.C, 1)
        (block,) = gpufec.lte_segment(tb)
        code = gpufec.lte_turbo_code(len(block))
        E = 4000
        sent = gpufec.lte_rate_match(code, gpufec.lte_turbo_encode(code, block), E, 0, 0, seg.F)
        rx = clean(sent, 1.0) + self.rng.normal(0, 0.5, E).astype(np.float32)
        d = gpufec.lte_rate_dematch(code, rx, 0, 0, seg.F)
        decoded = gpufec.lte_turbo_decode(code, d, backend="cpu", early_stop="crc24a")
        bits, ok = gpufec.lte_desegment([decoded], len(tb))
        self.assertTrue(ok.all())
        self.assertTrue(gpufec.lte_crc_check(bits, "24A"))
        np.testing.assert_array_equal(bits[:3000], payload)
        indices = gpufec.lte_rate_match_indices(code, E, 0, 0, seg.F)
        np.testing.assert_array_equal(sent, gpufec.lte_turbo_encode(code, block)[indices])

    # ------------------------------------------------------------------ errors

    def test_bad_parameters(self):
        code = gpufec.lte_turbo_code(40)
        llr = np.zeros(132, dtype=np.float32)
        with self.assertRaisesRegex(ValueError, "K = 41.*40..512 in steps of 8"):
            gpufec.lte_turbo_code(41)
        with self.assertRaisesRegex(ValueError, "iterations = 0 .*1 to 32"):
            gpufec.lte_turbo_decode(code, llr, iterations=0)
        with self.assertRaisesRegex(ValueError, "algorithm = 'sova'.*'max-log' or 'log-map'"):
            gpufec.lte_turbo_decode(code, llr, algorithm="sova")
        with self.assertRaisesRegex(ValueError, "early_stop = 'crc16'.*'hard'"):
            gpufec.lte_turbo_decoder(code, early_stop="crc16")
        with self.assertRaisesRegex(ValueError, r"scaling = 0 .*\(0, 1\]"):
            gpufec.lte_turbo_decode(code, llr, scaling=0.0)
        with self.assertRaisesRegex(ValueError, "subblocks = -1 .*0 .* to K"):
            gpufec.lte_turbo_decoder(code, subblocks=-1)
        with self.assertRaisesRegex(ValueError, "subblocks = 41 .*0 .* to K"):
            gpufec.lte_turbo_decode(code, llr, subblocks=41)
        with self.assertRaisesRegex(ValueError, "guard = -1"):
            gpufec.lte_turbo_decoder(code, subblocks=2, guard=-1)
        with self.assertRaisesRegex(ValueError, "131 values.*frames of 132 soft values"):
            gpufec.lte_turbo_decode(code, llr[:-1])
        with self.assertRaisesRegex(ValueError, "131 values.*frames of 132 soft values"):
            gpufec.lte_turbo_decode(code, llr[:-1], return_llrs=True)
        with self.assertRaisesRegex(ValueError, "1-D"):
            gpufec.lte_turbo_decode(code, llr.reshape(2, 66))
        with self.assertRaisesRegex(TypeError, "int64"):
            gpufec.lte_turbo_decode(code, llr.astype(np.int64))
        with self.assertRaisesRegex(ValueError, "'auto', 'cpu' or 'cuda'"):
            gpufec.lte_turbo_decoder(code, backend="fpga")
        with self.assertRaisesRegex(ValueError, "input = 'int16'"):
            gpufec.lte_turbo_decoder(code, input="int16")
        with self.assertRaisesRegex(ValueError, "llr_scale"):
            gpufec.lte_turbo_decoder(code, input="int8", llr_scale=0.0)
        with self.assertRaisesRegex(ValueError, "rv = 4 .*0, 1, 2, 3"):
            gpufec.lte_turbo_decoder(code, E=100, rv=4)
        with self.assertRaisesRegex(ValueError, "code is None"):
            gpufec.lte_turbo_decoder(None)
        with self.assertRaisesRegex(ValueError, "code is None"):
            gpufec.lte_turbo_encoder(None)
        with self.assertRaisesRegex(ValueError, "code is None"):
            gpufec.lte_turbo_decode(None, llr)
        with self.assertRaisesRegex(TypeError, "incompatible"):
            gpufec.lte_turbo_decode(gpufec.conv_code(7, [0o171, 0o133]), llr)
        with self.assertRaisesRegex(ValueError, "got 41 bits: allowed is a positive multiple of K = 40"):
            gpufec.lte_turbo_encode(code, np.zeros(41, dtype=np.uint8))
        with self.assertRaisesRegex(ValueError, "CRC kind = '24C' is not known: use '24A', '24B', '16' or '8'"):
            gpufec.lte_crc_attach(np.zeros(8, dtype=np.uint8), "24C")
        with self.assertRaisesRegex(ValueError, "rv = 5"):
            gpufec.lte_rate_match(code, np.zeros(132, dtype=np.uint8), 100, 5)
        with self.assertRaisesRegex(ValueError, "got 131 bits.*132"):
            gpufec.lte_rate_match(code, np.zeros(131, dtype=np.uint8), 100, 0)
        with self.assertRaisesRegex(ValueError, "B = 0"):
            gpufec.lte_segmentation.compute(0)

    def test_backend_selection(self):
        code = gpufec.lte_turbo_code(40)
        kind, _ = gpufec.resolve_backend("auto")
        self.assertEqual(gpufec.lte_turbo_decoder(code).backend(), kind)
        self.assertEqual(gpufec.lte_turbo_decoder(code, backend="cpu").backend(), "cpu")


if __name__ == "__main__":
    gr_unittest.run(qa_lte_turbo)
