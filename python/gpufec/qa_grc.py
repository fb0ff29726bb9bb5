#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""GRC: every block generates Python and C++ flowgraphs (the C++ one compiles), variable
blocks can be declared in C++, advanced fields stay hidden, documentation wraps, and the
example flowgraphs have no overlapping blocks."""

import glob
import itertools
import os
import subprocess
import tempfile

import yaml
from gnuradio import gr, gr_unittest

from bounded_test import bounded_test

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
GRC = os.path.join(SOURCE, "grc")
EXAMPLES = os.path.join(SOURCE, "examples")
# What GRC's C++ generator can declare a variable as (cpp_top_block._variable_types).
CPP_VARIABLE_DTYPES = {"complex", "real", "float", "int", "complex_vector", "real_vector",
                       "float_vector", "int_vector", "string", "bool"}
BLOCK_SIZE = (200, 150)  # about what GRC draws a block as, in pixels
DOC_WIDTH = 92
# Blocks written in Python (no C++ form): the CCSDS deframer calls libfec through ctypes.
PYTHON_ONLY = {"gpufec_ccsds_deframer.block.yml"}


def generated_grc():
    """The decoder blocks' YAML, as CMake writes it from grc/*.block.yml.in."""
    return os.path.join(os.environ["GPUFEC_BINARY_DIR"], "grc")


def load_block(path):
    with open(path) as f:
        return yaml.safe_load(f)


def blocks():
    paths = glob.glob(os.path.join(GRC, "*.block.yml"))
    for template in glob.glob(os.path.join(GRC, "*.block.yml.in")):
        paths.append(os.path.join(generated_grc(), os.path.basename(template)[:-len(".in")]))
    return {os.path.basename(p): load_block(p) for p in sorted(paths)}


def all_blocks_flowgraph(output_language):
    """A flowgraph with every block of this module, connected so that GRC accepts it."""
    def blk(name, id_, col, row, **params):
        return {"name": name, "id": id_, "parameters": params,
                "states": {"coordinate": [16 + 224 * col, 16 + 176 * row], "rotation": 0,
                           "state": "enabled"}}
    return {
        "options": {"parameters": {"id": "all_blocks", "generate_options": "no_gui",
                                   "output_language": output_language, "run_options": "run",
                                   "gen_cmake": "Off"},
                    "states": {"coordinate": [16, 16], "rotation": 0, "state": "enabled"}},
        "blocks": [
            blk("code", "gpufec_conv_code", 1, 0, polys="171, 133", rate='"3/4"',
                termination='"terminated"', frame_bits="300"),
            blk("code_grfec", "gpufec_conv_code", 2, 0, polys="79, 109",
                polys_order='"gr-fec"', rate='"custom"', pattern="1101",
                termination='"tailbiting"'),
            blk("ccsds", "gpufec_conv_code", 7, 0, preset='"ccsds"', rate='""',
                termination='"streaming"'),
            blk("inverted", "gpufec_conv_code", 7, 1, polys="79, -109", polys_order='"gr-fec"',
                termination='"terminated"', frame_bits="2560"),
            blk("plain", "gpufec_uncoded", 3, 0),
            blk("turbo", "gpufec_lte_turbo_code", 6, 0, K="1056"),
            blk("enc_def", "gpufec_conv_fec_encoder_def", 4, 0, code="code"),
            blk("dec_def", "gpufec_viterbi_fec_decoder_def", 5, 0, code="code_grfec",
                invert="True", backend='"cpu"'),
            blk("src", "gpufec_awgn_bpsk_source", 0, 1, code="plain"),
            blk("bits_sink", "blocks_null_sink", 1, 1, type="byte"),
            blk("soft_sink", "blocks_null_sink", 1, 2, type="float"),
            blk("enc", "gpufec_conv_encoder", 2, 1, code="code"),
            blk("channel", "gpufec_awgn_bpsk_channel", 3, 1),
            blk("dec", "gpufec_viterbi_decoder", 4, 1, code="code", length_tag="packet_len"),
            blk("out_sink", "blocks_null_sink", 5, 1, type="byte"),
            blk("tsrc", "gpufec_awgn_bpsk_source", 0, 3, code="turbo"),
            blk("tbits", "blocks_null_sink", 1, 3, type="byte"),
            blk("tenc", "gpufec_lte_turbo_encoder", 2, 3, code="turbo"),
            blk("tchan", "gpufec_awgn_bpsk_channel", 3, 3),
            blk("tdec", "gpufec_lte_turbo_decoder", 4, 3, code="turbo"),
            blk("tout", "blocks_null_sink", 5, 3, type="byte"),
            blk("tsoft", "blocks_null_sink", 1, 4, type="float"),
            blk("tvb", "gpufec_tvb_code", 6, 1, n="6", q="8", N="5",
                construction='"watermark"'),
            blk("bsid", "gpufec_bsid_channel_model", 6, 2, pi="0.01", pd="0.01", ps="0.001"),
            blk("bsrc", "blocks_null_source", 0, 5, type="byte"),
            blk("benc", "gpufec_tvb_encoder", 1, 5, code="tvb"),
            blk("bchan", "gpufec_bsid_channel", 2, 5, channel="bsid"),
            blk("bdec", "gpufec_bsid_map_decoder", 3, 5, code="tvb", channel="bsid",
                lookahead="1"),
            blk("bpost", "gpufec_bsid_map_decoder", 3, 6, code="tvb", channel="bsid",
                output='"posteriors"', backend='"cpu"'),
            blk("bout", "blocks_null_sink", 4, 5, type="byte"),
            blk("bpout", "blocks_null_sink", 4, 6, type="float", vlen="8"),
            blk("trsrc", "blocks_null_source", 0, 7, type="byte"),
            blk("trenc", "gpufec_lte_transport_encoder", 1, 7, G="3000", Qm="4"),
            blk("trcoded", "blocks_null_sink", 2, 7, type="byte"),
            blk("trsoft", "blocks_null_source", 0, 8, type="float"),
            blk("trdec", "gpufec_lte_transport_decoder", 1, 8, A="1000", nsoft="250368",
                backend='"cpu"'),
            blk("trout", "blocks_null_sink", 2, 8, type="byte"),
        ],
        "connections": [["src", "0", "bits_sink", "0"], ["src", "1", "soft_sink", "0"],
                        ["src", "0", "enc", "0"], ["enc", "0", "channel", "0"],
                        ["channel", "0", "dec", "0"], ["dec", "0", "out_sink", "0"],
                        ["tsrc", "0", "tenc", "0"], ["tsrc", "1", "tsoft", "0"],
                        ["tenc", "0", "tchan", "0"], ["tchan", "0", "tdec", "0"],
                        ["tdec", "0", "tout", "0"], ["tsrc", "0", "tbits", "0"],
                        ["bsrc", "0", "benc", "0"], ["benc", "0", "bchan", "0"],
                        ["bchan", "0", "bdec", "0"], ["bdec", "0", "bout", "0"],
                        ["bchan", "0", "bpost", "0"], ["bpost", "0", "bpout", "0"],
                        ["trsrc", "0", "trenc", "0"], ["trenc", "0", "trcoded", "0"],
                        ["trsoft", "0", "trdec", "0"], ["trdec", "0", "trout", "0"]],
        "metadata": {"file_format": 1},
    }


class qa_grc(bounded_test):

    def test_every_block_generates_cpp(self):
        for name, b in blocks().items():
            if name in PYTHON_ONLY:
                self.assertNotIn("cpp", b["flags"], name)
                continue
            self.assertIn("cpp", b["flags"], name)
            cpp = b.get("cpp_templates", {})
            self.assertTrue(cpp.get("make") or cpp.get("var_make"), name)
            self.assertIn("gnuradio::gnuradio-gpufec", cpp.get("link", []), name)
            self.assertIn("gnuradio-gpufec", cpp.get("packages", []), name)

    def test_variable_blocks_declare_their_object_for_cpp(self):
        # GRC types a C++ variable from its 'value' parameter and knows no object types:
        # without one it fails (KeyError 'value'); the object is the member <id>_obj.
        for name, b in blocks().items():
            if "value" not in b:
                continue
            params = {p["id"]: p for p in b["parameters"]}
            self.assertIn("value", params, name)
            self.assertIn(params["value"]["dtype"], CPP_VARIABLE_DTYPES, name)
            self.assertEqual(params["value"].get("hide"), "all", name)
            self.assertIn("${id}_obj = ", b["cpp_templates"]["var_make"], name)

    def test_advanced_fields_are_hidden_until_asked_for(self):
        params = {p["id"]: p for p in load_block(
            os.path.join(generated_grc(), "gpufec_viterbi_decoder.block.yml"))["parameters"]}
        for field in ("payload", "before", "after", "device", "length_tag"):
            self.assertEqual(params[field]["hide"], "part", field)
        params = {p["id"]: p for p in load_block(
            os.path.join(GRC, "gpufec_viterbi_fec_decoder_def.block.yml"))["parameters"]}
        self.assertEqual(params["device"]["hide"], "part")

    def test_every_option_has_one_label(self):
        # YAML splits an unquoted label with a comma ("Octal (171, 133)") into two.
        for name, b in blocks().items():
            for p in b["parameters"]:
                if "option_labels" in p:
                    self.assertEqual(len(p["options"]), len(p["option_labels"]),
                                     "%s: %s" % (name, p["id"]))

    def test_documentation_wraps(self):
        for name, b in blocks().items():
            for line in b.get("documentation", "").split("\n"):
                self.assertLessEqual(len(line), DOC_WIDTH, "%s: %r" % (name, line))

    def test_examples_have_no_overlapping_blocks(self):
        paths = glob.glob(os.path.join(EXAMPLES, "*.grc"))
        self.assertTrue(paths)
        w, h = BLOCK_SIZE
        for path in paths:
            with open(path) as f:
                fg = yaml.safe_load(f)
            places = [("options", fg["options"]["states"]["coordinate"])]
            places += [(b["name"], b["states"]["coordinate"]) for b in fg["blocks"]]
            for (a, (ax, ay)), (b, (bx, by)) in itertools.combinations(places, 2):
                self.assertFalse(abs(ax - bx) < w and abs(ay - by) < h,
                                 "%s: %s at %s overlaps %s at %s" % (
                                     os.path.basename(path), a, (ax, ay), b, (bx, by)))

    def test_turbo_metrics_reach_the_code_and_need_max_log(self):
        # 16-bit metrics go to the decoder as its last argument; with log-MAP the block's
        # assert refuses them before the constructor would.
        for algorithm, accepted in (('"max-log"', True), ('"log-map"', False)):
            fg = all_blocks_flowgraph("python")
            tdec = next(b for b in fg["blocks"] if b["name"] == "tdec")
            tdec["parameters"].update(metrics='"int16"', algorithm=algorithm)
            with tempfile.TemporaryDirectory() as d:
                run = self.grcc(d, "python", fg, accepted)
                if accepted:
                    with open(os.path.join(d, "all_blocks.py")) as f:
                        self.assertIn('False, "int16")', f.read())
                else:
                    self.assertIn("metrics", run.stdout)

    def grcc(self, directory, output_language, flowgraph=None, accepted=True):
        path = os.path.join(directory, "all_blocks_%s.grc" % output_language)
        with open(path, "w") as f:
            yaml.safe_dump(flowgraph or all_blocks_flowgraph(output_language), f, sort_keys=False)
        # This source's blocks and GNU Radio's own only: not another gr-gpufec that someone
        # installed under /usr/local (which GRC would load after ours, replacing them).
        env = dict(os.environ, GRC_BLOCKS_PATH=os.pathsep.join([GRC, generated_grc()]),
                   GR_CONF_GRC_GLOBAL_BLOCKS_PATH=os.path.join(
                       gr.prefix(), "share", "gnuradio", "grc", "blocks"),
                   GR_CONF_GRC_LOCAL_BLOCKS_PATH="")
        run = subprocess.run(["grcc", "-o", directory, path], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.assertEqual(run.returncode == 0, accepted, run.stdout)
        return run

    def test_every_block_in_a_python_flowgraph(self):
        with tempfile.TemporaryDirectory() as d:
            self.grcc(d, "python")
            with open(os.path.join(d, "all_blocks.py")) as f:
                code = f.read()
            self.assertIn("gpufec.viterbi_fec_decoder(code_grfec, \"cpu\", 32.0, True, 0)",
                          code)
            self.assertIn("gpufec.bsid_map_decoder(tvb, bsid, \"posteriors\", \"cpu\"", code)
            self.assertIn("gpufec.lte_transport_encoder(0, 3000, 0, 4, 1, 0, 1, 1, 8, "
                          "\"packet_len\")", code)
            self.assertIn("gpufec.lte_transport_decoder(1000, 0, 0, 2, 1, 250368, 1, 1, 8, 6, "
                          "\"max-log\", 0.75, \"none\", \"cpu\"", code)
            self.assertIn('gpufec.conv_code.preset("ccsds", "", "streaming", 2048)', code)
            self.assertIn("gpufec.parse_polys('79, -109', \"gr-fec\")", code)

    def test_every_block_in_a_cpp_flowgraph_that_compiles(self):
        with tempfile.TemporaryDirectory() as d:
            self.grcc(d, "cpp")
            source = os.path.join(d, "all_blocks", "all_blocks.cpp")
            run = subprocess.run(
                [os.environ["GPUFEC_CXX"], "-std=c++17", "-fsyntax-only",
                 "-DSPDLOG_FMT_EXTERNAL", "-DSPDLOG_COMPILED_LIB", "-DFMT_SHARED",
                 "-I" + os.path.join(SOURCE, "include"), source],
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            self.assertEqual(run.returncode, 0, run.stdout)


if __name__ == "__main__":
    gr_unittest.run(qa_grc)
