"""check_groupshared_sum.py OUT.bin GROUPS: Inputs/groupshared-sum.ll's
expected UAV, computed here: Out[g * 32 + t] = (g + 1) * sum over
k = 0..3 of (((t + 8k) & 31) + 1)."""
import struct
import sys

data = open(sys.argv[1], "rb").read()
groups = int(sys.argv[2])
bad = 0
for g in range(groups):
    for t in range(32):
        want = (g + 1) * sum(((t + 8 * k) & 31) + 1 for k in range(4))
        got = struct.unpack_from("<I", data, 4 * (g * 32 + t))[0]
        if got != want:
            bad += 1
            if bad <= 4:
                print("group %d thread %d: %d, want %d" % (g, t, got, want))
print("ok: %d values" % (groups * 32) if bad == 0 else "FAIL: %d wrong" % bad)
