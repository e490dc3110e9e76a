"""Checks a batch report: it must parse as JSON, and each condition must
hold. A condition is key=value (value read as JSON: 1, true, "SIGINT") or
key<number. Prints what it checked; exits 1 on the first failure.
Usage: report_check.py <report.json> <condition>..."""
import json
import sys

report = json.load(open(sys.argv[1]))
for cond in sys.argv[2:]:
    if "<" in cond:
        key, bound = cond.split("<", 1)
        ok = report[key] < float(bound)
    else:
        key, want = cond.split("=", 1)
        ok = report[key] == json.loads(want)
    print("%s: %s (%s)" % ("ok" if ok else "FAILED", cond, json.dumps(report[key])))
    if not ok:
        sys.exit(1)
