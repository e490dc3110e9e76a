"""Writes two small LLVM bitstreams with the same records for the bcdiff
tests: make_bitstream.py PLAIN ABBREV. PLAIN writes every record
unabbreviated; ABBREV writes them through abbreviations of each operand
kind (literal, fixed, VBR, array, char6, blob), one of them from BLOCKINFO,
so only the encoding differs."""
import sys


class Bits:
    def __init__(self):
        self.value, self.pos = 0, 0

    def fixed(self, v, width):
        self.value |= v << self.pos
        self.pos += width

    def vbr(self, v, width):
        hi = 1 << (width - 1)
        while v >= hi:
            self.fixed(v & (hi - 1) | hi, width)
            v >>= width - 1
        self.fixed(v, width)

    def align32(self):
        self.pos = (self.pos + 31) & ~31

    def data(self):
        return self.value.to_bytes((self.pos + 31) // 32 * 4, "little")


class Writer:
    def __init__(self):
        self.b = Bits()
        self.width = [2]
        self.starts = []
        for byte in b"BC\xc0\xde":
            self.b.fixed(byte, 8)

    def enter(self, bid, width):
        self.b.fixed(1, self.width[-1])
        self.b.vbr(bid, 8)
        self.b.vbr(width, 4)
        self.b.align32()
        self.starts.append(self.b.pos)
        self.b.fixed(0, 32)  # the length, patched by end()
        self.width.append(width)

    def end(self):
        self.b.fixed(0, self.width.pop())
        self.b.align32()
        start = self.starts.pop()
        self.b.value |= ((self.b.pos - start - 32) // 32) << start

    def unabbrev(self, code, ops):
        self.b.fixed(3, self.width[-1])
        self.b.vbr(code, 6)
        self.b.vbr(len(ops), 6)
        for v in ops:
            self.b.vbr(v, 6)

    def define(self, ops):
        """ops: ('lit', v), ('fixed', w), ('vbr', w), ('array',), ('char6',), ('blob',)."""
        encoding = {"fixed": 1, "vbr": 2, "array": 3, "char6": 4, "blob": 5}
        self.b.fixed(2, self.width[-1])
        self.b.vbr(len(ops), 5)
        for op in ops:
            if op[0] == "lit":
                self.b.fixed(1, 1)
                self.b.vbr(op[1], 8)
            else:
                self.b.fixed(0, 1)
                self.b.fixed(encoding[op[0]], 3)
                if len(op) > 1:
                    self.b.vbr(op[1], 5)

    def abbreviated(self, abbrev_id, fields):
        """fields: callables writing the operands after the literal code."""
        self.b.fixed(abbrev_id, self.width[-1])
        for write in fields:
            write(self.b)


CHAR6 = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._"


def array(values, width=None, char6=False):
    def write(b):
        b.vbr(len(values), 6)
        for v in values:
            if char6:
                b.fixed(CHAR6.index(chr(v)), 6)
            else:
                b.fixed(v, width)
    return write


def blob(data):
    def write(b):
        b.vbr(len(data), 6)
        b.align32()
        for byte in data:
            b.fixed(byte, 8)
        b.align32()
    return write


NAME = list(b"dx.types.Handle")
TRIPLE = list(b"dxil-ms-dx")
SOURCE = b"shader.hlsl"


def stream(abbreviate):
    w = Writer()
    w.enter(8, 3)  # MODULE_BLOCK
    w.unabbrev(1, [1])  # VERSION
    w.enter(0, 2)  # BLOCKINFO: a STRUCT_NAME abbreviation for TYPE blocks
    w.unabbrev(1, [17])
    w.define([("lit", 19), ("array",), ("char6",)])
    w.end()
    w.enter(17, 4)  # TYPE_BLOCK
    if abbreviate:
        w.define([("lit", 7), ("vbr", 6)])  # id 5, after BLOCKINFO's id 4
        w.define([("lit", 21), ("fixed", 1), ("array",), ("fixed", 3)])  # id 6
    w.unabbrev(1, [3])  # NUMENTRY
    if abbreviate:
        w.abbreviated(5, [lambda b: b.vbr(32, 6)])
        w.abbreviated(4, [array(NAME, char6=True)])
        w.abbreviated(6, [lambda b: b.fixed(0, 1), array([0, 0], 3)])
    else:
        w.unabbrev(7, [32])
        w.unabbrev(19, NAME)
        w.unabbrev(21, [0, 0, 0])
    w.end()
    if abbreviate:
        w.define([("lit", 2), ("array",), ("fixed", 8)])  # TRIPLE, module id 4
        w.define([("lit", 16), ("blob",)])  # SOURCE_FILENAME, module id 5
        w.abbreviated(4, [array(TRIPLE, 8)])
        w.abbreviated(5, [blob(SOURCE)])
    else:
        w.unabbrev(2, TRIPLE)
        w.unabbrev(16, list(SOURCE))
    w.end()
    return w.b.data()


for path, abbreviate in ((sys.argv[1], False), (sys.argv[2], True)):
    with open(path, "wb") as f:
        f.write(stream(abbreviate))
