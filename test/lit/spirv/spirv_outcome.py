#!/usr/bin/env python3
"""Runs `dxil-upgrade --emit=spirv` over inputs and checks the one thing
that must hold whatever LLVM's SPIR-V backend can do with them: either
exit 0 with a .spv that the spirv-val command passes too, or exit 1 with a
DXIL error naming the input and no output file. Anything else (another exit
status, a crash of the tool, a partial or invalid output) is BAD.

Inputs are files given as they are (.ll, .dxil), or, with --clang, the
HLSL files under the given folders that name their profile (`// PROFILE:
cs_6_6`, optional `// FLAGS:`), compiled by clang 22 for
spirv-unknown-vulkan1.3-<stage> at -O3 (clang's own failures are SKIP).

Prints one line per input: OK, REFUSED (with the code and message), SKIP
or BAD; then "N ok, M refused, K bad, S skipped". Exits 1 when any is BAD,
or fewer than --min are OK.

Usage: spirv_outcome.py --upgrade DXIL-UPGRADE --spirv-val SPIRV-VAL --out DIR
                        [--clang CLANG] [--min N] [--codes 8000,8002,8003] PATH...
"""
import argparse
import os
import re
import subprocess
import sys

STAGES = {"cs": "compute", "ps": "pixel", "vs": "vertex"}


def hlsl_header(path):
    """(stage, clang flags) from the file's PROFILE and FLAGS lines, or None."""
    text = open(path).read()
    m = re.search(r"^//\s*PROFILE:\s*(\w+)_\d+_\d+\s*$", text, re.M)
    if not m or m.group(1) not in STAGES:
        return None
    f = re.search(r"^//\s*FLAGS:(.*)$", text, re.M)
    return STAGES[m.group(1)], (f.group(1).split() if f else [])


def inputs(paths, hlsl):
    for p in paths:
        if os.path.isfile(p):
            yield p
            continue
        for root, _, files in sorted(os.walk(p)):
            for f in sorted(files):
                if f.endswith(".hlsl") == hlsl:
                    yield os.path.join(root, f)


def clang_ir(args, path, name):
    """clang's Vulkan IR for an HLSL file, or None (not a shader clang makes)."""
    h = hlsl_header(path)
    if not h:
        return None, "no PROFILE"
    out = os.path.join(args.out, name + ".ll")
    cmd = [args.clang, "-cc1", "-triple", "spirv-unknown-vulkan1.3-" + h[0], "-x", "hlsl",
           "-emit-llvm", "-O3"] + h[1] + ["-I", os.path.dirname(path), path, "-o", out]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        return None, (r.stdout.strip().splitlines() or ["clang failed"])[0]
    return out, None


def judge(args, path, name):
    out = os.path.join(args.out, name + ".spv")
    r = subprocess.run([args.upgrade, "--emit=spirv", path, "-o", out],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    exists = os.path.exists(out)
    if r.returncode == 0:
        if not exists:
            return "BAD %s: exit 0 without an output" % name
        v = subprocess.run([args.spirv_val, "--target-env", "vulkan1.3", out],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if v.returncode != 0:
            return "BAD %s: spirv-val rejects what was written: %s" % (name, v.stdout.strip())
        return "OK %s" % name
    errors = [l for l in r.stderr.splitlines() if ": error: " in l]
    code = re.search(r"\[DXIL(\d{4})", errors[0]) if errors else None
    if r.returncode != 1 or exists or not code or code.group(1) not in args.codes.split(","):
        return "BAD %s: exit %d, output %s: %s" % (name, r.returncode,
                                                  "written" if exists else "absent",
                                                  r.stderr.strip()[:300])
    return "REFUSED %s DXIL%s: %s" % (name, code.group(1), errors[0].split(": error: ", 1)[1][:200])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--upgrade", required=True)
    ap.add_argument("--spirv-val", required=True)
    ap.add_argument("--clang")
    ap.add_argument("--out", required=True)
    ap.add_argument("--min", type=int, default=0)
    ap.add_argument("--codes", default="8000,8002,8003")
    ap.add_argument("paths", nargs="+")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    counts = {"OK": 0, "REFUSED": 0, "BAD": 0, "SKIP": 0}
    for path in inputs(args.paths, bool(args.clang)):
        name = os.path.splitext(os.path.basename(path))[0]
        ir = path
        if args.clang:
            ir, why = clang_ir(args, path, name)
            if ir is None:
                if why != "no PROFILE":
                    print("SKIP %s: clang: %s" % (name, why))
                    counts["SKIP"] += 1
                continue
        line = judge(args, ir, name)
        print(line)
        counts[line.split()[0]] += 1
    print("%d ok, %d refused, %d bad, %d skipped" % (counts["OK"], counts["REFUSED"],
                                                   counts["BAD"], counts["SKIP"]))
    if counts["OK"] < args.min:
        print("only %d ok, %d expected" % (counts["OK"], args.min))
        return 1
    return 1 if counts["BAD"] else 0


if __name__ == "__main__":
    sys.exit(main())
