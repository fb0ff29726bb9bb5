#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The LTE turbo decoder's options are described once (lte/lte_options.yml): what the
generator's own check (options_generated) cannot see is checked here, on what Python and GRC
get: one options object that the block, the numpy function and the BER tool all take, the same
keyword names and defaults in the block and the numpy function, and the GRC parameters."""

import os
import re
import subprocess

import numpy as np
import yaml
from gnuradio import gr_unittest

from bounded_test import bounded_test

from gnuradio import gpufec

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def description():
    with open(os.path.join(SOURCE, "lte", "lte_options.yml")) as f:
        return yaml.safe_load(f)


def keyword_overload(func):
    """(name, default text) of the overload of a pybind11 function that takes the options as
    keywords (the one with 'iterations'), from its docstring."""
    for line in func.__doc__.splitlines():
        line = re.sub(r"^\d+\. ", "", line.strip())
        if "iterations" not in line or not re.match(r"\w+\(", line):
            continue
        inner = line[line.index("(") + 1:line.rindex(")")]
        params = []
        for item in re.split(r", (?=\*|\w+:)", inner):
            name, _, default = item.partition(" = ")
            params.append((name.split(":")[0].strip(), default.strip() or None))
        return params
    raise AssertionError("no keyword overload in " + func.__doc__)


class qa_lte_options(bounded_test):
    def test_object_takes_keywords_and_checks_each(self):
        o = gpufec.lte_turbo_options(iterations=8, metrics="int16", subblocks=4)
        self.assertEqual((o.iterations, o.metrics, o.subblocks), (8, "int16", 4))
        self.assertEqual(o.spec(), "iterations=8,subblocks=4,metrics=int16")
        self.assertEqual(gpufec.lte_turbo_options().spec(), "")
        for kwargs, message in (
                (dict(iterations=0), "^iterations = 0 is out of range: allowed is 1 to 32"),
                (dict(scaling=1.5), r"^scaling = 1.5 is out of range: allowed is \(0, 1\]"),
                (dict(metrics="double"), "^metrics = 'double' is not known"),
                (dict(early_stop="soon"), "^early_stop = 'soon' is not known"),
                (dict(rv=4), "^rv = 4 is out of range: allowed is 0, 1, 2, 3"),
                (dict(subblocks=-1), "^subblocks = -1 is out of range"),
                (dict(llr_scale=0.0), "^llr_scale = 0 is out of range"),
                (dict(metrics="int16", algorithm="log-map"), "^metrics = 'int16' runs max-log-MAP only")):
            with self.assertRaisesRegex(ValueError, message):
                gpufec.lte_turbo_options(**kwargs)
        # A property is checked as the constructor checks it, and left unchanged when bad.
        with self.assertRaisesRegex(ValueError, "^iterations = 40 is out of range"):
            o.iterations = 40
        self.assertEqual(o.iterations, 8)
        o.early_stop = "crc"
        self.assertEqual(o.early_stop, "crc24b")

    def test_spec_round_trip_and_old_keys(self):
        o = gpufec.lte_turbo_options(iterations=4, algorithm="log-map", scaling=1.0,
                                     early_stop="hard", subblocks=8, guard=4, invert=True)
        self.assertEqual(gpufec.lte_turbo_options.from_spec(o.spec()), o)
        self.assertEqual(gpufec.lte_turbo_options.from_spec("it=4,alg=log-map,scaling=1,stop=hard,"
                                                            "P=8,g=4,invert=true"), o)
        self.assertNotEqual(gpufec.lte_turbo_options(iterations=5), o)
        self.assertEqual(repr(o), "lte_turbo_options.from_spec('%s')" % o.spec())
        with self.assertRaisesRegex(ValueError, "'foo' is not an option: the options are backend"):
            gpufec.lte_turbo_options.from_spec("foo=1")

    def test_defaults_are_the_descriptions(self):
        d = gpufec.lte_turbo_options()
        for entry in description()["options"]:
            name = entry.get("name", entry.get("use"))
            if "default" in entry and hasattr(d, name):
                self.assertEqual(getattr(d, name), entry["default"], name)
        self.assertEqual({k: getattr(d, k) for k in gpufec.lte_turbo_defaults()},
                         gpufec.lte_turbo_defaults())

    def test_block_and_function_share_names_and_defaults(self):
        block = keyword_overload(gpufec.lte_turbo_decoder.__init__)
        numpy = keyword_overload(gpufec.lte_turbo_decode)
        self.assertEqual(block[:2], [("self", None), ("code", None)])
        self.assertEqual(numpy[:3], [("code", None), ("llrs", None), ("*", None)])
        block_only, numpy_only = {"input", "length_tag", "llr_output"}, {"return_llrs"}
        shared = [p for p in block[2:] if p[0] not in block_only]
        self.assertEqual(shared, [p for p in numpy[3:] if p[0] not in numpy_only])
        self.assertEqual({p[0] for p in block[2:]} - {p[0] for p in shared}, block_only)
        names = [e.get("name", e.get("use")) for e in description()["options"]]
        self.assertEqual([p[0] for p in block[2:]], names)
        # A positional call past the arrays is refused (the orders used to differ).
        code = gpufec.lte_turbo_code(40)
        with self.assertRaises(TypeError):
            gpufec.lte_turbo_decode(code, np.zeros(132, np.float32), 6)

    def test_one_object_for_block_function_and_keywords(self):
        code = gpufec.lte_turbo_code(40)
        rng = np.random.default_rng(3)
        bits = rng.integers(0, 2, 40 * 3).astype(np.uint8)
        coded = gpufec.lte_turbo_encode(code, bits).astype(np.float32)
        llrs = (2 * coded - 1) * 2 + rng.normal(0, 1.2, coded.size).astype(np.float32)
        o = gpufec.lte_turbo_options(iterations=3, early_stop="hard", backend="cpu", subblocks=2, guard=4)
        by_object = gpufec.lte_turbo_decode(code, llrs, o)
        by_keywords = gpufec.lte_turbo_decode(code, llrs, iterations=3, early_stop="hard",
                                              backend="cpu", subblocks=2, guard=4)
        np.testing.assert_array_equal(by_object, by_keywords)
        o.invert = True  # the object's options are the ones used
        self.assertFalse(np.array_equal(by_object, gpufec.lte_turbo_decode(code, llrs, o)))
        o.invert = False
        bits_app = gpufec.lte_turbo_decode(code, llrs, o, return_llrs=True)
        np.testing.assert_array_equal(bits_app[0], by_object)
        dec = gpufec.lte_turbo_decoder(code, o, length_tag="packet_len", llr_output=True)
        self.assertEqual(dec.backend(), "cpu")
        with self.assertRaisesRegex(ValueError, "^iterations = 0 is out of range"):
            gpufec.lte_turbo_decoder(code, iterations=0)

    def test_ber_tool_takes_the_spec(self):
        tool = os.path.join(os.environ["GPUFEC_BINARY_DIR"], "apps", "gpufec_ber")
        o = gpufec.lte_turbo_options(iterations=2, subblocks=1)

        def ber(spec):
            return subprocess.run([tool, "--backend", "cpu", "--code", "lte_turbo:" + spec,
                                   "--frame-bits", "40", "--ebn0", "3:3:1", "--max-frames", "4"],
                                  capture_output=True, text=True, timeout=60)
        ok = ber(o.spec())
        self.assertEqual(ok.returncode, 0, ok.stderr)
        self.assertIn("2 iterations, P = 1", ok.stdout + ok.stderr)
        old = ber("it=2,P=1")
        self.assertEqual(old.returncode, 0, old.stderr)
        bad = ber("iterations=0")
        self.assertNotEqual(bad.returncode, 0)
        self.assertIn("iterations = 0 is out of range", bad.stderr)
        self.assertNotEqual(ber("backend=cuda").returncode, 0)

    def test_grc_parameters_are_the_descriptions(self):
        path = os.path.join(os.environ["GPUFEC_BINARY_DIR"], "grc", "gpufec_lte_turbo_decoder.block.yml")
        with open(path) as f:
            block = yaml.safe_load(f)
        params = {p["id"]: p for p in block["parameters"]}
        names = [e.get("name", e.get("use")) for e in description()["options"]]
        self.assertEqual([p["id"] for p in block["parameters"]], ["code"] + names)
        d = gpufec.lte_turbo_options()
        for name in names:
            if hasattr(d, name):
                self.assertEqual(eval(params[name]["default"]), getattr(d, name), name)
        make = block["templates"]["make"]
        self.assertEqual(make, "gpufec.lte_turbo_decoder(${code}, " +
                         ", ".join("%s=${%s}" % (n, n) for n in names) + ")")
        self.assertIn("${ 1 <= iterations <= 32 }", block["asserts"])


if __name__ == "__main__":
    gr_unittest.run(qa_lte_options)
