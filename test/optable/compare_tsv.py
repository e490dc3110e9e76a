#!/usr/bin/env python3
"""Compares `dxil-ops --tsv` with ../shared/reference/dxil-ops.tsv row by row.

usage: compare_tsv.py DXIL-OPS REFERENCE.tsv

Every reference row must appear with the same opcode, name, class, overload
letters, shader model, stage list and function attribute, and dxil-ops must
print no extra row. Exit 0 = equal, 1 = differences, 77 = reference missing
(ctest SKIP), 2 = usage.
"""
import csv
import os
import subprocess
import sys

# dxil-ops column -> reference column
COLUMNS = [("opcode", "opcode"), ("name", "name"), ("class", "class"),
           ("overloads", "oload_types_raw"), ("shader_model", "shader_model"),
           ("stages", "shader_stages"), ("attribute", "fn_attr")]


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    tool, ref_path = sys.argv[1], sys.argv[2]
    if not os.path.exists(ref_path):
        print("SKIP: %s not found; this test needs ../shared beside the project" % ref_path)
        return 77
    out = subprocess.run([tool, "--tsv"], check=True, capture_output=True, text=True).stdout
    ours = list(csv.DictReader(out.splitlines(), delimiter="\t"))
    header = [c for c, _ in COLUMNS]
    if ours and list(ours[0].keys()) != header:
        print("bad header: %s" % list(ours[0].keys()))
        return 1
    with open(ref_path, newline="") as f:
        ref = list(csv.DictReader(f, delimiter="\t"))
    by_opcode = {row["opcode"]: row for row in ours}
    bad = 0
    for r in ref:
        row = by_opcode.pop(r["opcode"], None)
        if row is None:
            print("missing opcode %s (%s)" % (r["opcode"], r["name"]))
            bad += 1
            continue
        for col, rcol in COLUMNS:
            if row[col] != r[rcol]:
                print("opcode %s %s: %s is %r, reference says %r"
                      % (r["opcode"], r["name"], col, row[col], r[rcol]))
                bad += 1
    for opcode, row in sorted(by_opcode.items()):
        print("extra opcode %s (%s)" % (opcode, row["name"]))
        bad += 1
    print("%d reference rows, %d differences" % (len(ref), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
