#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Plot BER and FER curves from gpufec_ber CSV files, next to uncoded BPSK theory.

    gpufec_plot_ber.py out.png run1.csv [run2.csv ...]

Each CSV (one run) gets one colour: BER solid with its 95% interval, FER dashed. A point
without errors is drawn as an open marker at the upper end of its interval (the true rate is
below it), joined to the curve by a dotted line.
Needs matplotlib (Debian: apt install python3-matplotlib).
"""
import csv
import math
import sys

import matplotlib

matplotlib.use("Agg")  # headless: write a file, never open a window
import matplotlib.pyplot as plt  # noqa: E402


def read(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def count(row, key):
    # Older CSVs wrote some counts as floating point ("2.048e+08").
    return int(float(row[key]))


def plot_rate(ax, rows, rate, errors, colour, style, label):
    """One curve: measured points with error bars, zero-error points as upper bounds."""
    x = [float(r["ebn0_db"]) for r in rows]
    hit = [r for r in rows if count(r, errors) > 0]
    if hit:
        y = [float(r[rate]) for r in hit]
        err = [[v - float(r[rate + "_lo"]) for v, r in zip(y, hit)],
               [float(r[rate + "_hi"]) - v for v, r in zip(y, hit)]]
        ax.errorbar([float(r["ebn0_db"]) for r in hit], y, yerr=err, color=colour, linestyle=style,
                    marker="o", markersize=4, capsize=3, label=label)
    zero = [r for r in rows if count(r, errors) == 0]
    if zero:
        ax.plot([float(r["ebn0_db"]) for r in zero], [float(r[rate + "_hi"]) for r in zero],
                color=colour, linestyle="none", marker="v", markerfacecolor="none")
        # join the bounds to the last measured point, dotted: they continue the curve
        if hit:
            last = hit[-1]
            ax.plot([float(last["ebn0_db"])] + [float(r["ebn0_db"]) for r in zero],
                    [float(last[rate])] + [float(r[rate + "_hi"]) for r in zero],
                    color=colour, linestyle=":", linewidth=1)
    return min(x), max(x), bool(zero)


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    out, paths = argv[1], argv[2:]
    fig, ax = plt.subplots(figsize=(7, 5))
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    lo, hi = math.inf, -math.inf
    any_zero = False
    for i, path in enumerate(paths):
        rows = read(path)
        if not rows:
            print(f"{path}: no rows", file=sys.stderr)
            continue
        colour = colours[i % len(colours)]
        name = rows[0]["code"]
        a, b, zb = plot_rate(ax, rows, "ber", "bit_errors", colour, "-", f"{name} BER")
        _, _, zf = plot_rate(ax, rows, "fer", "frame_errors", colour, "--", f"{name} FER")
        lo, hi = min(lo, a), max(hi, b)
        any_zero = any_zero or zb or zf
    if lo > hi:
        print("nothing to plot", file=sys.stderr)
        return 1
    steps = 200
    tx = [lo + (hi - lo) * i / steps for i in range(steps + 1)]
    ax.plot(tx, [0.5 * math.erfc(math.sqrt(10 ** (t / 10))) for t in tx], color="gray",
            label="uncoded BPSK theory")
    if any_zero:  # one legend entry for every run's zero-error markers
        ax.plot([], [], color="gray", linestyle="none", marker="v", markerfacecolor="none",
                label="no errors: upper end of the 95% interval")
    ax.set_yscale("log")
    ax.set_xlabel("Eb/N0 (dB)")
    ax.set_ylabel("error rate")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
