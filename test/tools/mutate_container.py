"""mutate_container.py - part-level mutants of a DXContainer (used by
mutate.py): each function takes the container's bytes and a random.Random
and returns (new bytes, detail) or None when the mutation does not apply.
The layouts are those of DXC's container format (DxilContainer.h,
DxilPipelineStateValidation.h): facts, read here with struct."""
import struct

HEADER = 32  # 'DXBC', digest[16], version u16 u16, size u32, part count u32


def parse(blob):
    """[(fourcc, data)] of a container, or None when it is not one."""
    if len(blob) < HEADER or blob[:4] != b"DXBC":
        return None
    count = struct.unpack_from("<I", blob, 28)[0]
    parts = []
    for i in range(count):
        off = struct.unpack_from("<I", blob, HEADER + 4 * i)[0]
        fourcc = blob[off:off + 4]
        size = struct.unpack_from("<I", blob, off + 4)[0]
        parts.append((fourcc, bytes(blob[off + 8:off + 8 + size])))
    return parts


def build(parts, version=(1, 0)):
    """A container of the given parts, digest zero (unsigned)."""
    table = HEADER + 4 * len(parts)
    offsets, body, at = [], b"", table
    for fourcc, data in parts:
        offsets.append(at)
        chunk = fourcc + struct.pack("<I", len(data)) + data
        body += chunk
        at += len(chunk)
    head = b"DXBC" + b"\0" * 16 + struct.pack("<HHII", version[0], version[1], at, len(parts))
    return head + b"".join(struct.pack("<I", o) for o in offsets) + body


def _version(blob):
    return struct.unpack_from("<HH", blob, 20)


def _replace(blob, fourcc, data):
    parts = parse(blob)
    return build([(f, data if f == fourcc else d) for f, d in parts], _version(blob))


def _part(blob, fourcc):
    for f, d in parse(blob) or []:
        if f == fourcc:
            return d
    return None


# ------------------------------------------------------------- parts

def part_duplicate(blob, rng):
    parts = parse(blob)
    cands = [p for p in parts if p[0] in (b"SFI0", b"PSV0", b"ISG1", b"OSG1", b"RTS0", b"STAT")]
    if not cands:
        return None
    dup = rng.choice(cands)
    return build(parts + [dup], _version(blob)), "repeated " + dup[0].decode()


def part_missing(blob, rng):
    parts = parse(blob)
    # Parts DXC requires whenever the module implies them: PSV0 always for
    # shaders (not libraries), the signatures when they have elements, SFI0
    # when a feature flag is set.
    cands = []
    for f, d in parts:
        if f == b"PSV0":
            cands.append(f)
        elif f in (b"ISG1", b"OSG1", b"PSG1") and len(d) >= 4 and struct.unpack_from("<I", d, 0)[0] > 0:
            cands.append(f)
        elif f == b"SFI0" and len(d) >= 8 and struct.unpack_from("<Q", d, 0)[0] != 0:
            cands.append(f)
    if not cands:
        return None
    gone = rng.choice(cands)
    return build([p for p in parts if p[0] != gone], _version(blob)), "dropped " + gone.decode()


def part_unknown(blob, rng):
    parts = parse(blob)
    name = rng.choice([b"XYZW", b"MUT0", b"ABCD"])
    return build(parts + [(name, b"\0" * 8)], _version(blob)), "added " + name.decode()


def hash_corrupt(blob, rng):
    data = _part(blob, b"HASH")
    if data is None or len(data) < 20:
        return None
    i = 4 + rng.randrange(16)
    new = bytearray(data)
    new[i] ^= 0xFF
    return _replace(blob, b"HASH", bytes(new)), f"HASH digest byte {i - 4} flipped"


def sfi0_flip(blob, rng):
    data = _part(blob, b"SFI0")
    if data is None or len(data) < 8:
        return None
    flags = struct.unpack_from("<Q", data, 0)[0]
    # Set a feature the module does not use (doubles, int64, wave ops,
    # view ID...), or clear one it does.
    set_bits = [b for b in range(0, 24) if flags >> b & 1]
    if set_bits and rng.random() < 0.5:
        bit = rng.choice(set_bits)
    else:
        bit = rng.choice([b for b in (0, 1, 3, 5, 14, 15) if not flags >> b & 1] or [0])
    new = struct.pack("<Q", flags ^ (1 << bit)) + data[8:]
    return _replace(blob, b"SFI0", new), f"SFI0 bit {bit} flipped (0x{flags:x})"


# ------------------------------------------------------------- PSV0

class Psv:
    """Offsets of PSV0's pieces (runtime info, resources, elements)."""

    def __init__(self, data):
        self.data = data
        self.rsize = struct.unpack_from("<I", data, 0)[0]
        off = 4 + self.rsize
        self.nres = struct.unpack_from("<I", data, off)[0]
        off += 4
        self.res_off, self.res_size = off, 0
        if self.nres:
            self.res_size = struct.unpack_from("<I", data, off)[0]
            self.res_off = off + 4
            off = self.res_off + self.nres * self.res_size
        self.elems = []  # (offset, size)
        if self.rsize >= 36:
            strtab = struct.unpack_from("<I", data, off)[0]
            off += 4 + strtab
            nidx = struct.unpack_from("<I", data, off)[0]
            off += 4 + 4 * nidx
            n = sum(data[4 + 28:4 + 31])
            if n:
                esize = struct.unpack_from("<I", data, off)[0]
                off += 4
                self.elems = [(off + i * esize, esize) for i in range(n)]

    def stage(self):
        return self.data[4 + 24] if self.rsize >= 36 else None


def _psv(blob):
    data = _part(blob, b"PSV0")
    if data is None or len(data) < 8:
        return None
    try:
        return Psv(data)
    except struct.error:
        return None


def psv_wave(blob, rng):
    p = _psv(blob)
    if not p or p.rsize < 24:
        return None
    new = bytearray(p.data)
    lo = struct.unpack_from("<I", new, 4 + 16)[0]
    struct.pack_into("<I", new, 4 + 16, 8 if lo != 8 else 16)
    return _replace(blob, b"PSV0", bytes(new)), f"PSV0 MinimumExpectedWaveLaneCount {lo} changed"


def psv_numthreads(blob, rng):
    p = _psv(blob)
    # Compute (5), mesh (13), amplification (14) carry NumThreads (PSV v2).
    if not p or p.rsize < 48 or p.stage() not in (5, 13, 14):
        return None
    new = bytearray(p.data)
    axis = rng.randrange(3)
    old = struct.unpack_from("<I", new, 4 + 36 + 4 * axis)[0]
    struct.pack_into("<I", new, 4 + 36 + 4 * axis, old + 1)
    return _replace(blob, b"PSV0", bytes(new)), f"PSV0 NumThreads[{axis}] {old} -> {old + 1}"


def psv_binding(blob, rng):
    p = _psv(blob)
    if not p or not p.nres or p.res_size < 16:
        return None
    i = rng.randrange(p.nres)
    at = p.res_off + i * p.res_size
    new = bytearray(p.data)
    lower, upper = struct.unpack_from("<II", new, at + 8)
    struct.pack_into("<II", new, at + 8, lower + 7, upper + 7 if upper != 0xFFFFFFFF else upper)
    return _replace(blob, b"PSV0", bytes(new)), f"PSV0 resource {i} LowerBound {lower} -> {lower + 7}"


def psv_sigelem(blob, rng):
    p = _psv(blob)
    if not p or not p.elems:
        return None
    i = rng.randrange(len(p.elems))
    at, size = p.elems[i]
    if size < 16:
        return None
    new = bytearray(p.data)
    cols = new[at + 10] & 0xF
    ncols = cols % 4 + 1
    new[at + 10] = (new[at + 10] & 0xF0) | ncols
    return _replace(blob, b"PSV0", bytes(new)), f"PSV0 signature element {i} columns {cols} -> {ncols}"


# ------------------------------------------------------------- signatures

def sig_mask(blob, rng):
    cands = []
    for f, d in parse(blob):
        if f in (b"ISG1", b"OSG1", b"PSG1") and len(d) >= 8:
            n, off = struct.unpack_from("<II", d, 0)
            for i in range(n):
                if off + 32 * (i + 1) <= len(d):
                    cands.append((f, d, off + 32 * i, i))
    if not cands:
        return None
    f, d, at, i = rng.choice(cands)
    new = bytearray(d)
    mask = new[at + 24]
    nmask = (mask ^ 0x8) or 0x1
    if nmask == mask:
        nmask = 0x3
    new[at + 24] = nmask
    return (_replace(blob, f, bytes(new)),
            f"{f.decode()} element {i} mask 0x{mask:x} -> 0x{nmask:x}")


def _sig_elements(blob):
    """[(fourcc, data, element offset, index)] of the signature parts."""
    cands = []
    for f, d in parse(blob):
        if f in (b"ISG1", b"OSG1", b"PSG1") and len(d) >= 8:
            n, off = struct.unpack_from("<II", d, 0)
            for i in range(n):
                if off + 32 * (i + 1) <= len(d):
                    cands.append((f, d, off + 32 * i, i))
    return cands


def sig_name_case(blob, rng):
    """A semantic name respelled in another case (SV_Position ->
    SV_POSITION): what a writer that keeps the HLSL's spelling writes."""
    cands = []
    for f, d, at, i in _sig_elements(blob):
        name = struct.unpack_from("<I", d, at + 4)[0]
        end = d.find(b"\0", name)
        if 0 < name < len(d) and end > name and d[name:end].upper() != d[name:end]:
            cands.append((f, d, name, end, i))
    if not cands:
        return None
    f, d, name, end, i = rng.choice(cands)
    new = bytearray(d)
    new[name:end] = d[name:end].upper()
    return (_replace(blob, f, bytes(new)),
            f"{f.decode()} element {i} name {d[name:end].decode()} -> {d[name:end].upper().decode()}")


def sig_sysvalue(blob, rng):
    """An element's system value swapped (none <-> position)."""
    cands = _sig_elements(blob)
    if not cands:
        return None
    f, d, at, i = rng.choice(cands)
    new = bytearray(d)
    sv = struct.unpack_from("<I", d, at + 12)[0]
    nsv = 0 if sv else 1
    struct.pack_into("<I", new, at + 12, nsv)
    return (_replace(blob, f, bytes(new)), f"{f.decode()} element {i} system value {sv} -> {nsv}")


def sig_rw_mask(blob, rng):
    """An element's read (input) / never-written (output) mask flipped."""
    cands = _sig_elements(blob)
    if not cands:
        return None
    f, d, at, i = rng.choice(cands)
    new = bytearray(d)
    rw = new[at + 25]
    new[at + 25] = rw ^ 0x1
    return (_replace(blob, f, bytes(new)),
            f"{f.decode()} element {i} read/write mask 0x{rw:x} -> 0x{rw ^ 1:x}")


# name: (function, DXC rule it breaks)
KINDS = {
    "part-duplicate": (part_duplicate, "Container.PartRepeated"),
    "part-missing": (part_missing, "Container.PartMissing"),
    "part-unknown": (part_unknown, "Container.PartInvalid"),
    "hash-corrupt": (hash_corrupt, "Container.PartMatches"),
    "sfi0-flags": (sfi0_flip, "Container.PartMatches"),
    "psv-wave": (psv_wave, "Container.PartMatches"),
    "psv-numthreads": (psv_numthreads, "Container.PartMatches"),
    "psv-binding": (psv_binding, "Container.PartMatches"),
    "psv-sigelem": (psv_sigelem, "Container.PartMatches"),
    "sig-mask": (sig_mask, "Container.PartMatches"),
    "sig-name-case": (sig_name_case, "Container.PartMatches"),
    "sig-sysvalue": (sig_sysvalue, "Container.PartMatches"),
    "sig-rw-mask": (sig_rw_mask, "Container.PartMatches"),
}
