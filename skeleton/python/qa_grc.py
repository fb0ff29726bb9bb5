#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""GRC: every block generates Python and C++ flowgraphs (the C++ one compiles), variable
blocks can be declared in C++, advanced fields stay hidden, documentation wraps, drop-downs
have a label per option, block faces show readable values, and in the example flowgraphs no
block or port overlaps another."""

import contextlib
import functools
import glob
import importlib.util
import itertools
import numbers
import os
import subprocess
import tempfile

import numpy
import yaml
from gnuradio import gr, gr_unittest

from bounded_test import bounded_test

from gnuradio import gpufec

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
# Every block's YAML as GRC gets it: CMake copies the families' grc/ folders here, the
# templates (*.block.yml.in) configured with the parameters the decoders share.
GRC = os.path.join(os.environ["GPUFEC_BINARY_DIR"], "grc")
EXAMPLES = os.path.join(SOURCE, "examples")
# What GRC's C++ generator can declare a variable as (cpp_top_block._variable_types).
CPP_VARIABLE_DTYPES = {"complex", "real", "float", "int", "complex_vector", "real_vector",
                       "float_vector", "int_vector", "string", "bool"}
DOC_WIDTH = 92
# Blocks written in Python (no C++ form): the CCSDS deframer calls libfec through ctypes.
PYTHON_ONLY = {"gpufec_ccsds_deframer.block.yml"}

# GRC 3.10's block faces (gnuradio/grc/gui/canvas/{block,param,port}.py, gui/Constants.py),
# estimated without GTK: a bold "Sans 8" title, then a "Sans 7.5" line "label: value" per
# parameter not hidden, 7 px padding, sizes rounded to the 8 px grid; the ports stick out of
# the sides by their label's width plus 4 px, 32 px apart. The sizes per character and line
# were measured with GRC's own layout code under Xvfb (DejaVu Sans): every face of the
# examples is at most this wide and high, most 5-20 % less, so a layout that clears with
# the estimates clears on the screen.
TITLE_CHAR, PARAM_CHAR, PORT_CHAR = 7.0, 6.2, 7.0
TITLE_HEIGHT, LINE_HEIGHT, PORT_HEIGHT = 13, 16, 18
PADDING, GRID, PORT_SEPARATION = 7, 8, 32
# A block's comment is written under its face in "Sans 8".
COMMENT_CHAR = 6.6
# Room between blocks: at least this much between two faces, ports included, so that the
# connections between them show.
CLEARANCE = 16


def load_block(path):
    with open(path) as f:
        return yaml.safe_load(f)


def eng(value):
    """A number as GRC writes it on a face (gui/Utils.num_to_str)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Complex):
        return str(value)
    value = complex(value)
    if value == 0:
        return "0"

    def part(v, fmt="g"):
        for exp, symbol in zip(range(9, -16, -3), "GMk munpf"):
            if abs(v) >= 10 ** exp:
                return ("{:" + fmt + "}{}").format(v / 10 ** exp, symbol.strip())
        return ("{:" + fmt + "}").format(v)
    text = part(value.real) if value.real else ""
    return text + (part(value.imag, "+g" if text else "g") + "j" if value.imag else "")


def face_value(param):
    """A parameter's value as GRC writes it on a block's face (gui/canvas/param.py)."""
    value = param.get_value()
    if param.is_valid() and value in param.options:
        return param.options[value]  # an option's label, never cut
    if not param.is_valid():
        text = value
    else:
        e = param.get_evaluated()
        if isinstance(e, bool):
            return str(e)
        if isinstance(e, numbers.Complex):
            text = eng(e)
        elif isinstance(e, (tuple, list, set, numpy.ndarray)):
            text = value if len(e) > 8 else ", ".join(map(eng, e))
        else:
            text = str(e)
    # GRC cuts a value longer than 27 characters less the label's (keeping both ends).
    cut = max(27 - len(param.name), 3)
    return text if len(text) <= cut else text[:cut // 2 - 3] + "..." + text[-(cut // 2):]


def grid(v):
    """Rounded up to GRC's grid (GRC rounds to the nearest: an estimate errs on the large side)."""
    return -(-int(v) // GRID) * GRID


def face(block):
    """(lines of text on the face, width, height, left port width, right port width); the
    size includes the block's comment under the face."""
    lines = ["%s: %s" % (p.name, face_value(p)) for p in block.params.values()
             if p.hide not in ("all", "part")]
    width = max([len(block.label) * TITLE_CHAR] + [len(s) * PARAM_CHAR for s in lines])
    height = TITLE_HEIGHT + len(lines) * LINE_HEIGHT + 2 * PADDING
    sides = []
    for ports in (block.active_sinks, block.active_sources):
        sides.append(max([4 + len(p.name) * PORT_CHAR for p in ports], default=0))
        if ports:
            height = max(height, 16 + len(ports) * PORT_SEPARATION - PORT_HEIGHT)
    width += 2 * PADDING
    comment = block.comment.splitlines() if block.comment else []
    if comment:
        width = max([width] + [len(s) * COMMENT_CHAR for s in comment])
        height += 4 + len(comment) * LINE_HEIGHT
    return lines, grid(width), grid(height), sides[0], sides[1]


@functools.lru_cache(maxsize=None)
def grc_platform():
    """GRC's core (no GUI) with this source's blocks and GNU Radio's own (loaded once)."""
    from gnuradio.grc.core.platform import Platform
    saved = dict(os.environ)
    os.environ.update(GRC_BLOCKS_PATH=GRC,
                      GR_CONF_GRC_GLOBAL_BLOCKS_PATH=os.path.join(
                          gr.prefix(), "share", "gnuradio", "grc", "blocks"),
                      GR_CONF_GRC_LOCAL_BLOCKS_PATH="")
    try:
        platform = Platform(version=gr.version(), prefs=gr.prefs(),
                            version_parts=(gr.major_version(), gr.api_version(),
                                           gr.minor_version()))
        with open(os.devnull, "w") as quiet, contextlib.redirect_stdout(quiet):
            platform.build_library()
        return platform
    finally:
        os.environ.clear()
        os.environ.update(saved)


def load_flowgraph(platform, path):
    fg = platform.make_flow_graph(path)
    fg.rewrite()
    fg.validate()
    return fg


def blocks():
    paths = glob.glob(os.path.join(GRC, "*.block.yml"))
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
            blk("cc_dec", "gpufec_cc_decoder_def", 8, 0, framebits="80", polys="[79, -109]",
                mode="fec.CC_TERMINATED", padding="True", state_end="0"),
            blk("cc_enc", "gpufec_cc_encoder_def", 8, 1, framebits="80", polys="[79, 109]",
                state_start="5", mode="fec.CC_TRUNCATED"),
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
            os.path.join(GRC, "gpufec_viterbi_decoder.block.yml"))["parameters"]}
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

    def test_every_option_has_a_label(self):
        # A YAML flow list splits a label at its commas ([Octal (171, 133), ...] is four
        # labels): GRC then shows the wrong text for each option.
        for name, b in blocks().items():
            for p in b["parameters"]:
                if "option_labels" in p:
                    self.assertEqual(len(p["option_labels"]), len(p["options"]),
                                     "%s: %s" % (name, p["id"]))

    def test_faces_show_names_not_reprs(self):
        """A block's Code or Model parameter shows str() of the object, cut beyond 27
        characters less its label's: short enough to be shown whole in these cases (a model
        with three nonzero probabilities of several digits each is cut)."""
        objects = [gpufec.conv_code(7, [0o171, 0o133], termination="streaming"),
                   gpufec.conv_code(9, [0o557, 0o663, 0o711], "", "tailbiting", 65536),
                   gpufec.conv_code(7, [0o171, 0o133], "110110", "terminated"),
                   gpufec.lte_turbo_code(6144), gpufec.uncoded(),
                   gpufec.tvb_code(16, 256, 4000, construction="marker"),
                   gpufec.bsid_channel_model(0.002, 0.002, 0.0, 1),
                   gpufec.bsid_channel_model(0.005, 0.005, 0.0)]
        for obj in objects:
            self.assertNotIn("<", str(obj))
            self.assertLessEqual(len(str(obj)), 27 - len("Model"), str(obj))
        self.assertEqual(str(objects[5]), "TVB n=16 q=256 N=4000")
        self.assertEqual(str(objects[0]), "K=7 r1/2 streaming")
        self.assertEqual(str(objects[2]), "K=7 r3/4 terminated")
        self.assertEqual(str(objects[3]), "LTE turbo K=6144")
        self.assertEqual(str(objects[6]), "pi=0.002 pd=0.002 ps=0")
        for name, b in blocks().items():
            for p in b["parameters"]:
                if p["id"] in ("code", "channel") and p["dtype"] == "raw":
                    self.assertLessEqual(len(p["label"]), len("Model"), name)

    def test_lte_block_sizes_are_written_out(self):
        # GRC writes an int on a face in engineering form (6144 as 6.144k) unless it is one
        # of the parameter's options.
        with open(os.path.join(GRC, "gpufec_lte_turbo_code.block.yml")) as f:
            params = {p["id"]: p for p in yaml.safe_load(f)["parameters"]}
        self.assertEqual([int(k) for k in params["K"]["options"]],
                         list(gpufec.lte_turbo_code.block_sizes()))

    def test_examples_have_no_overlapping_blocks_or_ports(self):
        paths = sorted(glob.glob(os.path.join(EXAMPLES, "*.grc")))
        self.assertTrue(paths)
        overlaps = []
        for path in paths:
            fg = load_flowgraph(grc_platform(), path)
            self.assertTrue(fg.is_valid(), (path, fg.get_error_messages()))
            boxes = []
            for b in fg.blocks:
                self.assertEqual(b.states["rotation"], 0, (path, b.name))
                lines, w, h, left, right = face(b)
                for line in lines if b.key.startswith("gpufec_") else []:
                    self.assertNotIn("<", line, (path, b.name))  # an object's repr
                x, y = b.states["coordinate"]
                boxes.append((b.name, x - left, y, x + w + right, y + h))
            for a, b in itertools.combinations(boxes, 2):
                if not (a[3] + CLEARANCE <= b[1] or b[3] + CLEARANCE <= a[1] or
                        a[4] + CLEARANCE <= b[2] or b[4] + CLEARANCE <= a[2]):
                    overlaps.append("%s: %s %s and %s %s" % (
                        os.path.basename(path), a[0], a[1:], b[0], b[1:]))
        self.assertEqual(overlaps, [], "faces (ports and comments included) overlap")

    def test_face_estimate_catches_an_overlap(self):
        # The example's variable blocks once stood 224 px apart, less than the code's face;
        # the source's soft port and the decoder's stood on each other.
        fg = load_flowgraph(grc_platform(), os.path.join(EXAMPLES, "viterbi_ber.grc"))
        faces = {b.name: (b.states["coordinate"], face(b)) for b in fg.blocks}
        (sx, _), (_, sw, _, _, sright) = faces["src"]
        _, (_, _, _, dleft, _) = faces["decoder"]
        self.assertGreater(sx + sw + sright + dleft + CLEARANCE, 240)
        fg = load_flowgraph(grc_platform(), os.path.join(EXAMPLES, "bsid_stream.grc"))
        self.assertGreater(face(next(b for b in fg.blocks if b.name == "code"))[1], 224)

    def test_turbo_metrics_reach_the_code_and_need_max_log(self):
        # 16-bit metrics go to the decoder as its metrics keyword; with log-MAP the block's
        # assert refuses them before the constructor would.
        for algorithm, accepted in (('"max-log"', True), ('"log-map"', False)):
            fg = all_blocks_flowgraph("python")
            tdec = next(b for b in fg["blocks"] if b["name"] == "tdec")
            tdec["parameters"].update(metrics='"int16"', algorithm=algorithm)
            with tempfile.TemporaryDirectory() as d:
                run = self.grcc(d, "python", fg, accepted)
                if accepted:
                    with open(os.path.join(d, "all_blocks.py")) as f:
                        self.assertIn('metrics="int16")', f.read())
                else:
                    self.assertIn("metrics", run.stdout)

    def grcc(self, directory, output_language, flowgraph=None, accepted=True):
        path = os.path.join(directory, "all_blocks_%s.grc" % output_language)
        with open(path, "w") as f:
            yaml.safe_dump(flowgraph or all_blocks_flowgraph(output_language), f, sort_keys=False)
        # This source's blocks and GNU Radio's own only: not another gr-gpufec that someone
        # installed under /usr/local (which GRC would load after ours, replacing them).
        env = dict(os.environ, GRC_BLOCKS_PATH=GRC,
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
            self.assertIn("gpufec.cc_decoder.make(80, 7, 2, [79, -109], 0, 0, fec.CC_TERMINATED, "
                          "True, \"cpu\", 0, find_pairing=False)", code)
            self.assertIn("gpufec.cc_encoder_make(80, 7, 2, [79, 109], 5, fec.CC_TRUNCATED, "
                          "False)", code)

    def test_cc_definitions_run_in_gr_fec_blocks(self):
        # gr-fec's FEC Extended Encoder / Decoder blocks with our CC definitions, as a gr-fec
        # flowgraph has its CC definitions (gr-satellites' CCSDS code, streaming 80-bit frames,
        # punctured to rate 3/4 by gr-fec's blocks): grcc generates it, and it decodes.
        bits = "[(i * 7 + i // 3 + i // 11) % 2 for i in range(8000)]"

        def blk(name, id_, col, **params):
            return {"name": name, "id": id_, "parameters": params,
                    "states": {"coordinate": [16 + 224 * col, 200], "rotation": 0,
                               "state": "enabled"}}
        fg = {"options": {"parameters": {"id": "cc_defs", "generate_options": "no_gui",
                                         "output_language": "python", "run_options": "run"},
                          "states": {"coordinate": [16, 16], "rotation": 0,
                                     "state": "enabled"}},
              "blocks": [
                  blk("enc_def", "gpufec_cc_encoder_def", 1, framebits="80", polys="[79,-109]",
                      mode="fec.CC_STREAMING"),
                  blk("dec_def", "gpufec_cc_decoder_def", 2, framebits="80", polys="[79,-109]",
                      mode="fec.CC_STREAMING"),
                  blk("src", "blocks_vector_source_x", 0, type="byte", vector=bits,
                      repeat="False"),
                  blk("enc", "fec_extended_encoder", 1, encoder_list="enc_def",
                      threadtype="none", puncpat="'110110'"),
                  blk("to_symbols", "digital_map_bb", 2, map="[-1, 1]"),
                  blk("to_float", "blocks_char_to_float", 3),
                  blk("dec", "fec_extended_decoder", 4, decoder_list="dec_def",
                      threadtype="none", puncpat="'110110'"),
                  blk("sink", "blocks_vector_sink_x", 5, type="byte"),
              ],
              "connections": [["src", "0", "enc", "0"], ["enc", "0", "to_symbols", "0"],
                              ["to_symbols", "0", "to_float", "0"],
                              ["to_float", "0", "dec", "0"], ["dec", "0", "sink", "0"]],
              "metadata": {"file_format": 1}}
        with tempfile.TemporaryDirectory() as d:
            self.grcc(d, "python", fg)
            spec = importlib.util.spec_from_file_location("cc_defs", os.path.join(d, "cc_defs.py"))
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            tb = module.cc_defs()
            tb.run()
        want = numpy.array(eval(bits), dtype=numpy.uint8)
        got = numpy.array(tb.sink.data(), dtype=numpy.uint8)
        self.assertGreater(len(got), len(want) - 400)  # the decoder reads ahead
        self.assertEqual(int(numpy.count_nonzero(got != want[:len(got)])), 0)

    def test_every_block_in_a_cpp_flowgraph_that_compiles(self):
        with tempfile.TemporaryDirectory() as d:
            self.grcc(d, "cpp")
            source = os.path.join(d, "all_blocks", "all_blocks.cpp")
            run = subprocess.run(
                [os.environ["GPUFEC_CXX"], "-std=c++17", "-fsyntax-only",
                 "-DSPDLOG_FMT_EXTERNAL", "-DSPDLOG_COMPILED_LIB", "-DFMT_SHARED",
                 *["-I" + d for d in glob.glob(os.path.join(SOURCE, "*", "include"))], source],
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            self.assertEqual(run.returncode, 0, run.stdout)


if __name__ == "__main__":
    gr_unittest.run(qa_grc)
