"""Runs a command with its stdout on a pseudo-terminal; prints what it wrote
there, then exits with the command's status.

Usage: on_tty.py COMMAND [ARGS...]. stderr passes through unchanged.
"""
import os
import pty
import subprocess
import sys

main, sub = pty.openpty()
proc = subprocess.Popen(sys.argv[1:], stdout=sub)
os.close(sub)
chunks = []
while True:
    try:
        data = os.read(main, 4096)
    except OSError:  # EIO: the command closed the terminal
        break
    if not data:
        break
    chunks.append(data)
status = proc.wait()
sys.stdout.write(b"".join(chunks).decode("latin-1"))
sys.exit(status)
