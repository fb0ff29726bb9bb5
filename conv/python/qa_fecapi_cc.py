#!/usr/bin/env python
#
# Copyright 2014 Free Software Foundation, Inc.
#
# This file is part of GNU Radio
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
#
# gr-gpufec: a copy of GNU Radio's gr-fec/python/fec/qa_fecapi_cc.py at tag v3.10.12.0 (commit
# ec7a3239645162ffea1925e6f1e6e62bf1349d03; the file as of its commit 7eddeb860: the nine tests
# of 3.10.5 and test_async_00),
# the oracle for gr-gpufec's drop-in objects. Changed: fec.cc_encoder_make and
# fec.cc_decoder.make became gpufec.cc_encoder_make and gpufec.cc_decoder.make, and gpufec is
# imported; nothing else. _qa_helper.py and _qa_helper_async.py are gr-fec's, from the same tag.
#



from gnuradio import gr, gr_unittest
from gnuradio import fec
from gnuradio import gpufec

from _qa_helper import _qa_helper
from _qa_helper_async import _qa_helper_async


class test_fecapi_cc(gr_unittest.TestCase):

    def setUp(self):
        self.tb = gr.top_block()

    def tearDown(self):
        self.tb = None

    def test_parallelism0_00(self):
        frame_size = 30
        k = 7
        rate = 2
        polys = [109, 79]
        enc = gpufec.cc_encoder_make(frame_size * 8, k, rate, polys)
        dec = gpufec.cc_decoder.make(frame_size * 8, k, rate, polys)
        threading = None
        self.test = _qa_helper(4 * frame_size, enc, dec, threading)
        self.tb.connect(self.test)
        self.tb.run()

        data_out = self.test.snk_output.data()
        data_in = self.test.snk_input.data()[0:len(data_out)]

        self.assertEqual(data_in, data_out)

    def test_parallelism0_01(self):
        frame_size = 30
        k = 7
        rate = 2
        polys = [109, 79]
        enc = gpufec.cc_encoder_make(frame_size * 8, k, rate, polys)
        dec = gpufec.cc_decoder.make(frame_size * 8, k, rate, polys)
        threading = 'ordinary'
        self.test = _qa_helper(5 * frame_size, enc, dec, threading)
        self.tb.connect(self.test)
        self.tb.run()

        data_out = self.test.snk_output.data()
        data_in = self.test.snk_input.data()[0:len(data_out)]

        self.assertEqual(data_in, data_out)

    def test_parallelism0_02(self):
        frame_size = 30
        k = 7
        rate = 2
        polys = [109, 79]
        enc = gpufec.cc_encoder_make(frame_size * 8, k, rate, polys)
        dec = gpufec.cc_decoder.make(frame_size * 8, k, rate, polys)
        threading = 'capillary'
        self.test = _qa_helper(5 * frame_size, enc, dec, threading)
        self.tb.connect(self.test)
        self.tb.run()

        data_out = self.test.snk_output.data()
        data_in = self.test.snk_input.data()[0:len(data_out)]

        self.assertEqual(data_in, data_out)

    def test_parallelism1_00(self):
        frame_size = 30
        k = 7
        rate = 2
        polys = [109, 79]
        enc = list(map((lambda a: gpufec.cc_encoder_make(
            frame_size * 8, k, rate, polys)), list(range(0, 1))))
        dec = list(map((lambda a: gpufec.cc_decoder.make(
            frame_size * 8, k, rate, polys)), list(range(0, 1))))
        threading = None
        self.test = _qa_helper(5 * frame_size, enc, dec, threading)
        self.tb.connect(self.test)
        self.tb.run()

        data_out = self.test.snk_output.data()
        data_in = self.test.snk_input.data()[0:len(data_out)]

        self.assertEqual(data_in, data_out)

    def test_parallelism1_01(self):
        frame_size = 30
        k = 7
        rate = 2
        polys = [109, 79]
        enc = list(map((lambda a: gpufec.cc_encoder_make(
            frame_size * 8, k, rate, polys)), list(range(0, 1))))
        dec = list(map((lambda a: gpufec.cc_decoder.make(
            frame_size * 8, k, rate, polys)), list(range(0, 1))))
        threading = 'ordinary'
        self.test = _qa_helper(5 * frame_size, enc, dec, threading)
        self.tb.connect(self.test)
        self.tb.run()

        data_out = self.test.snk_output.data()
        data_in = self.test.snk_input.data()[0:len(data_out)]

        self.assertEqual(data_in, data_out)

    def test_parallelism1_02(self):
        frame_size = 30
        k = 7
        rate = 2
        polys = [109, 79]
        enc = list(map((lambda a: gpufec.cc_encoder_make(
            frame_size * 8, k, rate, polys)), list(range(0, 1))))
        dec = list(map((lambda a: gpufec.cc_decoder.make(
            frame_size * 8, k, rate, polys)), list(range(0, 1))))
        threading = 'capillary'
        self.test = _qa_helper(5 * frame_size, enc, dec, threading)
        self.tb.connect(self.test)
        self.tb.run()

        data_out = self.test.snk_output.data()
        data_in = self.test.snk_input.data()[0:len(data_out)]

        self.assertEqual(data_in, data_out)

    def test_parallelism1_03(self):
        frame_size = 30
        k = 7
        rate = 2
        polys = [109, 79]
        mode = fec.CC_TERMINATED
        enc = list(map((lambda a: gpufec.cc_encoder_make(
            frame_size * 8, k, rate, polys, mode=mode)), list(range(0, 4))))
        dec = list(map((lambda a: gpufec.cc_decoder.make(
            frame_size * 8, k, rate, polys, mode=mode)), list(range(0, 4))))
        threading = 'capillary'
        self.test = _qa_helper(4 * frame_size, enc, dec, threading)
        self.tb.connect(self.test)
        self.tb.run()

        data_out = self.test.snk_output.data()
        data_in = self.test.snk_input.data()[0:len(data_out)]

        self.assertEqual(data_in, data_out)

    def test_parallelism1_04(self):
        frame_size = 30
        k = 7
        rate = 2
        polys = [109, 79]
        mode = fec.CC_TRUNCATED
        enc = list(map((lambda a: gpufec.cc_encoder_make(
            frame_size * 8, k, rate, polys, mode=mode)), list(range(0, 4))))
        dec = list(map((lambda a: gpufec.cc_decoder.make(
            frame_size * 8, k, rate, polys, mode=mode)), list(range(0, 4))))
        threading = 'capillary'
        self.test = _qa_helper(4 * frame_size, enc, dec, threading)
        self.tb.connect(self.test)
        self.tb.run()

        data_out = self.test.snk_output.data()
        data_in = self.test.snk_input.data()[0:len(data_out)]

        self.assertEqual(data_in, data_out)

    def test_parallelism1_05(self):
        frame_size = 30
        k = 7
        rate = 2
        polys = [109, 79]
        mode = fec.CC_TAILBITING
        enc = list(map((lambda a: gpufec.cc_encoder_make(
            frame_size * 8, k, rate, polys, mode=mode)), list(range(0, 4))))
        dec = list(map((lambda a: gpufec.cc_decoder.make(
            frame_size * 8, k, rate, polys, mode=mode)), list(range(0, 4))))
        threading = 'capillary'
        self.test = _qa_helper(4 * frame_size, enc, dec, threading)
        self.tb.connect(self.test)
        self.tb.run()

        data_out = self.test.snk_output.data()
        data_in = self.test.snk_input.data()[0:len(data_out)]

        self.assertEqual(data_in, data_out)

    def test_async_00(self):
        frame_size = 30
        k = 7
        rate = 2
        polys = [109, 79]
        for mode in [fec.CC_TRUNCATED, fec.CC_TERMINATED, fec.CC_TAILBITING]:
            for packed in [True, False]:
                for rev_pack in [True, False]:
                    with self.subTest(mode=mode, packed=packed,
                                      rev_pack=rev_pack):
                        enc = gpufec.cc_encoder_make(
                            frame_size * 8, k, rate, polys, mode=mode)
                        dec = gpufec.cc_decoder.make(
                            frame_size * 8, k, rate, polys, mode=mode)
                        self.test = _qa_helper_async(
                            frame_size, enc, dec, packed, rev_pack)
                        self.test.run()

                        data_in = self.test.snk_input.data()
                        data_out = self.test.snk_output.data()
                        self.assertEqual(data_in, data_out)


if __name__ == '__main__':
    gr_unittest.run(test_fecapi_cc)
