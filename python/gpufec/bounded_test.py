#
# SPDX-License-Identifier: GPL-3.0-or-later
#
"""Tests that fail instead of hanging (and what the blocks log meanwhile).

Every QA class derives from bounded_test: a test still running after `test_timeout` seconds
prints its name and every thread's stack and ends the process with an error, so that a block
stuck in C++ (where no exception can reach it) fails in seconds under its own name. Flowgraphs
run through run_bounded(), which stops one that has not ended in time and fails the test.
"""

import contextlib
import ctypes
import faulthandler
import os
import sys
import tempfile
import threading

from gnuradio import gr_unittest


def run_bounded(tb, seconds=10.0):
    """Runs a flowgraph that must end by itself within @p seconds (stops it and fails otherwise)."""
    done = threading.Event()
    tb.start()
    waiter = threading.Thread(target=lambda: (tb.wait(), done.set()))
    waiter.start()
    if not done.wait(seconds):
        tb.stop()
        waiter.join()
        raise AssertionError("the flowgraph did not end within %g s" % seconds)
    waiter.join()


@contextlib.contextmanager
def captured_output():
    """What is written to stdout and stderr meanwhile (GNU Radio's block loggers), as a list
    that holds the text once the block is left."""
    text = []
    libc = ctypes.CDLL(None)
    with tempfile.TemporaryFile() as f:
        sys.stdout.flush()
        sys.stderr.flush()
        saved = [os.dup(1), os.dup(2)]
        os.dup2(f.fileno(), 1)
        os.dup2(f.fileno(), 2)
        try:
            yield text
        finally:
            libc.fflush(None)
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            for fd in saved:
                os.close(fd)
            f.seek(0)
            text.append(f.read().decode(errors="replace"))


class bounded_test(gr_unittest.TestCase):
    """A gr_unittest.TestCase with a watchdog on every test."""

    test_timeout = 60.0

    def _expired(self):
        sys.stderr.write("\n%s: still running after %g s: stopped\n" % (self.id(), self.test_timeout))
        faulthandler.dump_traceback(all_threads=True)
        sys.stderr.flush()
        os._exit(1)

    def setUp(self):
        self._watchdog = threading.Timer(self.test_timeout, self._expired)
        self._watchdog.daemon = True
        self._watchdog.start()

    def tearDown(self):
        self._watchdog.cancel()
