"""Pins the batch report's schema. Usage:
  report_schema.py json <report.json> <shaders> [ops]
  report_schema.py csv <report.csv> <report.json>
json: the file must parse; the top-level keys, and each converted
shader's keys, must be exactly the pinned ones ("ops" only when asked),
with per-op counts that add up. csv: one row per shader of the JSON
report, with the pinned header and the same facts. Exits 1 on a mismatch."""
import csv
import json
import sys

TOP = ["tool", "version", "options", "total", "ok", "failed", "crashed", "skipped",
       "interrupted", "stop_signal", "interrupted_shaders", "not_run",
       "stale_temps_removed", "seconds", "peak_rss_mib", "failures", "shaders",
       "op_coverage"]
SHADER = ["path", "status", "ms", "input", "stage", "shader_model", "dxil_version",
          "parts", "calls", "raised", "kept", "kept_by_reason"]
FAILURE = ["path", "status", "ms", "reason", "code", "signal"]
CSV_HEADER = ["path", "status", "ms", "input", "stage", "shader_model", "dxil_version",
              "parts", "calls", "raised", "kept", "kept_by_reason", "ops", "output",
              "code", "signal", "reason"]


def check(ok, what):
    print("%s: %s" % ("ok" if ok else "FAILED", what))
    if not ok:
        sys.exit(1)


def check_ops(s):
    total = 0
    for name, op in s["ops"].items():
        kept = sum(op.get("kept_by_reason", {}).values())
        check(op["calls"] == op["raised"] + op["kept"] and op["kept"] == kept,
              "%s %s: calls = raised + kept, kept = sum of reasons" % (s["path"], name))
        total += op["calls"]
    check(total == s["calls"], "%s: op calls add up to %d" % (s["path"], s["calls"]))


def check_json(path, shaders, with_ops):
    report = json.load(open(path))
    check(list(report) == TOP, "top-level keys " + " ".join(report))
    check(len(report["shaders"]) == shaders, "%d shader records" % shaders)
    for s in report["shaders"]:
        if s["status"] != "ok":
            check(list(s) == FAILURE, "failure keys " + " ".join(s))
            continue
        want = SHADER + (["ops"] if with_ops else [])
        check(list(s) == want, "shader keys " + " ".join(s))
        check(s["parts"][-1:] == ["DXIL"] or "DXIL" in s["parts"], "parts name DXIL")
        if with_ops:
            check_ops(s)


def check_csv(path, json_path):
    rows = list(csv.reader(open(path, newline="")))
    check(rows[0] == CSV_HEADER, "csv header")
    shaders = json.load(open(json_path))["shaders"]
    check(len(rows) - 1 == len(shaders), "one row per shader")
    for row, s in zip(rows[1:], shaders):
        r = dict(zip(CSV_HEADER, row))
        check(len(row) == len(CSV_HEADER) and r["path"] == s["path"], "row of " + s["path"])
        check(r["status"] == s["status"], "status " + r["status"])
        if s["status"] != "ok":
            check(r["reason"] == s["reason"] and int(r["code"]) == s["code"], "reason, code")
            continue
        for key in ("stage", "shader_model", "dxil_version"):
            check(r[key] == s[key], "%s %s" % (key, r[key]))
        check(r["parts"].split() == s["parts"], "parts " + r["parts"])
        check(int(r["calls"]) == s["calls"] and int(r["kept"]) == s["kept"], "counts")
        ops = dict(kv.split("=") for kv in r["ops"].split())
        check(ops == {k: "%d/%d" % (v["calls"], v["raised"]) for k, v in s["ops"].items()},
              "ops " + r["ops"])


if sys.argv[1] == "json":
    check_json(sys.argv[2], int(sys.argv[3]), len(sys.argv) > 4)
else:
    check_csv(sys.argv[2], sys.argv[3])
