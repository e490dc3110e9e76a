#!/usr/bin/env python3
"""Corpus check for the resource raiser.

Every corpus file is converted twice by two dxil-upgrade --batch runs:
unraised (--no-raise), to compute which resources its handle creations
bind, and raised with --verify. opt then runs print<dxil-resources> (with
verify) on each output that binds resources, and the check requires that
  * the raised module verifies,
  * LLVM recognises exactly the bound resources (class, kind, space,
    lower bound, size, and a structured buffer's stride or a CBuffer's
    size as DXC declared them) that have an LLVM 22 form,
  * no handle creation with an LLVM 22 form is left as a dx.op call, and
    no buffer access op is left on a raised handle unless it is a form
    LLVM 22 cannot express (counted as kept).
Prints per-form and per-op counts; exits 1 on any failure. --raise-arg
passes an option to the raised run (the layouts-from-reflection test)."""
import argparse, collections, concurrent.futures as cf, json, os, re, subprocess, sys, tempfile

KINDS = ["Invalid", "Texture1D", "Texture2D", "Texture2DMS", "Texture3D", "TextureCube",
         "Texture1DArray", "Texture2DArray", "Texture2DMSArray", "TextureCubeArray", "Buffer",
         "RawBuffer", "StructuredBuffer", "CBuffer", "Sampler", "TBuffer",
         "RTAccelerationStructure", "FeedbackTexture2D", "FeedbackTexture2DArray"]
CLASSES = ["SRV", "UAV", "CBV", "Sampler"]
NO_FORM = {15, 16}  # TBuffer, RTAccelerationStructure
FORMS = ["createHandle", "createHandleFromBinding", "createHandleForLib", "createHandleFromHeap"]
ACCESS = ["bufferLoad", "rawBufferLoad", "rawBufferVectorLoad", "bufferStore", "rawBufferStore",
          "rawBufferVectorStore", "cbufferLoadLegacy", "cbufferLoad", "bufferUpdateCounter",
          "getDimensions", "checkAccessFullyMapped"]
CALL_RE = re.compile(r'call [^@]*@"?dx\.op\.([A-Za-z0-9_]+)')


def split_ops(body):
    """Top-level comma split of a metadata tuple body."""
    out, depth, cur, q = [], 0, "", False
    for ch in body:
        if ch == '"':
            q = not q
        elif not q and ch in "{[(<":
            depth += 1
        elif not q and ch in "}])>":
            depth -= 1
        if ch == "," and depth == 0 and not q:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def int_of(op):
    m = re.match(r"i\d+ (-?\d+|true|false)$", op)
    if not m:
        return None
    v = m.group(1)
    return 1 if v == "true" else 0 if v == "false" else int(v) & 0xFFFFFFFF


GLOBAL_RE = re.compile(r'@("(?:[^"\\]|\\.)*"|[\w.$]+)')


def lib_record(recs, defs, load):
    """The record whose symbol createHandleForLib's load reads (directly or
    through a getelementptr)."""
    g = GLOBAL_RE.search(load)
    if not g:
        p = re.search(r"ptr (%[\w.]+)", load)
        g = GLOBAL_RE.search(defs.get(p.group(1), "")) if p else None
    return next((r for r in recs.values() if g and r["sym"] == g.group(1)), None)


def record_extra(md, cls, kind, f):
    """What print<dxil-resources> must report beyond the binding: a
    structured buffer's stride (extended tag 1), a CBuffer's size."""
    if cls == 2:
        return int_of(f[6])
    ext = f[8 if cls == 0 else 10] if kind == 12 and len(f) > 10 - 2 * (cls == 0) else ""
    tags = md.get(ext.lstrip("!"), []) if ext.startswith("!") else []
    return next((int_of(tags[i + 1]) for i in range(0, len(tags) - 1, 2) if int_of(tags[i]) == 1), 0)


def key(r):
    return (r["cls"], r["kind"], r["space"], r["lb"], r["size"], r["extra"])


def parse_input(text):
    md = {}
    for m in re.finditer(r"^!(\d+) = (?:distinct )?!\{(.*)\}$", text, re.M):
        md[m.group(1)] = split_ops(m.group(2))
    recs = {}
    m = re.search(r"^!dx\.resources = !\{!(\d+)\}", text, re.M)
    if m:
        for cls, ref in enumerate(md.get(m.group(1), [])[:4]):
            if not ref.startswith("!"):
                continue
            for r in md.get(ref[1:], []):
                f = md.get(r.lstrip("!"), [])
                if len(f) < 7:
                    continue
                kind = int_of(f[6]) if cls < 2 else (13 if cls == 2 else 14)
                sym = re.search(r'@("(?:[^"\\]|\\.)*"|[\w.$]+)', f[1])
                recs[(cls, int_of(f[0]))] = dict(cls=cls, kind=kind, space=int_of(f[3]),
                                                 lb=int_of(f[4]), size=int_of(f[5]),
                                                 sym=sym.group(1) if sym else None,
                                                 extra=record_extra(md, cls, kind, f))
    bound = set()
    for m in re.finditer(r"@dx\.op\.createHandle\(i32 57, i8 (\d+), i32 (\d+)", text):
        r = recs.get((int(m.group(1)), int(m.group(2))))
        if r:
            bound.add(key(r))
    for m in re.finditer(r"(%[\w.]+) = call %dx\.types\.Handle @dx\.op\.createHandleFromBinding\(i32 217, "
                         r"%dx\.types\.ResBind (zeroinitializer|\{[^}]*\})", text):
        v = [0, 0, 0, 0] if m.group(2) == "zeroinitializer" else \
            [int_of(x) for x in split_ops(m.group(2)[1:-1])]
        lb, ub, space, cls = v
        size = 0xFFFFFFFF if ub == 0xFFFFFFFF else ub - lb + 1
        ann = re.search(r"annotateHandle\(i32 216, %dx\.types\.Handle " + re.escape(m.group(1)) +
                        r", %dx\.types\.ResourceProperties \{ i32 (\d+), i32 (\d+)", text)
        rec = next((r for r in recs.values() if (r["cls"], r["space"], r["lb"]) == (cls, space, lb)),
                   None)
        kind = int(ann.group(1)) & 0xFF if ann else rec["kind"] if rec else None
        extra = int(ann.group(2)) if ann and kind in (12, 13) else rec["extra"] if rec else 0
        if kind is not None:
            bound.add((cls, kind, space, lb, size, extra if kind in (12, 13) else 0))
    for body in re.split(r"^define ", text, flags=re.M)[1:]:
        defs = dict(re.findall(r"^\s*(%[\w.]+) = (.*)$", body, re.M))
        for m in re.finditer(r"@\"?dx\.op\.createHandleForLib[^(]*\(i32 160, .* (%[\w.]+)\)", body):
            r = lib_record(recs, defs, defs.get(m.group(1), ""))
            if r:
                bound.add(key(r))
    return {b for b in bound if b[1] not in NO_FORM}


def parse_print(out):
    got = set()
    for blk in out.split("\nResource ")[1:]:
        g = lambda k: re.search(r"^\s*" + k + r": (\S+)", blk, re.M)
        try:
            extra = g("Buffer Stride") or g("CBuffer size")
            got.add((CLASSES.index(g("Class").group(1)), KINDS.index(g("Kind").group(1)),
                     int(g("Space").group(1)), int(g("Lower Bound").group(1)),
                     int(g("Size").group(1)), int(extra.group(1)) if extra else 0))
        except (AttributeError, ValueError):
            pass
    return got


def count_calls(text):
    return collections.Counter(m.group(1) for m in CALL_RE.finditer(text))


def raised_handle_ops(text):
    """Access ops left whose handle is a casthandle of a raised handle,
    keyed by (op, target type name)."""
    casts = dict(re.findall(r'^\s*(%[\w.]+) = call %dx\.types\.Handle @llvm\.dx\.resource\.casthandle'
                            r'[^(]*\(target\("(dx\.\w+)"', text, re.M))
    left = collections.Counter()
    for m in re.finditer(r'call [^@]*@"?dx\.op\.(\w+)[^(]*\(i32 \d+, %dx\.types\.Handle (%[\w.]+)', text):
        if m.group(1) in ACCESS and m.group(2) in casts:
            left[(m.group(1), casts[m.group(2)])] += 1
    return left


def batch(tool, files, out, tmp, tag, extra):
    """Converts every file in one dxil-upgrade --batch process; returns
    {input path: output .ll path or None when it failed}."""
    lst, rep = os.path.join(tmp, tag + ".list"), os.path.join(tmp, tag + ".json")
    with open(lst, "w") as f:
        f.write("".join(p + "\n" for p in files))
    subprocess.run([tool, "--batch", "@" + lst, "-O", out, "--report=" + rep, "--no-progress"] + extra,
                   capture_output=True, text=True)
    shaders = json.load(open(rep)).get("shaders", []) if os.path.isfile(rep) else []
    return {s["path"]: s.get("output") if s.get("status") == "ok" else None for s in shaders}


def run(opt, path, nr_path, out_path):
    r = {"path": path, "fail": []}
    if not nr_path:
        r["skip"] = True
        return r
    if not out_path:
        r["fail"].append("raise or verify failed")
        return r
    src, out = open(nr_path).read(), open(out_path).read()
    want = parse_input(src)
    got = set()
    # The batch already verified every output; opt is needed only to see
    # which resources LLVM finds.
    if want or "@llvm.dx.resource.handlefrombinding" in out:
        p = subprocess.run([opt, "-disable-output", "-passes=verify,print<dxil-resources>", out_path],
                           capture_output=True, text=True)
        if p.returncode != 0:
            r["fail"].append("opt: " + p.stderr.strip()[-300:])
            return r
        got = parse_print(p.stdout + p.stderr)
    if want != got:
        r["fail"].append("resources differ: missing %s extra %s" % (sorted(want - got), sorted(got - want)))
    r["in"], r["out"], r["kept_raised"] = count_calls(src), count_calls(out), raised_handle_ops(out)
    cbs = re.findall(r'= call target\("dx\.CBuffer", (%|<\{ \[\d+ x i8\] \}>)[^)]*\) '
                     r'@"?llvm\.dx\.resource\.handlefrombinding', out)
    r["layouts"] = (cbs.count("%"), len(cbs) - cbs.count("%"))
    for f in FORMS[:3]:
        for line in re.findall(r".*@dx\.op\.%s[.(].*" % f, out):
            if "declare" not in line:
                r.setdefault("left_forms", []).append(line.strip()[:160])
    return r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dxil-upgrade", required=True)
    ap.add_argument("--opt", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--raise-arg", action="append", default=[],
                    help="extra dxil-upgrade option for the raised run (e.g. --layouts-from-reflection)")
    ap.add_argument("--max-kept-creations", type=int, default=-1,
                    help="fail when more createHandle/FromBinding/ForLib calls are kept")
    a = ap.parse_args()
    man = os.path.join(a.corpus, "MANIFEST.tsv")
    if not os.path.isfile(man):
        print("SKIP: corpus not found at", a.corpus)
        return 0
    files = [os.path.join(a.corpus, l.split("\t")[0]) for l in open(man).read().splitlines()[1:] if l]
    tot_in, tot_out, kept_raised = collections.Counter(), collections.Counter(), collections.Counter()
    fails, skipped, left = [], 0, []
    layouts = [0, 0]
    with tempfile.TemporaryDirectory() as tmp, cf.ThreadPoolExecutor(a.j) as ex:
        jobs = ["-j", str(a.j)]
        nr = batch(a.dxil_upgrade, files, os.path.join(tmp, "nr"), tmp, "nr", jobs + ["--no-raise"])
        out = batch(a.dxil_upgrade, files, os.path.join(tmp, "out"), tmp, "out",
                    jobs + ["--verify"] + a.raise_arg)
        for r in ex.map(lambda f: run(a.opt, f, nr.get(f), out.get(f)), files):
            if r.get("skip"):
                skipped += 1
                continue
            fails += ["%s: %s" % (r["path"], f) for f in r["fail"]]
            tot_in.update(r.get("in", {}))
            tot_out.update(r.get("out", {}))
            kept_raised.update(r.get("kept_raised", {}))
            layouts = [x + y for x, y in zip(layouts, r.get("layouts", (0, 0)))]
            left += ["%s: %s" % (r["path"], l) for l in r.get("left_forms", [])]
    print("files: %d (unloadable: %d)" % (len(files), skipped))
    print("%-26s %8s %8s %8s" % ("op", "input", "raised", "kept"))
    for op in FORMS + ["annotateHandle"] + ACCESS:
        print("%-26s %8d %8d %8d" % (op, tot_in[op], tot_in[op] - tot_out[op], tot_out[op]))
    print("access ops kept on a raised handle (no LLVM 22 form):", dict(kept_raised))
    print("cbuffer handles: %d with a layout (%s), %d opaque" %
          (layouts[0], " ".join(a.raise_arg) or "annotations or packing", layouts[1]))
    for l in left[:20]:
        print("kept creation:", l)
    if a.max_kept_creations >= 0 and len(left) > a.max_kept_creations:
        fails.append("%d handle creations kept (allowed %d)" % (len(left), a.max_kept_creations))
    for f in fails[:40]:
        print("FAIL", f)
    print("%d failure(s)" % len(fails))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
