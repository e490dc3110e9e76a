"""mutate_text.py - module-level mutants (used by mutate.py): each function
takes the DXIL-form text of a module (what `dxil-lower -S --keep-side-md`
prints for a raised container: dx.op calls, dx.* metadata, the side
metadata that keeps the typed-pointer facts) and a random.Random and
returns (new text, detail) or None when the mutation does not apply. The
text is then written with `dxil-lower --no-validate -o x.dxil`, which
lowers a DXIL-form module as it is. Each mutation breaks one rule of DXC's
validator (KINDS at the end names it); opcode numbers come from
spec/dxil-ops.xml, never typed here."""
import os
import re
import xml.etree.ElementTree as ET

SPEC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "spec", "dxil-ops.xml")


class Spec:
    """Op name -> (opcode, class fn, sm, overload types by dxil version)."""
    _ops = None

    @classmethod
    def ops(cls):
        if cls._ops is None:
            root = ET.parse(SPEC).getroot()
            fns = {c.get("name"): c.get("fn") for c in root.iter("class")}
            ops = {}  # filled whole before it is shared: threads call ops()
            for op in root.iter("op"):
                if op.get("table") != "core":
                    continue
                ovl = [(o.get("dxil"), o.get("types")) for o in op.findall("overloads")]
                ops[op.get("name")] = (int(op.get("index")), fns.get(op.get("class")),
                                       _ver(op.get("sm")), ovl)
            cls._ops = ops
        return cls._ops

    @classmethod
    def by_opcode(cls, code):
        for name, v in cls.ops().items():
            if v[0] == code:
                return name, v
        return None, None


def _ver(s):
    a, b = (s or "6.0").split(".")
    return int(a), int(b)


def overloads_at(ovl, dxil):
    """The overload letters valid at a DXIL version (the last row not after it)."""
    types = ""
    for v, t in ovl:
        if _ver(v) <= dxil:
            types = t or ""
    return types


# ------------------------------------------------------------- the module

MD_LINE = re.compile(r"^!(\d+) = ")
DEFINE = re.compile(r"^define .*@([\w.$\"]+)\(")
BINOP = re.compile(r"^(\s+)(%[\w.]+) = (fadd|fsub|fmul|add|sub|mul|and|or|xor)"
                   r"((?: (?:fast|nnan|ninf|nsz|arcp|contract|afn|reassoc|nuw|nsw))*)"
                   r" (float|double|half|i16|i32|i64) (%[\w.]+|[-\w.+]+), (%[\w.]+|[-\w.+]+)$")


class Mod:
    def __init__(self, text):
        self.lines = text.split("\n")

    def text(self):
        return "\n".join(self.lines)

    def named(self, name):
        """Operand numbers of a named metadata node (!dx.entryPoints = !{!9})."""
        for ln in self.lines:
            if ln.startswith("!" + name + " = !{"):
                return [int(x) for x in re.findall(r"!(\d+)", ln[len(name) + 1:])]
        return []

    def md_index(self, k):
        for i, ln in enumerate(self.lines):
            if ln.startswith(f"!{k} = "):
                return i
        return None

    def md(self, k):
        i = self.md_index(k)
        return self.lines[i] if i is not None else None

    def set_md(self, k, body):
        self.lines[self.md_index(k)] = f"!{k} = {body}"

    def new_md(self, body):
        nums = [int(m.group(1)) for m in map(MD_LINE.match, self.lines) if m]
        k = max(nums, default=-1) + 1
        self.lines.append(f"!{k} = {body}")
        return k

    def add_named(self, name, body):
        k = self.new_md(body)
        # Named metadata goes before the numbered nodes.
        first = next(i for i, ln in enumerate(self.lines) if MD_LINE.match(ln))
        self.lines.insert(first, f"!{name} = !{{!{k}}}")

    def version(self, name):
        k = self.named(name)
        if not k:
            return None
        nums = re.findall(r"i32 (\d+)", self.md(k[0]))
        return int(nums[0]), int(nums[1])

    def sm(self):
        k = self.named("dx.shaderModel")
        m = re.match(r'!\d+ = !\{!"(\w+)", i32 (\d+), i32 (\d+)\}', self.md(k[0])) if k else None
        return (m.group(1), int(m.group(2)), int(m.group(3))) if m else (None, 0, 0)

    def entry(self):
        """(entry function name, entry node number, its operands text) or None."""
        k = self.named("dx.entryPoints")
        if not k:
            return None
        m = re.match(r"!\d+ = !\{ptr @([\w.$\"]+), (.*)\}$", self.md(k[0]))
        return (m.group(1), k[0], m.group(2)) if m else None

    def entry_props(self):
        """Number of the entry's properties node, or None (null / no entry)."""
        e = self.entry()
        if not e:
            return None
        ops = [x.strip() for x in e[2].split(",")]
        return int(ops[-1][1:]) if ops[-1].startswith("!") else None

    def body_start(self, fn):
        """Index of the first instruction line of function fn."""
        for i, ln in enumerate(self.lines):
            m = DEFINE.match(ln)
            if m and m.group(1) == fn:
                j = i + 1
                while self.lines[j].strip() == "" or self.lines[j].rstrip().endswith(":") or \
                        re.match(r"^\d+:", self.lines[j]):
                    j += 1
                return j
        return None

    def instr_lines(self, rx):
        """(index, match) of instruction lines inside function bodies matching rx."""
        out, inside = [], False
        for i, ln in enumerate(self.lines):
            if ln.startswith("define "):
                inside = True
            elif ln.startswith("}"):
                inside = False
            elif inside:
                m = rx.match(ln)
                if m:
                    out.append((i, m))
        return out

    def has_decl(self, fname):
        return any(re.match(r"^(declare|define) .*@" + re.escape(fname) + r"\(", ln) for ln in self.lines)

    def add_decl(self, decl, fname):
        if not self.has_decl(fname):
            at = next(i for i, ln in enumerate(self.lines) if MD_LINE.match(ln) or ln.startswith("attributes") or
                      ln.startswith("!"))
            self.lines.insert(at, decl)
            self.lines.insert(at + 1, "")

    def add_function(self, text):
        at = next(i for i, ln in enumerate(self.lines) if ln.startswith("attributes") or ln.startswith("!"))
        self.lines[at:at] = text.split("\n") + [""]


def _pick(rng, cands):
    return rng.choice(cands) if cands else None


def _dxil(m):
    return m.version("dx.version") or (1, 0)


# ------------------------------------------------------------- types

def vector_binop(text, rng):
    m = Mod(text)
    if _dxil(m) >= (1, 9):
        return None  # native vectors are DXIL from 1.9 on
    hit = _pick(rng, m.instr_lines(BINOP))
    if not hit:
        return None
    i, g = hit
    ind, res, op, flags, ty, a, b = g.groups()
    vt = f"<2 x {ty}>"
    m.lines[i:i + 1] = [
        f"{ind}%mut.va = insertelement {vt} undef, {ty} {a}, i32 0",
        f"{ind}%mut.vb = insertelement {vt} undef, {ty} {b}, i32 0",
        f"{ind}%mut.vr = {op}{flags} {vt} %mut.va, %mut.vb",
        f"{ind}{res} = extractelement {vt} %mut.vr, i32 0",
    ]
    return m.text(), f"{op} {ty} {res} done on {vt}"


def i8_value(text, rng):
    m = Mod(text)
    hit = _pick(rng, [h for h in m.instr_lines(BINOP) if h[1].group(5) == "i32"])
    if not hit:
        return None
    i, g = hit
    ind, res = g.group(1), g.group(2)
    m.lines[i] = m.lines[i].replace(f"{res} = ", "%mut.wide = ", 1)
    m.lines[i + 1:i + 1] = [f"{ind}%mut.narrow = trunc i32 %mut.wide to i8",
                            f"{ind}{res} = zext i8 %mut.narrow to i32"]
    return m.text(), f"{res} passes through an i8"


LOAD = re.compile(r"^(\s+)(%[\w.]+) = load (float|i32), ptr (%[\w.]+|@[\w.]+)(.*)$")


def i8_gep(text, rng):
    m = Mod(text)
    hit = _pick(rng, m.instr_lines(LOAD))
    if not hit:
        return None
    i, g = hit
    ind, res, ty, ptr, rest = g.groups()
    m.lines[i:i + 1] = [f"{ind}%mut.bytes = getelementptr i8, ptr {ptr}, i32 0",
                        f"{ind}{res} = load {ty}, ptr %mut.bytes{rest}"]
    return m.text(), f"load of {res} through an i8 GEP of {ptr}"


def load_retype(text, rng):
    m = Mod(text)
    hit = _pick(rng, m.instr_lines(LOAD))
    if not hit:
        return None
    i, g = hit
    ind, res, ty, ptr, rest = g.groups()
    other = "i32" if ty == "float" else "float"
    m.lines[i:i + 1] = [f"{ind}%mut.other = load {other}, ptr {ptr}{rest}",
                        f"{ind}{res} = bitcast {other} %mut.other to {ty}"]
    return m.text(), f"{ty} load of {ptr} done as {other}"


def multidim_alloca(text, rng):
    m = Mod(text)
    e = m.entry()
    at = m.body_start(e[0]) if e else None
    if at is None:
        return None
    ind = "  "
    m.lines[at:at] = [f"{ind}%mut.arr = alloca [2 x [2 x i32]], align 4",
                      f"{ind}%mut.el = getelementptr inbounds [2 x [2 x i32]], ptr %mut.arr, i32 0, i32 1, i32 1",
                      f"{ind}store i32 1, ptr %mut.el, align 4"]
    return m.text(), "a [2 x [2 x i32]] alloca in the entry"


# ------------------------------------------------------------- instructions

def undef_operand(text, rng):
    m = Mod(text)
    hit = _pick(rng, m.instr_lines(BINOP))
    if not hit:
        return None
    i, g = hit
    a = g.group(6)
    m.lines[i] = m.lines[i][:g.start(6)] + "undef" + m.lines[i][g.end(6):]
    return m.text(), f"{g.group(3)} {g.group(2)}: operand {a} -> undef"


def div_zero(text, rng):
    m = Mod(text)
    hit = _pick(rng, [h for h in m.instr_lines(BINOP) if h[1].group(5) == "i32"])
    if not hit:
        return None
    i, g = hit
    ind, res = g.group(1), g.group(2)
    m.lines[i] = m.lines[i].replace(f"{res} = ", "%mut.num = ", 1)
    m.lines[i + 1:i + 1] = [f"{ind}{res} = sdiv i32 %mut.num, 0"]
    return m.text(), f"{res} divided by a constant zero"


def atomic_local(text, rng):
    m = Mod(text)
    e = m.entry()
    at = m.body_start(e[0]) if e else None
    if at is None:
        return None
    m.lines[at:at] = ["  %mut.local = alloca i32, align 4",
                      "  store i32 0, ptr %mut.local, align 4",
                      "  %mut.old = atomicrmw add ptr %mut.local, i32 1 seq_cst, align 4"]
    return m.text(), "atomicrmw on a function-local alloca"


def extern_fn(text, rng):
    m = Mod(text)
    e = m.entry()
    at = m.body_start(e[0]) if e else None
    if at is None:
        return None
    name = rng.choice(["external_helper", "printf_like", "my_extern"])
    m.lines[at:at] = [f"  call void @{name}(i32 1)"]
    m.add_decl(f"declare void @{name}(i32)", name)
    return m.text(), f"calls the external @{name}"


def recursion(text, rng):
    m = Mod(text)
    e = m.entry()
    at = m.body_start(e[0]) if e else None
    if at is None:
        return None
    m.lines[at:at] = ["  call void @mut.recurse()"]
    m.add_function("define internal void @mut.recurse() {\n  call void @mut.recurse()\n  ret void\n}")
    return m.text(), "the entry calls a function that calls itself"


def unused_internal(text, rng):
    m = Mod(text)
    if not m.entry():
        return None
    m.add_function("define internal void @mut.unused() {\n  ret void\n}")
    return m.text(), "an internal function nothing calls"


def fn_attr(text, rng):
    m = Mod(text)
    e = m.entry()
    if not e:
        return None
    for i, ln in enumerate(m.lines):
        g = DEFINE.match(ln)
        if g and g.group(1) == e[0]:
            m.lines[i] = re.sub(r"\)\s*(#\d+\s*)?\{$", ') "mut-attribute"="on" {', ln)
            if m.lines[i] == ln:
                return None
            return m.text(), f"@{e[0]} gets the attribute \"mut-attribute\"=\"on\""
    return None


# ------------------------------------------------------------- dx.op calls

DXOP = re.compile(r"^(\s+)(?:(%[\w.]+) = )?call ([\w.%]+) @dx\.op\.(\w+)(?:\.(\w+))?\(i32 (\d+)(.*)\)(.*)$")


def _dxop_calls(m, fn=None, ovl=None):
    return [h for h in m.instr_lines(DXOP)
            if (fn is None or h[1].group(4) == fn) and (ovl is None or h[1].group(5) == ovl)]


def _args(s):
    """Top-level comma split of an argument or metadata operand list."""
    out, depth, cur, quote = [], 0, "", False
    for ch in s:
        if ch == '"':
            quote = not quote
        if not quote:
            if ch in "([{<":
                depth += 1
            elif ch in ")]}>":
                depth -= 1
            elif ch == "," and depth == 0:
                out.append(cur.strip())
                cur = ""
                continue
        cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def dxop_overload(text, rng):
    """A float-only op called through an i32 overload (bitcasts around it)."""
    m = Mod(text)
    dxil = _dxil(m)
    cands = []
    for h in _dxop_calls(m, ovl="f32"):
        fn = h[1].group(4)
        name, op = Spec.by_opcode(int(h[1].group(6)))
        if fn in ("unary", "binary", "tertiary") and op and "i" not in overloads_at(op[3], dxil):
            cands.append((h, name))
    if not cands:
        return None
    (i, g), name = rng.choice(cands)
    ind, res, _, fn, _, opc, rest, tail = g.groups()
    args = _args(rest.lstrip(", "))
    new, casts = [], []
    for k, a in enumerate(args):
        val = a.split(" ", 1)[1]
        casts.append(f"{ind}%mut.a{k} = bitcast float {val} to i32")
        new.append(f"i32 %mut.a{k}")
    m.lines[i:i + 1] = casts + [
        f"{ind}%mut.r = call i32 @dx.op.{fn}.i32(i32 {opc}, {', '.join(new)}){tail}",
        f"{ind}{res} = bitcast i32 %mut.r to float"]
    m.add_decl(f"declare i32 @dx.op.{fn}.i32(i32{', i32' * len(args)})", f"dx.op.{fn}.i32")
    return m.text(), f"{name} ({opc}) called as @dx.op.{fn}.i32"


# Ops newer than the module's shader model, called with constant operands.
NEWER_OPS = [
    ("Dot4AddI8Packed", "call i32 @dx.op.dot4AddPacked.i32(i32 {op}, i32 0, i32 1, i32 2)",
     "declare i32 @dx.op.dot4AddPacked.i32(i32, i32, i32, i32)", "dx.op.dot4AddPacked.i32"),
    ("Pack4x8", "call i32 @dx.op.pack4x8.i32(i32 {op}, i8 0, i32 1, i32 2, i32 3, i32 4)",
     "declare i32 @dx.op.pack4x8.i32(i32, i8, i32, i32, i32, i32)", "dx.op.pack4x8.i32"),
    ("QuadVote", "call i1 @dx.op.quadVote.i1(i32 {op}, i1 true, i8 0)",
     "declare i1 @dx.op.quadVote.i1(i32, i1, i8)", "dx.op.quadVote.i1"),
]


def dxop_newer_sm(text, rng):
    m = Mod(text)
    kind, major, minor = m.sm()
    e = m.entry()
    at = m.body_start(e[0]) if e else None
    if at is None or not kind:
        return None
    cands = [o for o in NEWER_OPS if Spec.ops()[o[0]][2] > (major, minor)]
    if not cands:
        return None
    name, call, decl, fname = rng.choice(cands)
    code, _, sm, _ = Spec.ops()[name]
    m.lines[at:at] = ["  %mut.newer = " + call.format(op=code)]
    m.add_decl(decl, fname)
    return m.text(), f"{name} (SM {sm[0]}.{sm[1]}) in a {kind}_{major}_{minor} module"


def dxop_bad_opcode(text, rng):
    m = Mod(text)
    hit = _pick(rng, _dxop_calls(m))
    if not hit:
        return None
    i, g = hit
    bad = rng.choice([4000, 100000, 0x7FFFFFF0])
    m.lines[i] = m.lines[i][:g.start(6)] + str(bad) + m.lines[i][g.end(6):]
    return m.text(), f"@dx.op.{g.group(4)} opcode {g.group(6)} -> {bad}"


def dxop_wrong_function(text, rng):
    """A unary call's opcode replaced by a binary op's: the function is not that op's."""
    m = Mod(text)
    hit = _pick(rng, _dxop_calls(m, fn="unary"))
    if not hit:
        return None
    i, g = hit
    other = Spec.ops()["FMax"][0] if g.group(5) in ("f32", "f16", "f64") else Spec.ops()["IMax"][0]
    m.lines[i] = m.lines[i][:g.start(6)] + str(other) + m.lines[i][g.end(6):]
    return m.text(), f"@dx.op.unary.{g.group(5)} called with opcode {other} (a binary op)"


def _sig_calls(m):
    return _dxop_calls(m, fn="storeOutput") + _dxop_calls(m, fn="loadInput")


def imm_undef(text, rng):
    """The signature element ID of a loadInput/storeOutput made undef."""
    m = Mod(text)
    hit = _pick(rng, _sig_calls(m))
    if not hit:
        return None
    i, g = hit
    args = _args(g.group(7).lstrip(", "))
    args[0] = "i32 undef"
    m.lines[i] = m.lines[i][:g.start(7)] + ", " + ", ".join(args) + m.lines[i][g.end(7):]
    return m.text(), f"@dx.op.{g.group(4)} signature ID -> undef"


def imm_nonconst(text, rng):
    """The signature element ID of a loadInput/storeOutput computed, not immediate."""
    m = Mod(text)
    hit = _pick(rng, _sig_calls(m))
    if not hit:
        return None
    i, g = hit
    args = _args(g.group(7).lstrip(", "))
    sid = args[0].split(" ")[1]
    args[0] = "i32 %mut.sigid"
    m.lines[i] = m.lines[i][:g.start(7)] + ", " + ", ".join(args) + m.lines[i][g.end(7):]
    m.lines[i:i] = [f"{g.group(1)}%mut.sigid = add i32 {sid}, 0"]
    return m.text(), f"@dx.op.{g.group(4)} signature ID {sid} computed by an add"


def col_range(text, rng):
    m = Mod(text)
    hit = _pick(rng, _sig_calls(m))
    if not hit:
        return None
    i, g = hit
    args = _args(g.group(7).lstrip(", "))
    old = args[2]
    args[2] = "i8 9"
    m.lines[i] = m.lines[i][:g.start(7)] + ", " + ", ".join(args) + m.lines[i][g.end(7):]
    return m.text(), f"@dx.op.{g.group(4)} column {old} -> 9"


def barrier_mode(text, rng):
    m = Mod(text)
    hit = _pick(rng, _dxop_calls(m, fn="barrier"))
    if not hit:
        return None
    i, g = hit
    m.lines[i] = re.sub(r"(@dx\.op\.barrier\(i32 \d+, i32 )\d+", r"\g<1>1", m.lines[i])
    return m.text(), "barrier mode -> 1 (thread sync, no memory)"


# ------------------------------------------------------------- metadata

def unknown_md(text, rng):
    m = Mod(text)
    name = rng.choice(["dx.mutant", "dx.unknownNode", "mut.named"])
    m.add_named(name, "!{i32 1}")
    return m.text(), f"named metadata !{name}"


def _props(m):
    """(node number, operand list) of the entry's properties, or None."""
    k = m.entry_props()
    if k is None:
        return None
    return k, _args(m.md(k).split(" = ", 1)[1][2:-1])


def _set_props(m, k, ops):
    m.set_md(k, "!{" + ", ".join(ops) + "}")


def _flags(ops):
    for j in range(0, len(ops) - 1, 2):
        if ops[j] == "i32 0":
            return j + 1, int(ops[j + 1].split(" ")[1])
    return None, 0


# Feature bits (DXC's ShaderFlags) no corpus shader sets by accident:
# doubles (2), min precision (5), double extensions (6), int64 (20).
ADD_BITS = (2, 5, 6, 20)


def flags_add(text, rng):
    m = Mod(text)
    p = _props(m)
    if not p:
        return None
    k, ops = p
    j, flags = _flags(ops)
    bits = [b for b in ADD_BITS if not flags >> b & 1]
    if not bits:
        return None
    bit = rng.choice(bits)
    new = flags | 1 << bit
    if j is None:
        ops = ["i32 0", f"i64 {new}"] + ops
    else:
        ops[j] = f"i64 {new}"
    _set_props(m, k, ops)
    return m.text(), f"entry flags 0x{flags:x} -> 0x{new:x} (bit {bit} unused)"


def flags_drop(text, rng):
    m = Mod(text)
    p = _props(m)
    if not p:
        return None
    k, ops = p
    j, flags = _flags(ops)
    # Bits 0, 1 and 3 (optimisation and early-depth hints) are the
    # compiler's choice; the others follow from what the code does.
    bits = [b for b in range(4, 40) if flags >> b & 1]
    if j is None or not bits:
        return None
    bit = rng.choice(bits)
    ops[j] = f"i64 {flags & ~(1 << bit)}"
    _set_props(m, k, ops)
    return m.text(), f"entry flags 0x{flags:x}: bit {bit} dropped"


def _numthreads(m):
    p = _props(m)
    if not p or m.sm()[0] != "cs":
        return None
    k, ops = p
    for j in range(0, len(ops) - 1, 2):
        if ops[j] == "i32 4" and ops[j + 1].startswith("!"):
            return int(ops[j + 1][1:])
    return None


def numthreads_range(text, rng):
    m = Mod(text)
    k = _numthreads(m)
    if k is None:
        return None
    old = m.md(k).split(" = ", 1)[1]
    bad = rng.choice(["!{i32 2000, i32 1, i32 1}", "!{i32 0, i32 1, i32 1}", "!{i32 1, i32 1, i32 100}"])
    m.set_md(k, bad)
    return m.text(), f"numthreads {old} -> {bad}"


def numthreads_total(text, rng):
    m = Mod(text)
    k = _numthreads(m)
    if k is None:
        return None
    old = m.md(k).split(" = ", 1)[1]
    m.set_md(k, "!{i32 32, i32 32, i32 2}")
    return m.text(), f"numthreads {old} -> (32, 32, 2)"


def _sig_elements(m):
    e = m.entry()
    if not e:
        return []
    ops = _args(e[2])
    if len(ops) < 2 or not ops[1].startswith("!"):
        return []
    out = []
    for lst in re.findall(r"!(\d+)", m.md(int(ops[1][1:])).split(" = ", 1)[1]):
        for el in re.findall(r"!(\d+)", m.md(int(lst)).split(" = ", 1)[1]):
            body = _args(m.md(int(el)).split(" = ", 1)[1][2:-1])
            if len(body) >= 10 and body[1].startswith('!"'):
                out.append((int(el), body))
    return out


def _sig_field(text, rng, field, value, what):
    m = Mod(text)
    els = _sig_elements(m)
    if not els:
        return None
    k, body = rng.choice(els)
    old = body[field]
    body[field] = value
    m.set_md(k, "!{" + ", ".join(body) + "}")
    return m.text(), f"signature element {body[1]}: {what} {old} -> {value}"


def sema_kind(text, rng):
    return _sig_field(text, rng, 3, "i8 99", "semantic kind")


def interp_mode(text, rng):
    m = Mod(text)
    if m.sm()[0] not in ("ps",):
        return None  # interpolation is checked where it means something
    return _sig_field(text, rng, 5, "i8 42", "interpolation mode")


def _resources(m):
    """[(class 0..3, node number, operands)] of dx.resources."""
    k = m.named("dx.resources")
    if not k:
        return []
    lists = [x for x in _args(m.md(k[0]).split(" = ", 1)[1][2:-1])]
    out = []
    for cls, ref in enumerate(lists):
        if not ref.startswith("!"):
            continue
        for el in re.findall(r"!(\d+)", m.md(int(ref[1:])).split(" = ", 1)[1]):
            out.append((cls, int(el), _args(m.md(int(el)).split(" = ", 1)[1][2:-1])))
    return out


def cbuffer_size(text, rng):
    m = Mod(text)
    cands = [r for r in _resources(m) if r[0] == 2 and len(r[2]) >= 7]
    if not cands:
        return None
    _, k, ops = rng.choice(cands)
    old = ops[6]
    ops[6] = "i32 70000"
    m.set_md(k, "!{" + ", ".join(ops) + "}")
    return m.text(), f"CBuffer {ops[2]} size {old} -> 70000"


def res_overlap(text, rng):
    m = Mod(text)
    res = _resources(m)
    pairs = [(a, b) for a in res for b in res if a[0] == b[0] and a[1] < b[1]]
    if not pairs:
        return None
    a, b = rng.choice(pairs)
    ops = b[2]
    ops[3], ops[4] = a[2][3], a[2][4]
    m.set_md(b[1], "!{" + ", ".join(ops) + "}")
    return m.text(), f"resource {ops[2]} moved onto {a[2][2]} ({a[2][3]}, {a[2][4]})"


def dense_ids(text, rng):
    m = Mod(text)
    res = _resources(m)
    if not res:
        return None
    _, k, ops = rng.choice(res)
    old = int(ops[0].split(" ")[1])
    ops[0] = f"i32 {old + 5}"
    m.set_md(k, "!{" + ", ".join(ops) + "}")
    return m.text(), f"resource {ops[2]} ID {old} -> {old + 5}"


def valver(text, rng):
    m = Mod(text)
    k = m.named("dx.valver")
    if not k:
        return None
    m.set_md(k[0], "!{i32 1, i32 99}")
    return m.text(), "dx.valver -> 1.99"


def dxil_version_low(text, rng):
    m = Mod(text)
    kind, major, minor = m.sm()
    k = m.named("dx.version")
    if not k or (major, minor) < (6, 1):
        return None
    m.set_md(k[0], "!{i32 1, i32 0}")
    return m.text(), f"dx.version 1.0 under shader model {major}.{minor}"


# name: (function, DXC rule it breaks)
KINDS = {
    "vector-binop": (vector_binop, "Instr.Allowed"),
    "i8-value": (i8_value, "Types.I8"),
    "i8-gep": (i8_gep, "Types.I8"),
    "load-retype": (load_retype, "Bitcode.Valid"),
    "multidim-alloca": (multidim_alloca, "Types.NoMultiDim"),
    "undef-operand": (undef_operand, "Instr.NoReadingUninitialized"),
    "div-zero": (div_zero, "Instr.NoIDivByZero"),
    "atomic-local": (atomic_local, "Instr.AtomicOpNonGroupsharedOrRecord"),
    "extern-fn": (extern_fn, "Decl.DxilFnExtern"),
    "recursion": (recursion, "Flow.NoRecursion"),
    "unused-internal": (unused_internal, "Decl.UsedInternal"),
    "fn-attr": (fn_attr, "Decl.FnAttribute"),
    "dxop-overload": (dxop_overload, "Instr.Oload"),
    "dxop-newer-sm": (dxop_newer_sm, "Sm.Opcode"),
    "dxop-bad-opcode": (dxop_bad_opcode, "Instr.IllegalDXILOpCode"),
    "dxop-wrong-function": (dxop_wrong_function, "Instr.IllegalDXILOpFunction"),
    "imm-undef": (imm_undef, "Instr.OpConst"),
    "imm-nonconst": (imm_nonconst, "Instr.OpConst"),
    "col-range": (col_range, "Instr.OperandRange"),
    "barrier-mode": (barrier_mode, "Instr.BarrierModeNoMemory"),
    "unknown-md": (unknown_md, "Meta.Known"),
    "flags-add": (flags_add, "Meta.FlagsUsage"),
    "flags-drop": (flags_drop, "Meta.FlagsUsage"),
    "numthreads-range": (numthreads_range, "Sm.ThreadGroupChannelRange"),
    "numthreads-total": (numthreads_total, "Sm.MaxTheadGroup"),
    "sema-kind": (sema_kind, "Sm.Semantic"),
    "interp-mode": (interp_mode, "Meta.InterpModeValid"),
    "cbuffer-size": (cbuffer_size, "Sm.CBufferSize"),
    "res-overlap": (res_overlap, "Sm.ResourceRangeOverlap"),
    "dense-ids": (dense_ids, "Meta.DenseResIDs"),
    "valver": (valver, "Meta.VersionSupported"),
    "dxil-version-low": (dxil_version_low, "Sm.DxilVersion"),
}
