#!/usr/bin/env bash
# cli_ingest_experiment: `ekb ingest FILE --experiment NAME` makes an experiment from
# results, `ekb report` reads it, and results from another machine or made with other
# settings are refused with a message naming what differs, leaving the store unchanged.
set -uo pipefail
ekb=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cd "$tmp"
records() {  # records <file> <first key> <cpu model> <threads>
  /usr/bin/python3 - "$@" <<'PY'
import json, sys
path, first, cpu, threads = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
with open(path, "w") as f:
    for i in range(first, first + 3):
        env = {"device": {"cpu_model": cpu, "cpu_cores_online": 2}, "confinement": "bwrap+seccomp", "backend": "cpu"}
        f.write(json.dumps({"record_key": "k%03d" % i, "created_at": "2026-01-01T00:00:00Z", "task_id": "matmul",
                            "tier": "L1", "domain": "language", "backend": "cpu", "producer": "naive", "sample": i,
                            "status": "timed", "compiled": True, "correct": True, "timed": True, "speedup": 0.5,
                            "speedup_ci_lo": 0.4, "speedup_ci_hi": 0.6, "kernel_median_s": 0.002, "expert_median_s": 0.001,
                            "threads": threads, "suite_hash": "abc", "environment": env}) + "\n")
PY
}
records a.jsonl 0 "CPU Model A" 2
records b.jsonl 3 "CPU Model A" 2
records other-machine.jsonl 6 "CPU Model B" 2
records other-threads.jsonl 9 "CPU Model A" 4

"$ekb" ingest a.jsonl --experiment imported > out 2>&1 || fail "ingest into a new experiment: $(cat out)"
[ -f experiments/imported/experiment.json ] || fail "no experiment.json"
grep -q '"threads": 2' experiments/imported/experiment.json || fail "threads not taken from the records"
"$ekb" report imported --no-files > out 2>&1 || fail "report on the imported experiment: $(cat out)"
grep -q naive out || fail "the report does not show the records: $(cat out)"
"$ekb" ingest b.jsonl --experiment imported > out 2>&1 || fail "same machine and settings refused: $(cat out)"
"$ekb" results --experiment imported --jsonl | wc -l | grep -qx 6 || fail "not 6 records after the second ingest"
before=$(sha256sum experiments/imported/results.db)
"$ekb" ingest other-machine.jsonl --experiment imported > out 2>&1 && fail "records from another machine were accepted"
grep -q "CPU Model A.*CPU Model B\|CPU Model B.*CPU Model A" out || fail "the refusal does not name the machines: $(cat out)"
grep -q "new experiment" out || fail "the refusal does not say what to do: $(cat out)"
"$ekb" ingest other-threads.jsonl --experiment imported > out 2>&1 && fail "records with other threads were accepted"
grep -q "threads" out || fail "the refusal does not name the setting: $(cat out)"
[ "$(sha256sum experiments/imported/results.db)" = "$before" ] || fail "a refused ingest changed the store"
"$ekb" results --experiment imported --jsonl | wc -l | grep -qx 6 || fail "a refused ingest added records"
"$ekb" experiments > out 2>&1 || fail "ekb experiments: $(cat out)"
grep -q "^imported  *6  *6  *6 " out || fail "ekb experiments: $(cat out)"
echo "ingest_experiment.sh: all checks passed"
