#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every default of the options the decoders share is written once, in the C++ core
(decoder_options), and so are the LTE turbo decoder's own (lte_turbo_params,
lte_rate_dematching): the bindings and the GRC YAML must say the same."""

import glob
import os
import re

import yaml
from gnuradio import gr_unittest

from bounded_test import bounded_test

from gnuradio import gpufec

GRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "grc")


def yaml_value(text):
    """A GRC default ('"auto"', '8.0', 'False') as the Python value it stands for."""
    return eval(text)  # GRC defaults are Python expressions


def signature_defaults(func):
    """name -> default (as text) from a pybind11 function's signature line(s)."""
    found = {}
    for name, value in re.findall(r"(\w+): [\w.:]+ = ([^,)]+)", func.__doc__):
        found[name] = value.strip().strip("'")
    return found


class qa_decoder_defaults(bounded_test):
    def setUp(self):
        super().setUp()
        self.cpp = gpufec.decoder_defaults()

    def assert_signature_default(self, got, value, name):
        """@p got, a default as a signature line writes it, stands for @p value."""
        if isinstance(value, bool):
            self.assertEqual(got, str(value), name)
        elif isinstance(value, (int, float)):
            self.assertAlmostEqual(float(got), float(value), 6, name)
        else:
            self.assertEqual(got, value, name)

    def test_grc_shared_parameters(self):
        params = {}
        for name in ("decoder_parameters.yml", "soft_input_parameters.yml"):
            with open(os.path.join(GRC, name)) as f:
                params.update({p["id"]: p for p in yaml.safe_load(f)})
        self.assertEqual(set(params), set(self.cpp))
        for name, value in self.cpp.items():
            self.assertEqual(yaml_value(params[name]["default"]), value, name)

    def test_every_decoder_block_uses_the_shared_parameters(self):
        blocks = glob.glob(os.path.join(GRC, "*_decoder.block.yml*"))
        self.assertTrue(blocks)
        for path in blocks:
            with open(path) as f:
                text = f.read()
            self.assertIn("@GPUFEC_DECODER_PARAMETERS@", text, path)
            for name in self.cpp:
                self.assertNotIn("id: " + name + "\n", text, path)

    def assert_signature(self, func, defaults, required):
        found = signature_defaults(func)
        for name, value in defaults.items():
            if name not in found:
                continue
            got = found[name]
            if isinstance(value, bool):
                self.assertEqual(got, str(value), name)
            elif isinstance(value, (int, float)):
                self.assertAlmostEqual(float(got), float(value), 6, name)
            else:
                self.assertEqual(got, value, name)
        for name in required:
            self.assertIn(name, found, func.__doc__)

    def test_bindings(self):
        for func in (gpufec.viterbi_decode, gpufec.viterbi_decoder.__init__,
                     gpufec.lte_turbo_decode, gpufec.lte_turbo_decoder.__init__,
                     gpufec.lte_transport_decode, gpufec.lte_transport_decoder.__init__):
            self.assert_signature(func, self.cpp, ("backend", "llr_scale", "invert", "device"))

    def test_lte_turbo(self):
        turbo = gpufec.lte_turbo_defaults()
        shared = ("iterations", "algorithm", "scaling", "early_stop", "subblocks", "guard",
                  "metrics")
        self.assert_signature(gpufec.lte_turbo_decode, turbo, shared)
        self.assert_signature(gpufec.lte_turbo_decoder.__init__, turbo,
                              shared + ("E", "rv", "ncb"))
        with open(os.path.join(GRC, "gpufec_lte_turbo_decoder.block.yml.in")) as f:
            text = f.read().replace("@GPUFEC_DECODER_PARAMETERS@\n", "")
        params = {p["id"]: p for p in yaml.safe_load(text)["parameters"]}
        for name, value in turbo.items():
            self.assertEqual(yaml_value(params[name]["default"]), value, name)

    def test_lte_transport(self):
        # The turbo decoder's own defaults, as the turbo decoder has them.
        turbo = {k: v for k, v in gpufec.lte_turbo_defaults().items() if k not in ("E", "ncb")}
        shared = ("iterations", "algorithm", "scaling", "early_stop", "subblocks", "guard",
                  "metrics")
        for func in (gpufec.lte_transport_decode, gpufec.lte_transport_decoder.__init__):
            self.assert_signature(func, turbo, shared)
        with open(os.path.join(GRC, "gpufec_lte_transport_decoder.block.yml.in")) as f:
            text = f.read()
        for placeholder in ("@GPUFEC_DECODER_PARAMETERS@\n", "@GPUFEC_TRANSPORT_PARAMETERS@\n"):
            text = text.replace(placeholder, "")
        params = {p["id"]: p for p in yaml.safe_load(text)["parameters"]}
        for name, value in turbo.items():
            if name != "rv":  # a transport block parameter here
                self.assertEqual(yaml_value(params[name]["default"]), value, name)
        # The transport block parameters: the C++ defaults (lte_transport_params) as the
        # bindings state them, in every function and block, and in the shared GRC YAML.
        with open(os.path.join(GRC, "lte_transport_parameters.yml")) as f:
            yml = {p["id"]: yaml_value(p["default"]) for p in yaml.safe_load(f)}
        names = ("rv", "Qm", "NL", "nsoft", "kc", "kmimo", "mdlharq")
        cpp = {k: int(v) for k, v in signature_defaults(gpufec.lte_transport_encode).items()
               if k in names}
        self.assertEqual(set(cpp), set(names))
        for func in (gpufec.lte_transport_decode, gpufec.lte_transport_info,
                     gpufec.lte_transport_encoder.__init__, gpufec.lte_transport_decoder.__init__):
            self.assert_signature(func, cpp, names)
        for name, value in cpp.items():
            self.assertEqual(int(yml[name]), value, name)
        self.assertEqual((yml["A"], yml["G"], yml["length_tag"]), (0, 0, "packet_len"))

    def test_bsid_map(self):
        # Hard bits in: the soft-input options (input, llr_scale, invert) do not apply.
        bsid = gpufec.bsid_map_defaults()
        common = {k: self.cpp[k] for k in ("backend", "device")}
        self.assert_signature(gpufec.bsid_map_decoder.__init__, dict(common, **bsid),
                              ("backend", "device", "lookahead", "max_drift", "storage",
                               "precision", "threads", "drift_threshold", "max_symbol_drift",
                               "lattice"))
        # The numpy functions take None for a derived limit.
        numpy = {k: v for k, v in dict(common, **bsid).items() if "max_" not in k}
        self.assert_signature(gpufec.bsid_map_decode, numpy,
                              ("backend", "device", "precision", "storage", "threads",
                               "drift_threshold", "lattice"))
        self.assert_signature(gpufec.bsid_stream_decode, numpy, ("lookahead", "precision", "lattice"))
        with open(os.path.join(GRC, "gpufec_bsid_map_decoder.block.yml.in")) as f:
            text = f.read().replace("@GPUFEC_DECODER_PARAMETERS@\n", "")
        params = {p["id"]: p for p in yaml.safe_load(text)["parameters"]}
        for name, value in bsid.items():
            self.assertEqual(yaml_value(params[name]["default"]), value, name)
        for name in ("input", "llr_scale", "invert"):
            self.assertNotIn(name, params)

    def test_fec_decoder_object(self):
        # The gr-fec decoder object shares every default but llr_scale: gr-fec's flowgraphs
        # carry symbols, not LLRs (viterbi_fec_decoder::default_llr_scale, written once).
        want = dict(self.cpp, llr_scale=gpufec.viterbi_fec_decoder.default_llr_scale)
        self.assertNotEqual(want["llr_scale"], self.cpp["llr_scale"])
        with open(os.path.join(GRC, "gpufec_viterbi_fec_decoder_def.block.yml")) as f:
            params = {p["id"]: p for p in yaml.safe_load(f)["parameters"]}
        found = signature_defaults(gpufec.viterbi_fec_decoder.__init__)
        for name in ("backend", "llr_scale", "invert", "device"):
            self.assertEqual(yaml_value(params[name]["default"]), want[name], name)
            self.assert_signature_default(found[name], want[name], name)


if __name__ == "__main__":
    gr_unittest.run(qa_decoder_defaults)
