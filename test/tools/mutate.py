#!/usr/bin/env python3
"""mutate.py - rule-breaking mutants of valid DXIL containers.

Each mutant breaks ONE rule of DXC's validator and records which (its kind
names the rule; family = the rule name's part before the dot). Two levels:
  part-level kinds (mutate_container.py) patch the container's bytes:
      duplicate / missing / unknown parts, a stale PSV0, SFI0, a signature
      element's mask, a corrupted HASH;
  module-level kinds (mutate_text.py) edit the DXIL-form text of the module
      (the container raised with dxil-upgrade, lowered back to text with
      `dxil-lower -S --keep-side-md`), then write it with
      `dxil-lower --no-validate -o x.dxil` (unsigned, not validated).

Usage:
  mutate.py kinds [--json]
      every kind: name, level, targeted rule
  mutate.py prepare --tools DIR IN.dxil OUT.ll
      the DXIL-form text module-level kinds edit
  mutate.py one --tools DIR --kind K [--seed N] [--ll PREPARED.ll] IN.dxil OUT.dxil
      one mutant; prints its record as JSON. Exit 0 written, 3 the kind
      does not apply to IN, 4 dxil-lower refused the mutated text, 2 usage
  mutate.py gen --tools DIR --out DIR [--count N] [--seed N] [--kinds a,b] [--jobs J] IN.dxil...
      N mutants (default 1500) spread evenly over the kinds that apply,
      OUT/<kind>/<input stem>.dxil, recorded in OUT/manifest.tsv
      (file, kind, rule, family, level, source, detail); refusals by the
      writer go to OUT/refused.tsv. Prepared text is cached in OUT/.prepared.

DIR is a build's tools folder (build/tools: dxil-upgrade, dxil-lower).
"""
import argparse
import concurrent.futures
import json
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mutate_container  # noqa: E402
import mutate_text  # noqa: E402


def all_kinds():
    """name -> (function, rule, level)."""
    kinds = {}
    for name, (fn, rule) in mutate_container.KINDS.items():
        kinds[name] = (fn, rule, "part")
    for name, (fn, rule) in mutate_text.KINDS.items():
        kinds[name] = (fn, rule, "module")
    return kinds


# Kinds whose mutation DXC's validator accepts (measured with validator
# 1.10): the HASH part is not compared, the writer puts the pointer bitcast
# back around a retyped load, an unused internal function is let through.
# They stay as probes (gen makes them only when --kinds names them). The
# i8 kinds are probes too since the lowering legalizes i8 values and GEPs
# (legalize/legal_*.c): written through dxil-lower they come out valid.
# So are vector-binop (the lowering scalarizes the vector op) and
# flags-add / flags-drop (the writer computes the entry's ShaderFlags
# again): DXC 1.10 accepts what dxil-lower writes for them. Likewise
# undef-operand (legal-undef: an operand read as undef becomes zero, clang's
# -O0 matrix code) and unknown-md (module-md drops named metadata DXC does
# not know); the rules stay covered by test/lit/validate.
PROBES = {"hash-corrupt", "load-retype", "unused-internal", "i8-value", "i8-gep",
          "vector-binop", "flags-add", "flags-drop", "undef-operand", "unknown-md"}


def family(rule):
    return rule.split(".", 1)[0]


def run(cmd, timeout=120):
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return r.returncode, r.stderr
    except subprocess.TimeoutExpired:
        return -1, "timeout"


def prepare(tools, src, out_ll):
    """Raise src, lower it to DXIL-form text; returns (ok, message)."""
    with tempfile.TemporaryDirectory() as tmp:
        raised = os.path.join(tmp, "raised.ll")
        rc, err = run([os.path.join(tools, "dxil-upgrade"), src, "-o", raised])
        if rc != 0:
            return False, "raise: " + err.strip()[:300]
        rc, err = run([os.path.join(tools, "dxil-lower"), "-S", "--keep-side-md", raised, "-o", out_ll])
        if rc != 0:
            return False, "lower: " + err.strip()[:300]
    return True, ""


def lower(tools, ll, out):
    rc, err = run([os.path.join(tools, "dxil-lower"), "--no-validate", ll, "-o", out])
    return rc == 0, err


def kind_rng(seed, src, kind):
    return random.Random(f"{seed}:{os.path.basename(src)}:{kind}")


def mutate(kind, src, ll_text, seed):
    """(level, payload, detail) or None; payload is bytes or text."""
    fn, rule, level = all_kinds()[kind]
    rng = kind_rng(seed, src, kind)
    if level == "part":
        with open(src, "rb") as f:
            r = fn(f.read(), rng)
    else:
        r = fn(ll_text, rng) if ll_text is not None else None
    if r is None:
        return None
    return level, r[0], r[1]


def write_mutant(tools, kind, src, ll_text, seed, out):
    """Writes the mutant to out; returns (status, record)."""
    fn, rule, level = all_kinds()[kind]
    rec = {"file": out, "kind": kind, "rule": rule, "family": family(rule), "level": level,
           "source": src, "seed": seed}
    m = mutate(kind, src, ll_text, seed)
    if m is None:
        return "n/a", rec
    level, payload, detail = m
    rec["detail"] = detail
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    if level == "part":
        with open(out, "wb") as f:
            f.write(payload)
        return "ok", rec
    ll = out[:-5] + ".ll" if out.endswith(".dxil") else out + ".ll"
    with open(ll, "w") as f:
        f.write(payload)
    ok, err = lower(tools, ll, out)
    os.unlink(ll)
    if not ok:
        rec["refused"] = err.strip().splitlines()[-1] if err.strip() else "?"
        return "refused", rec
    return "ok", rec


def cmd_kinds(a):
    kinds = all_kinds()
    if a.json:
        print(json.dumps({k: {"rule": v[1], "family": family(v[1]), "level": v[2], "probe": k in PROBES}
                          for k, v in kinds.items()},
                         indent=1))
        return 0
    for k, (_, rule, level) in kinds.items():
        probe = "\tprobe" if k in PROBES else ""
        print(f"{k}\t{level}\t{rule}{probe}")
    return 0


def read_text(path):
    with open(path) as f:
        return f.read()


def cmd_prepare(a):
    ok, msg = prepare(a.tools, a.input, a.output)
    if not ok:
        print(msg, file=sys.stderr)
    return 0 if ok else 1


def cmd_one(a):
    if a.kind not in all_kinds():
        print(f"mutate.py: unknown kind {a.kind}", file=sys.stderr)
        return 2
    ll_text = None
    if all_kinds()[a.kind][2] == "module":
        if a.ll:
            ll_text = read_text(a.ll)
        else:
            with tempfile.TemporaryDirectory() as tmp:
                ok, msg = prepare(a.tools, a.input, os.path.join(tmp, "p.ll"))
                if not ok:
                    print(msg, file=sys.stderr)
                    return 4
                ll_text = read_text(os.path.join(tmp, "p.ll"))
    status, rec = write_mutant(a.tools, a.kind, a.input, ll_text, a.seed, a.output)
    print(json.dumps(rec))
    return {"ok": 0, "n/a": 3, "refused": 4}[status]


def gen_prepare(a, srcs):
    cache = os.path.join(a.out, ".prepared")
    os.makedirs(cache, exist_ok=True)

    def one(src):
        ll = os.path.join(cache, os.path.basename(src)[:-5] + ".ll")
        if os.path.exists(ll):
            return src, ll
        ok, _ = prepare(a.tools, src, ll + ".tmp")
        if ok:
            os.replace(ll + ".tmp", ll)
            return src, ll
        return src, None

    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        return dict(ex.map(one, srcs))


def gen_candidates(a, srcs, prepared, kinds):
    """kind -> [sources it applies to], each list shuffled by the seed."""
    cands = {k: [] for k in kinds}
    for src in srcs:
        text = read_text(prepared[src]) if prepared.get(src) else None
        for k in kinds:
            if mutate(k, src, text, a.seed) is not None:
                cands[k].append(src)
    for k in kinds:
        random.Random(f"{a.seed}:{k}").shuffle(cands[k])
    return cands


def cmd_gen(a):
    kinds = a.kinds.split(",") if a.kinds else [k for k in all_kinds() if k not in PROBES]
    srcs = sorted(set(a.inputs))
    prepared = gen_prepare(a, srcs)
    cands = gen_candidates(a, srcs, prepared, kinds)
    # Round robin over the kinds: each takes its next source in turn, so a
    # kind that applies to few files does not starve and none dominates.
    order, pos = [], {k: 0 for k in kinds}
    while any(pos[k] < len(cands[k]) for k in kinds):
        for k in kinds:
            if pos[k] < len(cands[k]):
                order.append((k, cands[k][pos[k]]))
                pos[k] += 1
    texts = {}

    def make(item):
        k, src = item
        if all_kinds()[k][2] == "module" and src not in texts:
            texts[src] = read_text(prepared[src])
        out = os.path.join(a.out, k, os.path.basename(src))
        return write_mutant(a.tools, k, src, texts.get(src), a.seed, out)

    written, refused, i = [], [], 0
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        while len(written) < a.count and i < len(order):
            batch = order[i:i + max(a.jobs * 4, a.count - len(written))]
            i += len(batch)
            for status, rec in ex.map(make, batch):
                if status == "ok" and len(written) < a.count:
                    written.append(rec)
                elif status == "ok":
                    os.unlink(rec["file"])
                elif status == "refused":
                    refused.append(rec)
    cols = ["file", "kind", "rule", "family", "level", "source", "detail"]
    with open(os.path.join(a.out, "manifest.tsv"), "w") as f:
        f.write("\t".join(cols) + "\n")
        for r in written:
            f.write("\t".join(str(r.get(c, "")) for c in cols) + "\n")
    with open(os.path.join(a.out, "refused.tsv"), "w") as f:
        f.write("kind\tsource\tdetail\trefusal\n")
        for r in refused:
            f.write(f"{r['kind']}\t{r['source']}\t{r.get('detail', '')}\t{r['refused']}\n")
    per = {}
    for r in written:
        per[r["kind"]] = per.get(r["kind"], 0) + 1
    print(f"mutate.py: {len(written)} mutants of {len(srcs)} inputs "
          f"({sum(1 for v in prepared.values() if v)} prepared), {len(refused)} refused by the writer")
    for k in kinds:
        print(f"  {k:22} {per.get(k, 0):5}  applies to {len(cands[k])}")
    return 0


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    k = sub.add_parser("kinds")
    k.add_argument("--json", action="store_true")
    pr = sub.add_parser("prepare")
    pr.add_argument("--tools", required=True)
    pr.add_argument("input")
    pr.add_argument("output")
    o = sub.add_parser("one")
    o.add_argument("--tools", required=True)
    o.add_argument("--kind", required=True)
    o.add_argument("--seed", type=int, default=0)
    o.add_argument("--ll")
    o.add_argument("input")
    o.add_argument("output")
    g = sub.add_parser("gen")
    g.add_argument("--tools", required=True)
    g.add_argument("--out", required=True)
    g.add_argument("--count", type=int, default=1500)
    g.add_argument("--seed", type=int, default=0)
    g.add_argument("--kinds")
    g.add_argument("--jobs", type=int, default=2)
    g.add_argument("inputs", nargs="+")
    a = p.parse_args(argv)
    return {"kinds": cmd_kinds, "prepare": cmd_prepare, "one": cmd_one, "gen": cmd_gen}[a.cmd](a)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
