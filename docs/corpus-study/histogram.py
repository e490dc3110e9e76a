#!/usr/bin/env python3
"""Op histogram of a corpus from a `dxil-upgrade --batch --stats` report.

Usage: histogram.py <report.json> [top]
Prints, tab-separated: each op's shaders (how many call it), calls, raised,
kept and kept reasons, most-called first (the first `top` ops, default all);
then the shaders per stage and per shader model, on stderr."""
import collections
import json
import sys

report = json.load(open(sys.argv[1]))
top = int(sys.argv[2]) if len(sys.argv) > 2 else None
ops = collections.defaultdict(lambda: {"shaders": 0, "calls": 0, "raised": 0,
                                       "kept": collections.Counter()})
stages, models = collections.Counter(), collections.Counter()
for shader in report["shaders"]:
    if shader["status"] != "ok":
        continue
    stages[shader["stage"]] += 1
    models[shader["shader_model"]] += 1
    for name, op in shader.get("ops", {}).items():
        total = ops[name]
        total["shaders"] += 1
        total["calls"] += op["calls"]
        total["raised"] += op["raised"]
        total["kept"].update(op.get("kept_by_reason", {}))

print("op\tshaders\tcalls\traised\tkept\treasons")
ranked = sorted(ops.items(), key=lambda kv: (-kv[1]["calls"], kv[0]))
for name, op in ranked[:top]:
    reasons = " ".join("%s=%d" % kv for kv in sorted(op["kept"].items()))
    print("%s\t%d\t%d\t%d\t%d\t%s" % (name, op["shaders"], op["calls"], op["raised"],
                                      sum(op["kept"].values()), reasons or "-"))
for title, counts in (("stage", stages), ("shader model", models)):
    sys.stderr.write("%s: %s\n" % (title, ", ".join(
        "%s %d" % kv for kv in sorted(counts.items(), key=lambda kv: (-kv[1], str(kv[0]))))))
