#!/usr/bin/env python3
"""bcdiff.py - compare, dump and survey LLVM 3.7 bitstreams (DXIL bitcode).

Usage:
  bcdiff.py [--all] [--max N] [--ignore-abbrevs] A B
  bcdiff.py --vocab FILE...
  bcdiff.py --dump FILE
  bcdiff.py [--ignore-abbrevs] --batch LIST     (LIST: lines "A<TAB>B")

Each input is raw bitcode ('BC' 0xC0DE, or LLVM's 0x0B17C0DE wrapper) or a
DXContainer, of which the DXIL part's bitcode is read. Exit status: 0 when
the inputs are the same (byte for byte; with --ignore-abbrevs, record for
record), 1 when they differ, 2 on bad input or usage. The bitstream reader
is self-contained (no LLVM needed), so the script runs anywhere Python 3 does.
"""
import struct
import sys

# ---------------------------------------------------------------- names

BLOCK_NAMES = {
    0: "BLOCKINFO", 8: "MODULE_BLOCK", 9: "PARAMATTR_BLOCK",
    10: "PARAMATTR_GROUP_BLOCK", 11: "CONSTANTS_BLOCK", 12: "FUNCTION_BLOCK",
    13: "IDENTIFICATION_BLOCK", 14: "VALUE_SYMTAB_BLOCK", 15: "METADATA_BLOCK",
    16: "METADATA_ATTACHMENT", 17: "TYPE_BLOCK", 18: "USELIST_BLOCK",
    19: "MODULE_STRTAB_BLOCK", 20: "GLOBALVAL_SUMMARY_BLOCK",
    21: "OPERAND_BUNDLE_TAGS_BLOCK", 22: "METADATA_KIND_BLOCK",
    23: "STRTAB_BLOCK", 24: "FULL_LTO_GLOBALVAL_SUMMARY_BLOCK",
    25: "SYMTAB_BLOCK", 26: "SYNC_SCOPE_NAMES_BLOCK",
}


def _names(prefix, text):
    out = {}
    for i, word in enumerate(text.split()):
        if word != "-":
            out[i + 1] = prefix + word
    return out


# Record codes by block id, LLVM 3.7 names (later codes kept for reading
# newer files, such as the tests' llvm-as-22 output). "-" is an unused code.
RECORD_NAMES = {
    0: _names("BLOCKINFO_CODE_", "SETBID BLOCKNAME SETRECORDNAME"),
    8: _names("MODULE_CODE_", "VERSION TRIPLE DATALAYOUT ASM SECTIONNAME DEPLIB "
              "GLOBALVAR FUNCTION ALIAS_OLD PURGEVALS GCNAME COMDAT VSTOFFSET "
              "ALIAS METADATA_VALUES_UNUSED SOURCE_FILENAME HASH IFUNC"),
    9: _names("PARAMATTR_CODE_", "ENTRY_OLD ENTRY"),
    10: {3: "PARAMATTR_GRP_CODE_ENTRY"},
    11: _names("CST_CODE_", "SETTYPE NULL UNDEF INTEGER WIDE_INTEGER FLOAT "
               "AGGREGATE STRING CSTRING CE_BINOP CE_CAST CE_GEP CE_SELECT "
               "CE_EXTRACTELT CE_INSERTELT CE_SHUFFLEVEC CE_CMP INLINEASM_OLD "
               "CE_SHUFVEC_EX CE_INBOUNDS_GEP BLOCKADDRESS DATA INLINEASM "
               "CE_GEP_WITH_INRANGE_INDEX CE_UNOP POISON DSO_LOCAL_EQUIVALENT "
               "INLINEASM_OLD3 NO_CFI_VALUE INLINEASM4 CE_GEP_WITH_INRANGE CE_GEP2 "
               "PTRAUTH"),
    12: _names("FUNC_CODE_", "DECLAREBLOCKS INST_BINOP INST_CAST INST_GEP_OLD "
               "INST_SELECT INST_EXTRACTELT INST_INSERTELT INST_SHUFFLEVEC "
               "INST_CMP INST_RET INST_BR INST_SWITCH INST_INVOKE - "
               "INST_UNREACHABLE INST_PHI - - INST_ALLOCA INST_LOAD - - "
               "INST_VAARG INST_STORE_OLD - INST_EXTRACTVAL INST_INSERTVAL "
               "INST_CMP2 INST_VSELECT INST_INBOUNDS_GEP_OLD INST_INDIRECTBR - "
               "DEBUG_LOC_AGAIN INST_CALL DEBUG_LOC INST_FENCE INST_CMPXCHG_OLD "
               "INST_ATOMICRMW INST_RESUME INST_LANDINGPAD_OLD "
               "INST_LOADATOMIC INST_STOREATOMIC_OLD INST_GEP INST_STORE "
               "INST_STOREATOMIC INST_CMPXCHG INST_LANDINGPAD INST_CLEANUPRET "
               "INST_CATCHRET INST_CATCHPAD INST_CLEANUPPAD INST_CATCHSWITCH - - "
               "OPERAND_BUNDLE INST_UNOP INST_CALLBR INST_FREEZE "
               "INST_ATOMICRMW2 BLOCKADDR_USERS DEBUG_RECORD_VALUE "
               "DEBUG_RECORD_DECLARE DEBUG_RECORD_ASSIGN "
               "DEBUG_RECORD_VALUE_SIMPLE DEBUG_RECORD_LABEL"),
    13: _names("IDENTIFICATION_CODE_", "STRING EPOCH"),
    14: _names("VST_CODE_", "ENTRY BBENTRY FNENTRY COMBINED_ENTRY"),
    15: _names("METADATA_", "STRING VALUE NODE NAME DISTINCT_NODE KIND "
               "LOCATION OLD_NODE OLD_FN_NODE NAMED_NODE ATTACHMENT "
               "GENERIC_DEBUG SUBRANGE ENUMERATOR BASIC_TYPE FILE DERIVED_TYPE "
               "COMPOSITE_TYPE SUBROUTINE_TYPE COMPILE_UNIT SUBPROGRAM "
               "LEXICAL_BLOCK LEXICAL_BLOCK_FILE NAMESPACE TEMPLATE_TYPE "
               "TEMPLATE_VALUE GLOBAL_VAR LOCAL_VAR EXPRESSION OBJC_PROPERTY "
               "IMPORTED_ENTITY MODULE MACRO MACRO_FILE STRINGS "
               "GLOBAL_DECL_ATTACHMENT GLOBAL_VAR_EXPR INDEX_OFFSET INDEX "
               "LABEL STRING_TYPE - - COMMON_BLOCK GENERIC_SUBRANGE ARG_LIST "
               "ASSIGN_ID"),
    16: {11: "METADATA_ATTACHMENT"},
    17: _names("TYPE_CODE_", "NUMENTRY VOID FLOAT DOUBLE LABEL OPAQUE INTEGER "
               "POINTER FUNCTION_OLD HALF ARRAY VECTOR X86_FP80 FP128 "
               "PPC_FP128 METADATA X86_MMX STRUCT_ANON STRUCT_NAME "
               "STRUCT_NAMED FUNCTION TOKEN BFLOAT X86_AMX OPAQUE_POINTER "
               "TARGET_TYPE"),
    18: _names("USELIST_CODE_", "DEFAULT BB"),
    21: {1: "OPERAND_BUNDLE_TAG"},
    22: {6: "METADATA_KIND"},
    23: {1: "STRTAB_BLOB"},
    25: {1: "SYMTAB_BLOB"},
    26: {1: "SYNC_SCOPE_NAME"},
}


def block_name(bid):
    return BLOCK_NAMES.get(bid, "BLOCK%d" % bid)


def record_name(bid, code):
    return RECORD_NAMES.get(bid, {}).get(code, "CODE%d" % code)


# ---------------------------------------------------------------- input


class BadInput(Exception):
    pass


def _u32(data, off):
    if off + 4 > len(data):
        raise BadInput("truncated at offset %d" % off)
    return struct.unpack_from("<I", data, off)[0]


def dxil_bitcode(data):
    """The DXIL part's bitcode of a DXContainer (first DXIL part)."""
    count = _u32(data, 28)
    for i in range(count):
        off = _u32(data, 32 + 4 * i)
        if off + 8 > len(data):
            raise BadInput("part %d: offset %d past the end" % (i, off))
        fourcc, size = data[off:off + 4], _u32(data, off + 4)
        if fourcc != b"DXIL":
            continue
        prog = off + 8
        if prog + 24 > len(data) or data[prog + 8:prog + 12] != b"DXIL":
            raise BadInput("part %d (DXIL): no 'DXIL' program header" % i)
        bc_off, bc_size = _u32(data, prog + 16), _u32(data, prog + 20)
        start = prog + 8 + bc_off
        if start + bc_size > off + 8 + size or start + bc_size > len(data):
            raise BadInput("part %d (DXIL): bitcode runs past the part" % i)
        return data[start:start + bc_size]
    raise BadInput("container has no DXIL part")


def load_bitcode(path):
    with open(path, "rb") as f:
        data = f.read()
    try:
        return bitcode_of(data)
    except BadInput as e:
        raise BadInput("%s: %s" % (path, e))


def bitcode_of(data):
    """The bitcode in a file's bytes: raw, wrapped, or a container's DXIL part."""
    if data[:4] == b"DXBC":
        data = dxil_bitcode(data)
    if data[:4] == b"\xde\xc0\x17\x0b":  # LLVM's bitcode wrapper header
        off, size = _u32(data, 8), _u32(data, 12)
        data = data[off:off + size]
    if data[:4] != b"BC\xc0\xde":
        raise BadInput("not bitcode (no 'BC' 0xC0DE magic)")
    return data


# ---------------------------------------------------------------- reader

# Abbreviation operand kinds.
LIT, FIXED, VBR, ARRAY, CHAR6, BLOB = range(6)
KIND_NAMES = {LIT: "lit", FIXED: "fixed", VBR: "vbr", ARRAY: "array",
              CHAR6: "char6", BLOB: "blob"}
CHAR6_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._"


def abbrev_text(ops):
    """An abbreviation as text, e.g. [lit 19, array, char6]."""
    parts = []
    for kind, val in ops:
        if kind in (LIT, FIXED, VBR):
            parts.append("%s %d" % (KIND_NAMES[kind], val))
        else:
            parts.append(KIND_NAMES[kind])
    return "[" + ", ".join(parts) + "]"


class Block:
    """One block: id, abbreviation width, length in words, bit offset, and
    its items in stream order: ('abbrev', ops), ('record', Record) or
    ('block', Block)."""
    __slots__ = ("bid", "width", "words", "bit", "items")

    def __init__(self, bid, width, words, bit):
        self.bid, self.width, self.words, self.bit = bid, width, words, bit
        self.items = []


class Record:
    """A record: the abbreviation id used (3 = unabbreviated), code,
    operands, blob bytes (or None) and bit offset."""
    __slots__ = ("abbrev", "code", "ops", "blob", "bit")

    def __init__(self, abbrev, code, ops, blob, bit):
        self.abbrev, self.code, self.ops, self.blob, self.bit = abbrev, code, ops, blob, bit


class Reader:
    def __init__(self, data, name):
        self.data = data + b"\0" * 8  # reads of up to 8 bytes never run off
        self.end = len(data) * 8
        self.pos = 32  # after the magic
        self.name = name
        self.blockinfo = {}  # block id -> abbreviations from BLOCKINFO

    def fail(self, what):
        raise BadInput("%s: bit %d (byte %d): %s" % (self.name, self.pos, self.pos // 8, what))

    def fixed(self, width):
        if width == 0:
            return 0
        pos = self.pos
        if pos + width > self.end:
            self.fail("read past the end of the bitcode")
        word = int.from_bytes(self.data[pos >> 3:(pos >> 3) + 8], "little")
        self.pos = pos + width
        return (word >> (pos & 7)) & ((1 << width) - 1)

    def vbr(self, width):
        if width == 0:
            return 0
        hi = 1 << (width - 1)
        val, shift = 0, 0
        while True:
            piece = self.fixed(width)
            val |= (piece & (hi - 1)) << shift
            if not piece & hi:
                return val
            shift += width - 1
            if shift > 70:
                self.fail("VBR value too long")

    def align32(self):
        self.pos = (self.pos + 31) & ~31

    def read_abbrev(self):
        ops = []
        n = self.vbr(5)
        while len(ops) < n:
            if self.fixed(1):
                ops.append((LIT, self.vbr(8)))
                continue
            enc = self.fixed(3)
            if enc in (FIXED, VBR):
                ops.append((enc, self.vbr(5)))
            elif enc in (ARRAY, CHAR6, BLOB):
                ops.append((enc, 0))
            else:
                self.fail("abbreviation operand encoding %d" % enc)
        return tuple(ops)

    def scalar(self, kind, val):
        if kind == LIT:
            return val
        if kind == FIXED:
            return self.fixed(val)
        if kind == VBR:
            return self.vbr(val)
        if kind == CHAR6:
            return ord(CHAR6_CHARS[self.fixed(6)])
        self.fail("array or blob where a scalar is expected")

    def abbreviated(self, ops, abbrev_id, bit):
        vals, blob = [], None
        i = 0
        while i < len(ops):
            kind, val = ops[i]
            if kind == ARRAY:
                if i + 2 != len(ops):
                    self.fail("array is not the last but one operand")
                ekind, eval_ = ops[i + 1]
                n = self.vbr(6)
                vals.extend(self.scalar(ekind, eval_) for _ in range(n))
                break
            if kind == BLOB:
                n = self.vbr(6)
                self.align32()
                start = self.pos >> 3
                self.pos += n * 8
                if self.pos > self.end:
                    self.fail("blob past the end")
                blob = bytes(self.data[start:start + n])
                self.align32()
                i += 1
                continue
            vals.append(self.scalar(kind, val))
            i += 1
        if not vals:
            self.fail("abbreviated record without a code")
        return Record(abbrev_id, vals[0], vals[1:], blob, bit)

    def block(self, bid, width, words, bit):
        blk = Block(bid, width, words, bit)
        abbrevs = list(self.blockinfo.get(bid, ()))
        cur_bid = None  # BLOCKINFO's SETBID
        while True:
            if bid is None and not any(self.data[self.pos >> 3:]):
                return blk  # the end, or zero padding after the last block
            if self.pos >= self.end:
                self.fail("%s not ended" % block_name(bid))
            at = self.pos
            aid = self.fixed(width)
            if aid == 0:  # END_BLOCK
                if bid is None:
                    self.fail("END_BLOCK at top level")
                self.align32()
                return blk
            if aid == 1:  # ENTER_SUBBLOCK
                sub = self.vbr(8)
                sub_width = self.vbr(4)
                self.align32()
                sub_words = self.fixed(32)
                blk.items.append(("block", self.block(sub, sub_width, sub_words, at)))
            elif aid == 2:  # DEFINE_ABBREV
                ops = self.read_abbrev()
                blk.items.append(("abbrev", ops))
                if bid == 0:
                    if cur_bid is None:
                        self.fail("DEFINE_ABBREV in BLOCKINFO before SETBID")
                    self.blockinfo.setdefault(cur_bid, []).append(ops)
                else:
                    abbrevs.append(ops)
            elif aid == 3:  # UNABBREV_RECORD
                code = self.vbr(6)
                n = self.vbr(6)
                rec = Record(3, code, [self.vbr(6) for _ in range(n)], None, at)
                blk.items.append(("record", rec))
                if bid == 0 and code == 1 and rec.ops:
                    cur_bid = rec.ops[0]
            else:
                if aid - 4 >= len(abbrevs):
                    self.fail("undefined abbreviation id %d in %s" % (aid, block_name(bid)))
                blk.items.append(("record", self.abbreviated(abbrevs[aid - 4], aid, at)))


def parse(data, name):
    """The top level of a bitstream as a Block with id None."""
    return Reader(data, name).block(None, 2, 0, 0)


def parse_file(path):
    return parse(load_bitcode(path), path)


# ---------------------------------------------------------------- text


def ops_text(ops, limit=24):
    if len(ops) > limit:
        head = ", ".join(str(v) for v in ops[:limit - 4])
        tail = ", ".join(str(v) for v in ops[-2:])
        return "[%s, ... (%d more) ..., %s]" % (head, len(ops) - limit + 2, tail)
    return "[" + ", ".join(str(v) for v in ops) + "]"


def printable(ops):
    """The operands as a string when they all are printable characters."""
    if ops and all(32 <= v < 127 for v in ops):
        return '"' + "".join(chr(v) for v in ops) + '"'
    return None


def record_text(bid, rec, limit=24):
    abbrev = "unabbrev" if rec.abbrev == 3 else "abbrev %d" % rec.abbrev
    text = "%s (code %d, %s) %s" % (record_name(bid, rec.code), rec.code, abbrev,
                                    ops_text(rec.ops, limit))
    s = printable(rec.ops)
    if s is not None and len(rec.ops) > 2:
        text += " " + (s if len(s) <= 80 else s[:77] + '..."')
    if rec.blob is not None:
        text += " blob[%d]" % len(rec.blob)
    return text


def dump(top, out):
    def walk(blk, depth):
        pad = "  " * depth
        bid = blk.bid
        cur = None
        for kind, item in blk.items:
            if kind == "block":
                out.write("%s%s (id %d, abbrev width %d, %d words) {\n" % (
                    pad, block_name(item.bid), item.bid, item.width, item.words))
                walk(item, depth + 1)
                out.write("%s}\n" % pad)
            elif kind == "abbrev":
                where = " for %s" % block_name(cur) if bid == 0 else ""
                out.write("%sDEFINE_ABBREV%s %s\n" % (pad, where, abbrev_text(item)))
            else:
                if bid == 0 and item.code == 1 and item.ops:
                    cur = item.ops[0]
                out.write("%s%s\n" % (pad, record_text(bid, item, 64)))
    walk(top, 0)


# ---------------------------------------------------------------- compare


def children_paths(blk, prefix):
    """(path, sub-block) per sub-block; '#k' counts blocks of one id when
    there are several."""
    subs = [item for kind, item in blk.items if kind == "block"]
    counts = {}
    for s in subs:
        counts[s.bid] = counts.get(s.bid, 0) + 1
    seen = {}
    out = []
    for s in subs:
        k = seen.get(s.bid, 0)
        seen[s.bid] = k + 1
        name = block_name(s.bid) + ("#%d" % k if counts[s.bid] > 1 else "")
        out.append((prefix + "/" + name if prefix else name, s))
    return out


def semantic_items(blk):
    """What --ignore-abbrevs compares: records (code, operands and blob as
    one list) and sub-blocks; BLOCKINFO's contents are encoding only."""
    if blk.bid == 0:
        return []
    return [(k, i) for k, i in blk.items if k != "abbrev"]


class Diff:
    def __init__(self, path, index, text_a, text_b):
        self.path, self.index = path, index
        self.text_a, self.text_b = text_a, text_b


def describe(bid, kind, item, semantic):
    if kind is None:
        return "(nothing: the block ends)"
    if kind == "abbrev":
        return "DEFINE_ABBREV %s" % abbrev_text(item)
    if kind == "block":
        if semantic:
            return "%s (id %d)" % (block_name(item.bid), item.bid)
        return "%s (id %d, abbrev width %d, %d words)" % (
            block_name(item.bid), item.bid, item.width, item.words)
    return record_text(bid, item)


def same_item(ka, a, kb, b, semantic):
    if ka != kb:
        return False
    if ka == "abbrev":
        return a == b
    if ka == "block":
        if a.bid != b.bid:
            return False
        return semantic or (a.width == b.width and a.words == b.words)
    if a.code != b.code:
        return False
    if semantic:
        return a.ops + list(a.blob or b"") == b.ops + list(b.blob or b"")
    return a.abbrev == b.abbrev and a.ops == b.ops and a.blob == b.blob


def compare(ta, tb, semantic, limit):
    """Differences between two parsed streams, at most `limit`. Each block
    pair is compared item by item; sub-blocks at the same position are
    compared recursively, and the first differing item of a block ends the
    comparison of that block (later items would mostly be shifted)."""
    diffs = []

    def walk(a, b, path):
        items_a = semantic_items(a) if semantic else a.items
        items_b = semantic_items(b) if semantic else b.items
        subs_a = dict((id(blk), p) for p, blk in children_paths(a, path))
        rec_index = 0
        for i in range(max(len(items_a), len(items_b))):
            ka, ia = items_a[i] if i < len(items_a) else (None, None)
            kb, ib = items_b[i] if i < len(items_b) else (None, None)
            if ka == "block" and kb == "block" and ia.bid == ib.bid:
                # The contents first: a length differs because of them.
                before = len(diffs)
                walk(ia, ib, subs_a[id(ia)])
                if len(diffs) == before and not same_item(ka, ia, kb, ib, semantic):
                    diffs.append(Diff(subs_a[id(ia)], None, describe(a.bid, ka, ia, semantic),
                                      describe(b.bid, kb, ib, semantic)))
                if len(diffs) >= limit:
                    return
                continue
            if not same_item(ka, ia, kb, ib, semantic):
                what = "record %d" % rec_index if "record" in (ka, kb) else "item %d" % i
                diffs.append(Diff(path or "(top level)", what,
                                  describe(a.bid, ka, ia, semantic),
                                  describe(b.bid, kb, ib, semantic)))
                return
            if ka == "record":
                rec_index += 1

    walk(ta, tb, "")
    return diffs


def print_diffs(diffs, out):
    for d in diffs:
        if d.index is None:
            out.write("%s: block header differs\n" % d.path)
        else:
            out.write("%s, %s:\n" % (d.path, d.index))
        out.write("  A %s\n  B %s\n" % (d.text_a, d.text_b))


def cmd_diff(path_a, path_b, semantic, limit):
    data_a, data_b = load_bitcode(path_a), load_bitcode(path_b)
    if data_a == data_b:
        return 0
    ta, tb = parse(data_a, path_a), parse(data_b, path_b)
    diffs = compare(ta, tb, semantic, limit)
    if diffs:
        print_diffs(diffs, sys.stdout)
        return 1
    if semantic:
        print("same records; the encoding differs")
        return 0
    n = next(i for i in range(min(len(data_a), len(data_b)) + 1)
             if i == min(len(data_a), len(data_b)) or data_a[i] != data_b[i])
    print("same records, but the bytes differ from offset %d (sizes %d and %d)"
          % (n, len(data_a), len(data_b)))
    return 1


# ---------------------------------------------------------------- vocab


def vocab(top):
    """{(block id, record code)} used in a stream."""
    seen = set()

    def walk(blk):
        for kind, item in blk.items:
            if kind == "block":
                walk(item)
            elif kind == "record":
                seen.add((blk.bid, item.code))
    walk(top)
    return seen


def cmd_vocab(paths):
    total = set()
    for p in paths:
        total |= vocab(parse_file(p))
    for bid, code in sorted(total, key=lambda t: (t[0] if t[0] is not None else -1, t[1])):
        print("%s %s" % (block_name(bid), record_name(bid, code)))
    return 0


# ---------------------------------------------------------------- batch


def first_block(diff):
    """The innermost block name of a difference, without '#k'."""
    name = diff.path.split("/")[-1]
    return name.split("#")[0]


def cmd_batch(list_path, semantic):
    counts = {"identical": 0, "encoding-only": 0, "differs": 0, "bad-input": 0}
    strict_blocks, semantic_blocks = {}, {}
    with open(list_path) as f:
        pairs = [ln.rstrip("\n").split("\t") for ln in f if ln.strip() and not ln.startswith("#")]
    for pair in pairs:
        if len(pair) != 2:
            sys.stderr.write("bcdiff: %s: not 'A<TAB>B': %r\n" % (list_path, "\t".join(pair)))
            return 2
        a, b = pair
        try:
            da, db = load_bitcode(a), load_bitcode(b)
            if da == db:
                counts["identical"] += 1
                continue
            ta, tb = parse(da, a), parse(db, b)
        except (BadInput, OSError) as e:
            counts["bad-input"] += 1
            print("bad input: %s" % e)
            continue
        sem = compare(ta, tb, True, 1)
        strict = compare(ta, tb, False, 1)
        if strict:
            key = first_block(strict[0])
            strict_blocks[key] = strict_blocks.get(key, 0) + 1
        if sem:
            counts["differs"] += 1
            key = first_block(sem[0])
            semantic_blocks[key] = semantic_blocks.get(key, 0) + 1
            print("differs: %s\t%s\t%s %s" % (a, b, sem[0].path, sem[0].index or "block"))
        else:
            counts["encoding-only"] += 1
    print("pairs: %d; identical %d, differs in encoding only %d, differs %d, bad input %d"
          % (len(pairs), counts["identical"], counts["encoding-only"], counts["differs"],
             counts["bad-input"]))
    for title, table in (("first difference (encoding included), by block", strict_blocks),
                         ("first record difference, by block", semantic_blocks)):
        if table:
            print(title + ":")
            for k, v in sorted(table.items(), key=lambda kv: (-kv[1], kv[0])):
                print("  %6d %s" % (v, k))
    if counts["bad-input"]:
        return 2
    return 0 if counts["differs"] == 0 and (semantic or counts["encoding-only"] == 0) else 1


# ---------------------------------------------------------------- main


def usage(msg=None):
    if msg:
        sys.stderr.write("bcdiff: %s\n" % msg)
    sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
    return 2


def main(argv):
    mode, files = None, []
    all_diffs, limit, semantic = False, 20, False
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg in ("--vocab", "--dump", "--batch"):
            if mode:
                return usage("%s and %s together" % (mode, arg))
            mode = arg
        elif arg == "--all":
            all_diffs = True
        elif arg == "--ignore-abbrevs":
            semantic = True
        elif arg == "--max":  # implies --all
            all_diffs = True
            i += 1
            if i == len(argv) or not argv[i].isdigit() or int(argv[i]) < 1:
                return usage("--max needs a positive number")
            limit = int(argv[i])
        elif arg in ("-h", "--help"):
            print(__doc__)
            return 0
        elif arg.startswith("-") and arg != "-":
            return usage("unknown option %s" % arg)
        else:
            files.append(arg)
        i += 1
    try:
        if mode == "--vocab":
            return cmd_vocab(files) if files else usage("--vocab needs files")
        if mode == "--dump":
            if len(files) != 1:
                return usage("--dump takes one file")
            dump(parse_file(files[0]), sys.stdout)
            return 0
        if mode == "--batch":
            if len(files) != 1:
                return usage("--batch takes one list file")
            return cmd_batch(files[0], semantic)
        if len(files) != 2:
            return usage("two files to compare")
        return cmd_diff(files[0], files[1], semantic, limit if all_diffs else 1)
    except BrokenPipeError:  # e.g. piped into head
        sys.stderr.close()
        return 0
    except (BadInput, OSError) as e:
        sys.stderr.write("bcdiff: %s\n" % e)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
