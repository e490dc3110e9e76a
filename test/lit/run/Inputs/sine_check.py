"""sine_check.py make IN.bin | check IN.bin OUT.bin: samples/compute_sine's
input (In, t1 space2: float4 elements) and its expected output, computed
here: Out[i] = sin(In[i].x) + abs(In[i].y), within float rounding."""
import math
import struct
import sys

N = 16
if sys.argv[1] == "make":
    with open(sys.argv[2], "wb") as f:
        for i in range(N):
            f.write(struct.pack("<4f", 0.25 * i - 1.0, -0.5 * i, 7.0, 9.0))
    sys.exit(0)
inp = open(sys.argv[2], "rb").read()
out = open(sys.argv[3], "rb").read()
bad = 0
for i in range(N):
    x, y, _, _ = struct.unpack_from("<4f", inp, 16 * i)
    want = math.sin(x) + abs(y)
    got = struct.unpack_from("<f", out, 4 * i)[0]
    if abs(got - want) > 1e-5 * max(1.0, abs(want)):
        bad += 1
        print("Out[%d] = %r, want %r" % (i, got, want))
print("ok: %d values" % N if bad == 0 else "FAIL: %d wrong" % bad)
