#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""gpufec_plot_ber.py draws what gpufec_ber's own CSVs hold: for an AWGN run and a BSID/tvb
run, the x label is the channel's point, each series (BER, FER, SER for symbol codes) has the
CSV's values at the CSV's points, zero-error points sit at the upper end of their interval, and
the uncoded BPSK line is drawn for AWGN only, through the CSV's uncoded_theory values. A CSV of
the format before frame_bits/stopped_by (floating-point counts) still plots; runs over different
quantities are refused. Exit 77 (ctest: skipped) without matplotlib.

    qa_plot_ber.py PATH/TO/gpufec_ber
"""
import csv
import math
import os
import subprocess
import sys
import tempfile

try:
    import matplotlib  # noqa: F401
except ImportError:
    print("matplotlib is missing (Debian: python3-matplotlib): skipped")
    sys.exit(77)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gpufec_plot_ber  # noqa: E402

BPSK = "uncoded BPSK theory"
OLD = """code,ebn0_db,frames,bits,bit_errors,ber,ber_lo,ber_hi,frame_errors,fer,fer_lo,fer_hi,uncoded_theory
"uncoded",0,100,2.048e+05,16107,0.0786,0.0775,0.0798,100,1,0.963,1,0.0786
"uncoded",9,100,2.048e+05,0,0,0,1.9e-05,0,0,0,0.037,3.4e-05
"""
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def same(a, b, rel_tol=1e-9):
    return len(a) == len(b) and all(math.isclose(float(x), float(y), rel_tol=rel_tol) for x, y in zip(a, b))


def tool_csv(tool, d, name, args):
    path = os.path.join(d, name + ".csv")
    subprocess.run([tool, "--backend", "cpu", "--csv", path] + args, check=True, capture_output=True,
                   timeout=120)
    with open(path, newline="") as f:
        return path, list(csv.DictReader(f))


def check_figure(what, path, rows, x, xlabel, series, bpsk):
    """The figure of one CSV against its rows: @p series are (column, count column, name)."""
    fig = gpufec_plot_ber.build_figure([path])
    ax = fig.axes[0]
    check(ax.get_xlabel() == xlabel, f"{what}: x label '{ax.get_xlabel()}', expected '{xlabel}'")
    drawn = {c.get_label(): c.lines[0] for c in ax.containers}  # the errorbar series
    code = rows[0]["code"]
    want = {f"{code} {name}" for _, _, name in series}
    check(set(drawn) == want, f"{what}: series {sorted(drawn)}, expected {sorted(want)}")
    bounds = [line for line in ax.get_lines() if line.get_marker() == "v" and len(line.get_xdata())]
    for rate, errors, name in series:
        hit = [r for r in rows if int(float(r[errors])) > 0]
        zero = [r for r in rows if int(float(r[errors])) == 0]
        line = drawn.get(f"{code} {name}")
        if line is not None:
            check(same(line.get_xdata(), [r[x] for r in hit]), f"{what}: {name} x {list(line.get_xdata())}")
            check(same(line.get_ydata(), [r[rate] for r in hit]), f"{what}: {name} y {list(line.get_ydata())}")
        if zero:  # an upper-bound marker line with exactly these points
            check(any(same(b.get_xdata(), [r[x] for r in zero]) and
                      same(b.get_ydata(), [r[rate + "_hi"] for r in zero]) for b in bounds),
                  f"{what}: {name}: no markers at the upper ends of its zero-error points")
    theory = [line for line in ax.get_lines() if line.get_label() == BPSK]
    labels = ax.get_legend_handles_labels()[1]
    check(bool(theory) == bpsk and (BPSK in labels) == bpsk, f"{what}: BPSK line {bool(theory)}, expected {bpsk}")
    if theory and bpsk:  # through the CSV's uncoded_theory (3 digits in old CSVs) at its ends
        tx, ty = theory[0].get_xdata(), theory[0].get_ydata()
        check(same([tx[0], tx[-1]], [rows[0][x], rows[-1][x]]), f"{what}: BPSK line from {tx[0]} to {tx[-1]}")
        check(same([ty[0], ty[-1]], [rows[0]["uncoded_theory"], rows[-1]["uncoded_theory"]], 2e-2),
              f"{what}: BPSK line at {ty[0]}, {ty[-1]}")
    gpufec_plot_ber.plt.close(fig)


def main(tool):
    bits = (("ber", "bit_errors", "BER"), ("fer", "frame_errors", "FER"))
    with tempfile.TemporaryDirectory() as d:
        # AWGN: the last point (12 dB, 3e4 bits) has no errors.
        awgn, rows = tool_csv(tool, d, "awgn", ["--code", "uncoded", "--ebn0", "0:12:4", "--frame-bits", "100",
                                                "--max-frames", "300", "--min-frame-errors", "50"])
        check(int(rows[-1]["bit_errors"]) == 0 and int(rows[0]["bit_errors"]) > 0, "awgn: no zero-error point")
        check_figure("awgn", awgn, rows, "ebn0_db", "Eb/N0 (dB)", bits, True)
        # BSID/tvb: SER too, no BPSK, the x axis named after the swept probabilities.
        tvb, rows = tool_csv(tool, d, "tvb", ["--code", "tvb:n=6,q=8,N=10", "--channel", "bsid:pi=x,pd=x",
                                              "--points", "0.01:0.05:0.02", "--max-frames", "60",
                                              "--min-frame-errors", "20"])
        check_figure("tvb", tvb, rows, "pi=pd", "pi=pd", bits + (("ser", "symbol_errors", "SER"),), False)
        # The format of earlier versions.
        old = os.path.join(d, "old.csv")
        with open(old, "w") as f:
            f.write(OLD)
        with open(old, newline="") as f:
            check_figure("old", old, list(csv.DictReader(f)), "ebn0_db", "Eb/N0 (dB)", bits, True)
        # Different quantities on one axis: refused, and main says so.
        try:
            gpufec_plot_ber.build_figure([awgn, tvb])
            check(False, "an Eb/N0 run and a pi=pd run on one axis")
        except ValueError as e:
            check("plot them apart" in str(e), f"mixed axes: {e}")
        png = os.path.join(d, "out.png")
        check(gpufec_plot_ber.main(["gpufec_plot_ber.py", png, awgn, old]) == 0 and os.path.getsize(png) > 1000,
              "main did not write the PNG")
        check(gpufec_plot_ber.main(["gpufec_plot_ber.py", png, tvb, awgn]) == 1, "main plotted mixed axes")
    for f in failures:
        print("FAIL:", f)
    print("ok" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
