"""check_firstbit.py inputs DIR | check DIR OUT.bin: the values of
Inputs/firstbit.ll, and DXIL's FirstbitHi/SHi/Lo of them computed here."""
import struct
import sys

VALUES = [0, 1, 0x10000000, 0x80000000, 0xFFFFFFFF, 0xFFFF0000, 0x7FFFFFFF, 12]
NONE = 0xFFFFFFFF


def hi(x):  # the first set bit, counted from the top
    return NONE if x == 0 else 31 - (x.bit_length() - 1)


def shi(x):  # the first bit unlike the sign, counted from the top
    y = x ^ 0xFFFFFFFF if x & 0x80000000 else x
    return NONE if y == 0 else 31 - (y.bit_length() - 1)


def lo(x):
    return NONE if x == 0 else (x & -x).bit_length() - 1


if sys.argv[1] == "inputs":
    open(sys.argv[2] + "/in.bin", "wb").write(struct.pack("<8I", *VALUES))
    open(sys.argv[2] + "/out.bin", "wb").write(bytes(4 * 3 * len(VALUES)))
else:
    got = struct.unpack("<24I", open(sys.argv[2], "rb").read(96))
    bad = 0
    for t, x in enumerate(VALUES):
        want = (hi(x), shi(x), lo(x))
        if tuple(got[3 * t:3 * t + 3]) != want:
            bad += 1
            print("FAIL: %#x: got %s, want %s" % (x, got[3 * t:3 * t + 3], want))
    print("ok: %d values" % len(VALUES) if not bad else "%d wrong" % bad)
