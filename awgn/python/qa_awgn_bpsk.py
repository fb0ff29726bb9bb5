#!/usr/bin/env python3
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
"""The AWGN/BPSK test sources from Python: blocks, numpy functions, conventions, errors."""

import math

import numpy as np
from gnuradio import blocks, digital, gr, gr_unittest

from bounded_test import bounded_test, run_bounded

try:
    from gnuradio import gpufec
except ImportError:
    import os
    import sys
    sys.path.append(os.path.join(os.path.dirname(__file__), "bindings"))
    from gnuradio import gpufec


def coded_cases():
    """Rate 1/2 and 1/3 convolutional codes, a punctured one and an LTE turbo code (F = 1024),
    each with its rate counted from the code's definition (information bits over channel bits,
    tails and puncturing included) and its encoder."""
    frame, steps = 1024, 1024 + 6  # K = 7: six tail steps
    sent = sum("110110"[i % 6] == "1" for i in range(2 * steps))  # "3/4", restarted each frame
    conv = lambda polys, punc: gpufec.conv_code(7, polys, punc, "terminated", frame)
    turbo = gpufec.lte_turbo_code(frame)
    return [(conv([0o171, 0o133], ""), frame / (2 * steps), gpufec.conv_encode),
            (conv([0o133, 0o171, 0o165], ""), frame / (3 * steps), gpufec.conv_encode),
            (conv([0o171, 0o133], "3/4"), frame / sent, gpufec.conv_encode),
            (turbo, frame / (3 * frame + 12), gpufec.lte_turbo_encode)]


def check_llr_statistics(test, coded, llr, ebn0_db, rate, what):
    """LLRs 2y/sigma^2 of unit-energy BPSK, sigma = sqrt(1 / (2 R Eb/N0)) computed here: x llr
    has mean 2/sigma^2 and llr - x 2/sigma^2 spread 2/sigma, within 99.9 % bounds (a sigma off
    by the code rate is many bounds out)."""
    z999 = 3.2905
    sigma = math.sqrt(1.0 / (2.0 * rate * 10 ** (ebn0_db / 10)))
    x = np.where(np.asarray(coded) != 0, 1.0, -1.0)
    llr = np.asarray(llr, dtype=np.float64)
    test.assertEqual(len(x), len(llr), what)
    n = len(llr)
    mean, spread = np.mean(x * llr), math.sqrt(np.mean((llr - x * 2 / sigma**2) ** 2))
    msg = "%s: mean %g (want %g), spread %g (want %g)" % (what, mean, 2 / sigma**2, spread,
                                                          2 / sigma)
    test.assertLess(abs(mean - 2 / sigma**2), z999 * (2 / sigma) / math.sqrt(n), msg)
    test.assertLess(abs((spread * sigma / 2) ** 2 - 1), z999 * math.sqrt(2 / n), msg)


class qa_awgn_bpsk(bounded_test):

    def test_source_block_matches_numpy_function(self):
        n = 50000
        tb = gr.top_block()
        src = gpufec.awgn_bpsk_source(gpufec.uncoded(), 2.0, seed=5, backend="cpu")
        bits = blocks.vector_sink_b()
        soft = blocks.vector_sink_f()
        tb.connect((src, 0), blocks.head(gr.sizeof_char, n), bits)
        tb.connect((src, 1), blocks.head(gr.sizeof_float, n), soft)
        run_bounded(tb)
        want_bits, want_soft = gpufec.awgn_bpsk_generate(gpufec.uncoded(), n, 2.0, seed=5,
                                                         backend="cpu")
        np.testing.assert_array_equal(np.array(bits.data(), dtype=np.uint8), want_bits)
        np.testing.assert_array_equal(np.array(soft.data(), dtype=np.float32), want_soft)

    def test_channel_block_matches_numpy_function(self):
        rng = np.random.default_rng(1)
        data = rng.integers(0, 2, 7777, dtype=np.uint8)
        tb = gr.top_block()
        ch = gpufec.awgn_bpsk_channel(1.0, "ebn0", 0.5, "llr", 3, "cpu")
        sink = blocks.vector_sink_f()
        tb.connect(blocks.vector_source_b(data.tolist()), ch, sink)
        run_bounded(tb)
        want = gpufec.awgn_bpsk(data, 1.0, "ebn0", 0.5, "llr", seed=3, backend="cpu")
        np.testing.assert_array_equal(np.array(sink.data(), dtype=np.float32), want)

    def test_coded_soft_values_have_the_sigma_of_the_rate(self):
        # The numpy function and the block (Eb/N0 given at construction, and set later).
        ebn0_db = 1.5
        for code, rate, encode in coded_cases():
            self.assertAlmostEqual(code.rate(), rate, places=15)
            k, n = code.info_bits_per_block(), code.coded_bits_per_block()
            frames = (1 << 17) // n + 1
            info, llr = gpufec.awgn_bpsk_generate(code, frames, ebn0_db, seed=6, backend="cpu")
            check_llr_statistics(self, encode(code, info), llr, ebn0_db, rate, code.name())
            for later in (False, True):
                src = gpufec.awgn_bpsk_source(code, 8.0 if later else ebn0_db, 6, "llr", "cpu")
                if later:
                    src.set_ebn0_db(ebn0_db)
                tb = gr.top_block()
                bits, soft = blocks.vector_sink_b(), blocks.vector_sink_f()
                tb.connect((src, 0), blocks.head(gr.sizeof_char, frames * k), bits)
                tb.connect((src, 1), blocks.head(gr.sizeof_float, frames * n), soft)
                tb.run()
                info = np.array(bits.data(), dtype=np.uint8)
                check_llr_statistics(self, encode(code, info), soft.data(), ebn0_db, rate,
                                     "%s block%s" % (code.name(), " (set_ebn0_db)" if later else ""))

    def test_channel_block_snr_setter_and_code_rate(self):
        # set_snr_db before the run applies, with the code rate the block was given.
        rng = np.random.default_rng(2)
        data = rng.integers(0, 2, 1 << 17, dtype=np.uint8)
        ch = gpufec.awgn_bpsk_channel(9.0, "ebn0", 0.5, "llr", 3, "cpu")
        ch.set_snr_db(1.5)
        tb = gr.top_block()
        sink = blocks.vector_sink_f()
        tb.connect(blocks.vector_source_b(data.tolist()), ch, sink)
        tb.run()
        check_llr_statistics(self, data, sink.data(), 1.5, 0.5, "channel block")

    def test_soft_convention_matches_gnuradio(self):
        # GNU Radio's BPSK constellation and soft decoder: bit 1 -> positive soft value.
        bits = np.array([0, 1, 1, 0, 1], dtype=np.uint8)
        ours = gpufec.awgn_bpsk(bits, 40.0, "esn0", output="symbols", backend="cpu")
        tb = gr.top_block()
        const = digital.constellation_bpsk().base()
        mod = digital.chunks_to_symbols_bc(const.points())
        dec = digital.constellation_soft_decoder_cf(const)
        sink = blocks.vector_sink_f()
        tb.connect(blocks.vector_source_b(bits.tolist()), mod, dec, sink)
        run_bounded(tb)
        theirs = np.array(sink.data())
        np.testing.assert_array_equal(np.sign(ours), np.sign(theirs))
        np.testing.assert_array_equal(ours > 0, bits == 1)

    def test_uncoded_ber_at_4db(self):
        n = 1 << 20
        info, llr = gpufec.awgn_bpsk_generate(gpufec.uncoded(), n, 4.0, seed=9, backend="cpu")
        errors = int(np.count_nonzero((llr > 0) != (info == 1)))
        p = 0.5 * math.erfc(math.sqrt(10 ** 0.4))
        sd = math.sqrt(n * p * (1 - p))
        self.assertLess(abs(errors - n * p), 2.5758 * sd)

    def test_ebn0_callback_applies(self):
        src = gpufec.awgn_bpsk_source(gpufec.uncoded(), 0.0, backend="cpu")
        src.set_ebn0_db(40.0)
        self.assertEqual(src.ebn0_db(), 40.0)
        tb = gr.top_block()
        bits = blocks.vector_sink_b()
        soft = blocks.vector_sink_f()
        tb.connect((src, 0), blocks.head(gr.sizeof_char, 1000), bits)
        tb.connect((src, 1), blocks.head(gr.sizeof_float, 1000), soft)
        run_bounded(tb)
        np.testing.assert_array_equal(np.array(soft.data()) > 0, np.array(bits.data()) == 1)

    def test_backend_selection(self):
        kind, why = gpufec.resolve_backend("auto")
        self.assertEqual(kind, "cuda" if gpufec.cuda_device_count() > 0 else "cpu")
        self.assertIn("auto", why)
        src = gpufec.awgn_bpsk_source(gpufec.uncoded(), 3.0)
        self.assertEqual(src.backend(), kind)

    def test_bad_input_raises_value_error(self):
        with self.assertRaisesRegex(ValueError, "snr_db"):
            gpufec.awgn_bpsk_channel(float("nan"))
        with self.assertRaisesRegex(ValueError, "'auto', 'cpu' or 'cuda'"):
            gpufec.awgn_bpsk_source(gpufec.uncoded(), 3.0, backend="fpga")
        with self.assertRaisesRegex(ValueError, "'llr' or 'symbols'"):
            gpufec.awgn_bpsk(np.zeros(4, dtype=np.uint8), output="bits")
        with self.assertRaisesRegex(ValueError, "rate"):
            gpufec.awgn_bpsk(np.zeros(4, dtype=np.uint8), 3.0, "ebn0", 0.0)
        with self.assertRaisesRegex(ValueError, "1-D"):
            gpufec.awgn_bpsk(np.zeros((2, 2), dtype=np.uint8))
        with self.assertRaisesRegex(ValueError, "code"):
            gpufec.awgn_bpsk_source(None, 3.0)

    def test_sizes_and_integers_raise_value_error(self):
        code = gpufec.conv_code(7, [0o171, 0o133])
        # 2**62 blocks of 4108 bits wrapped around to a small array, then a crash.
        for n in (2**62, 2**70, -1):
            with self.assertRaisesRegex(ValueError, "n_blocks = %d is out of range: allowed is 0 "
                                        "to 4490444029627446" % n):
                gpufec.awgn_bpsk_generate(code, n, backend="cpu")
        with self.assertRaisesRegex(TypeError, "n_blocks must be an integer, got float"):
            gpufec.awgn_bpsk_generate(code, 1.5, backend="cpu")
        for seed in (-1, 2**64):
            with self.assertRaisesRegex(ValueError, "seed = %d is out of range: allowed is 0 to "
                                        r"2\^64 - 1" % seed):
                gpufec.awgn_bpsk_generate(code, 1, seed=seed, backend="cpu")
            with self.assertRaisesRegex(ValueError, "seed = %d is out of range" % seed):
                gpufec.awgn_bpsk(np.zeros(4, dtype=np.uint8), seed=seed, backend="cpu")
            with self.assertRaisesRegex(ValueError, "seed = %d is out of range" % seed):
                gpufec.awgn_bpsk_source(code, 3.0, seed, backend="cpu")
            with self.assertRaisesRegex(ValueError, "seed = %d is out of range" % seed):
                gpufec.awgn_bpsk_channel(3.0, "ebn0", 1.0, "llr", seed, "cpu")
        with self.assertRaisesRegex(ValueError, "first_sample = -1 is out of range"):
            gpufec.awgn_bpsk(np.zeros(4, dtype=np.uint8), first_sample=-1, backend="cpu")
        with self.assertRaisesRegex(ValueError, "first_sample = %d is too large: first_sample \\+ "
                                    "the number of bits does not fit in 64 bits" % (2**64 - 2)):
            gpufec.awgn_bpsk(np.zeros(4, dtype=np.uint8), first_sample=2**64 - 2, backend="cpu")
        # The largest seed is a seed like any other.
        _, a = gpufec.awgn_bpsk_generate(code, 1, seed=2**64 - 1, backend="cpu")
        _, b = gpufec.awgn_bpsk_generate(code, 1, seed=np.uint64(2**64 - 1), backend="cpu")
        np.testing.assert_array_equal(a, b)

    def test_nonzero_bits_are_ones(self):
        # docs/conventions.md: any nonzero input value is bit 1, whatever the dtype.
        bits = np.array([0, 1, 1, 0, 1, 0, 0, 1], dtype=np.uint8)
        want = gpufec.awgn_bpsk(bits, 2.0, seed=4, backend="cpu")
        ones = bits.astype(bool)
        for values in (np.where(ones, 256, 0), np.where(ones, 0.6, 0.0), np.where(ones, -3, 0),
                       ones, np.where(ones, 9, 0).astype(np.uint8), list(np.where(ones, 2, 0))):
            np.testing.assert_array_equal(gpufec.awgn_bpsk(values, 2.0, seed=4, backend="cpu"), want)
        with self.assertRaisesRegex(TypeError, "bits must hold integers, booleans or floats"):
            gpufec.awgn_bpsk(np.array(["a", "b"]))


if __name__ == "__main__":
    gr_unittest.run(qa_awgn_bpsk)
