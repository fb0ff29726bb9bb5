#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every default of the options the decoders share is written once, in the C++ core
(decoder_options), and so are the LTE turbo decoder's own (lte_turbo_params,
lte_rate_dematching): the bindings and the GRC YAML must say the same. So must the
signatures that the documentation writes out, and every GRC block's defaults."""

import ast
import glob
import os
import re

import yaml
from gnuradio import gr_unittest

from bounded_test import bounded_test

from gnuradio import gpufec

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def source_grc_files(pattern):
    """GRC files of the source tree: the families' grc/ folders, and skeleton/grc/ for the
    parameters every decoder shares (folders with a CMakeLists.txt: not a build tree)."""
    return [p for p in glob.glob(os.path.join(SOURCE, "*", "grc", pattern))
            if os.path.isfile(os.path.join(os.path.dirname(os.path.dirname(p)), "CMakeLists.txt"))]


def source_grc(name):
    found = source_grc_files(name)
    assert len(found) == 1, (name, found)
    return found[0]

# The pages that write out Python signatures with their defaults: all of a page, or the
# sections named (the others describe the C++ core); and the pages with example calls.
SIGNATURE_DOCS = {"docs/conventions.md": None,
                  "docs/turbo.md": ("The blocks", "Python functions",
                                    "Transport blocks (`lte_transport.h`)")}
EXAMPLE_DOCS = ("README.md",)
# GRC defaults that differ from the binding's on purpose.
GRC_OWN_DEFAULTS = {
    # A new GRC code is a stream, what the decoder blocks are mostly for; the Python and C++
    # constructors keep the framed default of the numpy functions.
    ("gpufec_conv_code", "termination"),
}


def yaml_value(text):
    """A GRC default ('"auto"', '8.0', 'False') as the Python value it stands for."""
    return eval(text)  # GRC defaults are Python expressions


def split_top_level(text):
    """Comma-separated items of @p text, commas inside brackets or quotes left alone."""
    items, depth, quote, start = [], 0, None, 0
    for i, ch in enumerate(text):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            items.append(text[start:i].strip())
            start = i + 1
    items.append(text[start:].strip())
    return [item for item in items if item]


def closing_paren(text, open_at):
    """The index of the parenthesis that closes the one at @p open_at."""
    depth, quote = 0, None
    for i in range(open_at, len(text)):
        ch = text[i]
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return i
    raise ValueError("unbalanced parentheses: " + text[open_at:open_at + 80])


def binding_signatures(func):
    """Each overload of a pybind11 function as a list of (name, default text or None); none
    for what Python defines (the CCSDS deframer), which has no pybind11 signature."""
    name = func.__name__
    found = []
    for line in (func.__doc__ or "").splitlines():
        line = re.sub(r"^\d+\. ", "", line.strip())
        if not line.startswith(name + "("):
            continue
        params = []
        for item in split_top_level(line[len(name) + 1:closing_paren(line, len(name))]):
            param, _, default = item.partition(" = ")
            param = param.split(":")[0].strip()
            if param != "self":
                params.append((param, default.strip() or None))
        found.append(params)
    return found


def signature_defaults(func):
    """name -> default (as text, quotes removed) over a pybind11 function's signatures."""
    return {name: default.strip("'") for params in binding_signatures(func)
            for name, default in params if default is not None}


def same_default(documented, bound):
    """Whether a default as the docs or GRC write it equals one as pybind11 prints it."""
    try:
        return ast.literal_eval(documented) == ast.literal_eval(bound)
    except (ValueError, SyntaxError):
        return documented == bound


def callable_of(name):
    """The gpufec function, or the constructor of the gpufec class, called @p name (not an
    enumeration's: `termination()` in the docs is the code's accessor)."""
    obj = getattr(gpufec, name, None)
    if isinstance(obj, type):
        return None if hasattr(obj, "__members__") else obj.__init__
    return obj if callable(obj) else None


def calls_in(text, names):
    """(name, argument items, a call assigned to a variable?) for every name(...) in @p text."""
    pattern = r"(?<![\w:.])(?:gpufec\.)?(%s)\(" % "|".join(sorted(names, key=len, reverse=True))
    for m in re.finditer(pattern, text):
        end = closing_paren(text, m.end() - 1)
        line_start = text.rfind("\n", 0, m.start()) + 1
        assigned = re.search(r"=\s*$", text[line_start:m.start()]) is not None
        args = text[m.end():end].replace("\\\n", " ").replace("\n", " ")
        yield m.group(1), split_top_level(args), assigned


def code_spans(path, sections=None):
    """The inline code spans and fenced blocks of a Markdown page, or of its sections whose
    "## " headings are in @p sections."""
    with open(os.path.join(SOURCE, path)) as f:
        text = f.read()
    if sections is not None:
        parts = re.split(r"^## (.*)$", text, flags=re.M)
        text = "".join(body for title, body in zip(parts[1::2], parts[2::2])
                       if title.strip() in sections)
    fenced = re.findall(r"^```[^\n]*\n(.*?)^```", text, re.S | re.M)
    text = re.sub(r"^```[^\n]*\n.*?^```", "", text, flags=re.S | re.M)
    return fenced + re.findall(r"`([^`]+)`", text)


def grc_block_files():
    """Every GRC block's YAML as GRC gets it: CMake copies the families' grc/*.block.yml and
    configures their *.block.yml.in (shared parameters pasted in at @...@ placeholders) into
    the build tree's grc/ (GPUFEC_BINARY_DIR, set by ctest)."""
    return sorted(glob.glob(os.path.join(os.environ["GPUFEC_BINARY_DIR"], "grc", "*.block.yml")))


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
            with open(source_grc(name)) as f:
                params.update({p["id"]: p for p in yaml.safe_load(f)})
        self.assertEqual(set(params), set(self.cpp))
        for name, value in self.cpp.items():
            self.assertEqual(yaml_value(params[name]["default"]), value, name)

    def test_every_decoder_block_uses_the_shared_parameters(self):
        blocks = source_grc_files("*_decoder.block.yml*")
        self.assertTrue(blocks)
        for path in blocks:
            with open(path) as f:
                text = f.read()
            if "@GPUFEC_GRC_" in text:
                continue  # parameters generated from an options description (qa_*_options.py)
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

    def test_lte_transport(self):
        # The turbo decoder's own defaults, as the turbo decoder has them.
        turbo = {k: v for k, v in gpufec.lte_turbo_defaults().items() if k not in ("E", "ncb")}
        shared = ("iterations", "algorithm", "scaling", "early_stop", "subblocks", "guard",
                  "metrics")
        for func in (gpufec.lte_transport_decode, gpufec.lte_transport_decoder.__init__):
            self.assert_signature(func, turbo, shared)
        with open(source_grc("gpufec_lte_transport_decoder.block.yml.in")) as f:
            text = f.read()
        for placeholder in ("@GPUFEC_DECODER_PARAMETERS@\n", "@GPUFEC_TRANSPORT_PARAMETERS@\n"):
            text = text.replace(placeholder, "")
        params = {p["id"]: p for p in yaml.safe_load(text)["parameters"]}
        for name, value in turbo.items():
            if name != "rv":  # a transport block parameter here
                self.assertEqual(yaml_value(params[name]["default"]), value, name)
        # The transport block parameters: the C++ defaults (lte_transport_params) as the
        # bindings state them, in every function and block, and in the shared GRC YAML.
        with open(source_grc("lte_transport_parameters.yml")) as f:
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
        with open(source_grc("gpufec_bsid_map_decoder.block.yml.in")) as f:
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
        with open(source_grc("gpufec_viterbi_fec_decoder_def.block.yml")) as f:
            params = {p["id"]: p for p in yaml.safe_load(f)["parameters"]}
        found = signature_defaults(gpufec.viterbi_fec_decoder.__init__)
        for name in ("backend", "llr_scale", "invert", "device"):
            self.assertEqual(yaml_value(params[name]["default"]), want[name], name)
            self.assert_signature_default(found[name], want[name], name)

    def signature_problem(self, items, params):
        """What a documented signature gets wrong against one binding overload, or None."""
        names = [name for name, _ in params]
        defaults = dict(params)
        with_defaults = any("=" in item for item in items)
        position = 0
        for item in items:
            if item == "...":
                continue
            name, eq, default = (part.strip() for part in item.partition("="))
            if name not in names:
                return "no parameter " + name
            if names.index(name) < position:
                return name + " out of order"
            position = names.index(name) + 1
            if eq and defaults[name] is None:
                return name + " has no default"
            if eq and not same_default(default, defaults[name]):
                return "%s=%s, but the default is %s" % (name, default, defaults[name])
            if not eq and with_defaults and defaults[name] is not None:
                return name + " without its default " + defaults[name]
        documented = {item.partition("=")[0].strip() for item in items}
        if "..." not in items and documented != set(names):
            return "leaves out " + ", ".join(n for n in names if n not in documented)
        return None

    @staticmethod
    def call_problem(items, params):
        """What an example call gets wrong against one binding overload, or None."""
        names = [name for name, _ in params]
        keywords = [item.partition("=")[0].strip() for item in items
                    if re.match(r"\w+\s*=(?!=)", item)]
        if len(items) - len(keywords) > len(names):
            return "too many arguments"
        unknown = [k for k in keywords if k not in names]
        return "no parameter " + ", ".join(unknown) if unknown else None

    def test_documented_signatures(self):
        """Signatures written in the docs (`name(a, b=default, ...)`) name the binding's
        parameters in its order with its defaults, and list them all unless they end in ...;
        the README's and docs' example calls pass only keywords the binding has."""
        names = {n for n in dir(gpufec) if not n.startswith("_") and callable_of(n)
                 and binding_signatures(callable_of(n))}
        checked, wrong = 0, []
        pages = dict(SIGNATURE_DOCS, **{path: None for path in EXAMPLE_DOCS})
        for path, sections in pages.items():
            for span in code_spans(path, sections):
                for name, items, assigned in calls_in(span, names):
                    # Not signatures: `f()` (a reference), `f(..., x=1)` (a use), x = f(...).
                    signature = bool(path in SIGNATURE_DOCS and not assigned and items
                                 and items[0] != "..." and all(
                                     re.fullmatch(r"\w+(\s*=.*)?|\.\.\.", item, re.S)
                                     for item in items))
                    problems = []
                    for params in binding_signatures(callable_of(name)):
                        problem = (self.signature_problem(items, params) if signature
                                   else self.call_problem(items, params))
                        if problem is None:
                            break
                        problems.append(problem)
                    else:
                        wrong.append("%s: %s(%s): %s" % (path, name, ", ".join(items),
                                                         "; ".join(problems)))
                    checked += signature
        self.assertEqual(wrong, [], "\n".join(wrong))
        self.assertGreaterEqual(checked, 10)

    def test_every_grc_default_is_the_bindings(self):
        """Each GRC parameter passed as ${id} to the gpufec call of its block's Python template
        defaults to what the binding's parameter of that name defaults to."""
        names = {n for n in dir(gpufec) if not n.startswith("_") and callable_of(n)}
        compared = set()
        for path in grc_block_files():
            with open(path) as f:
                block = yaml.safe_load(f)
            params = {p["id"]: p for p in block["parameters"]}
            template = block["templates"].get("make") or block["templates"]["var_make"]
            for name, items, _ in calls_in(template, names):
                bound = {n: d for overload in binding_signatures(callable_of(name))
                         for n, d in overload}
                positional = [dict(zip(range(len(o)), (n for n, _ in o)))
                              for o in binding_signatures(callable_of(name))]
                for i, item in enumerate(items):
                    m = re.fullmatch(r"(?:(\w+)=)?\$\{\s*(\w+)\s*\}", item)
                    if not m or m.group(2) not in params:
                        continue
                    grc_id = m.group(2)
                    param = m.group(1) or next((p[i] for p in positional if p.get(i) == grc_id),
                                               None)
                    if param != grc_id or bound.get(param) is None:
                        continue
                    if (block["id"], grc_id) in GRC_OWN_DEFAULTS:
                        self.assertFalse(same_default(params[grc_id]["default"], bound[param]),
                                         (block["id"], grc_id))
                        continue
                    self.assertTrue(same_default(params[grc_id]["default"], bound[param]),
                                    "%s: %s defaults to %s in GRC, %s in %s()" % (
                                        block["id"], grc_id, params[grc_id]["default"],
                                        bound[param], name))
                    compared.add((block["id"], grc_id))
        self.assertGreaterEqual(len(compared), 40, sorted(compared))


if __name__ == "__main__":
    gr_unittest.run(qa_decoder_defaults)
