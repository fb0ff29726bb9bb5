#
# SPDX-License-Identifier: GPL-3.0-or-later
#
"""CCSDS TM frames from a decoded bit stream: the attached sync marker (ASM), the
pseudo-randomizer and the Reed-Solomon (255,223) code of CCSDS 131.0-B, the outer half of the
concatenated code whose inner half (K=7 r1/2) gpufec.viterbi_decoder decodes.

The Reed-Solomon decoder is Phil Karn's libfec (Debian/Ubuntu: libfec-dev or libfec0), called
through ctypes: a frame is decoded a few times a second, so Python costs nothing here, and the
module neither builds against libfec nor needs it unless this block is used.
"""

import collections
import ctypes
import ctypes.util
import operator

import numpy as np
import pmt
from gnuradio import gr

ASM = 0x1ACFFC1D
RS_PARITY = 32  # bytes per codeword: RS(255, 223)


def _integer(name, value, lo, hi, allowed):
    """@p value as an int in [lo, hi], as the bindings take integers (arg_checks.h): TypeError
    for a non-integer (1.5 would pass a range check), ValueError naming it out of range."""
    try:
        v = operator.index(value)
    except TypeError:
        raise TypeError("%s must be an integer, got %s" % (name, type(value).__name__)) from None
    if not lo <= v <= hi:
        raise ValueError("%s = %d is out of range: allowed is %s" % (name, v, allowed))
    return v


def ccsds_pn_sequence(n_bytes):
    """The CCSDS pseudo-randomizer, h(x) = x^8 + x^7 + x^5 + x^3 + 1 from all ones, as bytes
    (it starts 0xFF 0x48 0x0E 0xC0 0x9A; its period is 255 bytes)."""
    n_bytes = _integer("n_bytes", n_bytes, 0, 2 ** 24, "0 to 2^24")
    state = [1] * 8  # state[0] comes out next
    bits = np.empty(8 * n_bytes, dtype=np.uint8)
    for i in range(bits.size):
        bits[i] = state[0]
        state = state[1:] + [state[0] ^ state[3] ^ state[5] ^ state[7]]
    return np.packbits(bits)


def _libfec():
    name = ctypes.util.find_library("fec") or "libfec.so.0"
    try:
        lib = ctypes.CDLL(name)
    except OSError as e:
        raise RuntimeError("the CCSDS Reed-Solomon decoder needs Phil Karn's libfec "
                           "(Debian/Ubuntu: apt-get install libfec-dev): %s" % e) from None
    for f in (lib.decode_rs_8, lib.decode_rs_ccsds):
        f.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_int), ctypes.c_int, ctypes.c_int]
        f.restype = ctypes.c_int
    for f in (lib.encode_rs_8, lib.encode_rs_ccsds):
        f.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int]
        f.restype = None
    return lib


class ccsds_reed_solomon:
    """CCSDS RS(255,223), shortened to frames of `data_bytes` and interleaved to depth
    `interleave` (byte j of a frame belongs to codeword j mod interleave), in the standard's
    dual basis or the conventional one that some satellites use."""

    def __init__(self, data_bytes, interleave=1, basis="dual"):
        interleave = _integer("interleave", interleave, 1, 8, "1 to 8")
        data_bytes = _integer("data_bytes", data_bytes, 1, 223 * interleave,
                              "a multiple of interleave = %d, at most %d"
                              % (interleave, 223 * interleave))
        if data_bytes % interleave:
            raise ValueError("data_bytes = %d is not allowed: a multiple of interleave = %d"
                             % (data_bytes, interleave))
        if basis not in ("dual", "conventional"):
            raise ValueError("basis = %r is not known: use 'dual' or 'conventional'" % (basis,))
        lib = _libfec()
        self._decode = lib.decode_rs_ccsds if basis == "dual" else lib.decode_rs_8
        self._encode = lib.encode_rs_ccsds if basis == "dual" else lib.encode_rs_8
        self.interleave = interleave
        self.data_bytes = data_bytes
        self.frame_bytes = data_bytes + RS_PARITY * interleave
        self._pad = 223 - data_bytes // interleave

    def decode(self, frame):
        """(data, corrected): the frame's data bytes and the byte errors corrected, or
        (None, -1) when a codeword cannot be decoded."""
        frame = np.frombuffer(bytes(frame), dtype=np.uint8)
        if frame.size != self.frame_bytes:
            raise ValueError("a frame of %d bytes, not %d" % (frame.size, self.frame_bytes))
        data = np.empty(self.data_bytes, dtype=np.uint8)
        corrected = 0
        for i in range(self.interleave):
            word = ctypes.create_string_buffer(frame[i::self.interleave].tobytes())
            n = self._decode(word, None, 0, self._pad)
            if n < 0:
                return None, -1
            corrected += n
            data[i::self.interleave] = np.frombuffer(word.raw[:-1], dtype=np.uint8)[:-RS_PARITY]
        return data.tobytes(), corrected

    def encode(self, data):
        """The frame (data, then the interleaved parity) of `data_bytes` bytes."""
        data = np.frombuffer(bytes(data), dtype=np.uint8)
        if data.size != self.data_bytes:
            raise ValueError("%d data bytes, not %d" % (data.size, self.data_bytes))
        frame = np.empty(self.frame_bytes, dtype=np.uint8)
        for i in range(self.interleave):
            word = data[i::self.interleave].tobytes()
            parity = ctypes.create_string_buffer(RS_PARITY)
            self._encode(word, parity, self._pad)
            frame[i:self.data_bytes:self.interleave] = np.frombuffer(word, dtype=np.uint8)
            frame[self.data_bytes + i::self.interleave] = np.frombuffer(parity.raw, dtype=np.uint8)
        return frame.tobytes()


class ccsds_deframer(gr.sync_block):
    """Decoded bits (uint8 0/1) in; each frame whose Reed-Solomon codewords decode out on
    'out' as a PDU of its data bytes, with metadata: 'position' (the bit of the input stream
    where its ASM starts), 'sync_errors' (bits of the ASM received wrong), 'rs_corrected'
    (byte errors corrected) and 'inverted' (the frame came complemented: a BPSK phase flip
    that nothing upstream resolved).

    differential: the bits are NRZ-M (differentially) coded and decoded here first (that
    also resolves a phase flip). A frame is an ASM (0x1ACFFC1D) received with at most
    sync_threshold bit errors, or its complement, followed by data_bytes + 32 interleave
    bytes, descrambled (scrambler: the CCSDS pseudo-randomizer) and Reed-Solomon decoded.
    An ASM whose frame does not decode does not count: the search goes on from its next bit.

    frames() gives the last `keep` frames of the run as (position, rs_corrected, data): a
    script reads them there after run(), since a message sink may not have taken the last
    PDUs when the flowgraph ends.
    """

    keep = 10000

    def __init__(self, data_bytes=223, interleave=1, basis="dual", differential=False,
                 scrambler=True, sync_threshold=4):
        gr.sync_block.__init__(self, name="ccsds_deframer", in_sig=[np.uint8], out_sig=None)
        self._threshold = _integer("sync_threshold", sync_threshold, 0, 15, "0 to 15 bit errors")
        self._rs = ccsds_reed_solomon(data_bytes, interleave, basis)
        self._frame_bits = 8 * self._rs.frame_bytes
        self._pn = (ccsds_pn_sequence(self._rs.frame_bytes) if scrambler
                    else np.zeros(self._rs.frame_bytes, dtype=np.uint8))
        self._sync = np.unpackbits(np.array([ASM], dtype=">u4").view(np.uint8))
        self._differential = differential
        self.message_port_register_out(pmt.intern("out"))
        self.start()

    def start(self):
        self._bits = np.zeros(0, dtype=np.uint8)  # bits of the stream from position _base
        self._base = 0
        self._next = 0  # the first position where an ASM may start
        self._last = 0  # the last input bit (differential decoding)
        self._found = collections.deque(maxlen=self.keep)
        return True

    def frames(self):
        """[(position, rs_corrected, data bytes)] of the frames found in this run, in order."""
        return list(self._found)

    def work(self, input_items, output_items):
        raw = (input_items[0] != 0).astype(np.uint8)
        if self._differential and raw.size:
            bits = raw ^ np.concatenate(([self._last], raw[:-1])).astype(np.uint8)
            self._last = raw[-1]
        else:
            bits = raw
        self._bits = np.concatenate((self._bits, bits))
        span = 32 + self._frame_bits
        first = self._next - self._base
        last = self._bits.size - span  # the last start whose whole frame is here
        if last >= first:
            windows = np.lib.stride_tricks.sliding_window_view(self._bits[first:last + 32], 32)
            errors = np.count_nonzero(windows != self._sync, axis=1)
            for i in np.flatnonzero(np.minimum(errors, 32 - errors) <= self._threshold):
                at = first + int(i)
                if at + self._base >= self._next:
                    self._try_frame(at, int(errors[i]))
            self._next = max(self._next, self._base + last + 1)
        keep = self._next - self._base
        self._bits = self._bits[keep:]
        self._base += keep
        return raw.size

    def _try_frame(self, at, sync_errors):
        inverted = sync_errors > 16
        bits = self._bits[at + 32:at + 32 + self._frame_bits]
        frame = np.packbits(bits ^ 1 if inverted else bits) ^ self._pn
        data, corrected = self._rs.decode(frame)
        if data is None:
            return
        meta = pmt.make_dict()
        for key, value in (("position", pmt.from_uint64(self._base + at)),
                           ("sync_errors", pmt.from_long(32 - sync_errors if inverted
                                                         else sync_errors)),
                           ("rs_corrected", pmt.from_long(corrected)),
                           ("inverted", pmt.from_bool(inverted))):
            meta = pmt.dict_add(meta, pmt.intern(key), value)
        self._found.append((self._base + at, corrected, data))
        self.message_port_pub(pmt.intern("out"),
                              pmt.cons(meta, pmt.init_u8vector(len(data), list(data))))
        self._next = self._base + at + 32 + self._frame_bits
