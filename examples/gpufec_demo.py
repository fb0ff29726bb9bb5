#!/usr/bin/env python3
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
"""gr-gpufec demo: test source -> decoder -> bit error count, on the default backend.

Prints the backend in use, the bit error rate and the flowgraph's throughput.

    gpufec_demo.py [--ebn0 DB] [--bits N] [--backend auto|cpu|cuda]
"""
import argparse
import time

from gnuradio import blocks, digital, gr

from gnuradio import gpufec

COUNT_CHUNK = 1 << 12  # bit errors are summed per chunk inside the flowgraph


def build(tb, args):
    code = gpufec.uncoded()
    src = gpufec.awgn_bpsk_source(code, args.ebn0, seed=args.seed, backend=args.backend)
    n = (args.bits // COUNT_CHUNK) * COUNT_CHUNK
    decided = digital.binary_slicer_fb()
    errors = blocks.xor_bb()
    summed = blocks.integrate_ff(COUNT_CHUNK)
    sink = blocks.vector_sink_f()
    tb.connect((src, 0), blocks.head(gr.sizeof_char, n), (errors, 0))
    tb.connect((src, 1), decided, blocks.head(gr.sizeof_char, n), (errors, 1))
    tb.connect(errors, blocks.uchar_to_float(), summed, sink)
    return src, code, n, sink


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ebn0", type=float, default=4.0, help="Eb/N0 in dB (default 4)")
    p.add_argument("--bits", type=int, default=64 << 20, help="information bits (default 64 Mi)")
    p.add_argument("--backend", default="auto", help="auto (GPU if present), cpu or cuda")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()

    tb = gr.top_block()
    src, code, n, sink = build(tb, args)
    start = time.perf_counter()
    tb.run()
    seconds = time.perf_counter() - start
    errors = int(sum(sink.data()))
    print(f"code        {code.name()} (hard decisions)")
    print(f"backend     {src.backend()}"
          + (f" ({gpufec.cuda_device_name()})" if src.backend() == "cuda" else ""))
    print(f"Eb/N0       {args.ebn0:.2f} dB")
    print(f"bits        {n}")
    print(f"bit errors  {errors}")
    print(f"BER         {errors / n:.3e}")
    print(f"throughput  {n / seconds / 1e6:.1f} Mbit/s of information bits through the flowgraph")


if __name__ == "__main__":
    main()
