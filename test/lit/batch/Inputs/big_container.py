"""Writes a copy of a DXContainer with one more part, 'XTRA', of the given
size in MiB: a hole in a sparse file, so the test costs no disk and no
time. Usage: big_container.py <in.dxil> <out.dxil> <MiB>"""
import struct
import sys

src, dst, mib = sys.argv[1], sys.argv[2], int(sys.argv[3])
data = open(src, "rb").read()
count = struct.unpack_from("<I", data, 28)[0]
offsets = list(struct.unpack_from("<%dI" % count, data, 32))
body = data[32 + 4 * count:]
# Every part moves 4 bytes down: the table gains one entry.
offsets = [o + 4 for o in offsets]
extra_size = mib << 20
extra_at = len(data) + 4
total = extra_at + 8 + extra_size
header = data[:24] + struct.pack("<II", total, count + 1)
table = struct.pack("<%dI" % (count + 1), *(offsets + [extra_at]))
with open(dst, "wb") as f:
    f.write(header + table + body + b"XTRA" + struct.pack("<I", extra_size))
    f.truncate(total)
