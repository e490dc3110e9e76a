"""Runs a command and succeeds only if it exits with the given status.

Usage: expect_exit.py STATUS COMMAND [ARGS...]. Its output passes through, so
it can be piped into FileCheck.
"""
import subprocess
import sys

want = int(sys.argv[1])
got = subprocess.call(sys.argv[2:])
if got != want:
    sys.stderr.write("expect_exit: %s exited %d, expected %d\n" % (sys.argv[2], got, want))
    sys.exit(1)
