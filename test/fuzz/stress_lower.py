#!/usr/bin/env python3
"""stress_lower.py - hostile modern input for dxil-lower (issue 29).

Each seed: llvm-stress-22 generates a function of random LLVM 22 IR
(vectors, i1/i8/i16/i64, shuffles, selects, loads and stores through its
pointer arguments, poison, loops); wrap() turns it into a DXIL-target
compute module: triple dxilv1.6-pc-shadermodel6.6-compute, an entry @main
with hlsl.shader/hlsl.numthreads that binds a RWBuffer<uint> (u0) with
llvm.dx.resource.handlefrombinding, calls the function on three local
arrays and the thread ID, and stores what the arrays hold afterwards to
the buffer. `dxil-lower x.ll -o x.dxil` (validated, signed only when it
passes) must then either write the container (exit 0) or refuse it with
an error naming the construct (exit 1, no output): never crash, hang,
refuse silently or leave a partial file. Signed containers are kept for
DXC's validator (a signed container DXC rejects is a rule the in-project
validator missed).

Usage:
  stress_lower.py --tools DIR | --lower PATH [--seeds A:B | --seeds N] [--size S] [--jobs J]
                  [--timeout T] [--out DIR] [--stress llvm-stress-22] [--call]
                  [--stress-arg=--enable-scalable-vectors] [--no-restype] [--opt O2]
  stress_lower.py --wrap SEED [--size S]     print one wrapped module

OUT (default stress-out/) gets results.tsv (seed, status, first error
line), signed/<seed>.dxil, and inputs/<seed>.ll for every crash, hang,
silent refusal or partial output. Exit 0 when there was none of those, 1
otherwise, 2 on usage errors."""
import argparse
import collections
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

DATALAYOUT = ("e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-"
              "n8:16:32:64-v48:16:16-v96:32:32-v192:64:64")
BUF = 'target("dx.TypedBuffer", i32, 1, 0, 0)'
BIND = "@llvm.dx.resource.handlefrombinding.tdx.TypedBuffer_i32_1_0_0t"
GETPTR = "@llvm.dx.resource.getpointer.p0.tdx.TypedBuffer_i32_1_0_0t"

ENTRY = """
define void @main() #0 {{
entry:
  %h = call {buf} {bind}(i32 0, i32 0, i32 1, i32 0, ptr @.str)
  %tid = call i32 @llvm.dx.flattened.thread.id.in.group()
  %a0 = alloca [64 x i32], align 16
  %a1 = alloca [64 x i32], align 16
  %a2 = alloca [64 x i32], align 16
  store i32 %tid, ptr %a0, align 4
  store i32 1, ptr %a1, align 4
  store i32 2, ptr %a2, align 4
{widen}{body}
epilogue:
  %base = mul i32 %tid, 3
{stores}  ret void
}}

declare i32 @llvm.dx.flattened.thread.id.in.group()
declare {buf} {bind}(i32, i32, i32, i32, ptr)
declare ptr {getptr}({buf}, i32)

attributes #0 = {{ "hlsl.numthreads"="4,1,1" "hlsl.shader"="compute" }}
{restype}"""

# The resource's class type, as the raise records it (!dxu.resourceTypes:
# class 1 = UAV, index 0): without it the bitcode writer types the
# resource symbol `ptr undef`, which crashes DXC's validator (cast to
# StructType in DxilResource::GetRetType, docs/lowering.md), so nothing
# else of the module would be judged. --no-restype leaves it out.
RESTYPE = """
!dxu.resourceTypes = !{!9000}
!9000 = !{i32 1, i32 0, %"class.RWBuffer<unsigned int>" undef}
"""
RESTYPE_DECL = '%"class.RWBuffer<unsigned int>" = type { i32 }\n'



def _args_for(params):
    """Values of main for the function's parameters, by type: the three
    arrays for pointers, the thread ID for integers (widened or narrowed),
    a constant for anything else."""
    ptrs, args = ["%a0", "%a1", "%a2"], []
    for t in params:
        if t == "ptr":
            args.append(("ptr", ptrs.pop(0) if ptrs else "%a0"))
        elif t == "i32":
            args.append((t, "%tid"))
        elif t == "i64":
            args.append((t, "%wide"))
        elif t == "i8":
            args.append((t, "%byte"))
        elif t.startswith("i"):
            args.append((t, "1"))
        else:
            args.append((t, "zeroinitializer"))
    return args


def _stores():
    out = ""
    for k in range(3):
        idx = "%base" if k == 0 else f"%i{k}"
        if k:
            out += f"  %i{k} = add i32 %base, {k}\n"
        out += (f"  %r{k} = load i32, ptr %a{k}, align 4\n"
                f"  %p{k} = call ptr {GETPTR}({BUF} %h, i32 {idx})\n"
                f"  store i32 %r{k}, ptr %p{k}, align 4\n")
    return out


def _widen(text):
    """The integer widths of the thread ID the function's body uses."""
    out = ""
    if "%wide" in text:
        out += "  %wide = zext i32 %tid to i64\n"
    if "%byte" in text:
        out += "  %byte = trunc i32 %tid to i8\n"
    return out


def wrap(stress_ll, call=False, restype=True):
    """The llvm-stress module turned into a compute shader module: the
    function's body spliced into @main (its parameters replaced by main's
    values, its return continuing to the stores), as clang's always-inlined
    HLSL would have it; with call=True, kept as an internal function that
    main calls."""
    m = re.search(r"^define void @(\w+)\(([^)]*)\)[^{]*\{\n", stress_ll, re.M)
    if not m:
        raise ValueError("no function in llvm-stress output")
    fn = m.group(1)
    params = [p.strip().split(" ")[0] for p in m.group(2).split(",") if p.strip()]
    args = _args_for(params)
    end = stress_ll.index("\n}\n", m.end())
    body = stress_ll[m.end():end + 1]
    head = (f'target datalayout = "{DATALAYOUT}"\n'
            'target triple = "dxilv1.6-pc-shadermodel6.6-compute"\n\n' + (RESTYPE_DECL if restype else "") +
            '@.str = private unnamed_addr constant [4 x i8] c"Out\\00", align 1\n\n')
    fmt = dict(buf=BUF, bind=BIND, getptr=GETPTR, stores=_stores(), restype=RESTYPE if restype else "")
    if call:
        fn_text = stress_ll[m.start():end + 3].replace(f"define void @{fn}(", f"define internal void @{fn}(", 1)
        call_line = f"  call void @{fn}({', '.join(t + ' ' + v for t, v in args)})\n"
        main_body = call_line + "  br label %epilogue\n"
        return head + fn_text + "\n" + ENTRY.format(body=main_body, widen=_widen(main_body), **fmt)
    # The parameters are the only numbered values llvm-stress writes.
    names = {str(i): v for i, (_, v) in enumerate(args)}
    body = re.sub(r"%(\d+)\b(?![\w.])", lambda g: names.get(g.group(1), g.group(0)), body)
    body = re.sub(r"^(\s+)ret void$", r"\1br label %epilogue", body, flags=re.M)
    return head + ENTRY.format(body="  br label %BB\n" + body, widen=_widen(body), **fmt)


def stress(tool, seed, size, extra=()):
    r = subprocess.run([tool, f"--seed={seed}", f"--size={size}", *extra, "-o", "-"], capture_output=True,
                       text=True, timeout=60)
    if r.returncode != 0:
        raise RuntimeError(f"{tool} --seed={seed}: {r.stderr.strip()[:200]}")
    return r.stdout


def first_error(stderr):
    for ln in stderr.splitlines():
        if "error:" in ln:
            return ln.split("error:", 1)[1].strip()
    return stderr.strip().splitlines()[-1] if stderr.strip() else ""


def run_seed(a, seed, tmp):
    """(seed, status, message); status: signed, refused, crash, hang, silent, partial, unsigned."""
    try:
        text = wrap(stress(a.stress, seed, a.size, a.stress_arg), a.call, not a.no_restype)
    except (RuntimeError, ValueError, subprocess.TimeoutExpired) as e:
        return seed, "nostress", str(e)
    ll = os.path.join(tmp, f"{seed}.ll")
    out = os.path.join(tmp, f"{seed}.dxil")
    with open(ll, "w") as f:
        f.write(text)
    if a.opt:
        # An optimised module, as clang -O2 would hand over (LLVM's own
        # intrinsics, folded vectors): opt's failures are not ours.
        r = subprocess.run([a.opt_tool, f"-passes=default<{a.opt}>", "-S", ll, "-o", ll],
                           capture_output=True, text=True, timeout=120)
        if r.returncode != 0:
            return seed, "nostress", "opt: " + first_error(r.stderr)
    try:
        r = subprocess.run([a.lower, ll, "-o", out], capture_output=True,
                           text=True, timeout=a.timeout)
        rc, err = r.returncode, r.stderr
    except subprocess.TimeoutExpired:
        rc, err = None, "timeout"
    if rc is None:
        status = "hang"
    elif rc < 0 or rc > 2:
        status = "crash"
        err = f"exit {rc}: " + (err.strip().splitlines() or [""])[-1]
    elif rc == 0:
        status = "signed" if os.path.exists(out) and is_signed(out) else "unsigned"
    elif os.path.exists(out):
        status = "partial"
    elif "error:" not in err:
        status = "silent"
    else:
        status = "refused"
    keep = {"signed": "signed", "unsigned": "signed"}.get(status)
    if keep:
        shutil.move(out, os.path.join(a.out, keep, f"{seed}.dxil"))
    elif status not in ("refused",):
        shutil.copy(ll, os.path.join(a.out, "inputs", f"{seed}.ll"))
    for p in (ll, out):
        if os.path.exists(p):
            os.unlink(p)
    return seed, status, first_error(err) if status != "crash" else err


def is_signed(path):
    """A DXContainer whose header digest is not all zero."""
    with open(path, "rb") as f:
        head = f.read(20)
    return head[:4] == b"DXBC" and head[4:20] != b"\0" * 16


def normalise(msg):
    """A refusal message without the names and numbers that differ by seed."""
    msg = re.sub(r"^\S+\.ll: ", "", msg)
    msg = re.sub(r"%[\w.]+", "%v", msg)
    msg = re.sub(r"@[\w.]+", "@f", msg)
    return re.sub(r"\b\d+\b", "N", msg)[:140]


def seeds_of(spec):
    if ":" in spec:
        lo, hi = spec.split(":")
        return range(int(lo), int(hi))
    return range(1, int(spec) + 1)


def main(argv):
    p = argparse.ArgumentParser(description="llvm-stress modules through dxil-lower")
    p.add_argument("--tools")
    p.add_argument("--lower", help="dxil-lower to run (default: TOOLS/dxil-lower)")
    p.add_argument("--seeds", default="100")
    p.add_argument("--size", type=int, default=100)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--timeout", type=float, default=60)
    p.add_argument("--out", default="stress-out")
    p.add_argument("--stress", default="llvm-stress-22")
    p.add_argument("--stress-arg", action="append", default=[],
                   help="passed to llvm-stress (e.g. --enable-scalable-vectors)")
    p.add_argument("--opt", help="run opt's default<O1|O2|O3|Os|Oz> pipeline before dxil-lower")
    p.add_argument("--opt-tool", default="opt-22")
    p.add_argument("--wrap", type=int)
    p.add_argument("--call", action="store_true", help="keep the function and call it (not spliced)")
    p.add_argument("--no-restype", action="store_true", help="no !dxu.resourceTypes for the buffer")
    a = p.parse_args(argv)
    if a.wrap is not None:
        sys.stdout.write(wrap(stress(a.stress, a.wrap, a.size, a.stress_arg), a.call, not a.no_restype))
        return 0
    if not a.tools and not a.lower:
        p.error("--tools or --lower is required")
    a.lower = a.lower or os.path.join(a.tools, "dxil-lower")
    for d in ("signed", "inputs"):
        os.makedirs(os.path.join(a.out, d), exist_ok=True)
    counts, msgs, bad = collections.Counter(), collections.Counter(), []
    with tempfile.TemporaryDirectory() as tmp, open(os.path.join(a.out, "results.tsv"), "w") as res:
        res.write("seed\tstatus\tmessage\n")
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
            for seed, status, msg in ex.map(lambda s: run_seed(a, s, tmp), seeds_of(a.seeds)):
                counts[status] += 1
                res.write(f"{seed}\t{status}\t{msg}\n")
                if status == "refused":
                    msgs[normalise(msg)] += 1
                elif status not in ("signed", "unsigned"):
                    bad.append((seed, status, msg))
    total = sum(counts.values())
    print(f"stress_lower: {total} seeds: " + ", ".join(f"{n} {s}" for s, n in counts.most_common()))
    for m, n in msgs.most_common(12):
        print(f"  {n:5}  refused: {m}")
    for seed, status, msg in bad[:20]:
        print(f"  seed {seed}: {status}: {msg[:200]}")
    bad_n = sum(counts[s] for s in ("crash", "hang", "silent", "partial", "nostress"))
    print(f"{total - bad_n} passed, {bad_n} failed")
    return 1 if bad_n else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
