#!/usr/bin/env python3
"""Every llvm.dx.* intrinsic LLVM 22 declares (IntrinsicsDirectX.td) is
called in some IR test input under the given folders, so that each one's
lowering (a spec map, an expansion or a pass of its own) is tested. Prints
the ones no test calls and exits 1 when there are any.

Usage: intrinsics_covered.py IntrinsicsDirectX.td DIR...
"""
import os
import re
import sys


def declared(td):
    names = re.findall(r"^def int_dx_(\w+)", open(td).read(), re.M)
    return ["llvm.dx." + n.replace("_", ".") for n in names]


def called(dirs):
    text = []
    for d in dirs:
        for root, _, files in os.walk(d):
            for f in files:
                if f.endswith((".ll", ".test")):
                    text.append(open(os.path.join(root, f), errors="replace").read())
    return "\n".join(text)


def covered(names, text):
    """Names with a call: each called function counts for the longest
    declared name it starts with (llvm.dx.all.memory.barrier, a name of the
    spec, is not a call of llvm.dx.all)."""
    longest = sorted(names, key=len, reverse=True)
    known = set()
    for fn in set(re.findall(r"@(llvm\.dx\.[A-Za-z0-9_.]+)\(", text)):
        for n in longest:
            if fn == n or fn.startswith(n + "."):
                known.add(n)
                break
    return known


def main():
    names = declared(sys.argv[1])
    known = covered(names, called(sys.argv[2:]))
    missing = [n for n in names if n not in known]
    print("%d llvm.dx intrinsics declared, %d called by a test" % (len(names), len(known)))
    for n in missing:
        print("not tested:", n)
    return 1 if missing or not names else 0


if __name__ == "__main__":
    sys.exit(main())
