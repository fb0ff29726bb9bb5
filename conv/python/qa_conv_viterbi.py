#!/usr/bin/env python3
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
"""Convolutional codes from Python: conv_code, the encoder and Viterbi decoder blocks and
numpy functions, checked against GNU Radio's gr-fec (cc_encoder, puncture_bb, cc_decoder)."""

import numpy as np
import pmt
from gnuradio import blocks, digital, fec, gr, gr_unittest

from bounded_test import bounded_test, run_bounded

try:
    from gnuradio import gpufec
except ImportError:
    import os
    import sys
    sys.path.append(os.path.join(os.path.dirname(__file__), "bindings"))
    from gnuradio import gpufec

K7 = [0o171, 0o133]
# gr-fec writes generators bit-reversed, 171 first (FACTS: [109, 79] swaps the outputs).
GRFEC_POLYS = [79, 109]
RATES = ["", "2/3", "3/4", "5/6", "7/8"]
PATTERNS = {"": "11", "2/3": "1101", "3/4": "110110", "5/6": "1101100110",
            "7/8": "11010101100110"}
# (2094 + 6) * 2 = 4200 mother bits per terminated frame: a multiple of every pattern period
# (4, 6, 10, 14), so that a pattern restarted at every frame (ours) and one run over the whole
# stream (gr-fec's puncture_bb) puncture the same positions.
FRAME = 2094


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


def run_blocks(data, *chain, sink_type=blocks.vector_sink_b):
    """vector source -> chain -> vector sink; returns the sink."""
    tb = gr.top_block()
    if data.dtype == np.uint8:
        src = blocks.vector_source_b(data.tolist())
    elif data.dtype == np.int8:
        src = blocks.vector_source_b(data.view(np.uint8).tolist())
    else:
        src = blocks.vector_source_f(data.tolist())
    sink = sink_type()
    tb.connect(src, *chain, sink)
    run_bounded(tb)
    return sink


def out_bits(sink):
    return np.array(sink.data(), dtype=np.uint8)


def grfec_encode(bits, puncture, mode, frame):
    """gr-fec's cc_encoder + puncture_bb on a bit stream."""
    pat = PATTERNS[puncture]
    enc = fec.cc_encoder_make(frame, 7, 2, GRFEC_POLYS, 0, mode, False)
    chain = [fec.encoder(enc, gr.sizeof_char, gr.sizeof_char)]
    if "0" in pat:
        chain.append(fec.puncture_bb(len(pat), int(pat, 2), 0))
    return out_bits(run_blocks(bits, *chain))


class qa_conv_viterbi(bounded_test):

    def setUp(self):
        super().setUp()
        self.rng = np.random.default_rng(12345)

    def bits(self, n):
        return self.rng.integers(0, 2, n, dtype=np.uint8)

    # ------------------------------------------------------------------ encoder

    def test_encoder_matches_gr_fec(self):
        # Framed (terminated) and streaming, every built-in rate, bit for bit.
        for puncture in RATES:
            framed = gpufec.conv_code(7, K7, puncture, "terminated", FRAME)
            bits = self.bits(4 * FRAME)
            theirs = grfec_encode(bits, puncture, fec.CC_TERMINATED, FRAME)
            np.testing.assert_array_equal(gpufec.conv_encode(framed, bits), theirs,
                                          err_msg="terminated " + puncture)
            streaming = gpufec.conv_code(7, K7, puncture, "streaming")
            bits = self.bits(4 * 2100)  # whole frames for gr-fec, whole periods for us
            theirs = grfec_encode(bits, puncture, fec.CC_STREAMING, 2100)
            np.testing.assert_array_equal(gpufec.conv_encode(streaming, bits), theirs,
                                          err_msg="streaming " + puncture)

    def test_encoder_block_matches_function(self):
        for code in (gpufec.conv_code(7, K7, "3/4", "terminated", 300),
                     gpufec.conv_code(5, [0o23, 0o35, 0o27], "", "tailbiting", 77),
                     gpufec.conv_code(7, K7, "5/6", "streaming"),
                     gpufec.conv_code(7, K7, "", "streaming")):
            n = code.info_bits_per_block() * (30000 // code.info_bits_per_block())
            bits = self.bits(n)
            want = gpufec.conv_encode(code, bits)
            got = out_bits(run_blocks(bits, gpufec.conv_encoder(code)))
            np.testing.assert_array_equal(got, want, err_msg=code.name())
            # Random chunks: the state and the puncturing phase carry across calls.
            got = out_bits(run_blocks(bits, chopper(np.uint8, 97, 1), gpufec.conv_encoder(code)))
            np.testing.assert_array_equal(got, want, err_msg=code.name() + " chopped")

    def test_conv_code_accessors(self):
        c = gpufec.conv_code(7, K7, "3/4", "streaming")
        self.assertEqual((c.k(), c.n(), c.polys()), (7, 2, K7))
        self.assertEqual(c.puncture_pattern(), "110110")
        self.assertEqual(c.termination(), "streaming")
        self.assertEqual(c.term(), gpufec.termination.STREAMING)
        self.assertAlmostEqual(c.rate(), 0.75)
        self.assertEqual(c.frame_bits(), 0)
        t = gpufec.conv_code(7, K7, termination=gpufec.termination.TERMINATED, frame_bits=100)
        self.assertEqual(t.coded_bits_per_block(), 212)
        self.assertEqual(t.name(), "conv K=7 [171,133] r1/2 terminated N=100")
        self.assertIsInstance(t, gpufec.code)

    # ------------------------------------------------------------------ decoder vs gr-fec

    def test_decoder_no_worse_than_gr_fec(self):
        # Same noisy symbols (y = +-1 + noise, positive = bit 1) into gr-fec's cc_decoder
        # (terminated frames; extended_decoder maps y to uint8 as 48 y + 128 and depunctures)
        # and into ours (llr_scale 32: both quantizers saturate near |y| = 3). Both are
        # maximum-likelihood decoders of the same frames, so ours must make no more errors
        # than theirs up to quantization: ours <= 1.1 * theirs + 10 over ~1 Mbit per rate,
        # at an Eb/N0 where gr-fec makes about a hundred or more errors.
        frames = 500
        for puncture, ebn0 in (("", 3.0), ("2/3", 3.5), ("3/4", 4.0), ("5/6", 4.5),
                               ("7/8", 5.0)):
            code = gpufec.conv_code(7, K7, puncture, "terminated", FRAME)
            info, y = gpufec.awgn_bpsk_generate(code, frames, ebn0, seed=7, output="symbols",
                                                backend="cpu")
            ours = gpufec.viterbi_decode(code, y, backend="cpu", llr_scale=32.0)
            dec = fec.cc_decoder.make(FRAME, 7, 2, GRFEC_POLYS, 0, 0, fec.CC_TERMINATED, False)
            ext = fec.extended_decoder(dec, None, None, PATTERNS[puncture])
            theirs = out_bits(run_blocks(y, ext))
            self.assertEqual(len(theirs), len(info))
            e_ours = int(np.count_nonzero(ours != info))
            e_theirs = int(np.count_nonzero(theirs != info))
            print(f"rate {puncture or '1/2'} at {ebn0} dB: bit errors ours {e_ours}, "
                  f"gr-fec {e_theirs} of {len(info)}")
            self.assertGreater(e_theirs, 30, f"rate {puncture or '1/2'}: too few errors to compare")
            self.assertLessEqual(e_ours, 1.1 * e_theirs + 10,
                                 f"rate {puncture or '1/2'}: ours {e_ours}, gr-fec {e_theirs}")

    # ------------------------------------------------------------------ streaming block

    def test_streaming_output_does_not_depend_on_chunking(self):
        for puncture, ebn0 in (("", 3.0), ("3/4", 4.5), ("7/8", 6.0)):
            code = gpufec.conv_code(7, K7, puncture, "streaming")
            steps = code.info_bits_per_block()
            info, llr = gpufec.awgn_bpsk_generate(code, 60000 // steps, ebn0, seed=3,
                                                  backend="cpu")
            want = gpufec.viterbi_decode(code, llr, backend="cpu")
            np.testing.assert_array_equal(len(want), len(info))
            whole = out_bits(run_blocks(llr, gpufec.viterbi_decoder(code, "cpu")))
            chopped = out_bits(run_blocks(llr, chopper(np.float32, 700, 5),
                                          gpufec.viterbi_decoder(code, "cpu")))
            # The block flushes at the end of the stream: it gives what the function gives.
            np.testing.assert_array_equal(whole, chopped, err_msg=puncture)
            np.testing.assert_array_equal(whole, want, err_msg=puncture)
            self.assertLess(np.count_nonzero(whole != info), len(whole) * 1e-2)

    def test_tiling_parameters(self):
        code = gpufec.conv_code(7, K7, "3/4", "streaming")
        info, llr = gpufec.awgn_bpsk_generate(code, 10000, 4.0, seed=4, backend="cpu")
        want = gpufec.viterbi_decode(code, llr, backend="cpu", payload=100, before=40, after=200)
        got = out_bits(run_blocks(llr, chopper(np.float32, 300, 2),
                                  gpufec.viterbi_decoder(code, "cpu", "float", 8.0, False,
                                                         100, 40, 200)))
        np.testing.assert_array_equal(got, want)
        self.assertEqual(len(got), len(info))

    def test_recorded_file_comes_out_whole(self):
        # A file of soft values decoded through the block: every bit, up to the last one.
        import tempfile
        for puncture in ("", "3/4"):
            code = gpufec.conv_code(7, K7, puncture, "streaming")
            info, llr = gpufec.awgn_bpsk_generate(code, 12345, 5.0, seed=8, backend="cpu")
            with tempfile.NamedTemporaryFile(suffix=".f32") as f:
                llr.tofile(f.name)
                tb = gr.top_block()
                sink = blocks.vector_sink_b()
                tb.connect(blocks.file_source(gr.sizeof_float, f.name, False),
                           gpufec.viterbi_decoder(code, "cpu"), sink)
                run_bounded(tb)
            got = out_bits(sink)
            self.assertEqual(len(got), len(info), puncture)
            np.testing.assert_array_equal(got, gpufec.viterbi_decode(code, llr, backend="cpu"))
            self.assertLess(np.count_nonzero(got != info), 20, puncture)

    def test_flowgraph_run_twice_gives_the_same_output(self):
        for term in ("streaming", "terminated"):
            code = gpufec.conv_code(7, K7, "2/3", term, 600)
            info, llr = gpufec.awgn_bpsk_generate(code, 20 if term == "terminated" else 5000,
                                                  3.0, seed=6, backend="cpu")
            tb = gr.top_block()
            src = blocks.vector_source_f(llr.tolist())
            dec = gpufec.viterbi_decoder(code, "cpu")
            sink = blocks.vector_sink_b()
            tb.connect(src, dec, sink)
            run_bounded(tb)
            first = out_bits(sink)
            sink.reset()
            src.rewind()
            run_bounded(tb)
            np.testing.assert_array_equal(out_bits(sink), first, err_msg=term)
            self.assertEqual(len(first), len(info))

    def test_find_pairing_follows_a_slip(self):
        # One soft value inserted in the middle of step 4000: from there the steps start at
        # offset 1. The block and the function switch there and tag it; without the option
        # the rest of the stream decodes to garbage.
        code = gpufec.conv_code(7, K7, "", "streaming")
        info, llr = gpufec.awgn_bpsk_generate(code, 8000, 5.0, seed=9, backend="cpu")
        y = np.insert(llr, 8001, np.float32(2.0))
        bits, changes = gpufec.viterbi_decode(code, y, backend="cpu", find_pairing=True)
        self.assertEqual(len(changes), 1)
        at, offset = changes[0]
        self.assertEqual(offset, 1)
        self.assertLessEqual(abs(at - 4000), 8)
        self.assertEqual(len(bits), len(info))
        away = np.r_[0:3984, 4016:len(info) - 16]
        np.testing.assert_array_equal(bits[away], info[away])
        plain = gpufec.viterbi_decode(code, y[:-1], backend="cpu")
        self.assertGreater(np.count_nonzero(plain[away] != info[away]), 1000)
        dec = gpufec.viterbi_decoder(code, "cpu", find_pairing=True)
        tb = gr.top_block()
        src = blocks.vector_source_f(y.tolist())
        sink = blocks.vector_sink_b()
        chop = chopper(np.float32, 500, 7)  # a Python block: kept alive here
        tb.connect(src, chop, dec, sink)
        for run in range(2):  # a second run is a new stream: the same bits and tags
            sink.reset()
            src.rewind()
            run_bounded(tb)
            np.testing.assert_array_equal(out_bits(sink), bits)
            first = sink.nitems_read(0) - len(bits)  # item counts may go on across runs
            tags = [t for t in sink.tags() if pmt.symbol_to_string(t.key) == "pairing"]
            self.assertEqual([(t.offset - first, pmt.to_long(t.value)) for t in tags],
                             [(at, 1)], run)
        self.assertEqual(len([t for t in run_blocks(y, gpufec.viterbi_decoder(code, "cpu")).tags()
                              if pmt.symbol_to_string(t.key) == "pairing"]), 0)
        for bad in (gpufec.conv_code(7, K7, "", "terminated"),
                    gpufec.conv_code(7, K7, "3/4", "streaming")):
            with self.assertRaises(ValueError):
                gpufec.viterbi_decoder(bad, "cpu", find_pairing=True)
            with self.assertRaises(ValueError):
                gpufec.viterbi_decode(bad, llr[:bad.coded_bits_per_block() * 4], backend="cpu",
                                      find_pairing=True)

    def test_packet_len_tag_gets_the_decoded_length(self):
        code = gpufec.conv_code(7, K7, "", "terminated", 2048)
        info = self.bits(3 * 2048)
        soft = gpufec.conv_encode(code, info).astype(np.float32) * 2 - 1
        n = code.coded_bits_per_block()
        tags = [gr.tag_utils.python_to_tag((i * n, gr.pmt.intern("packet_len"),
                                            gr.pmt.from_long(n))) for i in range(3)]
        tb = gr.top_block()
        sink = blocks.vector_sink_b()
        tb.connect(blocks.vector_source_f(soft.tolist(), False, 1, tags),
                   gpufec.viterbi_decoder(code, "cpu"), sink)
        run_bounded(tb)
        np.testing.assert_array_equal(out_bits(sink), info)
        got = [(t.offset, gr.pmt.to_python(t.value)) for t in sink.tags()
               if gr.pmt.symbol_to_string(t.key) == "packet_len"]
        self.assertEqual(got, [(2048 * i, 2048) for i in range(3)])

    def test_length_tagged_frames(self):
        # Frames of several lengths, each announced by a packet_len tag on its first value,
        # and one that no frame length gives (dropped with a warning, the rest decoded).
        code = gpufec.conv_code(7, K7, "3/4", "terminated", 1000)
        soft, want, tags = [], [], []
        for length in (1000, 300, 300, 17, 999):
            c = gpufec.conv_code(7, K7, "3/4", "terminated", length)
            info = self.bits(length)
            coded = gpufec.conv_encode(c, info).astype(np.float32) * 2 - 1
            tags.append(gr.tag_utils.python_to_tag((len(soft), gr.pmt.intern("packet_len"),
                                                    gr.pmt.from_long(len(coded)))))
            soft.extend(coded.tolist())
            want.append(info)
        bad = [0.5] * 7
        tags.append(gr.tag_utils.python_to_tag((len(soft), gr.pmt.intern("packet_len"),
                                                gr.pmt.from_long(len(bad)))))
        soft.extend(bad)
        info = self.bits(50)
        c = gpufec.conv_code(7, K7, "3/4", "terminated", 50)
        coded = gpufec.conv_encode(c, info).astype(np.float32) * 2 - 1
        tags.append(gr.tag_utils.python_to_tag((len(soft), gr.pmt.intern("packet_len"),
                                                gr.pmt.from_long(len(coded)))))
        soft.extend(coded.tolist())
        want.append(info)
        tb = gr.top_block()
        sink = blocks.vector_sink_b()
        dec = gpufec.viterbi_decoder(code, "cpu", length_tag="packet_len")
        chop = chopper(np.float32, 900, 4)  # a Python block must outlive the run
        tb.connect(blocks.vector_source_f(soft, False, 1, tags), chop, dec, sink)
        run_bounded(tb)
        np.testing.assert_array_equal(out_bits(sink), np.concatenate(want))
        got = [(t.offset, gr.pmt.to_python(t.value)) for t in sink.tags()
               if gr.pmt.symbol_to_string(t.key) == "packet_len"]
        starts = np.cumsum([0] + [len(w) for w in want[:-1]])
        self.assertEqual(got, [(int(s), len(w)) for s, w in zip(starts, want)])
        self.assertEqual(dec.frames_decoded(), len(want))
        with self.assertRaisesRegex(ValueError, "streaming"):
            gpufec.viterbi_decoder(gpufec.conv_code(7, K7, "", "streaming"), "cpu",
                                   length_tag="packet_len")

    def test_hard_bits_and_other_dtypes(self):
        # uint8/bool 0/1 arrays are hard decisions (whatever invert says); other integer types
        # are refused with a message saying what is accepted.
        code = gpufec.conv_code(7, K7, "", "terminated", 200)
        info = self.bits(5 * 200)
        coded = gpufec.conv_encode(code, info)
        coded[::37] ^= 1  # a few hard errors, well inside what the code corrects
        for arr in (coded, coded.astype(bool)):
            np.testing.assert_array_equal(gpufec.viterbi_decode(code, arr, backend="cpu"), info)
            np.testing.assert_array_equal(
                gpufec.viterbi_decode(code, arr, backend="cpu", invert=True), info)
        with self.assertRaisesRegex(ValueError, "hard bits, 0 or 1"):
            gpufec.viterbi_decode(code, coded * 2, backend="cpu")
        with self.assertRaisesRegex(TypeError, "int64.*uint8/bool hard bits"):
            gpufec.viterbi_decode(code, coded.astype(np.int64), backend="cpu")

    def test_stream_ending_inside_a_step_is_an_error(self):
        code = gpufec.conv_code(7, K7, "", "streaming")
        _, llr = gpufec.awgn_bpsk_generate(code, 500, 4.0, seed=1, backend="cpu")
        self.assertEqual(len(gpufec.viterbi_decode(code, llr, backend="cpu")), 500)
        with self.assertRaisesRegex(ValueError, "inside a trellis step.*last 1 values"):
            gpufec.viterbi_decode(code, llr[:-1], backend="cpu")

    # ------------------------------------------------------------------ soft convention

    def test_gnuradio_bpsk_soft_decoder_feeds_the_decoder(self):
        # GNU Radio's BPSK (bit 1 -> +1) and soft decoder (positive = bit 1) need no flag.
        code = gpufec.conv_code(7, K7, "3/4", "terminated", 500)
        info = self.bits(20 * 500)
        coded = gpufec.conv_encode(code, info)
        const = digital.constellation_bpsk().base()
        sym = np.array(const.points())[coded]
        sym = (sym + 0.35 * self.rng.standard_normal(len(sym))).astype(np.complex64)
        tb = gr.top_block()
        sink = blocks.vector_sink_b()
        dec = gpufec.viterbi_decoder(code, "cpu")
        tb.connect(blocks.vector_source_c(sym.tolist()),
                   digital.constellation_soft_decoder_cf(const), dec, sink)
        run_bounded(tb)
        np.testing.assert_array_equal(out_bits(sink), info)
        # invert=True on the negated stream gives the same bits.
        tb = gr.top_block()
        sink = blocks.vector_sink_b()
        tb.connect(blocks.vector_source_c(sym.tolist()),
                   digital.constellation_soft_decoder_cf(const), blocks.multiply_const_ff(-1.0),
                   gpufec.viterbi_decoder(code, "cpu", invert=True), sink)
        run_bounded(tb)
        np.testing.assert_array_equal(out_bits(sink), info)

    def test_invert_and_int8_agree_with_float(self):
        for term in ("terminated", "streaming"):
            code = gpufec.conv_code(7, K7, "2/3", term, 1000)
            _, llr = gpufec.awgn_bpsk_generate(code, 50 if term == "terminated" else 25000,
                                               2.0, seed=11, backend="cpu")
            ref = gpufec.viterbi_decode(code, llr, backend="cpu")
            np.testing.assert_array_equal(
                gpufec.viterbi_decode(code, -llr, backend="cpu", invert=True), ref)
            # int8 input is used as it is: quantize the way the decoder does (round half even).
            q = np.clip(np.rint(llr * np.float32(8.0)), -127, 127).astype(np.int8)
            np.testing.assert_array_equal(gpufec.viterbi_decode(code, q, backend="cpu"), ref)
            blk8 = out_bits(run_blocks(q, gpufec.viterbi_decoder(code, "cpu", "int8")))
            blkf = out_bits(run_blocks(llr, gpufec.viterbi_decoder(code, "cpu", "float")))
            np.testing.assert_array_equal(blk8, blkf)
            np.testing.assert_array_equal(blk8, ref[:len(blk8)])
            blki = out_bits(run_blocks(-q, gpufec.viterbi_decoder(code, "cpu", "int8",
                                                                  invert=True)))
            np.testing.assert_array_equal(blki, blk8)

    # ------------------------------------------------------------------ frames and tags

    def test_frame_start_tags(self):
        code = gpufec.conv_code(7, K7, "5/6", "truncated", 100)
        info = self.bits(7 * 100)
        coded = gpufec.conv_encode(code, info).astype(np.float32) * 2 - 1
        dec = gpufec.viterbi_decoder(code, "cpu")
        sink = run_blocks(coded, chopper(np.float32, 50, 3), dec)
        np.testing.assert_array_equal(out_bits(sink), info)
        tags = [(t.offset, gr.pmt.to_python(t.value)) for t in sink.tags()
                if gr.pmt.symbol_to_string(t.key) == "frame_start"]
        self.assertEqual(tags, [(100 * i, i) for i in range(7)])
        self.assertEqual(dec.frames_decoded(), 7)

    def test_nonfinite_input_is_decoded_by_the_rules(self):
        # NaN = erasure (0), +-Inf = +-127: the block decodes such a stream like the function,
        # counts the values and keeps running.
        for term in ("terminated", "streaming"):
            code = gpufec.conv_code(7, K7, "", term, 1000)
            info, llr = gpufec.awgn_bpsk_generate(code, 30 if term == "terminated" else 30000,
                                                  6.0, seed=2, backend="cpu")
            bad = llr.copy()
            bad[::97] = np.nan
            bad[5::211] = np.inf
            bad[7::307] = -np.inf
            n_bad = int(np.count_nonzero(~np.isfinite(bad)))
            erased = np.where(np.isnan(bad), 0, np.clip(bad, -127.0 / 8, 127.0 / 8))
            want = gpufec.viterbi_decode(code, erased.astype(np.float32), backend="cpu")
            np.testing.assert_array_equal(gpufec.viterbi_decode(code, bad, backend="cpu"), want)
            dec = gpufec.viterbi_decoder(code, "cpu")
            got = out_bits(run_blocks(bad, dec))
            np.testing.assert_array_equal(got, want[:len(got)])
            self.assertEqual(dec.nonfinite_count(), n_bad)

    # ------------------------------------------------------------------ errors

    def test_bad_parameters_raise_value_error(self):
        code = gpufec.conv_code(7, K7, "", "terminated", 100)
        with self.assertRaisesRegex(ValueError, "211 values.*frames of 212 soft values"):
            gpufec.viterbi_decode(code, np.zeros(211, dtype=np.float32))
        with self.assertRaisesRegex(ValueError, "whole number of blocks"):
            gpufec.conv_encode(code, np.zeros(99, dtype=np.uint8))
        with self.assertRaisesRegex(ValueError, "1-D"):
            gpufec.viterbi_decode(code, np.zeros((2, 212), dtype=np.float32))
        with self.assertRaisesRegex(ValueError, "k = 2 is out of range"):
            gpufec.conv_code(2, [3, 1])
        with self.assertRaisesRegex(ValueError, "k = 10 is out of range"):
            gpufec.conv_code(10, K7)
        with self.assertRaisesRegex(ValueError, r"polys\[1\] = 0o200 is out of range"):
            gpufec.conv_code(7, [0o171, 0o200])
        with self.assertRaisesRegex(ValueError, "polys has 1 generators"):
            gpufec.conv_code(7, [0o171])
        with self.assertRaisesRegex(ValueError, "puncture = '0000'.*at least one '1'"):
            gpufec.conv_code(7, K7, "0000")
        with self.assertRaisesRegex(ValueError, "puncture = '110'.*multiple"):
            gpufec.conv_code(7, K7, "110")
        with self.assertRaisesRegex(ValueError, "puncture = '9/10'"):
            gpufec.conv_code(7, K7, "9/10")
        with self.assertRaisesRegex(ValueError, "termination = 'framed'"):
            gpufec.conv_code(7, K7, "", "framed")
        with self.assertRaisesRegex(ValueError, "frame_bits = 0"):
            gpufec.conv_code(7, K7, "", "terminated", 0)
        with self.assertRaisesRegex(ValueError, "input = 'int16'"):
            gpufec.viterbi_decoder(code, "cpu", "int16")
        with self.assertRaisesRegex(ValueError, "'auto', 'cpu' or 'cuda'"):
            gpufec.viterbi_decoder(code, "fpga")
        with self.assertRaisesRegex(ValueError, "llr_scale"):
            gpufec.viterbi_decoder(code, "cpu", "float", 0.0)
        with self.assertRaisesRegex(ValueError, "tiling.after = 1 .*at least 15 steps"):
            gpufec.viterbi_decoder(gpufec.conv_code(7, K7, "", "streaming"), "cpu", "float",
                                   8.0, False, 1, 0, 1)
        with self.assertRaisesRegex(ValueError, "code"):
            gpufec.viterbi_decoder(None)
        with self.assertRaisesRegex(ValueError, "code"):
            gpufec.conv_encoder(None)

    def test_frames_fit_the_buffers(self):
        # A frame larger than the limit cannot be built, so no block waits for it; at the limit
        # a finite flowgraph ends, whole frames or not.
        for frame_bits in (2**31, 2**63, 2**64 - 1, gpufec.conv_code.max_frame_bits + 1):
            with self.assertRaisesRegex(ValueError, "frame_bits = %d is out of range: allowed is "
                                        "1 to 1048576" % frame_bits):
                gpufec.conv_code(7, K7, "", "terminated", frame_bits)
        code = gpufec.conv_code(7, K7, "", "terminated", gpufec.conv_code.max_frame_bits)
        self.assertEqual(code.coded_bits_per_block(), 2 * (2**20 + 6))
        # A whole frame is 2 Mbit of work: more time for it on a loaded machine.
        for data, seconds in (([1, 0] * 1000, 1.0), ([1, 0] * 2**19 + [1] * 100, 5.0)):
            tb = gr.top_block()
            sink = blocks.vector_sink_b()
            tb.connect(blocks.vector_source_b(data), gpufec.conv_encoder(code), sink)
            run_bounded(tb, seconds)
            self.assertEqual(len(sink.data()), len(data) // 2**20 * code.coded_bits_per_block())
        tb = gr.top_block()
        sink = blocks.vector_sink_b()
        tb.connect(blocks.vector_source_f([1.0] * 5000), gpufec.viterbi_decoder(code, "cpu"), sink)
        run_bounded(tb, 1.0)
        self.assertEqual(len(sink.data()), 0)

    def test_nonzero_bits_are_ones(self):
        # docs/conventions.md: any nonzero input value is bit 1, whatever the dtype.
        rng = np.random.default_rng(3)
        code = gpufec.conv_code(7, K7, "3/4", "truncated", 30)
        bits = rng.integers(0, 2, 300, dtype=np.uint8)
        want = gpufec.conv_encode(code, bits)
        ones = bits.astype(bool)
        for values in (np.where(ones, 256, 0).astype(np.int64), np.where(ones, -1, 0).astype(np.int8),
                       np.where(ones, 0.6, 0.0), np.where(ones, 1e-30, 0.0).astype(np.float32),
                       np.where(ones, 2**40, 0), ones, np.where(ones, 7, 0).astype(np.uint16),
                       np.where(ones, 255, 0).astype(np.uint8), list(np.where(ones, 2, 0))):
            np.testing.assert_array_equal(gpufec.conv_encode(code, values), want, err_msg=str(values[:5]))
        with self.assertRaisesRegex(ValueError, "bits has complex values"):
            gpufec.conv_encode(code, bits.astype(complex))
        with self.assertRaisesRegex(TypeError, "bits must hold integers, booleans or floats.*<U"):
            gpufec.conv_encode(code, bits.astype(str))
        with self.assertRaisesRegex(ValueError, "bits must be a 1-D array, got 2 dimensions"):
            gpufec.conv_encode(code, bits.reshape(10, 30))

    def test_rejects_useless_codes(self):
        with self.assertRaisesRegex(ValueError, r"puncture = '10' .*\(rate 1/1\): the rate must "
                                    "be below 1"):
            gpufec.conv_code(7, K7, "10")
        with self.assertRaisesRegex(ValueError, r"puncture = '1000' .*\(rate 2/1\)"):
            gpufec.conv_code(7, K7, "1000")
        with self.assertRaisesRegex(ValueError, r"polys = \[0o5, 0o6\] is a catastrophic code"):
            gpufec.conv_code(3, [5, 6])
        with self.assertRaisesRegex(ValueError, r"polys\[1\] = 0o171 repeats polys\[0\]"):
            gpufec.conv_code(7, [0o171, 0o171])
        # The codes of the docs and the tests stay valid.
        for k, polys in ((7, [0o171, 0o133]), (7, [0o133, 0o171, 0o165]), (9, [0o753, 0o561]),
                         (9, [0o557, 0o663, 0o711]), (9, [0o557, 0o663, 0o711, 0o447]),
                         (5, [0o23, 0o35]), (5, [0o23, 0o35, 0o27])):
            gpufec.conv_code(k, polys)

    def test_integer_arguments_name_the_range(self):
        for value in (-1, 2**70):
            with self.assertRaisesRegex(ValueError, "frame_bits = %d is out of range: allowed is 1 "
                                        "to 1048576" % value):
                gpufec.conv_code(7, K7, "", "terminated", value)
            with self.assertRaisesRegex(ValueError, "frame_bits = %d is out of range" % value):
                gpufec.conv_code(7, K7, "", gpufec.termination.TERMINATED, value)
            with self.assertRaisesRegex(ValueError, "k = %d is out of range: allowed is 3 to 9" % value):
                gpufec.conv_code(value, K7)
        for value in (-2**70, 2**70):  # -1 is generator 1 inverted (docs/conventions.md)
            with self.assertRaisesRegex(ValueError, r"polys\[1\] = %d is out of range: allowed is "
                                        "1 to 0o177 for k = 7" % value):
                gpufec.conv_code(7, [0o171, value])
        with self.assertRaisesRegex(TypeError, "frame_bits must be an integer, got float"):
            gpufec.conv_code(7, K7, "", "terminated", 100.0)
        with self.assertRaisesRegex(TypeError, "polys must be a list of generators"):
            gpufec.conv_code(7, 0o171)
        self.assertEqual(gpufec.conv_code(np.int64(7), np.array(K7), "", "truncated",
                                          np.uint16(100)).frame_bits(), 100)

    def test_backend_selection(self):
        code = gpufec.conv_code(7, K7, "", "streaming")
        kind, _ = gpufec.resolve_backend("auto")
        self.assertEqual(gpufec.viterbi_decoder(code).backend(), kind)
        self.assertEqual(gpufec.viterbi_decoder(code, "cpu").backend(), "cpu")

    # ------------------------------------------------------------------ BER

    def test_ber_k7_rate_half_terminated(self):
        # Issue's bands for K=7 171/133 r1/2, 2048-bit terminated frames, float LLRs
        # (reference 4.3e-4 at 3 dB, 2e-5 at 4 dB). Errors come in bursts of a few bits, so
        # the counts vary more than a binomial's: ~4 Mbit at 3 dB (~1800 errors) and ~30 Mbit
        # at 4 dB (~600 errors) keep the estimate well inside the bands.
        code = gpufec.conv_code(7, K7, "", "terminated", 2048)
        for ebn0, frames, lo, hi in ((3.0, 2000, 3.0e-4, 5.5e-4), (4.0, 15000, 1.2e-5, 3.2e-5)):
            errors = bits = 0
            chunk = 2500
            for i in range(0, frames, chunk):
                info, llr = gpufec.awgn_bpsk_generate(code, min(chunk, frames - i), ebn0,
                                                      seed=1000 + i, backend="cpu")
                errors += int(np.count_nonzero(gpufec.viterbi_decode(code, llr, backend="cpu")
                                               != info))
                bits += len(info)
            ber = errors / bits
            print(f"K=7 r1/2 terminated at {ebn0} dB: {errors} errors in {bits} bits, "
                  f"BER {ber:.3e}")
            self.assertTrue(lo <= ber <= hi, f"BER {ber:.3e} at {ebn0} dB not in [{lo}, {hi}]")


if __name__ == "__main__":
    gr_unittest.run(qa_conv_viterbi)
