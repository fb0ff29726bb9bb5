#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Plot BER, FER (and SER) curves from gpufec_ber CSV files.

    gpufec_plot_ber.py out.png run1.csv [run2.csv ...]

Each CSV (one run) gets one colour: BER solid with its 95% interval, FER dashed, SER (codes of
q-ary symbols) dash-dotted. A point without errors is drawn as an open marker at the upper end
of its interval (the true rate is below it), joined to the curve by a dotted line. The x axis
is the CSV's point column (its second): Eb/N0 in dB for AWGN, the swept probabilities for the
insertion/deletion channel ("pi=pd"); all files must share it. Uncoded BPSK theory is drawn
where the runs have it (their uncoded_theory column: BPSK over AWGN).
Needs matplotlib (Debian: apt install python3-matplotlib).
"""
import csv
import math
import sys

import matplotlib

matplotlib.use("Agg")  # headless: write a file, never open a window
import matplotlib.pyplot as plt  # noqa: E402

# Axis labels of point columns whose name is not already the label.
X_LABELS = {"ebn0_db": "Eb/N0 (dB)"}
# (rate column, its error count column, line style, legend suffix)
SERIES = (("ber", "bit_errors", "-", "BER"), ("fer", "frame_errors", "--", "FER"),
          ("ser", "symbol_errors", "-.", "SER"))


def read(path):
    """(the point column's name, all column names, the rows) of one gpufec_ber CSV."""
    with open(path, newline="") as f:
        reader = csv.DictReader(f)
        rows = list(reader)
        fields = reader.fieldnames or []
    if len(fields) < 2 or fields[0] != "code":
        raise ValueError(f"{path}: not a gpufec_ber CSV (its columns are {fields})")
    return fields[1], fields, rows


def count(row, key):
    # Older CSVs wrote some counts as floating point ("2.048e+08").
    return int(float(row[key]))


def plot_rate(ax, rows, x, rate, errors, colour, style, label):
    """One curve: measured points with error bars, zero-error points as upper bounds."""
    hit = [r for r in rows if count(r, errors) > 0]
    if hit:
        y = [float(r[rate]) for r in hit]
        err = [[v - float(r[rate + "_lo"]) for v, r in zip(y, hit)],
               [float(r[rate + "_hi"]) - v for v, r in zip(y, hit)]]
        ax.errorbar([float(r[x]) for r in hit], y, yerr=err, color=colour, linestyle=style,
                    marker="o", markersize=4, capsize=3, label=label)
    zero = [r for r in rows if count(r, errors) == 0]
    if zero:
        ax.plot([float(r[x]) for r in zero], [float(r[rate + "_hi"]) for r in zero],
                color=colour, linestyle="none", marker="v", markerfacecolor="none")
        # join the bounds to the last measured point, dotted: they continue the curve
        if hit:
            last = hit[-1]
            ax.plot([float(last[x])] + [float(r[x]) for r in zero],
                    [float(last[rate])] + [float(r[rate + "_hi"]) for r in zero],
                    color=colour, linestyle=":", linewidth=1)
    return bool(zero)


def build_figure(paths):
    """The figure of the runs in @p paths. Raises ValueError when there is nothing to plot or
    the runs' points are not the same quantity."""
    fig, ax = plt.subplots(figsize=(7, 5))
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    x = None
    xs = []
    theory = True  # every run has the uncoded BPSK column
    any_zero = False
    for i, path in enumerate(paths):
        column, fields, rows = read(path)
        if x is not None and column != x:
            plt.close(fig)
            raise ValueError(f"{path}: its points are '{column}', those of {paths[0]} '{x}': "
                             "plot them apart")
        x = column
        if not rows:
            print(f"{path}: no rows", file=sys.stderr)
            continue
        colour = colours[i % len(colours)]
        name = rows[0]["code"]
        for rate, errors, style, what in SERIES:
            if rate in fields:
                any_zero |= plot_rate(ax, rows, x, rate, errors, colour, style, f"{name} {what}")
        xs += [float(r[x]) for r in rows]
        theory = theory and "uncoded_theory" in fields
    if not xs:
        plt.close(fig)
        raise ValueError("nothing to plot")
    if theory:
        lo, hi, steps = min(xs), max(xs), 200
        tx = [lo + (hi - lo) * i / steps for i in range(steps + 1)]
        ax.plot(tx, [0.5 * math.erfc(math.sqrt(10 ** (t / 10))) for t in tx], color="gray",
                label="uncoded BPSK theory")
    if any_zero:  # one legend entry for every run's zero-error markers
        ax.plot([], [], color="gray", linestyle="none", marker="v", markerfacecolor="none",
                label="no errors: upper end of the 95% interval")
    ax.set_yscale("log")
    ax.set_xlabel(X_LABELS.get(x, x))
    ax.set_ylabel("error rate")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize="small")
    fig.tight_layout()
    return fig


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    out, paths = argv[1], argv[2:]
    try:
        fig = build_figure(paths)
    except (OSError, ValueError) as e:
        print(e, file=sys.stderr)
        return 1
    fig.savefig(out, dpi=120)
    plt.close(fig)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
