#!/usr/bin/env python3
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
"""Argument checking of the whole Python interface (docs/conventions.md, "Bad parameters").

The integer parameters are found in the bindings' signatures (pybind11 writes them into each
docstring), and in Python's for what gpufec defines in Python (the CCSDS deframer: the
parameters whose default is an integer): every function, method and block constructor of
gpufec that takes an integer must
refuse a negative one and one beyond any C++ integer type with a ValueError that names the
parameter. A new function with an integer parameter fails test_every_function_is_covered until
CALLS says how to call it (a family added from skeleton/template says it in its own
<family>/python/<family>_arguments.py); a new integer parameter of a listed function is tested
as it is.
A name with a [variant] suffix calls the same function down another path (find_pairing).
Arrays: complex values are refused wherever soft values, bits or symbols are taken."""

import ctypes
import ctypes.util
import glob
import importlib.util
import inspect
import os
import re

import numpy as np
from gnuradio import blocks, fec, gr, gr_unittest

from gnuradio import gpufec

from bounded_test import bounded_test, captured_output, run_bounded

# Beyond every C++ integer type the bindings convert to (int, unsigned, size_t, uint64_t,
# long long): pybind11's own conversion would raise TypeError listing the signatures.
HUGE = [2 ** 64, 2 ** 70, -2 ** 63 - 1]
# Functions that answer a question about any integer (only the range of the type is checked).
PREDICATES = {"lte_turbo_code.is_block_size"}
# Made only where libfec is (the CCSDS deframer's Reed-Solomon code, called at run time).
NEEDS_LIBFEC = {"ccsds_deframer.__init__", "ccsds_reed_solomon.__init__"}
HAS_LIBFEC = ctypes.util.find_library("fec") is not None


SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def family_calls():
    """The calls a family's folder lists: calls(gpufec) of each
    <family>/python/<family>_arguments.py, {name: (function, args, kwargs)} as in CALLS."""
    found = {}
    for folder in sorted(glob.glob(os.path.join(SOURCE, "*", ""))):
        family = os.path.basename(os.path.dirname(folder))
        path = os.path.join(folder, "python", family + "_arguments.py")
        if not os.path.isfile(path):
            continue
        spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        found.update(module.calls(gpufec))
    return found


def split_top(text, sep=","):
    """text split at sep outside brackets and quotes."""
    parts, depth, quote, cur = [], 0, None, ""
    for ch in text:
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == sep and depth == 0:
            parts.append(cur.strip())
            cur = ""
            continue
        cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def typed_params(doc):
    """{name: (type, default text or None)} of the parameters of a pybind11 docstring (all
    overloads: "name(a: int, b: str = 'x') -> T" or "1. name(...) -> T")."""
    found = {}
    for line in (doc or "").splitlines():
        m = re.match(r"^(?:\d+\. )?\w+\((.*)\) -> ", line)
        if not m:
            continue
        for param in split_top(m.group(1)):
            name, _, rest = param.partition(":")
            kind, _, default = rest.partition("=")
            found[name.strip()] = (kind.strip(), default.strip() or None)
    return found


def int_params(doc):
    """{name: default text or None} of the parameters typed int in a pybind11 docstring."""
    return {name: default for name, (kind, default) in typed_params(doc).items()
            if kind == "int"}


def integer_params(func):
    """int_params of a binding; for a function defined in Python, {name: default text} of
    its parameters that default to an integer."""
    if inspect.isfunction(func):
        return {name: repr(p.default) for name, p in inspect.signature(func).parameters.items()
                if type(p.default) is int}
    return int_params(func.__doc__)


def interface():
    """(qualified name, callable) of every function, method and constructor of gpufec."""
    for name in sorted(dir(gpufec)):
        obj = getattr(gpufec, name)
        if name.startswith("_") or getattr(obj, "__module__", "").split(".")[:2] != ["gnuradio", "gpufec"]:
            continue
        if isinstance(obj, type):
            if hasattr(obj, "__members__"):  # an enum
                continue
            for attr in vars(obj):  # the class's own methods, not GNU Radio's
                if attr == "__init__" or not attr.startswith("_"):
                    member = getattr(obj, attr)
                    if callable(member):
                        yield name + "." + attr, member
        elif callable(obj):
            yield name, obj


K7 = [0o171, 0o133]


def tag(offset, key, value):
    return gr.tag_utils.python_to_tag((offset, gr.pmt.intern(key), gr.pmt.to_pmt(value)))


def signature_name(name):
    """The function a CALLS name calls: the name less its [variant]."""
    return name.split("[")[0]


class qa_arguments(bounded_test):

    @classmethod
    def setUpClass(cls):
        rng = np.random.default_rng(5)
        cls.conv = gpufec.conv_code(7, K7, "", "terminated", 16)
        cls.conv_llr = rng.normal(0, 1, 2 * cls.conv.coded_bits_per_block()).astype(np.float32)
        cls.lte = gpufec.lte_turbo_code(40)
        cls.lte_llr = rng.normal(0, 1, 132).astype(np.float32)
        cls.tvb = gpufec.tvb_code(4, 4, 5)
        cls.channel = gpufec.bsid_channel_model(0.01, 0.01, 0.0, seed=1)
        cls.frame = cls.tvb.encode(np.arange(5) % 4)
        cls.segmentation = gpufec.lte_segmentation.compute(100)
        cls.blocks = gpufec.lte_segment(np.zeros(100, dtype=np.uint8))
        cls.stream = gpufec.conv_code(7, K7, "", "streaming")
        cls.stream_llr = rng.normal(0, 1, 400).astype(np.float32)
        # A transport block of A = 40 bits (one code block, K = 64) in G = 264 coded bits.
        cls.tb_bits = np.zeros(40, dtype=np.uint8)
        cls.tb_llr = rng.normal(0, 1, 264).astype(np.float32)

    def calls(self):
        """Qualified name -> (callable, positional args, keyword args) of a valid call; the
        integer parameters are then set one at a time by keyword."""
        c = self
        fec_dec = gpufec.viterbi_fec_decoder(c.conv, "cpu")
        fec_enc = gpufec.conv_fec_encoder(c.conv)
        # gr-fec's cc_decoder / cc_encoder arguments, by name (each is then replaced)
        cc = {"frame_size": 100, "k": 7, "rate": 2, "polys": [79, -109]}
        cc_dec = gpufec.cc_decoder.make(**cc)
        cc_enc = gpufec.cc_encoder_make(**cc)
        streaming = dict(cc, mode=fec.CC_STREAMING, find_pairing=True)
        bits = np.zeros(40, dtype=np.uint8)
        calls = {
            "awgn_bpsk": (gpufec.awgn_bpsk, (bits,), {"backend": "cpu"}),
            "awgn_bpsk_generate": (gpufec.awgn_bpsk_generate, (c.conv,),
                                   {"n_blocks": 1, "backend": "cpu"}),
            "awgn_bpsk_channel.__init__": (gpufec.awgn_bpsk_channel, (), {"backend": "cpu"}),
            "awgn_bpsk_source.__init__": (gpufec.awgn_bpsk_source, (c.conv,), {"backend": "cpu"}),
            "cuda_device_name": (gpufec.cuda_device_name, (), {}),
            "conv_code.__init__": (gpufec.conv_code, (), {"k": 7, "polys": K7}),
            "conv_code.preset": (gpufec.conv_code.preset, ("ccsds",), {}),
            "viterbi_decode": (gpufec.viterbi_decode, (c.conv, c.conv_llr), {"backend": "cpu"}),
            "viterbi_decode[find_pairing]": (gpufec.viterbi_decode, (c.stream, c.stream_llr),
                                             {"backend": "cpu", "find_pairing": True}),
            "viterbi_decoder.__init__": (gpufec.viterbi_decoder, (c.conv,), {"backend": "cpu"}),
            "viterbi_decoder.__init__[find_pairing]": (gpufec.viterbi_decoder, (c.stream,),
                                                       {"backend": "cpu",
                                                        "find_pairing": True}),
            "viterbi_fec_decoder.__init__": (gpufec.viterbi_fec_decoder, (c.conv,),
                                             {"backend": "cpu"}),
            "viterbi_fec_decoder.set_frame_size": (fec_dec.set_frame_size, (),
                                                   {"frame_size": 8}),
            "conv_fec_encoder.set_frame_size": (fec_enc.set_frame_size, (), {"frame_size": 8}),
            "cc_decoder.__init__": (gpufec.cc_decoder, (), cc),
            "cc_decoder.make": (gpufec.cc_decoder.make, (), cc),
            "cc_decoder.make[find_pairing]": (gpufec.cc_decoder.make, (), streaming),
            "cc_decoder_make": (gpufec.cc_decoder_make, (), cc),
            "cc_decoder.set_frame_size": (cc_dec.set_frame_size, (), {"frame_size": 8}),
            "cc_encoder.__init__": (gpufec.cc_encoder, (), cc),
            "cc_encoder.make": (gpufec.cc_encoder.make, (), cc),
            "cc_encoder_make": (gpufec.cc_encoder_make, (), cc),
            "cc_encoder.set_frame_size": (cc_enc.set_frame_size, (), {"frame_size": 8}),
            "lte_turbo_code.__init__": (gpufec.lte_turbo_code, (), {"K": 40}),
            "lte_turbo_code.is_block_size": (gpufec.lte_turbo_code.is_block_size, (), {"K": 40}),
            "lte_segmentation.compute": (gpufec.lte_segmentation.compute, (), {"B": 100}),
            "lte_segmentation.block_size": (c.segmentation.block_size, (), {"r": 0}),
            "lte_desegment": (gpufec.lte_desegment, (c.blocks,), {"B": 100}),
            "lte_rate_match_indices": (gpufec.lte_rate_match_indices, (c.lte,),
                                       {"E": 100, "rv": 0}),
            "lte_rate_match": (gpufec.lte_rate_match, (c.lte, np.zeros(132, dtype=np.uint8)),
                               {"E": 100, "rv": 0}),
            "lte_rate_dematch": (gpufec.lte_rate_dematch, (c.lte, c.lte_llr[:100]), {"rv": 0}),
            "lte_turbo_decode": (gpufec.lte_turbo_decode, (c.lte, c.lte_llr), {"backend": "cpu"}),
            "lte_turbo_decoder.__init__": (gpufec.lte_turbo_decoder, (c.lte,), {"backend": "cpu"}),
            "lte_turbo_options.__init__": (gpufec.lte_turbo_options, (), {"backend": "cpu"}),
            "lte_transport_encode": (gpufec.lte_transport_encode, (c.tb_bits,), {"G": 264}),
            "lte_transport_decode": (gpufec.lte_transport_decode, (c.tb_llr,),
                                     {"A": 40, "G": 264, "backend": "cpu"}),
            "lte_transport_info": (gpufec.lte_transport_info, (), {"A": 40, "G": 264}),
            "lte_transport_encoder.__init__": (gpufec.lte_transport_encoder, (), {}),
            "lte_transport_decoder.__init__": (gpufec.lte_transport_decoder, (),
                                               {"backend": "cpu"}),
            "tvb_code.__init__": (gpufec.tvb_code, (), {"n": 4, "q": 4, "N": 5}),
            "bsid_channel_model.__init__": (gpufec.bsid_channel_model, (0.01, 0.01, 0.0), {}),
            "bsid_channel_model.transmit": (c.channel.transmit, (bits,), {"backend": "cpu"}),
            "bsid_channel_model.drift_distribution": (c.channel.drift_distribution, (),
                                                      {"T": 10}),
            "bsid_channel.__init__": (gpufec.bsid_channel, (0.01, 0.01, 0.0), {"backend": "cpu"}),
            "bsid_drift_limits_for": (gpufec.bsid_drift_limits_for, (c.tvb, c.channel), {}),
            "bsid_map_decode": (gpufec.bsid_map_decode, (c.tvb, c.channel, c.frame),
                                {"backend": "cpu"}),
            "bsid_stream_decode": (gpufec.bsid_stream_decode, (c.tvb, c.channel, c.frame),
                                   {"backend": "cpu"}),
            "bsid_map_decoder.__init__": (gpufec.bsid_map_decoder, (c.tvb, c.channel),
                                          {"backend": "cpu"}),
            "ccsds_deframer.__init__": (gpufec.ccsds_deframer, (), {}),
            "ccsds_reed_solomon.__init__": (gpufec.ccsds_reed_solomon, (223,), {}),
        }
        calls.update(family_calls())
        return {name: call for name, call in calls.items()
                if HAS_LIBFEC or name not in NEEDS_LIBFEC}

    def test_every_function_is_covered(self):
        covered = {signature_name(name) for name in self.calls()} | NEEDS_LIBFEC
        missing = [name for name, f in interface()
                   if integer_params(f) and name not in covered]
        self.assertEqual(missing, [], "functions with integer parameters that CALLS does "
                                      "not know how to call")
        # An integer taken as a plain object (py::handle) would escape the checks above: its
        # signature says object. None is a default of its own (bsid_map_decode's max_drift).
        untyped = ["%s(%s = %s)" % (name, param, default) for name, f in interface()
                   for param, (kind, default) in typed_params(f.__doc__).items()
                   if kind == "object" and default is not None
                   and re.fullmatch(r"-?\d+", default)]
        self.assertEqual(untyped, [], "integer parameters not taken as gpufec_python::integer")
        # The signatures are read as they should be: a known parameter of each kind.
        found = dict(interface())
        self.assertIn("payload", int_params(found["viterbi_decode"].__doc__))
        self.assertIn("E", int_params(found["lte_turbo_decoder.__init__"].__doc__))
        self.assertEqual(int_params(found["bsid_map_decoder.__init__"].__doc__)["max_drift"],
                         "-1")

    def test_integers_out_of_range_name_the_parameter(self):
        docs = dict(interface())
        checked = 0
        for name, (func, args, kwargs) in sorted(self.calls().items()):
            func(*args, **kwargs)  # the call itself is valid
            params = integer_params(docs[signature_name(name)])
            self.assertTrue(params, name + " has no integer parameter: remove it from CALLS")
            for param, default in params.items():
                # -1 where it means something ("derived"): the next one down is wrong.
                negative = [] if name in PREDICATES else [-2 if default == "-1" else -1]
                for value in negative + HUGE:
                    with self.subTest(function=name, param=param, value=value):
                        with self.assertRaisesRegex(ValueError, r"\b%s\b" % re.escape(param)):
                            func(*args, **dict(kwargs, **{param: value}))
                    checked += 1
        self.assertGreater(checked, 300)

    def test_non_integers_are_type_errors(self):
        with self.assertRaisesRegex(TypeError, "payload must be an integer, got float"):
            gpufec.viterbi_decode(self.conv, self.conv_llr, backend="cpu", payload=1.5)
        with self.assertRaisesRegex(TypeError, "E must be an integer, got str"):
            gpufec.lte_turbo_decoder(self.lte, backend="cpu", E="100")
        with self.assertRaisesRegex(TypeError, "A must be an integer, got float"):
            gpufec.lte_transport_info(40.0, 264)
        with self.assertRaisesRegex(TypeError, "frame_bits must be an integer, got str"):
            gpufec.conv_code.preset("ccsds", frame_bits="16")
        # What gpufec defines in Python takes integers alike.
        with self.assertRaisesRegex(TypeError, "sync_threshold must be an integer, got float"):
            gpufec.ccsds_deframer(sync_threshold=4.5)
        with self.assertRaisesRegex(TypeError, "interleave must be an integer, got float"):
            gpufec.ccsds_reed_solomon(222, 1.5)
        with self.assertRaisesRegex(ValueError, r"^n_bytes = -1 is out of range"):
            gpufec.ccsds_pn_sequence(-1)
        # numpy integers and bools are integers.
        gpufec.lte_rate_match_indices(self.lte, np.int64(100), np.uint8(0))

    def test_generators_name_their_index(self):
        # The signed generators (negative: an inverted output) are integers of a list: each
        # is checked as one, named by its place.
        for value in HUGE:
            with self.subTest(value=value):
                with self.assertRaisesRegex(ValueError, r"^polys\[1\] = %d is out of range" % value):
                    gpufec.conv_code(7, [0o171, value])
        with self.assertRaisesRegex(TypeError, r"^polys\[0\] must be an integer, got float"):
            gpufec.conv_code(7, [121.0, 0o133])
        # gr-fec's objects take theirs so too (gr-fec's form, checked by the code after).
        for make in (gpufec.cc_decoder.make, gpufec.cc_encoder_make):
            with self.subTest(make=make.__name__):
                with self.assertRaisesRegex(ValueError, r"^polys\[1\] = %d is out of range"
                                            % HUGE[0]):
                    make(100, 7, 2, [79, HUGE[0]])
                with self.assertRaisesRegex(TypeError, r"^polys\[0\] must be an integer"):
                    make(100, 7, 2, [79.0, 109])
        with self.assertRaisesRegex(ValueError, r"^polys\[1\] = -0o200 is out of range"):
            gpufec.conv_code(7, [0o171, -0o200])
        self.assertEqual(gpufec.conv_code(7, [0o171, -0o133]).polys(), [0o171, -0o133])
        # In text (GRC's form), a number beyond any generator is not read modulo anything.
        for text in ("171, 0o40000000000", "171, -0x100000000", "171, ~" + "7" * 30):
            with self.subTest(text=text):
                with self.assertRaisesRegex(ValueError, r"^polys = '%s'" % re.escape(text)):
                    gpufec.parse_polys(text)
        self.assertEqual(gpufec.parse_polys("171, ~133"), [0o171, -0o133])

    # ------------------------------------------------------------------ complex arrays

    def test_complex_arrays_are_refused(self):
        c = self
        z = lambda a: np.asarray(a).astype(np.complex64)  # noqa: E731
        bits40 = np.zeros(40, dtype=np.uint8)
        cases = [
            ("llrs", gpufec.viterbi_decode, (c.conv, z(c.conv_llr)), {"backend": "cpu"}),
            ("llrs", gpufec.viterbi_decode, (c.stream, z(c.stream_llr)),
             {"backend": "cpu", "find_pairing": True}),
            ("bits", gpufec.lte_transport_encode, (z(c.tb_bits), 264), {}),
            ("llrs", gpufec.lte_transport_decode, (z(c.tb_llr), 40, 264), {"backend": "cpu"}),
            ("llrs", gpufec.lte_turbo_decode, (c.lte, z(c.lte_llr)), {"backend": "cpu"}),
            ("llrs", gpufec.lte_rate_dematch, (c.lte, z(c.lte_llr[:100]), 0), {}),
            ("d", gpufec.lte_rate_match, (c.lte, z(np.zeros(132)), 100, 0), {}),
            ("bits", gpufec.lte_turbo_encode, (c.lte, z(bits40)), {}),
            ("bits", gpufec.lte_crc_attach, (z(bits40), "24A"), {}),
            ("bits", gpufec.lte_crc_check, (z(bits40), "24A"), {}),
            ("bits", gpufec.lte_crc_parity, (z(bits40), "24A"), {}),
            ("bits", gpufec.lte_segment, (z(bits40),), {}),
            (r"blocks\[0\]", gpufec.lte_desegment, ([z(b) for b in c.blocks], 100), {}),
            ("bits", gpufec.conv_encode, (c.conv, z(np.zeros(16))), {}),
            ("bits", gpufec.awgn_bpsk, (z(bits40),), {"backend": "cpu"}),
            ("bits", c.channel.transmit, (z(bits40),), {"backend": "cpu"}),
            ("received_bits", gpufec.bsid_map_decode, (c.tvb, c.channel, z(c.frame)),
             {"backend": "cpu"}),
            (r"received_bits\[0\]", gpufec.bsid_map_decode, (c.tvb, c.channel, [z(c.frame)]),
             {"backend": "cpu"}),
            ("received_bits", gpufec.bsid_map_decode, (c.tvb, c.channel, z([c.frame, c.frame])),
             {"backend": "cpu"}),
            ("priors", gpufec.bsid_map_decode, (c.tvb, c.channel, c.frame),
             {"backend": "cpu", "priors": z(np.full((5, 4), 0.25))}),
            ("received_bits", gpufec.bsid_stream_decode, (c.tvb, c.channel, z(c.frame)),
             {"backend": "cpu"}),
            ("posteriors", gpufec.bsid_hard_decisions, (z(np.full((5, 4), 0.25)),), {}),
            ("codebooks", gpufec.tvb_code, (4, 4, 5), {"codebooks": z(c.tvb.codebooks)}),
            ("symbols", c.tvb.encode, (z(np.arange(5) % 4),), {}),
            ("symbols", c.tvb.bits_from_symbols, (z(np.arange(5) % 4),), {}),
            ("bits", c.tvb.symbols_from_bits, (z(bits40),), {}),
        ]
        for name, func, args, kwargs in cases:
            with self.subTest(function=func.__name__, param=name):
                with self.assertRaisesRegex(ValueError, r"^%s has complex values" % name):
                    func(*args, **kwargs)

    # ------------------------------------------------------------------ llr_scale erasures

    def test_llr_scale_that_erases_everything_is_an_error(self):
        rng = np.random.default_rng(7)
        code = gpufec.conv_code(7, K7, "", "terminated", 256)
        info, llr = gpufec.awgn_bpsk_generate(code, 4, 4.0, seed=2, backend="cpu")
        np.testing.assert_array_equal(gpufec.viterbi_decode(code, llr, backend="cpu"), info)
        # |LLR| of a few units times 1e-30: every value rounds to 0 (issue 22: 115 of 256 bits
        # wrong, without a word).
        with self.assertRaisesRegex(ValueError, "llr_scale = 1e-30 quantized every finite "
                                                "nonzero value of llrs to 0"):
            gpufec.viterbi_decode(code, llr, backend="cpu", llr_scale=1e-30)
        # The largest |LLR| times the scale just above 0.5 keeps that value: no error. Below
        # 0.5 everything goes.
        top = float(np.max(np.abs(llr)))
        gpufec.viterbi_decode(code, llr, backend="cpu", llr_scale=0.51 / top)
        with self.assertRaises(ValueError):
            gpufec.viterbi_decode(code, llr, backend="cpu", llr_scale=0.49 / top)
        # Nothing to erase (zeros, NaN): decoded as erasures, as before.
        zeros = np.zeros_like(llr)
        self.assertEqual(len(gpufec.viterbi_decode(code, zeros, backend="cpu")), len(info))
        self.assertEqual(len(gpufec.viterbi_decode(code, zeros + np.nan, backend="cpu")),
                         len(info))
        # Streaming codes and the turbo decoder's 16-bit metrics quantize alike.
        stream = gpufec.conv_code(7, K7, "", "streaming")
        _, s_llr = gpufec.awgn_bpsk_generate(stream, 1000, 4.0, seed=3, backend="cpu")
        with self.assertRaisesRegex(ValueError, "llr_scale"):
            gpufec.viterbi_decode(stream, s_llr, backend="cpu", llr_scale=1e-30)
        with self.assertRaisesRegex(ValueError, "llr_scale = 1e-30 quantized"):
            gpufec.viterbi_decode(stream, s_llr, backend="cpu", llr_scale=1e-30, find_pairing=True)
        gpufec.viterbi_decode(stream, s_llr, backend="cpu", find_pairing=True)
        lte = gpufec.lte_turbo_code(40)
        t_llr = rng.normal(0, 1, 132 * 3).astype(np.float32)
        with self.assertRaisesRegex(ValueError, "llr_scale"):
            gpufec.lte_turbo_decode(lte, t_llr, backend="cpu", metrics="int16", llr_scale=1e-30)
        with self.assertRaisesRegex(ValueError, "llr_scale"):
            gpufec.lte_turbo_decode(lte, t_llr, backend="cpu", metrics="int16", llr_scale=1e-30,
                                    return_llrs=True)
        # Float metrics use the LLRs as they are: llr_scale does not apply.
        gpufec.lte_turbo_decode(lte, t_llr, backend="cpu", llr_scale=1e-30)

    def test_llr_scale_that_erases_everything_is_logged_by_blocks(self):
        code = gpufec.conv_code(7, K7, "", "terminated", 256)
        info, llr = gpufec.awgn_bpsk_generate(code, 8, 4.0, seed=2, backend="cpu")
        for scale, warned in ((1e-30, True), (8.0, False)):
            dec = gpufec.viterbi_decoder(code, "cpu", llr_scale=scale)
            obj = gpufec.viterbi_fec_decoder(code, "cpu", llr_scale=scale)
            tb = gr.top_block()
            sink, fec_sink = blocks.vector_sink_b(), blocks.vector_sink_b()
            src = blocks.vector_source_f(llr.tolist())
            tb.connect(src, dec, sink)
            tb.connect(src, fec.decoder(obj, gr.sizeof_float, 1), fec_sink)
            with captured_output() as out:
                run_bounded(tb)
            self.assertEqual(len(sink.data()), len(info))
            self.assertEqual("llr_scale quantized every finite nonzero soft value of a batch "
                             "to 0" in out[0], warned, out[0])
            self.assertEqual("llr_scale = 1e-30 quantized every finite nonzero soft value of "
                             "a frame to 0" in out[0], warned, out[0])
            if not warned:
                np.testing.assert_array_equal(np.array(sink.data(), dtype=np.uint8), info)
        # The decoder that finds the symbol pairing reads its input through the same stage.
        stream = gpufec.conv_code(7, K7, "", "streaming")
        _, s_llr = gpufec.awgn_bpsk_generate(stream, 1000, 4.0, seed=3, backend="cpu")
        for scale, warned in ((1e-30, True), (8.0, False)):
            tb = gr.top_block()
            sink = blocks.vector_sink_b()
            tb.connect(blocks.vector_source_f(s_llr.tolist()),
                       gpufec.viterbi_decoder(stream, "cpu", llr_scale=scale, find_pairing=True),
                       sink)
            with captured_output() as out:
                run_bounded(tb)
            self.assertEqual("llr_scale quantized every finite nonzero soft value of a batch "
                             "to 0" in out[0], warned, out[0])

    def test_llr_scale_that_erases_everything_in_transport_blocks(self):
        # The transport decoder quantizes its code blocks with llr_scale for 16-bit metrics.
        rng = np.random.default_rng(8)
        A, G = 40, 264
        bits = rng.integers(0, 2, A).astype(np.uint8)
        llr = (4.0 * (2.0 * gpufec.lte_transport_encode(bits, G) - 1.0)).astype(np.float32)
        got, ok = gpufec.lte_transport_decode(llr, A, G, backend="cpu", metrics="int16")
        self.assertTrue(ok)
        np.testing.assert_array_equal(got, bits)
        with self.assertRaisesRegex(ValueError, "llr_scale = 1e-30 quantized every finite "
                                                "nonzero value of llrs to 0"):
            gpufec.lte_transport_decode(llr, A, G, backend="cpu", metrics="int16", llr_scale=1e-30)
        # Float metrics use the LLRs as they are: llr_scale does not apply.
        self.assertTrue(gpufec.lte_transport_decode(llr, A, G, backend="cpu", llr_scale=1e-30)[1])
        warning = "llr_scale quantized every finite nonzero soft value of a code block to 0"
        for scale, warned in ((1e-30, True), (8.0, False)):
            src = blocks.vector_source_f(np.tile(llr, 3).tolist(), False, 1,
                                         [tag(i * G, "packet_len", G) for i in range(3)])
            dec = gpufec.lte_transport_decoder(A=A, backend="cpu", metrics="int16",
                                               llr_scale=scale)
            sink = blocks.vector_sink_b()
            tb = gr.top_block()
            tb.connect(src, dec, sink)
            with captured_output() as out:
                run_bounded(tb)
            self.assertEqual(len(sink.data()), 3 * A)
            self.assertEqual(out[0].count(warning), int(warned), out[0])  # once a run
            if not warned:
                np.testing.assert_array_equal(np.array(sink.data(), dtype=np.uint8),
                                              np.tile(bits, 3))

    # ------------------------------------------------------------------ BSID stream

    def test_bsid_stream_limit(self):
        m = gpufec.bsid_channel_model(0.01, 0.01, 0.01, seed=4)
        bits = np.ones(100, dtype=np.uint8)
        limit = 2 ** 44
        for backend in ["cpu"] + (["cuda"] if gpufec.cuda_device_count() else []):
            # The stream's last bits, in one piece or two, as anywhere else in the stream.
            rx, drift = m.transmit(np.concatenate([bits, bits]), first=limit - 200,
                                   backend=backend)
            a, da = m.transmit(bits, first=limit - 200, backend=backend)
            b, db = m.transmit(bits, first=limit - 100, backend=backend)
            self.assertEqual(rx.tolist(), a.tolist() + b.tolist())
            self.assertEqual(drift[100], da[-1])
            for first in (limit - 99, limit, 2 ** 63):
                with self.assertRaisesRegex(ValueError, r"^first = %d with 100 bits is beyond "
                                                        r"the channel's stream" % first):
                    m.transmit(bits, first=first, backend=backend)


if __name__ == "__main__":
    gr_unittest.run(qa_arguments)
