#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""gpufec_plot_ber.py plots a current CSV (zero-error points included) and one of the format
before frame_bits/stopped_by were added, whose bits column was floating point. Exit 77 (ctest:
skipped) without matplotlib."""
import os
import sys
import tempfile

try:
    import matplotlib  # noqa: F401
except ImportError:
    print("matplotlib is missing (Debian: python3-matplotlib): skipped")
    sys.exit(77)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gpufec_plot_ber  # noqa: E402

NEW = """code,ebn0_db,frames,bits,bit_errors,ber,ber_lo,ber_hi,frame_errors,fer,fer_lo,fer_hi,uncoded_theory,frame_bits,stopped_by
"conv K=7 [171,133] r1/2 streaming",3,300,300000,90,0.0003,0.0002441,0.0003687,16,0.0533,0.0331,0.0849,0.02288,1000,frames
"conv K=7 [171,133] r1/2 streaming",4,300,300000,5,1.667e-05,7.119e-06,3.902e-05,2,0.00667,0.00183,0.02398,0.0125,1000,frames
"conv K=7 [171,133] r1/2 streaming",5,300,300000,0,0,0,1.28e-05,0,0,0,0.01264,0.005954,1000,frames
"""
OLD = """code,ebn0_db,frames,bits,bit_errors,ber,ber_lo,ber_hi,frame_errors,fer,fer_lo,fer_hi,uncoded_theory
"uncoded",0,100,2.048e+05,16107,0.0786,0.0775,0.0798,100,1,0.963,1,0.0786
"uncoded",9,100,2.048e+05,0,0,0,1.9e-05,0,0,0,0.037,3.4e-05
"""

with tempfile.TemporaryDirectory() as d:
    paths = []
    for name, text in (("new.csv", NEW), ("old.csv", OLD)):
        paths.append(os.path.join(d, name))
        with open(paths[-1], "w") as f:
            f.write(text)
    png = os.path.join(d, "out.png")
    rc = gpufec_plot_ber.main(["gpufec_plot_ber.py", png] + paths)
    if rc != 0 or os.path.getsize(png) < 1000:
        print(f"plot failed: rc {rc}")
        sys.exit(1)
print("ok")
