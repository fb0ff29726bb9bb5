#!/usr/bin/env python3
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
"""Decodes a recorded soft-symbol file with the GPU FEC Viterbi decoder block.

Input file: raw float32 (native byte order, no header), one value per received channel bit of
the (punctured) code stream, positive meaning bit 1 (GNU Radio's convention; --invert for the
opposite), e.g. LLRs or BPSK symbols (choose --llr-scale so that typical values times the scale
land in the tens: the decoder quantizes round(x * scale) to +-127). record_soft_file.py writes
one. Output: decoded bits, uint8 0/1, one byte per bit. With FILE.bits present, prints the BER.

Streaming codes: the last bits of the file (about one tile plus the traceback depth) stay
undecoded by the block; framed codes: whole frames only.

    decode_soft_file.py FILE OUT [--puncture 3/4] [--termination streaming] [--backend auto]
"""
import argparse
import os
import time

import numpy as np
from gnuradio import blocks, gr

from gnuradio import gpufec


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("file", help="float32 soft values, positive = bit 1")
    p.add_argument("out", help="decoded bits (uint8 0/1)")
    p.add_argument("--k", type=int, default=7)
    p.add_argument("--polys", default="171,133", help="octal generators (default 171,133)")
    p.add_argument("--puncture", default="", help="'', 2/3, 3/4, 5/6, 7/8 or a 0/1 pattern")
    p.add_argument("--termination", default="streaming")
    p.add_argument("--frame-bits", type=int, default=2048)
    p.add_argument("--llr-scale", type=float, default=8.0)
    p.add_argument("--invert", action="store_true", help="positive soft value = bit 0")
    p.add_argument("--backend", default="auto")
    args = p.parse_args()

    polys = [int(x, 8) for x in args.polys.split(",")]
    code = gpufec.conv_code(args.k, polys, args.puncture, args.termination, args.frame_bits)
    tb = gr.top_block()
    dec = gpufec.viterbi_decoder(code, args.backend, "float", args.llr_scale, args.invert)
    tb.connect(blocks.file_source(gr.sizeof_float, args.file, False), dec,
               blocks.file_sink(gr.sizeof_char, args.out))
    start = time.perf_counter()
    tb.run()
    seconds = time.perf_counter() - start
    decoded = np.fromfile(args.out, dtype=np.uint8)
    print(f"{code.name()} on {dec.backend()}: {len(decoded)} bits in {seconds:.2f} s")
    if os.path.exists(args.file + ".bits"):
        sent = np.fromfile(args.file + ".bits", dtype=np.uint8)[:len(decoded)]
        errors = int(np.count_nonzero(sent != decoded[:len(sent)]))
        print(f"bit errors {errors}, BER {errors / max(1, len(sent)):.3e}")


if __name__ == "__main__":
    main()
