#
# SPDX-License-Identifier: GPL-3.0-or-later
#
"""gr-gpufec: GPU channel decoders for GNU Radio.

Blocks run on a CUDA GPU when one is present (backend="auto") and on the CPU otherwise;
both backends give the same output. Soft values follow GNU Radio's convention: a positive
value means bit 1.
"""

from .gpufec_python import *  # noqa: F401,F403
from .ccsds_deframer import ccsds_deframer, ccsds_pn_sequence, ccsds_reed_solomon  # noqa: F401

# gr-fec's spellings of the factories (fec.cc_encoder_make, fec.cc_decoder_make).
cc_encoder_make = cc_encoder.make  # noqa: F405
cc_decoder_make = cc_decoder.make  # noqa: F405
