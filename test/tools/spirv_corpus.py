#!/usr/bin/env python3
"""spirv_corpus.py: issue 35's corpus measurement (docs/retarget.md).

For every compute shader of the shared corpus (MANIFEST.tsv) that uses no
texture or sampler:
  1. dxil-upgrade --emit=spirv (raise, retarget, LLVM's SPIR-V backend,
     spirv-val in the process): SPIR-V, or a refusal naming the construct;
  2. dxil-run on lavapipe, one thread group, a fixed seed: runs, or fails;
  3. the unchanged round trip: the raised module lowered by dxil-lower and
     raised again, emitted and run the same way; the UAVs both runs leave
     must be the same bytes.
Prints the counts (outcome and construct) and writes results.json.

  test/tools/spirv_corpus.py --tools build/tools [--corpus ../shared/corpus]
                             [--out /tmp/spirv-corpus] [-j 2] [--filter vkd3d]

The register shifts keep DXC's t, u and s registers apart (DXC's default
maps t0, u0 and b0 all to binding 0). Takes about 5 s a shader on a loaded
2-core machine; not a ctest (the corpus is not the repository's)."""
import argparse
import collections
import concurrent.futures
import filecmp
import json
import os
import re
import subprocess
import sys

SHIFTS = ["--vk-t-shift=1000:all", "--vk-u-shift=2000:all", "--vk-s-shift=3000:all"]


def run(cmd, timeout):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return -1, "timed out after %d s" % timeout


def first_error(text):
    for line in text.splitlines():
        if "error:" in line:
            return line.split("error:", 1)[1].strip()
    return text.strip().splitlines()[0] if text.strip() else ""


def construct(msg):
    """The construct a refusal names, without its instruction's operands."""
    m = re.search(r"dx\.op (\w+) has no Vulkan form", msg)
    if m:
        return "dx.op " + m.group(1)
    if "both map to descriptor set" in msg:
        return "two resources on one binding"
    m = re.search(r"`: (.*?)(?: \[DXIL\d+\])?$", msg)
    text = m.group(1) if m else msg
    text = re.sub(r"'[^']*'", "'...'", text)
    text = re.sub(r"\d+", "N", text)
    return text[:100]


class Runner:
    def __init__(self, args):
        self.a = args
        self.tool = lambda name: os.path.join(args.tools, name)

    def emit(self, src, spv):
        rc, out = run([self.tool("dxil-upgrade"), "--emit=spirv"] + SHIFTS + [src, "-o", spv], 600)
        return None if rc == 0 else first_error(out)

    def dxrun(self, spv, out_dir):
        rc, out = run([self.tool("dxil-run"), spv, "--dispatch=1", "--seed=7", "--timeout=60",
                       "-o", out_dir] + SHIFTS, 300)
        return None if rc == 0 else first_error(out)

    def one(self, rel):
        d = os.path.join(self.a.out, rel.replace("/", "__"))
        os.makedirs(d, exist_ok=True)
        src = os.path.join(self.a.corpus, rel)
        r = {"path": rel}
        raised = os.path.join(d, "raised.ll")
        rc, out = run([self.tool("dxil-upgrade"), src, "-o", raised], 300)
        if rc != 0:
            r.update(outcome="raise failed", msg=first_error(out))
            return r
        with open(raised) as f:
            r["texture"] = bool(re.search(r'target\("dx\.(Texture|MSTexture|Sampler|FeedbackTexture)',
                                          f.read()))
        if r["texture"]:
            return r
        err = self.emit(src, os.path.join(d, "a.spv"))
        if err:
            r.update(outcome="refused", msg=err, construct=construct(err))
            return r
        err = self.dxrun(os.path.join(d, "a.spv"), os.path.join(d, "a.out"))
        if err:
            r.update(outcome="run failed", msg=err)
            return r
        r["outcome"] = "valid and ran"
        low = os.path.join(d, "lowered.dxil")
        rc, out = run([self.tool("dxil-lower"), raised, "-o", low], 300)
        err = first_error(out) if rc else self.emit(low, os.path.join(d, "b.spv"))
        err = err or self.dxrun(os.path.join(d, "b.spv"), os.path.join(d, "b.out"))
        if err:
            r.update(round_trip="failed", round_trip_msg=err)
            return r
        r["round_trip"] = "same" if same_outputs(os.path.join(d, "a.out"),
                                                 os.path.join(d, "b.out")) else "different"
        return r


def same_outputs(a, b):
    fa = sorted(f for f in os.listdir(a) if f.endswith(".bin"))
    fb = sorted(f for f in os.listdir(b) if f.endswith(".bin"))
    return fa == fb and all(filecmp.cmp(os.path.join(a, f), os.path.join(b, f), shallow=False)
                            for f in fa)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tools", required=True, help="the build's tools/ directory")
    p.add_argument("--corpus", default=os.path.join(here, "..", "..", "..", "shared", "corpus"))
    p.add_argument("--out", default="/tmp/spirv-corpus")
    p.add_argument("-j", type=int, default=2)
    p.add_argument("--filter", default="", help="only paths containing this")
    a = p.parse_args()
    manifest = os.path.join(a.corpus, "MANIFEST.tsv")
    if not os.path.exists(manifest):
        print("spirv_corpus: no corpus at %s: nothing measured" % a.corpus)
        return 0
    with open(manifest) as f:
        rows = [line.split("\t") for line in f.read().splitlines()[1:] if line]
    paths = [r[0] for r in rows if r[1].startswith("cs_") and a.filter in r[0]]
    with concurrent.futures.ThreadPoolExecutor(a.j) as ex:
        results = list(ex.map(Runner(a).one, paths))
    with open(os.path.join(a.out, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    measured = [r for r in results if not r.get("texture") and "outcome" in r]
    print("%d compute shaders, %d with textures or samplers, %d measured" %
          (len(results), sum(1 for r in results if r.get("texture")), len(measured)))
    for k, v in collections.Counter(r["outcome"] for r in measured).most_common():
        print("  %4d %s" % (v, k))
    ran = [r for r in measured if r["outcome"] == "valid and ran"]
    print("round trip of the %d that ran:" % len(ran))
    for k, v in collections.Counter(r.get("round_trip") for r in ran).most_common():
        print("  %4d %s" % (v, k))
    print("refusals by construct:")
    for k, v in collections.Counter(r["construct"] for r in measured
                                    if r["outcome"] == "refused").most_common():
        print("  %4d %s" % (v, k))
    for r in measured:
        if r["outcome"] in ("run failed", "raise failed"):
            print("  %s: %s: %s" % (r["outcome"], r["path"], r["msg"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
