"""Writes a small DXContainer with one part of most kinds, for the --dump
tests: make_parts.py OUT [--bad]. --bad gives ISG1 an element count its
table cannot hold. The digest is left all zero (unsigned)."""
import struct
import sys


def sig(count):
    name_at = 8 + 32
    elem = struct.pack("<6IBBHI", 0, name_at, 0, 1, 3, 0, 0xF, 0xF, 0, 0)
    return struct.pack("<II", count, 8) + elem + b"SV_Position\0"


def program():
    bitcode = b"BC\xc0\xde\x35\x14\x00\x00"
    header = struct.pack("<II4sIII", 5 << 16 | 6 << 4 | 0, 8, b"DXIL", 0x100, 16, len(bitcode))
    return header + bitcode


def parts(bad):
    vers_strings = b"abc123\0" + b"1.8.1\0"
    vers_strings += b"\0" * (-len(vers_strings) % 4)
    return [
        (b"SFI0", struct.pack("<Q", 1 | 1 << 14)),
        (b"ISG1", sig(1000 if bad else 1)),
        (b"HASH", struct.pack("<I", 0) + bytes(range(16))),
        (b"VERS", struct.pack("<HHIII", 1, 8, 2, 77, len(vers_strings)) + vers_strings),
        (b"ILDN", struct.pack("<HH", 0, 7) + b"abc.pdb\0"),
        (b"XTRA", b"\x01\x02\x03\x04"),
        (b"DXIL", program()),
    ]


def container(items):
    pos = 32 + 4 * len(items)
    offsets, body = [], b""
    for fourcc, data in items:
        offsets.append(pos + len(body))
        body += fourcc + struct.pack("<I", len(data)) + data
    size = pos + len(body)
    header = b"DXBC" + bytes(16) + struct.pack("<HHII", 1, 0, size, len(items))
    return header + struct.pack("<%dI" % len(items), *offsets) + body


with open(sys.argv[1], "wb") as f:
    f.write(container(parts("--bad" in sys.argv)))
