#!/usr/bin/env python3
"""Writes the per-op lowering tests in ops/ from spec/dxil-ops.xml.

For every table-driven map of an intrinsic LLVM 22 declares (no custom
handler, lowering direction), one file per op: a function per overload the
op allows at DXIL 1.9, scalar and (where the spec allows it) <4 x T>; the
file lowers at DXIL 1.9, and again at the last earlier version the op
exists at, where vectors without a vector overload must come out as four
scalar calls. ops/type-errors.ll holds one call per op of a type no
overload allows (an error each). Candidate calls LLVM itself rejects
(intrinsic signatures) are dropped by parsing each with llvm-as-22.

Usage: gen_op_tests.py <repo root>   (rewrites ops/*.ll; commit them)
"""
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

LETTER_TYPES = {"h": "half", "f": "float", "d": "double", "1": "i1", "8": "i8",
                "w": "i16", "i": "i32", "l": "i64"}
FIXED = {"i1": "i1", "i8": "i8", "i16": "i16", "i32": "i32", "i64": "i64",
         "f": "float", "h": "half", "d": "double", "u8": "i8", "u32": "i32"}
FLOATS, INTS = "hfd", "18wil"


def ver(text):
    major, minor = text.split(".")
    return (int(major), int(minor))


def mangle(t):
    if t.startswith("<"):
        n, e = t[1:-1].split(" x ")
        return "v%s%s" % (n, mangle(e))
    return {"half": "f16", "float": "f32", "double": "f64"}.get(t, t)


def vec(t, n):
    return "<%d x %s>" % (n, t) if n else t


def letters_at(op, v):
    """(scalar letters, vector letters) of the op's overload set at v."""
    best = None
    for o in op.findall("overloads"):
        if ver(o.get("dxil")) <= v:
            best = o.get("types")
    if best is None or "," in best or best == "v":
        return best, ""
    if "<" not in best:
        return best, ""
    head, tail = best.split("<", 1)
    return head, (tail or head)


class Gen:
    def __init__(self, root):
        self.spec = ET.parse(os.path.join(root, "spec", "dxil-ops.xml")).getroot()
        self.classes = {c.get("name"): c for c in self.spec.iter("class")}

    def param_type(self, code, t, n):
        if code == "$o":
            return vec(t, n)
        if code == "$o_i1":
            return vec("i1", n)
        if code == "$o_i32":
            return vec("i32", n)
        return FIXED.get(code)

    def call(self, op, m, letter, n):
        """(fn name, return type, IR lines, expected dx.op call) or None."""
        cls = self.classes[op.get("class")]
        params = cls.findall("param")
        t = LETTER_TYPES.get(letter) if letter else None
        args, consts = {}, {}
        for o in m.findall("operand"):
            idx = int(o.get("index"))
            p = params[idx - 1]
            if o.get("arg") is not None:
                pt = self.param_type(p.get("type"), t, n)
                if pt is None:
                    return None
                val = "0" if p.get("const") == "yes" else "%%a%d" % int(o.get("arg"))
                args[int(o.get("arg"))] = (pt, val)
            else:
                consts[idx] = o.get("const")
        if sorted(args) != list(range(len(args))) or m.findall("arg"):
            return None
        res = cls.find("result").get("type")
        if m.get("result") == "cast-i32":
            rt = vec(t, n)
        else:
            rt = "void" if res == "v" else self.param_type(res, t, n)
        if rt is None:
            return None
        ov = m.get("overload")
        sfx = ""
        if ov == "result":
            sfx = "." + mangle(rt)
        elif ov and ov.startswith("operand:"):
            k = int(ov.split(":")[1])
            argk = [a for a, _ in enumerate(m.findall("operand"))
                    if m.findall("operand")[a].get("index") == str(k)]
            if not argk:
                return None
            sfx = "." + mangle(self.param_type(params[k - 1].get("type"), t, n))
        elif ov:
            return None
        name = "%s_%s%s" % (op.get("name"), m.get("intrinsic").replace("llvm.", "").replace(".", "_"),
                            "_" + mangle(vec(t, n)) if t else "")
        formals = ", ".join("%s %%a%d" % (args[a][0], a) for a in sorted(args)
                            if args[a][1] != "0")
        actuals = ", ".join("%s %s" % args[a] for a in sorted(args))
        lines = ["define %s @%s(%s) {" % (rt, name, formals)]
        if rt == "void":
            lines += ["  call void @%s%s(%s)" % (m.get("intrinsic"), sfx, actuals), "  ret void"]
        else:
            lines += ["  %%r = call %s @%s%s(%s)" % (rt, m.get("intrinsic"), sfx, actuals),
                      "  ret %s %%r" % rt]
        lines.append("}")
        return name, lines

    def expect(self, op, letter, n, split):
        """FileCheck pattern of the dx.op call."""
        cls = self.classes[op.get("class")]
        res = cls.find("result").get("type")
        t = LETTER_TYPES.get(letter) if letter else None
        width = 0 if split else n
        rt = "void" if res == "v" else self.param_type(res, t, width) if t else FIXED.get(res, "{{.*}}")
        fn = cls.get("fn") + ("." + mangle(vec(t, width)) if t else "")
        return "call %s @dx.op.%s(i32 %s," % (rt, fn, op.get("index")) if cls.findall("param") \
            else "call %s @dx.op.%s(i32 %s)" % (rt, fn, op.get("index"))


def parses(lines):
    with tempfile.NamedTemporaryFile("w", suffix=".ll", delete=False) as f:
        f.write("\n".join(lines) + "\n")
    ok = subprocess.call(["llvm-as-22", "-o", os.devnull, f.name],
                         stderr=subprocess.DEVNULL) == 0
    os.unlink(f.name)
    return ok


HEADER = "; Generated by gen_op_tests.py from spec/dxil-ops.xml; regenerate, do not edit.\n"


def usable(m):
    return (m.get("intrinsic") and m.get("llvm22") == "yes" and not m.get("custom")
            and m.get("direction") != "raise" and m.get("result") in (None, "cast-i32")
            and not m.get("dxil-from") and not m.get("dxil-before")
            and not m.get("only-overloads"))


TRIPLE_STAGES = ("library", "compute", "pixel", "vertex", "geometry", "hull", "domain",
                 "mesh", "amplification")


def stage_at(op, v):
    """A stage the op is allowed in at v, library when it can."""
    best = "all"
    for s in op.findall("stages"):
        if ver(s.get("dxil")) <= v:
            best = s.get("list")
    if best == "all":
        return "library"
    listed = best.split(",")
    return next((s for s in TRIPLE_STAGES if s in listed), None)


def funcs(g, op, maps, v, check):
    """IR lines and FileCheck lines for op at version v."""
    scal, vecl = letters_at(op, v)
    if scal is None or "," in scal:
        return [], []
    ir, chk = [], []
    vector_ok = set(vecl)
    for m in maps:
        plain = not m.get("overload")
        cases = [(None, 0)] if scal == "v" else \
            [(l, 0) for l in (scal[:1] if plain else scal)] + \
            ([] if plain else [(l, 4) for l in scal])
        for letter, n in cases:
            made = g.call(op, m, letter, n)
            if not made or not parses(made[1]):
                continue
            name, lines = made
            split = n and letter not in vector_ok
            ir += lines + [""]
            chk.append("; %s-LABEL: define {{.*}} @%s(" % (check, name))
            pat = g.expect(op, letter, n, split)
            chk.append("; %s%s: %s" % (check, "-COUNT-4" if split else "", pat))
    return ir, chk


def entry_for(stage):
    """An entry for a shader's module (DXC loads no such module without
    one; a library needs none)."""
    if stage == "library":
        return ""
    threads = ' "hlsl.numthreads"="1,1,1"' if stage in ("compute", "mesh", "amplification") \
        else ""
    return ("\n; The module's entry (DXC's validator loads no shader without one).\n"
            "define void @main() #0 {\n  ret void\n}\n"
            "attributes #0 = { \"hlsl.shader\"=\"%s\"%s }\n" % (stage, threads))


def write_op(g, out, op, maps):
    name = op.get("name")
    files = []
    for tag, v in (("", (1, 9)), (".pre19", (1, 8))):
        if ver(op.get("dxil")) > v:
            continue
        ir, chk = funcs(g, op, maps, v, "CHECK")
        stage = stage_at(op, v)
        if not ir or not stage:
            continue
        triple = "dxilv1.%d-pc-shadermodel6.%d-%s" % (v[1], v[1], stage)
        text = HEADER + "; %s (opcode %s) at DXIL 1.%d.\n" % (name, op.get("index"), v[1])
        text += "; RUN: %dxil-lower %s -o %t.ll\n"
        if "8" in (letters_at(op, v)[0] or ""):
            # DXC's validator allows an i8 only as an immediate op operand
            # (Types.I8): the functions returning the i8 overload's result
            # are not valid DXIL, the op calls themselves are.
            text += ("; RUN: not %dxil-upgrade --check %t.ll 2>&1 | "
                     "%FileCheck %s --check-prefix=VALID\n"
                     "; VALID: `ret i8 {{.*}}[Types.I8]\n"
                     "; VALID-NOT: {{\\[(Sm|Instr)\\.}}\n")
        else:
            text += "; RUN: %dxil-upgrade --check %t.ll\n"
        text += "; RUN: %FileCheck %s < %t.ll\n"
        text += "target triple = \"%s\"\n\n" % triple + "\n".join(ir) + "\n".join(chk) + "\n"
        text += entry_for(stage)
        path = os.path.join(out, "%s%s.ll" % (name, tag))
        with open(path, "w") as f:
            f.write(text)
        files.append(path)
    return files


def error_case(g, op, m):
    """A call of a type op does not allow at DXIL 1.8, or None."""
    scal, _ = letters_at(op, (1, 8))
    if not scal or scal == "v" or "," in scal or not m.get("overload"):
        return None
    family = FLOATS if scal[0] in FLOATS else INTS
    for letter in family:
        if letter in scal or letter == "1":
            continue
        made = g.call(op, m, letter, 0)
        if made and parses(made[1]):
            return made, mangle(LETTER_TYPES[letter]), scal
    return None


def main():
    root = sys.argv[1]
    g = Gen(root)
    out = os.path.join(root, "test", "lit", "lower", "modern", "ops")
    for f in os.listdir(out):
        if f.endswith(".ll"):
            os.unlink(os.path.join(out, f))
    errs, echk = [], []
    for op in g.spec.iter("op"):
        maps = [m for m in op.findall("map") if usable(m)]
        if op.get("table") != "core" or not maps:
            continue
        write_op(g, out, op, maps)
        e = error_case(g, op, maps[0]) \
            if ver(op.get("dxil")) <= (1, 8) and stage_at(op, (1, 8)) == "library" else None
        if e:
            (name, lines), sfx, allowed = e
            errs += lines + [""]
            echk.append("; CHECK-DAG: error DXIL6000: @%s: `{{.*}}`: type mismatch between intrinsic "
                        "and DXIL op %s: overload %s not allowed at DXIL 1.8 (allowed: %s)"
                        % (name, op.get("name"), sfx, allowed))
    text = HEADER + "; One call per op of a type no overload allows: one error each, no output.\n"
    text += "; RUN: rm -f %t.ll\n"
    text += "; RUN: %expect-exit 1 %dxil-lower %s -o %t.ll 2>&1 | %FileCheck %s\n"
    text += "; RUN: not test -e %t.ll\n"
    text += "target triple = \"dxilv1.8-pc-shadermodel6.8-library\"\n\n"
    with open(os.path.join(out, "type-errors.ll"), "w") as f:
        f.write(text + "\n".join(errs) + "\n".join(echk) + "\n")


if __name__ == "__main__":
    main()
