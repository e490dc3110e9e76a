#!/usr/bin/env python3
"""Corpus-wide check of the metadata raise passes.

For every file in MANIFEST.tsv:
  * `dxil-upgrade --verify` succeeds (the raised module verifies);
  * `opt -passes=print<dxil-metadata>` on the result reports the shader
    model, DXIL version and stage of the MANIFEST row (clamped to 6.9/1.9,
    the newest LLVM 22 names), the validator version of the input's
    dx.valver, and for every entry function its stage and numthreads as the
    input's dx.entryPoints record says;
  * every dx.* named node of the input (a --no-raise load) is found again,
    field for field, in the raised module: dx.valver as is, the others
    under dxu.* (dx.version/dx.shaderModel may instead be carried by the
    triple alone), except dx.resources, which belongs to the resource
    raiser and is skipped.
Both conversions run as one `dxil-upgrade --batch` each (a file the batch
did not produce is converted again on its own, which reports why); opt runs
once per file; files are checked in parallel.
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

SM_ENV = {"ps": "pixel", "vs": "vertex", "gs": "geometry", "hs": "hull", "ds": "domain",
          "cs": "compute", "lib": "library", "ms": "mesh", "as": "amplification"}
KIND_ENV = ["pixel", "vertex", "geometry", "hull", "domain", "compute", "library",
            "raygeneration", "intersection", "anyhit", "closesthit", "miss", "callable",
            "mesh", "amplification"]
KEEP_AS_IS = {"dx.valver"}
NOT_OURS = {"dx.resources"}

NAMED_RE = re.compile(r'^!([-a-zA-Z$._][-a-zA-Z$._0-9]*) = !\{(.*)\}$')
NODE_RE = re.compile(r'^!(\d+) = (distinct )?(.*)$')


def split_top(body):
    """Splits a metadata tuple body at top-level commas."""
    out, depth, cur, quoted = [], 0, [], False
    for ch in body:
        if quoted:
            cur.append(ch)
            quoted = ch != '"'
            continue
        if ch == '"':
            quoted = True
        elif ch in "([{<":
            depth += 1
        elif ch in ")]}>":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append("".join(cur).strip())
            cur = []
            continue
        cur.append(ch)
    if "".join(cur).strip():
        out.append("".join(cur).strip())
    return out


def parse_md(text):
    named, nodes = {}, {}
    for line in text.splitlines():
        if not line.startswith("!"):
            continue
        m = NAMED_RE.match(line)
        if m:
            named[m.group(1)] = split_top(m.group(2))
            continue
        m = NODE_RE.match(line)
        if m:
            body = m.group(3)
            elems = split_top(body[2:-1]) if body.startswith("!{") else None
            nodes[int(m.group(1))] = (bool(m.group(2)), elems, body)
    return named, nodes


def deep(nodes, elem, stack=()):
    """The value of a metadata element with node references resolved."""
    m = re.fullmatch(r"!(\d+)", elem)
    if not m:
        return elem
    n = int(m.group(1))
    if n in stack:
        return ("cycle", stack.index(n))
    distinct, elems, raw = nodes[n]
    if elems is None:
        return ("raw", raw)
    return ("distinct" if distinct else "node",
            tuple(deep(nodes, e, stack + (n,)) for e in elems))


def deep_named(named, nodes, name):
    return tuple(deep(nodes, e) for e in named.get(name, []))


def ival(elem):
    m = re.fullmatch(r"i\d+ (-?\d+)", elem) if isinstance(elem, str) else None
    return int(m.group(1)) if m else None


def ints(node):
    if not isinstance(node, tuple) or node[0] != "node":
        return None
    vals = [ival(e) for e in node[1]]
    return None if None in vals else vals


def props_lookup(props, tag):
    if not isinstance(props, tuple) or props[0] != "node":
        return None
    items = props[1]
    for i in range(0, len(items) - 1, 2):
        if ival(items[i]) == tag:
            return items[i + 1]
    return None


def unescape_name(raw):
    name = raw[len("ptr @"):]
    if name.startswith('"'):
        name = re.sub(r"\\([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), name[1:-1])
    return name


def expected_entries(entries, module_env):
    """{function name: (stage, "x,y,z")} from the input's dx.entryPoints."""
    out = {}
    for e in entries:
        if not isinstance(e, tuple) or len(e[1]) != 5 or not e[1][0].startswith("ptr @"):
            continue
        props = e[1][4]
        kind = props_lookup(props, 8)
        stage = KIND_ENV[ival(kind)] if kind is not None and ival(kind) < len(KIND_ENV) else None
        if kind is None:
            stage = module_env
        if stage is None:
            continue  # node shaders have no LLVM 22 stage
        nt = props_lookup(props, 4)
        for state_tag in (9, 10):
            st = props_lookup(props, state_tag)
            if nt is None and isinstance(st, tuple):
                nt = st[1][0]
        vals = ints(nt) if nt is not None else None
        out[unescape_name(e[1][0])] = (stage, ",".join(map(str, vals or [0, 0, 0])))
    return out


def parse_opt(text):
    info, funcs, cur = {}, {}, None
    for line in text.splitlines():
        if line.startswith("opt") or not line.strip():
            continue
        if line.startswith("  "):
            key, _, val = line.strip().partition(":")
            funcs.setdefault(cur, {})[key.strip()] = val.strip()
        elif line.startswith(" "):
            cur = line[1:]
        else:
            key, _, val = line.partition(":")
            info[key.strip()] = val.strip()
    return info, funcs


def clamp_version(text, major_expected):
    major, minor = (int(x) for x in text.split("."))
    return f"{major}.{min(minor, 9)}" if major == major_expected else text


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True, errors="replace")


def check_side(orig_named, orig_nodes, named, nodes):
    errs = []
    for name in orig_named:
        if not name.startswith("dx.") or name in NOT_OURS:
            continue
        want = deep_named(orig_named, orig_nodes, name)
        if name in KEEP_AS_IS:
            where = name
        else:
            where = "dxu." + name[3:]
            if name in ("dx.version", "dx.shaderModel") and where not in named:
                continue  # carried by the triple, checked through opt
        if where not in named:
            errs.append(f"{name}: no !{where} in the raised module")
        elif deep_named(named, nodes, where) != want:
            errs.append(f"{name}: !{where} differs from the original")
    for name in named:
        if name.startswith("dx.") and name not in KEEP_AS_IS | NOT_OURS:
            errs.append(f"!{name} left in the raised module")
    return errs


def check_opt(row, orig_named, orig_nodes, opt_out):
    errs = []
    kind, smaj, smin = row["stage_model"].split("_")
    info, funcs = parse_opt(opt_out)
    want = {"Shader Model Version": clamp_version(f"{smaj}.{smin}", 6),
            "DXIL Version": clamp_version(row["dxil_version"], 1),
            "Target Shader Stage": SM_ENV[kind]}
    valver = deep_named(orig_named, orig_nodes, "dx.valver")
    if valver:
        want["Validator Version"] = ".".join(str(v) for v in ints(valver[0]))
    for key, val in want.items():
        if info.get(key) != val:
            errs.append(f"opt says {key} = {info.get(key)!r}, expected {val!r}")
    entries = deep_named(orig_named, orig_nodes, "dx.entryPoints")
    for fn, (stage, nt) in expected_entries(entries, SM_ENV[kind]).items():
        got = funcs.get(fn, {})
        if got.get("Function Shader Stage") != stage or got.get("NumThreads") != nt:
            errs.append(f"entry {fn!r}: opt says {got}, expected stage {stage}, numthreads {nt}")
    return errs


def batch_convert(args, rows, outdir, flag):
    """Converts every row in one dxil-upgrade process (--batch); files it
    did not produce are retried one by one by check_file."""
    listing = os.path.join(outdir, "list.txt")
    with open(listing, "w") as f:
        f.write("".join(r["path"] + "\n" for r in rows))
    subprocess.run([args.upgrade, "--batch", "@" + listing, "-O", outdir, "-j", str(args.jobs),
                    "--no-progress", flag], cwd=args.corpus, capture_output=True)


def batch_output(outdir, row):
    path = os.path.join(outdir, os.path.splitext(row["path"])[0] + ".ll")
    return path if os.path.isfile(path) else None


def read_or_convert(args, row, outdir, flag):
    """(text, error) of one conversion, from the batch run or a retry."""
    path = batch_output(outdir, row)
    if path:
        with open(path) as f:
            return f.read(), None
    res = run([args.upgrade, flag, os.path.join(args.corpus, row["path"]), "-o", "-"])
    if res.returncode != 0:
        return None, f"dxil-upgrade {flag} failed: {res.stderr.strip()[:400]}"
    return res.stdout, None


def check_file(args, row, tmpdir):
    orig, err = read_or_convert(args, row, os.path.join(tmpdir, "orig"), "--no-raise")
    if err:
        return [err]
    text, err = read_or_convert(args, row, os.path.join(tmpdir, "raised"), "--verify")
    if err:
        return [err]
    path = batch_output(os.path.join(tmpdir, "raised"), row)
    if not path:
        path = os.path.join(tmpdir, row["path"].replace("/", "_") + ".ll")
        with open(path, "w") as f:
            f.write(text)
    opt = run([args.opt, "-disable-output", "-passes=print<dxil-metadata>", path])
    if opt.returncode != 0:
        return [f"opt failed: {opt.stderr.strip()[:400]}"]
    orig_named, orig_nodes = parse_md(orig)
    named, nodes = parse_md(text)
    errs = check_side(orig_named, orig_nodes, named, nodes)
    return errs + check_opt(row, orig_named, orig_nodes, opt.stdout + opt.stderr)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--upgrade", required=True)
    ap.add_argument("--opt", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--min-files", type=int, default=100)
    args = ap.parse_args()
    with open(os.path.join(args.corpus, "MANIFEST.tsv")) as f:
        header = f.readline().rstrip("\n").split("\t")
        rows = [dict(zip(header, line.rstrip("\n").split("\t"))) for line in f if line.strip()]
    failures = 0
    with tempfile.TemporaryDirectory() as tmpdir, \
            concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for sub, flag in (("orig", "--no-raise"), ("raised", "--verify")):
            os.mkdir(os.path.join(tmpdir, sub))
            batch_convert(args, rows, os.path.join(tmpdir, sub), flag)
        results = pool.map(lambda r: (r, check_file(args, r, tmpdir)), rows)
        for row, errs in results:
            if errs:
                failures += 1
                for e in errs[:5]:
                    print(f"FAIL {row['path']}: {e}")
    print(f"corpus metadata: {len(rows)} files, {failures} failing")
    if len(rows) < args.min_files:
        print(f"expected at least {args.min_files} corpus files")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
