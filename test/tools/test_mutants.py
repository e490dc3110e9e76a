#!/usr/bin/env python3
"""test_mutants.py TOOLS_DIR SHARED_DIR [--per-kind N] [--verbose]

The mutant generator (mutate.py) against the in-project validator: for
every mutation kind, N mutants (default 3) of sampled corpus files, each
checked with `dxil-upgrade --check=json`, which must reject it with a rule
of the family the mutation targets. A source is used only when the
validator accepts it unmutated (and, for module-level kinds, accepts the
text written back unmutated), so a rejection is the mutation's doing.

PENDING below is the one table of kinds whose rule has not landed yet:
  "xfail"  the mutant may pass; the kind is expected to fail until the rule lands
  "reject" the mutant must be rejected, with any code, until the rule lands
A kind that does better than its entry says (XPASS) fails the test, so the
table only shrinks: delete the kind's row when its rule lands.
Exit 0 pass, 1 fail, 77 skipped (no corpus)."""
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mutate  # noqa: E402

# kind: (state, the rule whose check it waits for)
PENDING = {
    # On sources before shader model 6.6 (createHandle by range ID) the
    # written mutant's handle no longer finds the renumbered record: DXC
    # and --check both reject it with Instr.OpConstRange and friends, not
    # Meta.DenseResIDs (which they report on 6.6+ sources).
    "dense-ids": ("reject", "Meta.DenseResIDs (Instr.OpConstRange on createHandle sources)"),
}

# Every 8th corpus file, then the few that have what rarer kinds need
# (a barrier, a float-only unary op, an i8 GEP's load).
SAMPLE_STEP = 8


class Runner:
    def __init__(self, tools, tmp):
        self.tools, self.tmp = tools, tmp
        self.prepared, self.ok_source = {}, {}

    def check(self, path):
        """(valid, [families]) from dxil-upgrade --check=json."""
        rc, out = self.run_out([os.path.join(self.tools, "dxil-upgrade"), "--check=json", path])
        try:
            j = json.loads(out)
        except ValueError:
            return None, ["(no JSON: exit %d)" % rc]
        return j.get("valid"), [d.get("family") or "code %d" % d.get("code", 0) for d in j.get("diagnostics", [])]

    @staticmethod
    def run_out(cmd):
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        return r.returncode, r.stdout

    def source_text(self, src):
        """The prepared text when the validator accepts it written back, else None."""
        if src not in self.prepared:
            stem = os.path.basename(src)[:-5]
            ll = os.path.join(self.tmp, stem + ".ll")
            text = None
            if mutate.prepare(self.tools, src, ll)[0]:
                back = os.path.join(self.tmp, stem + ".back.dxil")
                if mutate.lower(self.tools, ll, back)[0] and self.check(back)[0]:
                    with open(ll) as f:
                        text = f.read()
            self.prepared[src] = text
        return self.prepared[src]

    def source_ok(self, src):
        if src not in self.ok_source:
            self.ok_source[src] = bool(self.check(src)[0])
        return self.ok_source[src]


def run_kind(r, kind, srcs, per_kind):
    level = mutate.all_kinds()[kind][2]
    fam = mutate.family(mutate.all_kinds()[kind][1])
    results = []
    for src in srcs:
        if len(results) >= per_kind:
            break
        if not r.source_ok(src):
            continue
        text = r.source_text(src) if level == "module" else None
        if level == "module" and text is None:
            continue
        if mutate.mutate(kind, src, text, 0) is None:
            continue
        out = os.path.join(r.tmp, f"{kind}.{os.path.basename(src)}")
        status, rec = mutate.write_mutant(r.tools, kind, src, text, 0, out)
        if status != "ok":
            continue
        valid, fams = r.check(out)
        results.append((os.path.basename(src), rec.get("detail", ""), valid, fams, fam in fams))
    return kind, results


def verdict(kind, results):
    """(ok, line) for one kind."""
    state, rule = PENDING.get(kind, ("family", mutate.all_kinds()[kind][1]))
    if not results:
        return False, f"FAIL   {kind}: no sampled source gave a mutant"
    fam_all = all(x[4] for x in results)
    rej_all = all(x[2] is False for x in results)
    miss = next((x for x in results if not x[4]), None)
    desc = f"{len(results)} mutants" + (f"; e.g. {miss[0]} ({miss[1]}): valid={miss[2]} {miss[3][:3]}" if miss else "")
    if state == "family":
        return fam_all, f"{'PASS ' if fam_all else 'FAIL '}  {kind}: {rule}, {desc}"
    if fam_all:
        return False, f"XPASS  {kind}: rejected with {rule.split('.')[0]} now: delete its PENDING row"
    if state == "reject":
        return rej_all, f"{'XFAIL ' if rej_all else 'FAIL  '} {kind}: rejected, family pending {rule}; {desc}"
    return True, f"XFAIL  {kind}: until {rule} lands; {desc}"


def main(argv):
    verbose = "--verbose" in argv
    per_kind = 3
    if "--per-kind" in argv:
        per_kind = int(argv[argv.index("--per-kind") + 1])
    tools, shared = argv[1], argv[2]
    manifest = os.path.join(shared, "corpus", "MANIFEST.tsv")
    if not os.path.exists(manifest):
        print(f"test_mutants: skipped: no corpus at {os.path.join(shared, 'corpus')}")
        return 77
    with open(manifest) as f:
        rels = [ln.split("\t")[0] for ln in f.read().splitlines()[1:] if ln]
    srcs = [os.path.join(shared, "corpus", p) for p in rels]
    sample = srcs[::SAMPLE_STEP] + [s for i, s in enumerate(srcs) if i % SAMPLE_STEP]
    kinds = [k for k in mutate.all_kinds() if k not in mutate.PROBES]
    stale = [k for k in PENDING if k not in kinds]
    ok = not stale
    if stale:
        print(f"FAIL   PENDING names kinds that do not exist: {stale}")
    with tempfile.TemporaryDirectory() as tmp:
        r = Runner(tools, tmp)
        # Prepare the first sources serially so both workers share them.
        for s in sample[:6]:
            r.source_ok(s) and r.source_text(s)
        with concurrent.futures.ThreadPoolExecutor(2) as ex:
            out = list(ex.map(lambda k: run_kind(r, k, sample, per_kind), kinds))
    counts = {}
    for kind, results in out:
        good, line = verdict(kind, results)
        ok &= good
        tag = line.split()[0]
        counts[tag] = counts.get(tag, 0) + 1
        if verbose or not good or tag == "PASS":
            print(line)
    print(", ".join(f"{n} {t.lower()}" for t, n in sorted(counts.items())))
    print(f"test_mutants: {len(kinds)} kinds, {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
