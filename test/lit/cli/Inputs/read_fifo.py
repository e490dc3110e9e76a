"""read_fifo.py FIFO OUT CMD...: runs CMD while a thread copies what arrives
on FIFO into OUT; exits with CMD's status (bounded: 30 s)."""
import subprocess, sys, threading

fifo, out, cmd = sys.argv[1], sys.argv[2], sys.argv[3:]

def drain():
    with open(fifo, 'rb') as src, open(out, 'wb') as dst:
        dst.write(src.read())

t = threading.Thread(target=drain, daemon=True)
t.start()
rc = subprocess.run(cmd, timeout=30).returncode
t.join(timeout=30)
sys.exit(rc if not t.is_alive() else 1)
