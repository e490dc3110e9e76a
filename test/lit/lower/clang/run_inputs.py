#!/usr/bin/env python3
"""Lowers clang 22's output for HLSL inputs to DXIL containers and checks
them: for every .hlsl under the given folders that names its profile
(`// PROFILE: cs_6_6`, optional `// FLAGS: ...` for clang), at -O0, -O1
and -O3: clang-22 -cc1 -emit-llvm, `dxil-lower x.ll -o x.dxil`, the
in-project validator (`dxil-upgrade --check x.dxil`) and a read back
(`dxil-upgrade x.dxil -o x.back.ll`). Prints one line per input and level
(PASS, or FAIL with the step and its first message), then
"N passed, M failed"; exits 1 when any failed.

Usage: run_inputs.py --clang C --lower DXIL-LOWER --upgrade DXIL-UPGRADE --out DIR
                     [--levels O0,O1,O3] [--min N] DIR|FILE...
(--min: fail unless at least N runs were made.)
"""
import argparse
import os
import re
import subprocess
import sys

STAGES = {"cs": "compute", "ps": "pixel", "vs": "vertex", "lib": "library"}


def header(path):
    """(triple, clang flags) from the file's PROFILE and FLAGS lines, or None."""
    text = open(path).read()
    m = re.search(r"^//\s*PROFILE:\s*(\w+)_(\d+)_(\d+)\s*$", text, re.M)
    if not m or m.group(1) not in STAGES:
        return None
    triple = "dxil-pc-shadermodel%s.%s-%s" % (m.group(2), m.group(3), STAGES[m.group(1)])
    f = re.search(r"^//\s*FLAGS:(.*)$", text, re.M)
    return triple, (f.group(1).split() if f else [])


def inputs(paths):
    for p in paths:
        if os.path.isfile(p):
            yield p
            continue
        for root, _, files in sorted(os.walk(p)):
            for f in sorted(files):
                if f.endswith(".hlsl"):
                    yield os.path.join(root, f)


def run(cmd):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    first = next((l for l in r.stdout.splitlines() if "error" in l), r.stdout.strip()[:300])
    return r.returncode, first


def one(args, path, triple, flags, level):
    name = "%s-%s" % (os.path.splitext(os.path.basename(path))[0], level)
    base = os.path.join(args.out, name)
    steps = [
        ("clang", [args.clang, "-cc1", "-triple", triple, "-x", "hlsl", "-emit-llvm", "-" + level]
         + flags + ["-I", os.path.dirname(path), path, "-o", base + ".ll"]),
        ("lower", [args.lower, base + ".ll", "-o", base + ".dxil"]),
        ("check", [args.upgrade, "--check", base + ".dxil"]),
        ("read back", [args.upgrade, base + ".dxil", "-o", base + ".back.ll"]),
    ]
    for step, cmd in steps:
        rc, msg = run(cmd)
        if rc != 0:
            return "FAIL %s: %s: %s" % (name, step, msg)
    return "PASS %s" % name


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--clang", required=True)
    ap.add_argument("--lower", required=True)
    ap.add_argument("--upgrade", required=True)
    ap.add_argument("--min", type=int, default=1)
    ap.add_argument("--out", required=True)
    ap.add_argument("--levels", default="O0,O1,O3")
    ap.add_argument("paths", nargs="+")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    passed = failed = 0
    for path in inputs(args.paths):
        h = header(path)
        if not h:
            continue
        for level in args.levels.split(","):
            line = one(args, path, h[0], h[1], level)
            print(line)
            if line.startswith("PASS"):
                passed += 1
            else:
                failed += 1
    print("%d passed, %d failed" % (passed, failed))
    if passed + failed < args.min:
        print("only %d runs, %d expected" % (passed + failed, args.min))
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
