#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""gpufec_ber's printed rates follow from its printed counts: in the table and in the CSV,
BER = bit errors / bits, FER = frame errors / frames, SER = symbol errors / symbols, bits =
frames x frame bits, and each interval is the 95% Wilson score interval of its counts, computed
here as the roots of a quadratic (not with the tool's formula). The point column is named by the
channel (Eb/N0 for AWGN with the uncoded BPSK theory beside it; the swept probabilities for the
insertion/deletion channel, without that theory), and `--code tvb` runs with no other option.

    qa_ber_tool.py PATH/TO/gpufec_ber
"""
import csv
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile

Z = statistics.NormalDist().inv_cdf(0.975)  # 95%, two-sided
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
    return ok


def wilson(k, n):
    """The p for which |k/n - p| <= Z sqrt(p (1-p) / n): the roots of
    (1 + Z^2/n) p^2 - (2 k/n + Z^2/n) p + (k/n)^2 = 0."""
    ph, c = k / n, Z * Z / n
    a, b, cc = 1 + c, -(2 * ph + c), ph * ph
    root = math.sqrt(max(0.0, b * b - 4 * a * cc))
    return (-b - root) / (2 * a), (-b + root) / (2 * a)


def q_bpsk(ebn0_db):
    """Uncoded BPSK: Q(sqrt(2 Eb/N0)), Q(x) = erfc(x / sqrt 2) / 2 the normal upper tail."""
    return 0.5 * math.erfc(math.sqrt(2 * 10 ** (ebn0_db / 10)) / math.sqrt(2))


def close(printed, exact, digits):
    """@p printed is @p exact rounded to @p digits significant digits."""
    return abs(printed - exact) <= 0.5 * 10 ** (1 - digits) * abs(exact) * 1.0001 + 1e-300


def interval(token):
    lo, hi = token.strip("[]").split(",")
    return float(lo), float(hi)


def run(tool, args, csv_path):
    cmd = [tool, "--backend", "cpu", "--csv", csv_path] + args
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if not check(p.returncode == 0, f"{' '.join(cmd)}: exit {p.returncode}\n{p.stderr}"):
        return None, None
    lines = p.stdout.splitlines()
    header = re.split(r"\s{2,}", lines[1].strip())
    table = [dict(zip(header, line.split())) for line in lines[2:]]
    for row in table:
        check(len(row) == len(header), f"{cmd}: a row without every column: {row}")
    with open(csv_path, newline="") as f:
        return table, list(csv.DictReader(f))


def check_rates(what, rate, ci, errors, trials, digits):
    """A printed rate and its printed interval against the counts."""
    exact = errors / trials
    lo, hi = wilson(errors, trials)
    check(close(float(rate), exact, digits), f"{what}: rate {rate}, {errors}/{trials} = {exact}")
    check(close(float(ci[0]), lo, digits), f"{what}: interval from {ci[0]}, Wilson {lo} ({errors}/{trials})")
    check(close(float(ci[1]), hi, digits), f"{what}: interval to {ci[1]}, Wilson {hi} ({errors}/{trials})")


def check_run(tool, d, name, args, point, column, frame_bits, symbols_per_frame, theory):
    table, rows = run(tool, args, os.path.join(d, name + ".csv"))
    if table is None:
        return None
    first = list(rows[0].keys()) if rows else []
    check(first[:2] == ["code", column], f"{name}: CSV columns {first[:2]}, expected code,{column}")
    check(("uncoded_theory" in first) == theory, f"{name}: uncoded_theory column {'uncoded_theory' in first}")
    check(("ser" in first) == (symbols_per_frame > 0), f"{name}: ser column {'ser' in first}")
    check(point in table[0] if table else False, f"{name}: table header without '{point}': {table[:1]}")
    check(("uncoded" in table[0]) == theory if table else False, f"{name}: uncoded column")
    check(len(table) == len(rows) and len(rows) > 0, f"{name}: {len(table)} table rows, {len(rows)} CSV rows")
    for t, c in zip(table, rows):
        frames, bits = int(t["frames"]), int(t["bits"])
        be, fe = int(t["bit errs"]), int(t["fr errs"])
        where = f"{name} at {t[point]}"
        check(bits == frames * frame_bits, f"{where}: {bits} bits in {frames} frames of {frame_bits}")
        check((int(c["frames"]), int(c["bits"]), int(c["bit_errors"]), int(c["frame_errors"])) ==
              (frames, bits, be, fe), f"{where}: the CSV's counts differ from the table's")
        check(math.isclose(float(c[column]), float(t[point]), rel_tol=1e-2), f"{where}: CSV point {c[column]}")
        check(int(c["frame_bits"]) == frame_bits, f"{where}: frame_bits {c['frame_bits']}")
        # The table prints 4 significant digits, the CSV 10 (8 checked: the tool's z has 7).
        rates = [("BER", be, bits), ("FER", fe, frames)]
        if symbols_per_frame:
            se, symbols = int(t["sym errs"]), frames * symbols_per_frame
            check((int(c["symbol_errors"]), int(c["symbols"])) == (se, symbols), f"{where}: symbol counts")
            rates.append(("SER", se, symbols))
        for rate, errors, trials in rates:
            low = rate.lower()
            check_rates(f"{where}, table {rate}", t[rate], interval(t[rate + " 95% CI"]), errors, trials, 4)
            check_rates(f"{where}, CSV {low}", c[low], (c[low + "_lo"], c[low + "_hi"]), errors, trials, 8)
        if theory:
            x = float(c[column])
            check(close(float(t["uncoded"]), q_bpsk(x), 4), f"{where}: uncoded {t['uncoded']}, Q = {q_bpsk(x)}")
            check(close(float(c["uncoded_theory"]), q_bpsk(x), 8), f"{where}: uncoded_theory {c['uncoded_theory']}")
    return table


def main(tool):
    with tempfile.TemporaryDirectory() as d:
        # Uncoded, frames of 1000 bits: points ended by errors, by the frame limit, with none.
        check_run(tool, d, "uncoded", ["--code", "uncoded", "--ebn0", "0:12:4", "--frame-bits", "1000",
                                       "--max-frames", "300", "--min-frame-errors", "50"],
                  "Eb/N0", "ebn0_db", 1000, 0, True)
        # A framed code: frame errors far fewer than bit errors.
        check_run(tool, d, "conv", ["--code", "conv:k=5,polys=23:35", "--ebn0", "1:3:2", "--frame-bits", "200",
                                    "--max-frames", "400"], "Eb/N0", "ebn0_db", 200, 0, True)
        # Symbols over the insertion/deletion channel: SER too, no BPSK theory.
        check_run(tool, d, "tvb", ["--code", "tvb:n=6,q=8,N=10", "--channel", "bsid:pi=x,pd=x",
                                   "--points", "0.01:0.05:0.02", "--max-frames", "60", "--min-frame-errors", "20"],
                  "pi=pd", "pi=pd", 30, 10, False)
        # tvb with its own defaults: 409 symbols of 5 bits, bsid:pi=x,pd=x at 5 points.
        table = check_run(tool, d, "tvb-defaults", ["--code", "tvb", "--max-frames", "2"], "pi=pd", "pi=pd",
                          2045, 409, False)
        check(table is not None and len(table) == 5, f"tvb defaults: {table and len(table)} points")
    for f in failures:
        print("FAIL:", f)
    print("ok" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
