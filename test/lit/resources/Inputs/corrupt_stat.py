#!/usr/bin/env python3
"""Copies a DXContainer with the bitcode of its STAT part overwritten
(0xFF after the 'BC' magic), for the layouts-from-reflection tests."""
import struct, sys

data = bytearray(open(sys.argv[1], "rb").read())
count = struct.unpack_from("<I", data, 28)[0]
for i in range(count):
    off = struct.unpack_from("<I", data, 32 + 4 * i)[0]
    if data[off:off + 4] == b"STAT":
        hdr = off + 8  # the part's program header
        bc = hdr + 8 + struct.unpack_from("<I", data, hdr + 16)[0]
        size = struct.unpack_from("<I", data, hdr + 20)[0]
        data[bc + 8:bc + size] = b"\xff" * (size - 8)
        break
else:
    sys.exit("no STAT part")
open(sys.argv[2], "wb").write(data)
