#!/usr/bin/env python3
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
"""gr-gpufec demo: test source -> Viterbi decoder -> bit error count, on the default backend.

By default the source encodes with the K=7 171/133 rate-1/2 code (streaming) and the
viterbi_decoder block decodes it; --code uncoded makes hard decisions on plain BPSK instead.
Prints the backend in use, the bit error rate and the flowgraph's throughput.

    gpufec_demo.py [--code conv|uncoded] [--puncture 3/4] [--termination streaming|terminated]
                   [--ebn0 DB] [--bits N] [--backend auto|cpu|cuda]
"""
import argparse
import time

from gnuradio import blocks, digital, gr

from gnuradio import gpufec

COUNT_CHUNK = 1 << 12  # bit errors are summed per chunk inside the flowgraph


def build(tb, args):
    if args.code == "uncoded":
        code = gpufec.uncoded()
        decoder = digital.binary_slicer_fb()
    else:
        code = gpufec.conv_code(7, [0o171, 0o133], args.puncture, args.termination, 2048)
        decoder = gpufec.viterbi_decoder(code, args.backend)
    src = gpufec.awgn_bpsk_source(code, args.ebn0, seed=args.seed, backend=args.backend)
    n = (args.bits // COUNT_CHUNK) * COUNT_CHUNK
    errors = blocks.xor_bb()
    summed = blocks.integrate_ff(COUNT_CHUNK)
    sink = blocks.vector_sink_f()
    # The decoder's bit i is the source's information bit i: compare them item by item.
    tb.connect((src, 0), blocks.head(gr.sizeof_char, n), (errors, 0))
    tb.connect((src, 1), decoder, blocks.head(gr.sizeof_char, n), (errors, 1))
    tb.connect(errors, blocks.uchar_to_float(), summed, sink)
    return src, decoder, code, n, sink


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--code", choices=["conv", "uncoded"], default="conv",
                   help="conv: K=7 171/133 with the Viterbi decoder (default); uncoded: BPSK")
    p.add_argument("--puncture", default="", help="conv: '', 2/3, 3/4, 5/6 or 7/8 (default none)")
    p.add_argument("--termination", default="streaming",
                   help="conv: streaming (default) or terminated (2048-bit frames)")
    p.add_argument("--ebn0", type=float, default=4.0, help="Eb/N0 in dB (default 4)")
    p.add_argument("--bits", type=int, default=64 << 20, help="information bits (default 64 Mi)")
    p.add_argument("--backend", default="auto", help="auto (GPU if present), cpu or cuda")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()

    tb = gr.top_block()
    src, decoder, code, n, sink = build(tb, args)
    start = time.perf_counter()
    tb.run()
    seconds = time.perf_counter() - start
    errors = int(sum(sink.data()))
    if args.code == "uncoded":
        print(f"code        {code.name()} (hard decisions)")
        backend = src.backend()
    else:
        print(f"code        {code.name()} (Viterbi decoder)")
        backend = decoder.backend()
    print(f"backend     {backend}"
          + (f" ({gpufec.cuda_device_name()})" if backend == "cuda" else ""))
    print(f"Eb/N0       {args.ebn0:.2f} dB")
    print(f"bits        {n}")
    print(f"bit errors  {errors}")
    print(f"BER         {errors / n:.3e}")
    print(f"throughput  {n / seconds / 1e6:.1f} Mbit/s of information bits through the flowgraph")


if __name__ == "__main__":
    main()
