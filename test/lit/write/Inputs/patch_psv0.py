"""Copies the sample's DXContainer with PSV0's NumThreads x changed from 8 to
1 and the digest zeroed (unsigned, which a round trip keeps), so that only
that part disagrees with the module: patch_psv0.py IN OUT. PSV0's data
starts with the runtime info size, then the runtime info, whose version 2
NumThreads x is at byte 36 of it."""
import struct
import sys

data = bytearray(open(sys.argv[1], "rb").read())
count = struct.unpack_from("<I", data, 28)[0]
for i in range(count):
    off = struct.unpack_from("<I", data, 32 + 4 * i)[0]
    if data[off:off + 4] == b"PSV0":
        at = off + 8 + 40
        assert struct.unpack_from("<I", data, at)[0] == 8, "not the sample's PSV0"
        struct.pack_into("<I", data, at, 1)
        break
else:
    sys.exit("no PSV0 part")
data[4:20] = bytes(16)  # unsigned: the round trip keeps an unsigned digest
open(sys.argv[2], "wb").write(bytes(data))
