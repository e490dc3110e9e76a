#!/usr/bin/env python3
"""test_pipelines.py TOOLS_DIR SHARED_DIR [--step N] [--pipes a,b] [--jobs N] [--verbose]

The backend over LLVM 22's pipelines, judged by the in-project validator:
every STEP-th corpus file the validator accepts as DXC wrote it is raised
(dxil-upgrade), run through `opt-22` with each pipeline (no change,
instcombine, default<O1>, <O2>, <O3>, <Os>, <Oz>), lowered and written
(`dxil-lower -o x.dxil`, whose signing gate validates and refuses what
fails) and checked again with `dxil-upgrade --check`. Every output must be
written and valid: a refusal by the lowering, the writer or the gate is a
failure, listed with its first message.

Exit 0 pass, 1 fail, 77 skipped (no corpus or no opt-22)."""
import argparse
import concurrent.futures
import csv
import os
import shutil
import subprocess
import sys
import tempfile

PIPES = ["none", "instcombine", "O1", "O2", "O3", "Os", "Oz"]


def opt_args(pipe):
    if pipe == "none":
        return None
    if pipe == "instcombine":
        return "instcombine"
    return "default<%s>" % pipe


def first_error(text):
    for line in text.splitlines():
        if "error" in line:
            return line.strip()[:300]
    return text.strip().splitlines()[-1][:300] if text.strip() else "(no message)"


class Runner:
    def __init__(self, tools, opt, tmp, pipes):
        self.tools, self.opt, self.tmp, self.pipes = tools, opt, tmp, pipes

    def run(self, cmd):
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=180)
        except subprocess.TimeoutExpired:
            return 124, "timed out: " + " ".join(cmd)
        return r.returncode, r.stderr

    def one(self, index, path):
        """[(pipe, verdict, message)] for one corpus file; [] when skipped."""
        work = os.path.join(self.tmp, "%04d" % index)
        os.makedirs(work, exist_ok=True)
        tool = lambda name: os.path.join(self.tools, name)
        rc, _ = self.run([tool("dxil-upgrade"), "--check", path])
        if rc != 0:
            return []  # DXC's own file is not valid under today's rules
        raised = os.path.join(work, "raised.ll")
        rc, err = self.run([tool("dxil-upgrade"), path, "-o", raised])
        if rc != 0:
            return [(p, "FAIL", "raise: " + first_error(err)) for p in self.pipes]
        out = []
        for pipe in self.pipes:
            src = raised
            if opt_args(pipe):
                src = os.path.join(work, pipe + ".ll")
                rc, err = self.run([self.opt, "-passes=" + opt_args(pipe), "-S", raised, "-o", src])
                if rc != 0:
                    out.append((pipe, "SKIP", "opt-22 failed: " + first_error(err)))
                    continue
            dxil = os.path.join(work, pipe + ".dxil")
            rc, err = self.run([tool("dxil-lower"), src, "-o", dxil])
            if rc != 0:
                out.append((pipe, "FAIL", "dxil-lower: " + first_error(err)))
                continue
            rc, err = self.run([tool("dxil-upgrade"), "--check", dxil])
            if rc != 0:
                out.append((pipe, "FAIL", "--check: " + first_error(err)))
                continue
            out.append((pipe, "PASS", ""))
        shutil.rmtree(work, ignore_errors=True)
        return out


def corpus_files(shared, step):
    corpus = os.path.join(shared, "corpus")
    manifest = os.path.join(corpus, "MANIFEST.tsv")
    if not os.path.isfile(manifest):
        return None
    with open(manifest, newline="") as f:
        rows = [r for r in csv.reader(f, delimiter="\t")][1:]
    files = [os.path.join(corpus, r[0]) for r in rows if r and r[0].endswith(".dxil")]
    return [(i, p) for i, p in enumerate(files) if i % step == 0 and os.path.isfile(p)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tools")
    ap.add_argument("shared")
    ap.add_argument("--step", type=int, default=16)
    ap.add_argument("--pipes", default=",".join(PIPES))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--verbose", action="store_true")
    a = ap.parse_args()
    opt = shutil.which("opt-22") or "/usr/lib/llvm-22/bin/opt"
    if not os.path.exists(opt):
        print("skipped: opt-22 not found")
        return 77
    files = corpus_files(a.shared, a.step)
    if not files:
        print("skipped: no corpus at %s (MANIFEST.tsv)" % os.path.join(a.shared, "corpus"))
        return 77
    pipes = a.pipes.split(",")
    tally = {p: [0, 0, 0] for p in pipes}  # pass, fail, skip
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        runner = Runner(a.tools, opt, tmp, pipes)
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
            jobs = {pool.submit(runner.one, i, p): p for i, p in files}
            for job in concurrent.futures.as_completed(jobs):
                for pipe, verdict, msg in job.result():
                    tally[pipe][["PASS", "FAIL", "SKIP"].index(verdict)] += 1
                    if verdict == "FAIL":
                        failures.append((jobs[job], pipe, msg))
                    if a.verbose:
                        print("%s %s %s %s" % (verdict, pipe, jobs[job], msg))
    for path, pipe, msg in sorted(failures):
        print("FAIL %s [%s]: %s" % (os.path.relpath(path, a.shared), pipe, msg))
    total = 0
    for pipe in pipes:
        p, f, s = tally[pipe]
        total += p
        print("%-12s %4d valid, %d refused or invalid%s" % (pipe, p, f, ", %d opt-22 failures" % s if s else ""))
    if total == 0:
        print("nothing was judged")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
