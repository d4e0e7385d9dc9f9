#!/usr/bin/env bash
# cli_store_damage: a results store with a corrupted page, a truncated (0-byte) store and an
# experiment whose store is gone are clear errors naming the file and how to recover; the
# exit status is not 0, nothing is evaluated and the file's bytes are unchanged.
set -uo pipefail
ekb=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# A store of 300 records over many pages, made by ekb itself (ingest of JSONL records).
/usr/bin/python3 - "$tmp/records.jsonl" <<'PY'
import json, sys
with open(sys.argv[1], "w") as f:
    for i in range(300):
        f.write(json.dumps({"record_key": "k%04d" % i, "created_at": "2026-01-01T00:00:00Z", "task_id": "matmul",
                            "tier": "L1", "backend": "cpu", "producer": "file", "status": "incorrect",
                            "failure_message": "x" * 400, "speedup": None}) + "\n")
PY
"$ekb" ingest "$tmp/records.jsonl" --store "$tmp/good.db" > /dev/null 2> "$tmp/err" || { cat "$tmp/err"; fail "ingest of valid records failed"; }
"$ekb" results --store "$tmp/good.db" > "$tmp/out" || fail "a sound store does not read"
grep -q "300 records in" "$tmp/out" || fail "a sound store reads as: $(tail -1 "$tmp/out")"
rm -f "$tmp/good.db-wal" "$tmp/good.db-shm"

# Its bytes, and a copy with page 5 overwritten with garbage.
cp "$tmp/good.db" "$tmp/bad.db"
/usr/bin/python3 - "$tmp/bad.db" <<'PY'
import sys
path = sys.argv[1]
data = bytearray(open(path, "rb").read())
page = int.from_bytes(data[16:18], "big") or 65536
off = 4 * page
assert len(data) > off + page, "the store is too small to corrupt page 5"
for i in range(page):
    data[off + i] = (i * 151 + 7) % 256
open(path, "wb").write(bytes(data))
PY
hash() { sha256sum "$1" | cut -d' ' -f1; }
bad_hash=$(hash "$tmp/bad.db")

expect_error() {  # expect_error <what> <file> <pattern> <command...>
  local what=$1 file=$2 pattern=$3; shift 3
  local before; before=$(hash "$file")
  "$@" > "$tmp/out" 2> "$tmp/err"
  local rc=$?
  [ "$rc" -ne 0 ] || fail "$what: exit 0 (stdout: $(head -c 300 "$tmp/out"))"
  grep -q -- "$file" "$tmp/err" || fail "$what: the error does not name $file: $(cat "$tmp/err")"
  grep -q -- "$pattern" "$tmp/err" || fail "$what: the error does not say '$pattern': $(cat "$tmp/err")"
  grep -q -- "recover\|Put it back" "$tmp/err" || fail "$what: the error does not say how to recover: $(cat "$tmp/err")"
  [ "$(hash "$file")" = "$before" ] || fail "$what: $file was changed"
  grep -q "0 records" "$tmp/out" && fail "$what: read as 0 records"
  echo "ok: $what (rc $rc)"
}

expect_error "results on a corrupted store" "$tmp/bad.db" "damaged" "$ekb" results --store "$tmp/bad.db"
expect_error "results --jsonl on a corrupted store" "$tmp/bad.db" "damaged" "$ekb" results --store "$tmp/bad.db" --jsonl
expect_error "eval into a corrupted store" "$tmp/bad.db" "damaged" "$ekb" eval --task matmul --expert --no-timing --store "$tmp/bad.db"
expect_error "ingest into a corrupted store" "$tmp/bad.db" "damaged" "$ekb" ingest "$tmp/records.jsonl" --store "$tmp/bad.db"
[ "$(hash "$tmp/bad.db")" = "$bad_hash" ] || fail "the corrupted store changed"

: > "$tmp/empty.db"
expect_error "results on a 0-byte store" "$tmp/empty.db" "empty file (0 bytes)" "$ekb" results --store "$tmp/empty.db"
expect_error "eval into a 0-byte store" "$tmp/empty.db" "empty file (0 bytes)" "$ekb" eval --task matmul --expert --no-timing --store "$tmp/empty.db"
[ -s "$tmp/empty.db" ] && fail "the 0-byte store was written"

# Experiments: `ekb run` never evaluates into a broken store, and `ekb experiments` says so.
mkexp() {
  mkdir -p "$tmp/experiments/$1/kernels"
  printf '{"format": "ekb-experiment-1", "created_at": "2026-01-01T00:00:00Z", "settings": {"seed": 1, "threads": 1, "timing": false, "time_cap_seconds": 1.5, "confine": true}, "commands": []}\n' \
    > "$tmp/experiments/$1/experiment.json"
}
mkexp corrupt && cp "$tmp/bad.db" "$tmp/experiments/corrupt/results.db"
mkexp truncated && : > "$tmp/experiments/truncated/results.db"
mkexp lost && echo "// a kernel of an earlier run" > "$tmp/experiments/lost/kernels/0123.cpp"
cd "$tmp"
for e in corrupt truncated; do
  before=$(hash "experiments/$e/experiment.json")
  expect_error "run on a $e store" "experiments/$e/results.db" "results store" "$ekb" run --experiment "$e" --tasks matmul --producers expert --no-timing
  [ "$(hash "experiments/$e/experiment.json")" = "$before" ] || fail "run on a $e store wrote experiment.json"
  [ -z "$(ls "experiments/$e/kernels")" ] || fail "run on a $e store produced kernels"
done
"$ekb" run --experiment lost --tasks matmul --producers expert --no-timing > out 2> err && fail "run on an experiment that lost its store: exit 0"
grep -q "no results.db" err || fail "lost store: $(cat err)"
[ -e experiments/lost/results.db ] && fail "run made a new store over a lost one"
echo "ok: run on an experiment that lost its store"
"$ekb" experiments > out 2> err && fail "ekb experiments: exit 0 with damaged stores"
grep -q "^corrupt: BROKEN: .*damaged" out || fail "ekb experiments does not flag the corrupted store: $(cat out)"
echo "store_damage.sh: all checks passed"
