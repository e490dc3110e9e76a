"""The dxil-run tests' inputs and their independent checks.

  check_run.py inputs TEST DIR            writes TEST's bind files into DIR
  check_run.py check TEST DIR OUT         checks OUT (dxil-run's -o) against
                                          what TEST's shader must compute
  check_run.py seeded CLS SPACE REG SEED SIZE FILE
                                          FILE holds the seeded bytes of
                                          (CLS, SPACE, REG) from SEED
  check_run.py json OUT KEY=VALUE...      run.json fields (dotted paths;
                                          bindings.u2.size names a binding)

Each check recomputes the expected bytes here, in Python, from the inputs
(the seed's splitmix64 too), prints "ok: ..." and exits 0, or names the
first difference and exits 1.
"""
import json
import os
import struct
import sys

M64 = (1 << 64) - 1


def splitmix64(state):
    state = (state + 0x9E3779B97F4A7C15) & M64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return state, z ^ (z >> 31)


def seeded(cls, space, reg, seed, size):
    """docs/run.md: FNV-1a over the class byte, space and register (LE u32),
    xor the seed, then splitmix64 8 bytes (little-endian) a step."""
    h = 0xcbf29ce484222325
    for b in bytes([ord(cls)]) + struct.pack("<II", space, reg):
        h = ((h ^ b) * 0x100000001b3) & M64
    state = seed ^ h
    out = bytearray()
    while len(out) < size:
        state, v = splitmix64(state)
        out += struct.pack("<Q", v)
    return bytes(out[:size])


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def words(data, fmt="I"):
    return list(struct.unpack("<%d%s" % (len(data) // 4, fmt), data))


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def expect_words(name, got, want):
    if len(got) != len(want):
        fail("%s: %d elements, expected %d" % (name, len(got), len(want)))
    for i, (g, w) in enumerate(zip(got, want)):
        if g != w:
            fail("%s[%d] = %r, expected %r" % (name, i, g, w))
    print("ok: %s (%d elements)" % (name, len(got)))


# ---- structured: cs_structured.hlsl, 2 groups of 64 ----------------------
# In has 90 floats (reads past them give 0), Items 128 {float, uint},
# OutF 100 floats (writes past them are dropped), OutU 128 uints.
def inputs_structured(d):
    write(os.path.join(d, "in.bin"), struct.pack("<90f", *[float(i) for i in range(90)]))
    items = b"".join(struct.pack("<fI", float(100 + i), 7 * i) for i in range(128))
    write(os.path.join(d, "items.bin"), items)
    write(os.path.join(d, "outf.bin"), struct.pack("<100f", *([-1.0] * 100)))
    write(os.path.join(d, "outu.bin"), bytes(128 * 4))
    write(os.path.join(d, "params.bin"), struct.pack("<fI8x", 0.5, 1000))


def check_structured(d, out):
    inp = words(read(os.path.join(d, "in.bin")), "f")
    items = [struct.unpack_from("<fI", read(os.path.join(d, "items.bin")), 8 * i) for i in range(128)]
    scale, bias = struct.unpack_from("<fI", read(os.path.join(d, "params.bin")))
    at = lambda a, i: a[i] if i < len(a) else 0.0
    want_f = [f32(f32(at(inp, i) * scale) + items[i][0]) for i in range(100)]
    want_u = [(items[i][1] * 3 + bias + i) & 0xFFFFFFFF for i in range(128)]
    expect_words("u2 (OutF)", words(read(os.path.join(out, "u2_space0.bin")), "f"), want_f)
    expect_words("u3 (OutU)", words(read(os.path.join(out, "u3_space0.bin"))), want_u)


# ---- typed: cs_typed.hlsl, 1 group of 8 -----------------------------------
# Src: 10 uints (a Buffer<uint>, r32ui), Acc: 8 float4 (rgba32f).
def inputs_typed(d):
    write(os.path.join(d, "src.bin"), struct.pack("<10I", *[3 * i + 1 for i in range(10)]))
    write(os.path.join(d, "acc.bin"), struct.pack("<32f", *[float(i) / 4 for i in range(32)]))


def check_typed(d, out):
    src = words(read(os.path.join(d, "src.bin")))
    acc = words(read(os.path.join(d, "acc.bin")), "f")
    want_acc = [f32(f32(acc[i] * 2) + (1 + i % 4)) for i in range(32)]
    expect_words("u1 (Acc)", words(read(os.path.join(out, "u1_space0.bin")), "f"), want_acc)
    copy = words(read(os.path.join(out, "u2_space0.bin")))
    expect_words("u2 (Copy)[0:8]", copy[:8], [src[i] + 100 for i in range(8)])


# ---- raw: cs_raw.spvasm, 2 groups of 16 -----------------------------------
# Raw: 40 words (reads past them give 0); RawOut 32 words.
def inputs_raw(d):
    write(os.path.join(d, "raw.bin"), struct.pack("<40I", *[0x01010101 * (i + 1) for i in range(40)]))
    write(os.path.join(d, "rawout.bin"), bytes(32 * 4))


def check_raw(d, out):
    raw = words(read(os.path.join(d, "raw.bin")))
    at = lambda i: raw[i] if i < len(raw) else 0
    want = [at((8 * i + 4) // 4) ^ i for i in range(32)]
    expect_words("u1 (RawOut)", words(read(os.path.join(out, "u1_space0.bin"))), want)


# ---- oob: cs_oob.hlsl, 1 group of 64 ---------------------------------------
# In 32 words, Out 48 words, Next 64 words: In[i] past 32 reads 0, Out[i]
# past 48 and every Out[i + 1000] are dropped, Next reads In[i + 1000] = 0.
def inputs_oob(d):
    write(os.path.join(d, "in.bin"), struct.pack("<32I", *[10 * i + 5 for i in range(32)]))
    write(os.path.join(d, "out.bin"), struct.pack("<48I", *([0x55555555] * 48)))
    write(os.path.join(d, "next.bin"), struct.pack("<64I", *([0x77777777] * 64)))


def check_oob(d, out):
    inp = words(read(os.path.join(d, "in.bin")))
    want_out = [(inp[i] if i < 32 else 0) + 1 for i in range(48)]
    expect_words("u1 (Out)", words(read(os.path.join(out, "u1_space0.bin"))), want_out)
    expect_words("u2 (Next)", words(read(os.path.join(out, "u2_space0.bin"))), [0] * 64)


TESTS = {
    "structured": (inputs_structured, check_structured),
    "typed": (inputs_typed, check_typed),
    "raw": (inputs_raw, check_raw),
    "oob": (inputs_oob, check_oob),
}


def check_json(out, pairs):
    with open(os.path.join(out, "run.json")) as f:
        j = json.load(f)
    for pair in pairs:
        key, want = pair.split("=", 1)
        node = j
        for part in key.split("."):
            if isinstance(node, list) and part[0] in "tub" and part[1:].isdigit():
                node = next((b for b in node if b["class"] + str(b["register"]) == part), None)
                if node is None:
                    fail("run.json has no binding %s" % part)
            elif isinstance(node, list):
                node = node[int(part)]
            else:
                if part not in node:
                    fail("run.json has no %s" % key)
                node = node[part]
        got = json.dumps(node) if not isinstance(node, str) else node
        if got != want:
            fail("run.json %s = %s, expected %s" % (key, got, want))
    print("ok: run.json (%d fields)" % len(pairs))


def main(argv):
    cmd = argv[1]
    if cmd == "inputs":
        TESTS[argv[2]][0](argv[3])
    elif cmd == "check":
        TESTS[argv[2]][1](argv[3], argv[4])
    elif cmd == "seeded":
        cls, space, reg, seed, size, path = argv[2:8]
        want = seeded(cls, int(space), int(reg), int(seed, 0), int(size))
        got = read(path)[:int(size)]
        expect_words("%s (seeded %s%s space%s)" % (path, cls, reg, space), words(got), words(want))
    elif cmd == "json":
        check_json(argv[2], argv[3:])
    else:
        fail("unknown command " + cmd)


if __name__ == "__main__":
    main(sys.argv)
