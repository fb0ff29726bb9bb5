#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every registered code family has what docs/adding-a-decoder.md's checklist asks for, where
the checklist says, and its CMakeLists.txt names every source file of the folder (a file left
out of the build would otherwise go unnoticed).

    qa_family_layout.py <source root> <family>...     (ctest family_layout, label core)
"""
import glob
import os
import re
import sys
import unittest

ROOT = None
FAMILIES = []
SOURCES = (".cc", ".cu")


def files(family, pattern):
    return sorted(glob.glob(os.path.join(ROOT, family, pattern), recursive=True))


def stem(path):
    return os.path.basename(path).split(".", 1)[0]


class qa_family_layout(unittest.TestCase):
    def setUp(self):
        self.assertTrue(FAMILIES, "no family registered")

    def test_specification(self):
        for family in FAMILIES:
            with open(os.path.join(ROOT, family, "CMakeLists.txt")) as f:
                m = re.search(r"gpufec_add_family\(\s*" + family + r"\s+DOC\s+(\S+)", f.read())
            self.assertTrue(m, "gpufec_add_family(%s DOC ...) not found" % family)
            self.assertTrue(os.path.isfile(os.path.join(ROOT, m.group(1))), m.group(1))

    def test_engine_headers_and_core(self):
        for family in FAMILIES:
            self.assertTrue(files(family, "include/gnuradio/gpufec/%s/*.h" % family),
                            "%s: no engine header in include/gnuradio/gpufec/%s/" % (family, family))
            core = files(family, "core/*.cc")
            self.assertTrue([c for c in core if not stem(c).startswith("qa_")],
                            "%s: no core source" % family)
            self.assertTrue([c for c in core if stem(c).startswith("qa_")],
                            "%s: no CppUnit test in core/" % family)

    def test_blocks_have_headers_and_grc(self):
        for family in FAMILIES:
            impls = files(family, "blocks/*_impl.cc")
            self.assertTrue(impls, "%s: no block" % family)
            grc = {stem(g) for g in files(family, "grc/*.block.yml*")}
            for impl in impls:
                block = stem(impl)[:-len("_impl")]
                self.assertTrue(
                    os.path.isfile(os.path.join(ROOT, family, "include", "gnuradio", "gpufec",
                                                block + ".h")), "%s: no header" % block)
                self.assertTrue({"gpufec_" + block, "gpufec_" + block + "_def"} & grc,
                                "%s: no GRC YAML in %s/grc/" % (block, family))

    def test_bindings_and_python_tests(self):
        for family in FAMILIES:
            self.assertTrue(files(family, "python/bindings/*_python.cc"), "%s: no bindings" % family)
            self.assertTrue(files(family, "python/qa_*.py"), "%s: no Python QA" % family)

    def test_fuzz_harnesses_have_seeds(self):
        for family in FAMILIES:
            harnesses = files(family, "fuzz/*.cc")
            self.assertTrue(harnesses, "%s: no fuzz harness" % family)
            for h in harnesses:
                seeds = os.path.join(ROOT, family, "fuzz", "corpus", stem(h))
                self.assertTrue(os.path.isdir(seeds) and os.listdir(seeds),
                                "%s: no seeds in %s" % (h, seeds))

    def test_ber_bench_and_mutations(self):
        for family in FAMILIES:
            self.assertTrue(files(family, "apps/%s_ber_*.cc" % family), "%s: no BER registration" % family)
            self.assertTrue(files(family, "apps/%s_bench.cc" % family), "%s: no bench group" % family)
            path = os.path.join(ROOT, family, "mutations.txt")
            self.assertTrue(os.path.isfile(path), "%s: no mutations.txt" % family)
            with open(path) as f:
                targets = re.findall(r"^file: (\S+)", f.read(), re.M)
            self.assertTrue(targets, "%s: no mutation" % family)
            for t in targets:
                self.assertTrue(t.startswith(family + "/"), "%s mutates %s" % (path, t))

    def test_file_names_carry_the_family(self):
        # A file not named after a public name (an installed header, or an installed program)
        # starts with the family's name, so that it is found from the name alone.
        for family in FAMILIES:
            public = {stem(h) for h in files(family, "include/**/*.h")}
            for layer in ("common", "core", "cuda", "apps"):
                for path in files(family, layer + "/*.*"):
                    name = stem(path)
                    bare = name[len("qa_"):] if name.startswith("qa_") else name
                    ok = (bare.startswith(family + "_") or bare == family or
                          name.startswith("gpufec_") or
                          any(bare == p or bare.startswith(p + "_") for p in public))
                    self.assertTrue(ok, "%s: not named after %s or a public name" % (path, family))

    def test_cmake_names_every_source(self):
        for family in FAMILIES:
            with open(os.path.join(ROOT, family, "CMakeLists.txt")) as f:
                cmake = f.read()
            for path in files(family, "**/*"):
                if not path.endswith(SOURCES) or "/corpus/" in path:
                    continue
                rel = os.path.relpath(path, os.path.join(ROOT, family))
                self.assertTrue(rel in cmake, "%s/CMakeLists.txt does not name %s" % (family, rel))


if __name__ == "__main__":
    ROOT = os.path.abspath(sys.argv[1])
    FAMILIES = sys.argv[2:]
    unittest.main(argv=sys.argv[:1])
