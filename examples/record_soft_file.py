#!/usr/bin/env python3
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
"""Records a soft-symbol file for decode_soft_file.py with the GPU FEC test source.

File format: raw float32 (native byte order, no header), one value per received channel bit,
positive meaning bit 1 (GNU Radio's convention); LLRs 2y/sigma^2 by default (--output symbols:
the noisy BPSK symbols y). The information bits go to FILE.bits (uint8 0/1), for checking.

    record_soft_file.py FILE [--puncture 3/4] [--termination streaming] [--ebn0 DB] [--bits N]
"""
import argparse

from gnuradio import blocks, gr

from gnuradio import gpufec


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("file")
    p.add_argument("--puncture", default="", help="'', 2/3, 3/4, 5/6 or 7/8")
    p.add_argument("--termination", default="streaming", help="streaming or terminated")
    p.add_argument("--frame-bits", type=int, default=2048)
    p.add_argument("--ebn0", type=float, default=4.0)
    p.add_argument("--bits", type=int, default=1 << 20, help="information bits (about)")
    p.add_argument("--output", default="llr", help="llr or symbols")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()

    code = gpufec.conv_code(7, [0o171, 0o133], args.puncture, args.termination, args.frame_bits)
    blocks_n = max(1, args.bits // code.info_bits_per_block())
    tb = gr.top_block()
    src = gpufec.awgn_bpsk_source(code, args.ebn0, args.seed, args.output)
    tb.connect((src, 0), blocks.head(gr.sizeof_char, blocks_n * code.info_bits_per_block()),
               blocks.file_sink(gr.sizeof_char, args.file + ".bits"))
    tb.connect((src, 1), blocks.head(gr.sizeof_float, blocks_n * code.coded_bits_per_block()),
               blocks.file_sink(gr.sizeof_float, args.file))
    tb.run()
    print(f"wrote {args.file}: {blocks_n * code.coded_bits_per_block()} float32 soft values of "
          f"{code.name()} at Eb/N0 {args.ebn0} dB; information bits in {args.file}.bits")


if __name__ == "__main__":
    main()
