# SPDX-License-Identifier: GPL-3.0-or-later
"""How skeleton/python/qa_arguments.py calls this family's functions that take integers: each
must refuse a negative or a huge one with a ValueError naming the parameter."""

import numpy as np


def calls(gpufec):
    code = gpufec.rep_code(8, 3)
    llrs = np.zeros(24, dtype=np.float32)
    return {
        "rep_code.__init__": (gpufec.rep_code, (), {"K": 8, "n": 3}),
        "rep_decode": (gpufec.rep_decode, (code, llrs), {"backend": "cpu"}),
        "rep_decoder.__init__": (gpufec.rep_decoder, (code,), {"backend": "cpu"}),
        "rep_options.__init__": (gpufec.rep_options, (), {"backend": "cpu"}),
    }
