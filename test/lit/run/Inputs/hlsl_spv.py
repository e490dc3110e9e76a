"""Compiles an HLSL compute shader to SPIR-V for the dxil-run tests, as
clang 22 does it: clang -cc1 (with the project's prelude.h) to LLVM IR, then
llc's SPIR-V backend; spirv-val checks the result when it is installed.

Usage: hlsl_spv.py --clang CLANG --llc LLC [--spirv-val VAL] --prelude H IN -o OUT
"""
import argparse
import os
import subprocess
import sys
import tempfile

TRIPLE = "spirv-unknown-vulkan1.3-compute"


def run(cmd):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        sys.stderr.write("hlsl_spv: %s failed (%d):\n%s" % (cmd[0], r.returncode, r.stdout))
        sys.exit(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--clang", required=True)
    ap.add_argument("--llc", required=True)
    ap.add_argument("--spirv-val")
    ap.add_argument("--prelude", required=True)
    ap.add_argument("-o", dest="out", required=True)
    ap.add_argument("input")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        ll = os.path.join(tmp, "shader.ll")
        run([a.clang, "-cc1", "-triple", TRIPLE, "-x", "hlsl", "-emit-llvm", "-O3",
             "-include", a.prelude, a.input, "-o", ll])
        run([a.llc, "-mtriple=" + TRIPLE, "-filetype=obj", ll, "-o", a.out])
    if a.spirv_val:
        run([a.spirv_val, "--target-env", "vulkan1.3", a.out])


if __name__ == "__main__":
    main()
