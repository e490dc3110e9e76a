"""patch_part.py IN OUT FOURCC OFFSET VALUE: copies a DXContainer, writing
the 32-bit VALUE at byte OFFSET of the first FOURCC part's data. OFFSET may
be "psv-resource:N" for field N (dwords) of PSV0's first resource binding."""
import struct
import sys


def part_data_offset(blob, fourcc):
    count = struct.unpack_from("<I", blob, 28)[0]
    for i in range(count):
        off = struct.unpack_from("<I", blob, 32 + 4 * i)[0]
        if blob[off:off + 4] == fourcc.encode():
            return off + 8
    sys.exit("no %s part" % fourcc)


def main():
    src, dst, fourcc, where, value = sys.argv[1:6]
    blob = bytearray(open(src, "rb").read())
    data = part_data_offset(blob, fourcc)
    if where.startswith("psv-resource:"):
        info_size = struct.unpack_from("<I", blob, data)[0]
        offset = 4 + info_size + 8 + 4 * int(where.split(":")[1])
    else:
        offset = int(where, 0)
    struct.pack_into("<I", blob, data + offset, int(value, 0))
    open(dst, "wb").write(bytes(blob))


main()
