#!/usr/bin/env python3
"""cli_exports: real records (ekb eval of an expert and of a kernel that fails to compile)
exported with `ekb results --jsonl` validate against docs/record.schema.json (a small
validator: required keys, no others, types; the JSON-valued fields are nested objects, not
strings); the committed schema is what `ekb results --schema` generates; the JSONL export
ingests back into an equal store; `--csv` writes exactly one line per record with one
column per field.

usage: exports.py <ekb binary> <source dir>"""
import csv
import io
import json
import os
import subprocess
import sys
import tempfile

ekb, src = os.path.abspath(sys.argv[1]), sys.argv[2]
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL:", msg)


def run(*args, check=True):
    r = subprocess.run([ekb, *args], capture_output=True, text=True, timeout=600)
    if check and r.returncode != 0:
        raise SystemExit("ekb %s: rc %d\n%s" % (" ".join(args), r.returncode, r.stderr))
    return r


TYPES = {"string": str, "integer": int, "number": (int, float), "boolean": bool, "object": dict, "array": list,
         "null": type(None)}


def unescape(text):
    """CSV fields: \\n is a newline, \\r a carriage return, \\\\ a backslash."""
    out, i = [], 0
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text):
            out.append({"n": "\n", "r": "\r", "\\": "\\"}.get(text[i + 1], text[i:i + 2]))
            i += 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def validate(record, schema, where):
    """The subset of JSON Schema the record schema uses: type, required, additionalProperties."""
    if not isinstance(record, dict):
        return fail("%s: not an object" % where)
    for k in schema["required"]:
        if k not in record:
            fail("%s: required field '%s' is missing" % (where, k))
    if schema.get("additionalProperties") is False:
        for k in record:
            if k not in schema["properties"]:
                fail("%s: field '%s' is not in the schema" % (where, k))
    for k, spec in schema["properties"].items():
        if k not in record:
            continue
        types = spec["type"] if isinstance(spec["type"], list) else [spec["type"]]
        v = record[k]
        ok = any(isinstance(v, TYPES[t]) and not (t in ("integer", "number") and isinstance(v, bool)) for t in types)
        if not ok:
            fail("%s: field '%s' is %s, the schema says %s" % (where, k, type(v).__name__, types))


schema_path = os.path.join(src, "docs", "record.schema.json")
schema = json.load(open(schema_path))
generated = json.loads(run("results", "--schema").stdout)
if generated != schema:
    fail("docs/record.schema.json differs from `ekb results --schema` (regenerate it)")

with tempfile.TemporaryDirectory() as tmp:
    store = os.path.join(tmp, "r.db")
    bad = os.path.join(tmp, "broken.cpp")
    open(bad, "w").write("#include <ekb/kernel.h>\nEKB_KERNEL { this does not compile; }\n")
    run("eval", "--task", "silu", "--backend", "cpu", "--expert", "--store", store, "--time-cap", "0.2")
    run("eval", "--task", "silu", "--backend", "cpu", "--kernel", bad, "--store", store, "--no-timing")
    lines = run("results", "--store", store, "--jsonl").stdout.splitlines()
    if len(lines) != 2:
        fail("--jsonl printed %d lines for 2 records" % len(lines))
    records = [json.loads(l) for l in lines]
    for i, r in enumerate(records):
        validate(r, schema, "record %d (%s)" % (i, r.get("kernel_name")))
    timed = [r for r in records if r.get("timed")]
    if not timed:
        fail("the expert was not timed: %s" % [r.get("status") for r in records])
    else:
        r = timed[0]
        if not isinstance(r["instances"], list) or not r["instances"] or "timing" not in r["instances"][0]:
            fail("'instances' is not a nested array of instance objects: %r" % str(r["instances"])[:200])
        if not isinstance(r["environment"], dict):
            fail("'environment' is not a nested object")
    broken = [r for r in records if r.get("status") == "compile_failed"]
    if not broken or "\n" not in broken[0]["compile_log"] and "\n" not in broken[0]["failure_message"]:
        fail("the compile failure has no multi-line text to test CSV with")

    # CSV: one physical line per record, one column per field.
    out = run("results", "--store", store, "--csv").stdout
    physical = out.splitlines()
    if len(physical) != 3:
        fail("--csv printed %d lines for a header and 2 records" % len(physical))
    rows = list(csv.reader(io.StringIO(out)))
    fields = rows[0]
    if sorted(fields) != sorted(schema["properties"]):
        fail("the CSV header is not the record's fields")
    for row in rows[1:]:
        if len(row) != len(fields):
            fail("a CSV row has %d columns, not %d" % (len(row), len(fields)))
    # Its escaped text reads back: \n in a field is a newline.
    msg = rows[1 + [r["status"] for r in records].index("compile_failed")][fields.index("failure_message")]
    want = broken[0]["failure_message"] if broken else ""
    if unescape(msg) != want:
        fail("the CSV failure_message does not unescape to the record's: %r vs %r" % (msg[:200], want[:200]))

    # The export ingests back: the same records.
    jsonl = os.path.join(tmp, "export.jsonl")
    open(jsonl, "w").write("\n".join(lines) + "\n")
    run("ingest", jsonl, "--store", os.path.join(tmp, "again.db"))
    again = [json.loads(l) for l in run("results", "--store", os.path.join(tmp, "again.db"), "--jsonl").stdout.splitlines()]
    if sorted(again, key=lambda r: r["record_key"]) != sorted(records, key=lambda r: r["record_key"]):
        fail("exported records ingested into a new store export differently")

print("exports.py: %d failures" % len(failures))
sys.exit(1 if failures else 0)
