"""Prints parts' data of a DXContainer as hex, one line per FourCC asked
for; exits 1 when one is missing: part_bytes.py FILE FOURCC...."""
import struct
import sys

data = open(sys.argv[1], "rb").read()
count = struct.unpack_from("<I", data, 28)[0]
parts = {}
for i in range(count):
    off = struct.unpack_from("<I", data, 32 + 4 * i)[0]
    size = struct.unpack_from("<I", data, off + 4)[0]
    parts[data[off:off + 4].decode("latin-1")] = data[off + 8:off + 8 + size]
for fourcc in sys.argv[2:]:
    if fourcc not in parts:
        sys.exit("no %s part" % fourcc)
    print("%s %s" % (fourcc, parts[fourcc].hex()))
