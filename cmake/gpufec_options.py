#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes what a family's options description (<family>/*_options.yml, docs/architecture.md
"Options") gives, into the source tree: the C++ header with the enums and the structs and
their defaults, the .gen.cc with the enums' name tables, check() and the spec functions, the
pybind11 header with the Python options class and the keyword lists of the bindings, GRC
parameter fragments, and the docs' table of options.

    gpufec_options.py SOURCE_DIR            rewrite every generated file
    gpufec_options.py SOURCE_DIR --check    write them into a temporary folder and fail,
                                            naming the files, where the tree differs

Needs Python 3 and PyYAML (Debian: python3-yaml)."""

import argparse
import difflib
import glob
import os
import re
import sys
import tempfile

import yaml

TOOL = "cmake/gpufec_options.py"

CPP_TYPES = {"int": "int", "unsigned": "unsigned", "size": "size_t", "float": "float",
             "bool": "bool", "string": "std::string"}
INTEGERS = ("int", "unsigned", "size")


def header_line(source, comment):
    return "%s generated from %s by %s: do not edit\n" % (comment, source, TOOL)


class Description:
    """Every *_options.yml of the tree, its options and structs looked up by name."""

    def __init__(self, root):
        self.root = root
        self.files = {}
        for path in sorted(glob.glob(os.path.join(root, "*", "*_options.yml"))):
            with open(path) as f:
                self.files[os.path.relpath(path, root)] = yaml.safe_load(f)
        self.enums, self.structs, self.options, self.owner = {}, {}, {}, {}
        for rel, d in self.files.items():
            for name, e in (d.get("enums") or {}).items():
                e.setdefault("parse", "parse_" + name)
                e.setdefault("name", name + "_name")
                e.setdefault("what", name)
                self.enums[name] = e
            for name, s in (d.get("structs") or {}).items():
                self.structs[name] = s
                self.owner[name] = rel
            for o in d.get("options") or []:
                if "use" not in o:
                    o.setdefault("field", o["name"])
                    self.options[o["name"]] = o
        for d in self.files.values():
            d["options"] = [self.resolve(o) for o in d.get("options") or []]

    def resolve(self, o):
        """An option entry; {use: name, ...} is that option with the keys given changed."""
        if "use" not in o:
            return o
        base = dict(self.options[o["use"]])
        for key, value in o.items():
            if key == "grc":
                base["grc"] = dict(base.get("grc") or {}, **value)
            elif key != "use":
                base[key] = value
        return base

    def fields(self, struct):
        """(path from the struct, option) for every option a struct holds: its base's first,
        its own, then its members'."""
        s = self.structs[struct]
        out = []
        if s.get("base"):
            out += self.fields(s["base"])
        out += [(o["field"], o) for o in self.options.values() if o.get("in") == struct]
        for member, mtype in (s.get("members") or {}).items():
            out += [(member + "." + path, o) for path, o in self.fields(mtype)]
        return out


def cpp_type(o):
    return CPP_TYPES.get(o["type"], o["type"])


def cpp_default(desc, o):
    t, v = o["type"], o["default"]
    if t in desc.enums:
        ids = {e["name"]: e["id"] for e in desc.enums[t]["values"]}
        return "%s::%s" % (t, ids[v])
    if t == "float":
        return repr(float(v)) + "f"
    if t == "bool":
        return "true" if v else "false"
    if t == "string":
        return '"%s"' % v
    return str(v)


def range_text(o):
    if "range_text" in o:
        return o["range_text"]
    r = o.get("range") or {}
    if "above" in r and "max" in r:
        return "(%s, %s]" % (r["above"], r["max"])
    if "min" in r and "max" in r:
        return "%s to %s" % (r["min"], r["max"])
    if "above" in r:
        return "> %s" % r["above"]
    if "min" in r:
        return ">= %s" % r["min"]
    return ""


def doc_lines(text, indent, first="/*! ", rest=" *  ", last=" */"):
    lines = text.strip().splitlines()
    if len(lines) == 1:
        return [indent + first + lines[0] + last]
    return ([indent + first + lines[0]] + [(indent + rest + l).rstrip() for l in lines[1:-1]] +
            [indent + rest + lines[-1] + last])


# ---------------------------------------------------------------- C++ header and source


def write_header(desc, rel, d):
    out = [header_line(rel, "//")]
    guard = "INCLUDED_GPUFEC_" + re.sub(r"\W", "_", os.path.basename(d["outputs"]["header"])).upper()
    out += ["#ifndef " + guard, "#define " + guard, "",
            "#include <gnuradio/gpufec/core/core_api.h>"]
    out += ["#include %s" % i for i in d.get("includes") or []]
    out += ["#include <cstddef>", "#include <string>", "#include <vector>", "",
            "namespace gr {", "namespace gpufec {", ""]
    for name, e in (d.get("enums") or {}).items():
        out += doc_lines("@brief " + e["doc"], "")
        out.append("enum class %s {" % name)
        for i, v in enumerate(e["values"]):
            out.append("    %s = %d,%s" % (v["id"], i, " //!< " + v["doc"] if v.get("doc") else ""))
        out += ["};", ""]
        names = ", ".join("'%s'" % v["name"] for v in e["values"])
        out.append("/*! @brief The value named %s (case-insensitive; also the old names)." % names)
        out.append(" *  @throws std::invalid_argument naming %s, the value and the names allowed */"
                   % e["what"])
        out.append("GPUFEC_CORE_API %s %s(const std::string& name);" % (name, e["parse"]))
        out.append("/*! @brief The name of @p v. @throws std::invalid_argument for a value outside the enum */")
        out.append("GPUFEC_CORE_API std::string %s(%s v);" % (e["name"], name))
        out.append("")
    if d.get("code"):
        out += d["code"].rstrip().splitlines() + [""]
    for name, s in (d.get("structs") or {}).items():
        out += doc_lines("@brief " + s["doc"], "")
        base = " : " + s["base"] if s.get("base") else ""
        out.append("struct GPUFEC_CORE_API %s%s {" % (name, base))
        for o in desc.options.values():
            if o.get("in") != name:
                continue
            text = o.get("doc", o.get("label", o["name"]))
            if o["name"] != o["field"]:
                text += "\n(Option name: " + o["name"] + ".)"
            if range_text(o):
                text += "\nAllowed: " + range_text(o) + "."
            out += doc_lines(text, "    ")
            out.append("    %s %s = %s;" % (cpp_type(o), o["field"], cpp_default(desc, o)))
        for member, mtype in (s.get("members") or {}).items():
            out.append("    %s %s{};" % (mtype, member))
        if s.get("extra"):
            out.append("")
            out += ["    " + l if l else "" for l in s["extra"].rstrip().splitlines()]
        out += ["",
                "    /*! @brief Checks every option against its range (those that depend on a code",
                "     *  are checked where the code is known).",
                "     *  @throws std::invalid_argument naming the option, its value and what is allowed */",
                "    void check() const;"]
        if s.get("spec"):
            out += ["    /*! @brief The options that differ from their defaults, \"name=value,...\"",
                    "     *  (what from_spec() and gpufec_ber --code take). */",
                    "    std::string spec() const;",
                    "    /*! @brief Options from \"name=value,...\" (old names too), the rest defaults.",
                    "     *  @throws std::invalid_argument naming an unknown key or a bad value */",
                    "    static %s from_spec(const std::string& spec);" % name,
                    "    /*! @brief Sets the option called @p key (or an old name of it) from text.",
                    "     *  @throws std::invalid_argument naming an unknown key or a bad value */",
                    "    void set(const std::string& key, const std::string& value);",
                    "    /*! @brief The options' names, in order. */",
                    "    static const std::vector<std::string>& keys();"]
        out += ["};", ""]
    out += ["} // namespace gpufec", "} // namespace gr", "", "#endif /* %s */" % guard]
    return "\n".join(out) + "\n"


def write_source(desc, rel, d):
    h = d["outputs"]["header"]
    include = h[h.index("gnuradio/gpufec/"):]
    out = [header_line(rel, "//"),
           "#include <%s>" % include,
           '#include "skeleton/core/options_support.h"',
           "#include <cmath>", "#include <stdexcept>", "", "namespace gr {", "namespace gpufec {",
           "", "using options_support::bad_value;", ""]
    for name, e in (d.get("enums") or {}).items():
        names = ["'%s'%s" % (v["name"], " (%s)" % v["hint"] if v.get("hint") else "")
                 for v in e["values"]]
        use = ", ".join(names[:-1]) + " or " + names[-1]
        out.append("%s %s(const std::string& name)" % (name, e["parse"]))
        out.append("{")
        out.append("    static const std::pair<const char*, %s> table[] = {" % name)
        for v in e["values"]:
            for n in [v["name"]] + (v.get("aliases") or []):
                out.append('        { "%s", %s::%s },' % (n.lower(), name, v["id"]))
        out.append("    };")
        out.append("    const std::string s = options_support::lower(name);")
        out.append("    for (const auto& entry : table)")
        out.append("        if (s == entry.first)")
        out.append("            return entry.second;")
        out.append('    throw std::invalid_argument("%s = \'" + name + "\' is not known: use %s");'
                   % (e["what"], use))
        out.append("}")
        out.append("")
        out.append("std::string %s(%s v)" % (e["name"], name))
        out.append("{")
        out.append("    switch (v) {")
        for v in e["values"]:
            out.append("    case %s::%s:" % (name, v["id"]))
            out.append('        return "%s";' % v["name"])
        out.append("    }")
        allowed = ", ".join("%d (%s)" % (i, v["name"]) for i, v in enumerate(e["values"]))
        out.append('    throw std::invalid_argument("%s = " + std::to_string(static_cast<int>(v)) +'
                   % e["what"])
        out.append('                                " is not known: allowed are %s");' % allowed)
        out.append("}")
        out.append("")
    for name, s in (d.get("structs") or {}).items():
        out.append("void %s::check() const" % name)
        out.append("{")
        if s.get("base"):
            out.append("    %s::check();" % s["base"])
        for o in desc.options.values():
            if o.get("in") != name:
                continue
            f, t, r = o["field"], o["type"], o.get("range") or {}
            if t in desc.enums:
                out.append("    %s(%s); // a value outside the enum throws" % (desc.enums[t]["name"], f))
                continue
            conds = []
            if t == "float":
                conds.append("!std::isfinite(%s)" % f)
            if "above" in r:
                conds.append("!(%s > %s)" % (f, r["above"]))
            if "min" in r and not (t in ("unsigned", "size") and r["min"] == 0):
                conds.append("%s < %s" % (f, r["min"]))
            if "max" in r:
                conds.append("%s > %s" % (f, r["max"]))
            if conds and (len(conds) > 1 or t != "float"):
                out.append("    if (%s)" % " || ".join(conds))
                out.append('        bad_value("%s", options_support::text(%s), "%s");'
                           % (o["name"], f, range_text(o)))
        for member in (s.get("members") or {}):
            out.append("    %s.check();" % member)
        for c in d.get("checks") or []:
            if c["in"] == name:
                out.append("    if (%s)" % c["when"])
                out.append('        throw std::invalid_argument("%s");' % c["error"])
        out.append("}")
        out.append("")
        if not s.get("spec"):
            continue
        fields = desc.fields(name)
        out.append("const std::vector<std::string>& %s::keys()" % name)
        out.append("{")
        out.append("    static const std::vector<std::string> names = { %s };"
                   % ", ".join('"%s"' % o["name"] for _, o in fields))
        out.append("    return names;")
        out.append("}")
        out.append("")
        out.append("void %s::set(const std::string& key, const std::string& value)" % name)
        out.append("{")
        for i, (path, o) in enumerate(fields):
            keys = [o["name"]] + (o.get("aliases") or [])
            out.append("    %sif (%s)" % ("else " if i else "", " || ".join('key == "%s"' % k for k in keys)))
            t = o["type"]
            if t in desc.enums:
                out.append("        %s = %s(value);" % (path, desc.enums[t]["parse"]))
            else:
                out.append('        %s = options_support::from_text<%s>("%s", value);'
                           % (path, cpp_type(o), o["name"]))
        out.append("    else")
        out.append('        throw std::invalid_argument("\'" + key + "\' is not an option: the options are %s");'
                   % ", ".join(o["name"] for _, o in fields))
        out.append("}")
        out.append("")
        out.append("std::string %s::spec() const" % name)
        out.append("{")
        out.append("    const %s d;" % name)
        out.append("    std::string s;")
        for path, o in fields:
            t = o["type"]
            value = ("%s(%s)" % (desc.enums[t]["name"], path) if t in desc.enums
                     else "options_support::text(%s)" % path)
            out.append("    if (%s != d.%s)" % (path, path))
            out.append('        s += (s.empty() ? "" : ",") + std::string("%s=") + %s;' % (o["name"], value))
        out.append("    return s;")
        out.append("}")
        out.append("")
        out.append("%s %s::from_spec(const std::string& spec)" % (name, name))
        out.append("{")
        out.append("    %s o;" % name)
        out.append("    options_support::for_each_key_value(")
        out.append("        spec, [&o](const std::string& k, const std::string& v) { o.set(k, v); });")
        out.append("    o.check();")
        out.append("    return o;")
        out.append("}")
        out.append("")
    out += ["} // namespace gpufec", "} // namespace gr"]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- pybind11


def py_param(desc, o):
    """The C++ parameter type a binding takes an option as."""
    t = o["type"]
    if t in INTEGERS:
        return "integer"
    if t in desc.enums or t == "string":
        return "const std::string&"
    return cpp_type(o)


def py_value(desc, o, var):
    """The C++ value of a binding's parameter @p var for option @p o."""
    t = o["type"]
    if t in INTEGERS:
        r = o.get("range") or {}
        ct = cpp_type(o)
        if ("min" in r and "max" in r) or "range_text" in o:
            lo = r.get("min", "std::numeric_limits<%s>::min()" % ct)
            hi = r.get("max", "std::numeric_limits<%s>::max()" % ct)
            return '%s.as<%s>("%s", %s, %s, "%s")' % (var, ct, o["name"], lo, hi, range_text(o))
        return '%s.as<%s>("%s")' % (var, ct, o["name"])
    if t in desc.enums:
        return "%s(%s)" % (desc.enums[t]["parse"], var)
    return var


def py_default(desc, o, obj):
    """The default of a binding's parameter, from the struct when the option has a field."""
    t = o["type"]
    if "in" not in o:
        return {"bool": "false", "string": 'std::string("%s")' % o["default"]}.get(t, str(o["default"]))
    value = obj + "." + o["path"]
    if t in desc.enums:
        return "%s(%s)" % (desc.enums[t]["name"], value)
    return value


def py_literal(desc, o, value):
    if o["type"] in desc.enums or o["type"] == "string":
        return "'%s'" % value
    if o["type"] == "bool":
        return "True" if value else "False"
    return str(value)


def binding_options(desc, d, struct, which):
    """The options a binding takes after its positional ones, in order: the description's
    list (those that apply to @p which), then its own."""
    paths = {id(o): p for p, o in desc.fields(struct)}
    out = []
    for o in d["options"]:
        if which == "numpy" and o.get("scope") == "block":
            continue
        o = dict(o)
        if "in" in o:
            o["path"] = paths[id(desc.options[o["name"]])]
        out.append(o)
    return out + [dict(o) for o in (d.get(which) or [])]


def write_pybind(desc, rel, d):
    b = d["bindings"]
    struct = b["options"]
    fields = desc.fields(struct)
    out = [header_line(rel, "//"),
           "#ifndef INCLUDED_GPUFEC_%s_OPTIONS_PYBIND_H" % d["family"].upper(),
           "#define INCLUDED_GPUFEC_%s_OPTIONS_PYBIND_H" % d["family"].upper(), "",
           "#include <pybind11/pybind11.h>", "#include <pybind11/stl.h>",
           '#include "python/gpufec/bindings/arg_checks.h"',
           "#include <%s>" % b["header"], "", "namespace gpufec_options {", "",
           "namespace py = pybind11;", ""]
    # The options class.
    out.append("/* gpufec.%s: keyword constructor, validated properties, spec(), from_spec(). */"
               % struct)
    out.append("inline void bind_%s(py::module& m)" % struct)
    out.append("{")
    out.append("    using namespace ::gr::gpufec;")
    out.append("    using gpufec_python::integer;")
    out.append("    const %s d;" % struct)
    out.append("    py::class_<%s> c(m, \"%s\", \"%s\");" % (struct, struct, b["doc"].replace("\n", "\\n")))
    args = ", ".join("%s %s" % (py_param(desc, o), o["name"]) for _, o in fields)
    out.append("    c.def(py::init([](%s) {" % args)
    out.append("              %s o;" % struct)
    for path, o in fields:
        out.append("              o.%s = %s;" % (path, py_value(desc, o, o["name"])))
    out.append("              o.check();")
    out.append("              return o;")
    out.append("          }),")
    out.append("          py::kw_only(),")
    for path, o in fields:
        out.append('          py::arg("%s") = %s,' % (o["name"], py_default(desc, dict(o, path=path), "d")))
    out.append('          "Every option by keyword; a bad value raises ValueError naming it.");')
    for path, o in fields:
        t = o["type"]
        get = ("%s(o.%s)" % (desc.enums[t]["name"], path) if t in desc.enums else "o.%s" % path)
        out.append('    c.def_property("%s",' % o["name"])
        out.append("        [](const %s& o) { return %s; }," % (struct, get))
        out.append("        [](%s& o, %s v) {" % (struct, py_param(desc, o)))
        out.append("            %s n = o;" % struct)
        out.append("            n.%s = %s;" % (path, py_value(desc, o, "v")))
        out.append("            n.check();")
        out.append("            o = n;")
        out.append("        });")
    out.append('    c.def("spec", &%s::spec, "The options that differ from their defaults, '
               '\'name=value,...\' (gpufec_ber --code %s:SPEC).");' % (struct, b.get("ber", "CODE")))
    out.append('    c.def_static("from_spec", &%s::from_spec, py::arg("spec"));' % struct)
    out.append('    c.def("__eq__", [](const %s& a, const %s& b) { return a.spec() == b.spec(); });'
               % (struct, struct))
    out.append('    c.def("__repr__", [](const %s& o) { return "%s(\'" + o.spec() + "\')"; });'
               % (struct, struct + ".from_spec"))
    out.append("}")
    out.append("")
    for which in ("block", "numpy"):
        if which not in b:
            continue
        spec = b[which]
        opts = binding_options(desc, d, struct, which)
        before = spec["before"]
        extra = [o for o in opts if "in" not in o]
        fn = "def_%s_keywords" % spec["name"]
        sig = ", ".join([p["name"] for p in before] + ["%s=%s" % (o["name"], py_literal(desc, o, o["default"]))
                                                      for o in opts])
        out.append("/* %s(%s)" % (spec["name"], sig))
        out.append(" * and %s(%s, options%s): @p make gets (%s, options%s). */"
                   % (spec["name"], ", ".join(p["name"] for p in before),
                      "".join(", " + o["name"] for o in extra),
                      ", ".join(p["name"] for p in before), "".join(", " + o["name"] for o in extra)))
        out.append("template <typename Target, typename Make>")
        out.append("void %s(Target& target, Make make, const char* doc)" % fn)
        out.append("{")
        out.append("    using namespace ::gr::gpufec;")
        out.append("    using gpufec_python::integer;")
        out.append("    const %s d;" % struct)
        wrap = ("py::init(", ")") if which == "block" else ("", "")
        name = "" if which == "block" else '"%s", ' % spec["name"]
        target = "target.def("
        pre = ", ".join("%s %s" % (p["type"], p["name"]) for p in before)
        ex = "".join(", %s %s" % (py_param(desc, o), o["name"]) for o in extra)
        call_extra = "".join(", " + py_value(desc, o, o["name"]) for o in extra)
        call_pre = ", ".join(p["name"] for p in before)
        kw = "py::kw_only(), " if which == "numpy" else ""
        # The options object first: a call with keywords does not match it.
        out.append("    %s%s%s[make](%s, const %s& options%s) {" % (target, name, wrap[0], pre, struct, ex))
        out.append("        return make(%s, options%s);" % (call_pre, call_extra))
        out.append("    }%s," % wrap[1])
        out.append("        %s," % ", ".join('py::arg("%s")' % p["name"] for p in before))
        out.append('        py::arg("options"),%s' % (" " + kw.strip() if kw else ""))
        for o in extra:
            out.append('        py::arg("%s") = %s,' % (o["name"], py_default(desc, o, "d")))
        out.append("        doc);")
        params = ", ".join([pre] + ["%s %s" % (py_param(desc, o), o["name"]) for o in opts])
        out.append("    %s%s%s[make](%s) {" % (target, name, wrap[0], params))
        out.append("        %s o;" % struct)
        for o in opts:
            if "in" in o:
                out.append("        o.%s = %s;" % (o["path"], py_value(desc, o, o["name"])))
        out.append("        o.check();")
        out.append("        return make(%s, o%s);" % (call_pre, call_extra))
        out.append("    }%s," % wrap[1])
        out.append("        %s," % ", ".join('py::arg("%s")' % p["name"] for p in before))
        if kw:
            out.append("        %s" % kw.strip())
        for o in opts:
            out.append('        py::arg("%s") = %s,' % (o["name"], py_default(desc, o, "d")))
        out.append("        doc);")
        out.append("}")
        out.append("")
    out += ["} // namespace gpufec_options", "",
            "#endif /* INCLUDED_GPUFEC_%s_OPTIONS_PYBIND_H */" % d["family"].upper()]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- GRC


def grc_scalar(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    s = str(v)
    if s == "" or re.search(r"^[\s'\"\[\]{}&*!|>%@`#,-]|: | #|^\d|^(true|false|yes|no|null)$", s, re.I) \
            or s != s.strip():
        return "'" + s.replace("'", "''") + "'"
    return s


def grc_value(v):
    if isinstance(v, list):
        return "[" + ", ".join(grc_scalar(x) for x in v) + "]"
    return grc_scalar(v)


def grc_default(desc, o):
    t, v = o["type"], o["default"]
    if t in desc.enums or t == "string":
        return '"%s"' % v
    if t == "bool":
        return "True" if v else "False"
    if t == "float":
        return repr(float(v))
    return str(v)


def grc_parameter(desc, o):
    """One GRC parameter entry of option @p o, in the project's YAML layout."""
    g = o.get("grc") or {}
    t = o["type"]
    p = {"id": o["name"], "label": o["label"]}
    if t in desc.enums:
        values = desc.enums[t]["values"]
        p.update(dtype="enum", default=grc_default(desc, o),
                 options=['"%s"' % v["name"] for v in values],
                 option_labels=[v["label"] for v in values])
    elif t == "bool":
        p.update(dtype="bool", default=grc_default(desc, o), options=["True", "False"],
                 option_labels=["Yes", "No"])
    else:
        p.update(dtype={"float": "float", "string": "string"}.get(t, "int"),
                 default=grc_default(desc, o))
    p.update(g)
    if g.get("dtype") == "enum" and t in INTEGERS:
        p["default"] = str(o["default"])
    lines = []
    for key in ("id", "label", "dtype", "default", "options", "option_labels",
                "option_attributes", "hide", "category"):
        if key not in p:
            continue
        if key == "option_attributes":
            lines.append("    option_attributes:")
            for k, v in p[key].items():
                lines.append("        %s: %s" % (k, grc_value(v)))
            continue
        if key == "default":
            lines.append("    default: '%s'" % str(p[key]).replace("'", "''"))
            continue
        lines.append("    %s: %s" % (key, grc_value(p[key])))
    lines[0] = "-" + lines[0][1:]
    return "\n".join(lines)


def grc_asserts(desc, opts):
    out = []
    for o in opts:
        r = o.get("range") or {}
        n = o["name"]
        if o["type"] in ("unsigned", "size") and not r:
            r = {"min": 0}
        # GRC's drop-downs (enums, and numbers offered as a list) hold only allowed values.
        if o["type"] in desc.enums or (o.get("grc") or {}).get("dtype") == "enum" or not r:
            continue
        if "above" in r and "max" in r:
            out.append("${ %s < %s <= %s }" % (r["above"], n, r["max"]))
        elif "min" in r and "max" in r:
            out.append("${ %s <= %s <= %s }" % (r["min"], n, r["max"]))
        elif "above" in r:
            out.append("${ %s > %s }" % (n, r["above"]))
        elif "min" in r:
            out.append("${ %s >= %s }" % (n, r["min"]))
    return out


def write_grc_fragment(desc, rel, names):
    params = [grc_parameter(desc, desc.options[n]) for n in names]
    return header_line(rel, "#") + "\n".join(params) + "\n"


def write_grc_cmake(desc, rel, d):
    """CMake variables for each block's YAML template: its parameters, asserts and make calls."""
    b = d["bindings"]["block"]
    struct = d["bindings"]["options"]
    opts = binding_options(desc, d, struct, "block")
    opts = [o for o in opts if o.get("label")]
    block = b["grc"]
    params = "\n".join(grc_parameter(desc, o) for o in opts)
    asserts = grc_asserts(desc, opts) + [c["grc"] for c in d.get("checks") or [] if c.get("grc")]
    before = [p["name"] for p in b["before"]]
    py = "gpufec.%s(%s)" % (b["name"], ", ".join(["${%s}" % p for p in before] +
                                                  ["%s=${%s}" % (o["name"], o["name"]) for o in opts]))
    cpp = "this->${id} = gr::gpufec::%s::make(%s);" % (
        b["name"], ", ".join(["${%s}_obj" % p for p in before] + ["${%s}" % o["name"] for o in opts]))
    var = "GPUFEC_GRC_" + block.upper()
    out = [header_line(rel, "#"),
           "# Pasted into the block's YAML template (gpufec_%s.block.yml.in) at @%s_...@." % (block, var),
           "set(%s_PARAMETERS [==[%s]==])" % (var, params),
           "set(%s_ASSERTS [==[%s]==])" % (var, "\n".join("- " + a for a in asserts)),
           "set(%s_MAKE [==[%s]==])" % (var, py),
           "set(%s_CPP_MAKE [==[%s]==])" % (var, cpp)]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- docs


def write_doc_table(desc, rel, d, text):
    """@p text with the table between <!-- options:FAMILY --> markers rewritten."""
    struct = d["bindings"]["options"]
    begin, end = "<!-- options:%s -->" % d["family"], "<!-- /options:%s -->" % d["family"]
    rows = ["| name | type | default | allowed | what | old names |", "|---|---|---|---|---|---|"]
    for o in binding_options(desc, d, struct, "block") + [dict(o, scope="numpy") for o in d.get("numpy") or []]:
        t = o["type"]
        allowed = (", ".join("`%s`" % v["name"] for v in desc.enums[t]["values"])
                   if t in desc.enums else range_text(o))
        what = " ".join(o.get("doc", o.get("label", "")).split()).replace("|", "\\|")
        if o.get("scope"):
            what += " (%s only)" % {"block": "the block", "numpy": "the numpy function"}[o["scope"]]
        rows.append("| `%s` | %s | `%s` | %s | %s | %s |" % (
            o["name"], t, py_literal(desc, o, o["default"]), allowed, what,
            ", ".join("`%s`" % a for a in o.get("aliases") or [])))
    table = "\n".join([begin, "<!-- " + header_line(rel, "").strip() + " -->"] + rows + [end])
    pattern = re.escape(begin) + r".*?" + re.escape(end)
    if not re.search(pattern, text, re.S):
        raise SystemExit("%s: no %s ... %s markers" % (d["outputs"]["doc"], begin, end))
    return re.sub(pattern, lambda _: table, text, flags=re.S)


# ---------------------------------------------------------------- driver


def outputs(desc):
    """{path relative to the root: text} for every generated file."""
    files = {}
    for rel, d in desc.files.items():
        o = d["outputs"]
        files[o["header"]] = write_header(desc, rel, d)
        files[o["source"]] = write_source(desc, rel, d)
        for path, names in (o.get("grc") or {}).items():
            files[path] = write_grc_fragment(desc, rel, names)
        if "pybind" in o:
            files[o["pybind"]] = write_pybind(desc, rel, d)
        if "grc_cmake" in o:
            files[o["grc_cmake"]] = write_grc_cmake(desc, rel, d)
        if "doc" in o:
            with open(os.path.join(desc.root, o["doc"])) as f:
                files[o["doc"]] = write_doc_table(desc, rel, d, f.read())
    return files


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("root")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    files = outputs(Description(args.root))
    if not args.check:
        # Files already up to date keep their time stamps: nothing rebuilds for them.
        for path, text in files.items():
            target = os.path.join(args.root, path)
            if os.path.exists(target) and open(target).read() == text:
                continue
            with open(target, "w") as f:
                f.write(text)
        return 0
    differ = []
    with tempfile.TemporaryDirectory() as tmp:
        for path, text in files.items():
            fresh = os.path.join(tmp, path)
            os.makedirs(os.path.dirname(fresh), exist_ok=True)
            with open(fresh, "w") as f:
                f.write(text)
            tree = os.path.join(args.root, path)
            old = open(tree).read() if os.path.exists(tree) else ""
            if old != text:
                differ.append(path)
                sys.stdout.writelines(difflib.unified_diff(
                    old.splitlines(True), text.splitlines(True), "tree/" + path, "generated/" + path))
    if differ:
        print("\nDiffer from their description: %s\nUpdate them: /usr/bin/python3 %s %s"
              % (", ".join(differ), TOOL, args.root))
        return 1
    print("%d generated files match their descriptions" % len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
