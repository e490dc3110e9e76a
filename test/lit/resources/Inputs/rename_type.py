#!/usr/bin/env python3
"""Copies a shader with one string of its bitcode replaced by another of
the same length, e.g. a STRUCT_NAME record's class name: a type table that
contradicts the dx.resources record pointing to it. LLVM 3.7 writes a name
that is not all char6 unabbreviated, one VBR6 operand per character, at
any bit offset.
usage: rename_type.py in out old new"""
import sys

data = bytearray(open(sys.argv[1], "rb").read())
old, new = sys.argv[3].encode(), sys.argv[4].encode()
if len(old) != len(new):
    sys.exit("old and new must have the same length")

def bits_of(bs):  # little-endian bit order, as the bitstream reads them
    return "".join(format(b, "08b")[::-1] for b in bs)

def vbr6(value):  # low chunk first, each chunk's bits low bit first
    out = ""
    while True:
        chunk, value = value & 31, value >> 5
        out += format(chunk | (32 if value else 0), "06b")[::-1]
        if not value:
            return out

def encode(bs):
    return "".join(vbr6(b) for b in bs)

stream = bits_of(data)
at = stream.find(encode(old))
if at < 0 or len(encode(old)) != len(encode(new)):
    sys.exit("string not found, or its encoding is not as long as the new one's")
patched = stream.replace(encode(old), encode(new))  # every part that has it
out = bytes(int(patched[i:i + 8][::-1], 2) for i in range(0, len(patched), 8))
open(sys.argv[2], "wb").write(out)
