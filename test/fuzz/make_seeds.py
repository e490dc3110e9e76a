#!/usr/bin/env python3
"""make_seeds.py <target> <shared_dir> <out_dir>: fill out_dir with seed
inputs for a fuzz target from the shared corpus (never committed). The
container, load, write and validate targets take whole .dxil files (bcwrite and
spirv every 16th, retarget the compute shaders and test/lit/retarget's IR); the bitstream target takes the bitcode extracted from each file's
DXIL part."""
import os
import struct
import sys


def dxil_bitcode(blob):
    if blob[:4] != b"DXBC" or len(blob) < 32:
        return None
    count = struct.unpack_from("<I", blob, 28)[0]
    for i in range(count):
        off = struct.unpack_from("<I", blob, 32 + 4 * i)[0]
        fourcc, size = blob[off:off + 4], struct.unpack_from("<I", blob, off + 4)[0]
        if fourcc != b"DXIL":
            continue
        part = blob[off + 8:off + 8 + size]
        bc_off, bc_size = struct.unpack_from("<II", part, 16)
        return part[8 + bc_off:8 + bc_off + bc_size]
    return None


def main():
    target, shared, out = sys.argv[1:4]
    corpus = os.path.join(shared, "corpus")
    manifest = os.path.join(corpus, "MANIFEST.tsv")
    if not os.path.exists(manifest):
        sys.exit(f"make_seeds: {manifest} not found")
    os.makedirs(out, exist_ok=True)
    with open(manifest) as f:
        paths = [line.split("\t")[0] for line in f.read().splitlines()[1:] if line]
    written = 0
    if target == "run":
        # dxil-run's parsers and SPIR-V: the corpus holds no SPIR-V; the
        # target's seeds are in seeds/run.
        paths = []
    if target == "retarget":
        # the retarget takes compute shaders (other stages are refused
        # early), and test/lit/retarget's IR
        with open(manifest) as f:
            rows = [line.split("\t") for line in f.read().splitlines()[1:] if line]
        paths = [r[0] for r in rows if r[1].startswith("cs_")]
        lit = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lit", "retarget")
        for root, _, files in os.walk(lit):
            for name in sorted(files):
                if name.endswith(".ll"):
                    with open(os.path.join(root, name), "rb") as src, \
                            open(os.path.join(out, "lit-" + name), "wb") as dst:
                        dst.write(src.read())
    if target in ("bcwrite", "spirv"):
        # Each input runs the whole pipeline twice (about 70 ms under ASan),
        # or forks a child for LLVM's SPIR-V backend: every 16th file keeps
        # the smoke run's first pass to a few seconds.
        paths = paths[::16]
    for i, rel in enumerate(paths):
        with open(os.path.join(corpus, rel), "rb") as f:
            blob = f.read()
        if target == "bitstream":
            blob = dxil_bitcode(blob)
            if not blob:
                continue
        with open(os.path.join(out, f"seed{i:04d}"), "wb") as f:
            f.write(blob)
        written += 1
    print(f"make_seeds: {written} seeds for {target} in {out}")


if __name__ == "__main__":
    main()
