#!/usr/bin/env python3
"""oracle.py: clang 22's own SPIR-V as the oracle of the raise (issue 34,
docs/differential.md). Each HLSL compute shader is compiled two ways and
both are run on lavapipe with dxil-run's seeded inputs:

  direct:  clang -cc1 -triple spirv-unknown-vulkan1.3-compute -> --emit=spirv
  dxil:    clang -cc1 -triple dxil-pc-shadermodel6.X-compute -> dxil-lower
           (container, validated) -> dxil-upgrade --emit=spirv (raise,
           retarget, SPIR-V)

Their UAVs must be the same bytes. The DXIL way maps t, u and s registers
with --vk-*-shift 100/200/300; clang 22 has no -fvk-*-shift, so the direct
way gets the same bindings from a copy of the source with
[[vk::binding(register + shift, space)]] written before each t/u/s
declaration (one declaration per line, as the inputs have them).

Prints one line per shader: AGREE, DIFFER (the UAV and first differing
word), KNOWN (a difference where the oracle is known wrong, see KNOWN),
REFUSED-DIRECT / REFUSED-DXIL (which step, its first message) or SKIP (not
a compute shader); then "N agree, D differ, K known (the oracle wrong), R
refused (direct X, dxil Y) of T". Exits 1 when any
DIFFER, or fewer than --min agree.

Usage: oracle.py --clang C --lower L --upgrade U --run R --out DIR
                 [--min N] [--dispatch X,Y,Z] [--mutate] PATH...
--mutate flips one bit of the dxil way's first UAV before comparing (the
test that a difference is seen and fails the run)."""
import argparse
import os
import re
import struct
import subprocess
import sys

SHIFTS = {"t": 100, "u": 200, "s": 300}
# Unbound buffers are cut to whole elements (docs/run.md): clang's
# structured buffers have the struct's stride, the retarget's are 4-byte
# word views. 40320 (8!) is a whole number of elements for every stride
# up to 10 and most beyond (12, 16, 24, 32, 36, 40, 48, 64...), so both
# ways get the same bytes.
DEFAULT_SIZE = 40320
# Shaders whose two ways differ because the oracle itself is wrong there,
# as checked by hand against the values the HLSL computes; reported as
# KNOWN (with the reason), never as AGREE.
KNOWN = {
    "cs_packed": "clang's direct SPIR-V is wrong: dot4add_{i,u}8packed as OpSDot/OpUDot "
                 "without the PackedVectorFormat operand; the DXIL way's words are the ones "
                 "computed by hand",
    "cs_sort": "both ways leave unsorted keys (the bitonic sort through groupshared memory "
               "and barriers in nested loops): LLVM 22's SPIR-V backend, shared by both ways",
}
REG = re.compile(r":\s*register\(\s*([tus])(\d+)\s*(?:,\s*space(\d+)\s*)?\)")


def profile(path):
    text = open(path).read()
    m = re.search(r"^//\s*PROFILE:\s*cs_(\d+)_(\d+)\s*$", text, re.M)
    if not m:
        return None
    f = re.search(r"^//\s*FLAGS:(.*)$", text, re.M)
    return "%s.%s" % m.groups(), (f.group(1).split() if f else [])


def with_bindings(text):
    """The source with [[vk::binding]] before each t/u/s declaration."""
    out = []
    for line in text.splitlines():
        m = REG.search(line)
        if m and "vk::binding" not in line:
            cls, reg, space = m.group(1), int(m.group(2)), int(m.group(3) or 0)
            indent = len(line) - len(line.lstrip())
            line = "%s[[vk::binding(%d, %d)]] %s" % (line[:indent], reg + SHIFTS[cls], space,
                                                      line[indent:])
        out.append(line)
    return "\n".join(out) + "\n"


def run(cmd, timeout=300):
    try:
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return 124, "timed out"
    return r.returncode, r.stdout


def first_line(text):
    lines = [l for l in text.splitlines() if "error" in l] or text.splitlines() or ["failed"]
    return lines[0].strip()[:240]


def steps(cmds):
    """Runs (step, cmd) in order; None, or 'step: first message'."""
    for step, cmd in cmds:
        rc, out = run(cmd)
        if rc != 0:
            return "%s: %s" % (step, first_line(out))
    return None


def outputs(d):
    return {f: open(os.path.join(d, f), "rb").read()
            for f in sorted(os.listdir(d)) if f.endswith(".bin")}


def first_difference(a, b):
    if sorted(a) != sorted(b):
        return "UAVs %s, now %s" % (sorted(a), sorted(b))
    for name in sorted(a):
        x, y = a[name], b[name]
        if x == y:
            continue
        if len(x) != len(y):
            return "%s: %d bytes, now %d" % (name, len(x), len(y))
        for off in range(0, len(x), 4):
            if x[off:off + 4] != y[off:off + 4]:
                wx = struct.unpack("<I", x[off:off + 4].ljust(4, b"\0"))[0]
                wy = struct.unpack("<I", y[off:off + 4].ljust(4, b"\0"))[0]
                return "%s word %d: direct 0x%08x, dxil 0x%08x" % (name[:-4], off // 4, wx, wy)
    return None


def one(a, path):
    prof = profile(path)
    name = os.path.splitext(os.path.basename(path))[0]
    if not prof:
        return "SKIP", name, "not a compute shader"
    sm, flags = prof
    work = os.path.join(a.out, name)
    os.makedirs(work, exist_ok=True)
    base = [a.clang, "-cc1", "-x", "hlsl", "-emit-llvm", "-O3"] + flags + ["-I", os.path.dirname(path)]
    src = os.path.join(work, "direct.hlsl")
    with open(src, "w") as f:
        f.write(with_bindings(open(path).read()))
    shift_args = ["--vk-%s-shift=%d:all" % kv for kv in sorted(SHIFTS.items())]
    run_args = ["--dispatch=" + a.dispatch, "--timeout=60",
                "--default-size=%d" % DEFAULT_SIZE] + shift_args
    direct = steps([
        ("clang", base + ["-triple", "spirv-unknown-vulkan1.3-compute", src, "-o", work + "/direct.ll"]),
        ("spirv", [a.upgrade, "--emit=spirv", work + "/direct.ll", "-o", work + "/direct.spv"]),
        ("run", [a.run, work + "/direct.spv", "-o", work + "/out-direct"] + run_args)])
    if direct:
        return "REFUSED-DIRECT", name, direct
    dxil = steps([
        ("clang", base + ["-triple", "dxil-pc-shadermodel%s-compute" % sm, path, "-o", work + "/dxil.ll"]),
        ("lower", [a.lower, work + "/dxil.ll", "-o", work + "/dxil.dxil"]),
        ("spirv", [a.upgrade, "--emit=spirv", work + "/dxil.dxil", "-o", work + "/dxil.spv"] + shift_args),
        ("run", [a.run, work + "/dxil.spv", "-o", work + "/out-dxil"] + run_args)])
    if dxil:
        return "REFUSED-DXIL", name, dxil
    x, y = outputs(work + "/out-direct"), outputs(work + "/out-dxil")
    if a.mutate and y:
        k = sorted(y)[0]
        y[k] = bytes([y[k][0] ^ 1]) + y[k][1:]
    diff = first_difference(x, y)
    if diff and name in KNOWN:
        return "KNOWN", name, "%s (%s)" % (KNOWN[name], diff)
    return ("DIFFER", name, diff) if diff else ("AGREE", name, "%d UAVs" % len(x))


def inputs(paths):
    for p in paths:
        if os.path.isfile(p):
            yield p
            continue
        for root, _, files in sorted(os.walk(p)):
            for f in sorted(files):
                if f.endswith(".hlsl"):
                    yield os.path.join(root, f)


def main():
    ap = argparse.ArgumentParser()
    for opt in ("clang", "lower", "upgrade", "run", "out"):
        ap.add_argument("--" + opt, required=True)
    ap.add_argument("--min", type=int, default=0)
    ap.add_argument("--dispatch", default="1,1,1")
    ap.add_argument("--mutate", action="store_true")
    ap.add_argument("paths", nargs="+")
    a = ap.parse_args()
    counts = {}
    for path in inputs(a.paths):
        verdict, name, detail = one(a, path)
        counts[verdict] = counts.get(verdict, 0) + 1
        print("%s %s: %s" % (verdict, name, detail), flush=True)
    agree, differ = counts.get("AGREE", 0), counts.get("DIFFER", 0)
    rd, rx = counts.get("REFUSED-DIRECT", 0), counts.get("REFUSED-DXIL", 0)
    known = counts.get("KNOWN", 0)
    print("%d agree, %d differ, %d known (the oracle wrong), %d refused (direct %d, dxil %d) of %d"
          % (agree, differ, known, rd + rx, rd, rx, agree + differ + known + rd + rx))
    return 1 if differ or agree < a.min else 0


if __name__ == "__main__":
    sys.exit(main())
