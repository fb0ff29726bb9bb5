#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Plot BER (and FER) curves from gpufec_ber CSV files, next to uncoded BPSK theory.

    gpufec_plot_ber.py out.png run1.csv [run2.csv ...]
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


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    out, paths = argv[1], argv[2:]
    fig, ax = plt.subplots(figsize=(7, 5))
    lo, hi = math.inf, -math.inf
    for path in paths:
        rows = [r for r in read(path) if int(r["bit_errors"]) > 0]
        if not rows:
            continue
        x = [float(r["ebn0_db"]) for r in rows]
        ber = [float(r["ber"]) for r in rows]
        err = [[b - float(r["ber_lo"]) for b, r in zip(ber, rows)],
               [float(r["ber_hi"]) - b for b, r in zip(ber, rows)]]
        ax.errorbar(x, ber, yerr=err, marker="o", capsize=3, label=f'{rows[0]["code"]} BER')
        fer = [float(r["fer"]) for r in rows]
        ax.plot(x, fer, linestyle="--", marker="x", label=f'{rows[0]["code"]} FER')
        lo, hi = min(lo, min(x)), max(hi, max(x))
    if lo > hi:
        print("no rows with errors to plot", file=sys.stderr)
        return 1
    steps = 200
    tx = [lo + (hi - lo) * i / steps for i in range(steps + 1)]
    ax.plot(tx, [0.5 * math.erfc(math.sqrt(10 ** (t / 10))) for t in tx], color="gray",
            label="uncoded BPSK theory")
    ax.set_yscale("log")
    ax.set_xlabel("Eb/N0 (dB)")
    ax.set_ylabel("error rate")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
