"""Edits the parts of a DXContainer, for the container rule tests:
edit_parts.py IN OUT OP... with each OP one of
  drop:FOURCC             remove the part
  dup:FOURCC              repeat the part after itself
  add:FOURCC:HEX          append a part with these bytes
  poke:FOURCC:OFF:HEX     overwrite bytes of the part's data at OFF
  cut:FOURCC:N            drop the part's last N bytes
  rename:FOURCC:NEW       give the part another FourCC
The container is rebuilt around the parts (sizes and offsets follow); its
digest is left all zero (unsigned): the validator does not read it."""
import struct
import sys


def read(data):
    count = struct.unpack_from("<I", data, 28)[0]
    parts = []
    for i in range(count):
        off = struct.unpack_from("<I", data, 32 + 4 * i)[0]
        size = struct.unpack_from("<I", data, off + 4)[0]
        parts.append([data[off:off + 4], bytearray(data[off + 8:off + 8 + size])])
    return parts


def write(parts):
    pos = 32 + 4 * len(parts)
    offsets, body = [], b""
    for fourcc, data in parts:
        offsets.append(pos + len(body))
        body += fourcc + struct.pack("<I", len(data)) + bytes(data)
    header = b"DXBC" + bytes(16) + struct.pack("<HHII", 1, 0, pos + len(body), len(parts))
    return header + struct.pack("<%dI" % len(parts), *offsets) + body


def index(parts, fourcc):
    for i, p in enumerate(parts):
        if p[0] == fourcc.encode():
            return i
    sys.exit("no part " + fourcc)


def apply(parts, op):
    kind, fourcc, *rest = op.split(":")
    if kind == "add":
        parts.append([fourcc.encode(), bytearray.fromhex(rest[0])])
        return
    i = index(parts, fourcc)
    if kind == "drop":
        del parts[i]
    elif kind == "dup":
        parts.insert(i + 1, [parts[i][0], bytearray(parts[i][1])])
    elif kind == "poke":
        off, new = int(rest[0], 0), bytearray.fromhex(rest[1])
        parts[i][1][off:off + len(new)] = new
    elif kind == "cut":
        del parts[i][1][len(parts[i][1]) - int(rest[0]):]
    elif kind == "rename":
        parts[i][0] = rest[0].encode()
    else:
        sys.exit("unknown edit " + op)


parts = read(open(sys.argv[1], "rb").read())
for op in sys.argv[3:]:
    apply(parts, op)
open(sys.argv[2], "wb").write(write(parts))
