#!/usr/bin/env python3
"""test_diffrun.py TOOLS_DIR SHARED_DIR [--step N] [--pipelines LIST] [--json FILE]

Differential execution over the corpus (issue 34, docs/differential.md):
every STEP-th compute shader of the shared corpus's MANIFEST.tsv goes
through dxil-diffrun (the original against raise -> each LLVM 22 pipeline
-> dxil-lower -> raise, both run on lavapipe with the same seeded inputs).
Prints dxil-diffrun's table; fails when any pipeline's output differs
(a mismatch) outside PENDING, when a PENDING shader no longer mismatches
(so the entry is removed with its fix), or when no shader ran at all.

Exit 0 pass, 1 fail, 77 skipped (no corpus, or no Vulkan device)."""
import argparse
import json
import os
import subprocess
import sys
import re
import tempfile

# Mismatch classes found by the full run (docs/differential.md) whose fix is
# still to land: a corpus path pattern -> why. Their mismatches are listed,
# not failures; one that runs the same everywhere fails the test until its
# entry goes.
PENDING = {}


def pending(shader):
    return next((why for pat, why in PENDING.items() if re.search(pat, shader)), None)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tools")
    ap.add_argument("shared")
    ap.add_argument("--step", type=int, default=8)
    ap.add_argument("--pipelines", default="none,instcombine,O1,O2,O3,Os,Oz")
    ap.add_argument("--json")
    a = ap.parse_args()
    corpus = os.path.join(a.shared, "corpus")
    manifest = os.path.join(corpus, "MANIFEST.tsv")
    if not os.path.isfile(manifest):
        print("SKIP: %s not found: the differential run needs the shared corpus" % manifest)
        return 77
    run = os.path.join(a.tools, "dxil-run")
    devices = subprocess.run([run, "--list-devices"], capture_output=True, text=True)
    if not any(l and "no robustBufferAccess2" not in l for l in devices.stdout.splitlines()):
        print("SKIP: no usable Vulkan device (dxil-run --list-devices); lavapipe is in "
              "mesa-vulkan-drivers")
        return 77
    with open(manifest) as f:
        rows = [l.split("\t") for l in f.read().splitlines()[1:] if l]
    shaders = [os.path.join(corpus, r[0]) for r in rows if r[1].startswith("cs_")]
    sample = shaders[::a.step]
    print("%d compute shaders in the corpus, every %d-th: %d" % (len(shaders), a.step, len(sample)))
    with tempfile.TemporaryDirectory() as tmp:
        out = a.json or os.path.join(tmp, "diffrun.json")
        r = subprocess.run([os.path.join(a.tools, "dxil-diffrun"), "--quiet",
                            "--pipelines=" + a.pipelines, "--json=" + out] + sample,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        print(r.stdout, end="")
        summary = json.load(open(out))
    if r.returncode not in (0, 1):
        print("FAIL: dxil-diffrun exited %d" % r.returncode)
        return 1
    if summary["runnable"] == 0:
        print("FAIL: no shader of the sample ran")
        return 1
    bad, known, mismatched = 0, 0, set()
    for row in summary["rows"]:
        if row["verdict"] != "mismatch":
            continue
        mismatched.add(row["shader"])
        if pending(row["shader"]):
            known += 1
        else:
            bad += 1
    ran = {row["shader"] for row in summary["rows"]
           if row["pipeline"] == "original" and row["verdict"] == "same"}
    fixed = sorted(s for s in ran - mismatched if pending(s))
    for s in fixed:
        print("FAIL: %s runs the same after every pipeline now: remove its PENDING entry (%s)"
              % (s, pending(s)))
    if bad:
        print("FAIL: %d mismatches outside PENDING" % bad)
    if bad or fixed:
        return 1
    print("PASS: %d shaders ran, no mismatch outside PENDING (%d pending)" % (summary["runnable"], known))
    return 0


if __name__ == "__main__":
    sys.exit(main())
