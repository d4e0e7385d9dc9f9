#!/usr/bin/env bash
# ekb suite calibrate keeps what it measured: a task that fails is a row of the report (the
# others are still calibrated, exit 1), the report is written after every task, and --resume
# keeps the tasks already in it and calibrates only the rest; a report measured another way
# (threads) or not a report at all is refused, naming the file and the field.
set -euo pipefail
ekb=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/suite/tasks"
cp -r "$src/suite/tasks/quat_multiply" "$src/suite/tasks/relu6" "$tmp/suite/tasks/"
# relu6's cpu expert does not compile.
sed -i '1i #error calibrate test: a broken expert' "$tmp/suite/tasks/relu6/kernels/expert_cpu.cpp"

if "$ekb" suite calibrate --suite "$tmp/suite" --threads 1 --out "$tmp/cal" > "$tmp/run1.txt" 2> "$tmp/err1.txt"; then
  echo "calibrate exited 0 with a broken expert"; cat "$tmp/run1.txt" "$tmp/err1.txt"; exit 1
fi
grep -q "task relu6: " "$tmp/err1.txt" || { echo "no error naming relu6"; cat "$tmp/err1.txt"; exit 1; }
python3 - "$tmp/cal.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert [t["task"] for t in r["tasks"]] == ["quat_multiply"], r["tasks"]
assert [f["task"] for f in r["failed"]] == ["relu6"], r["failed"]
assert "calibrate test: a broken expert" in r["failed"][0]["error"], r["failed"][0]
t = r["tasks"][0]
assert t["expert_over_naive"] > 0 and all(i["expert_s"] > 0 and i["eager_s"] > 0 for i in t["instances"]), t
PY
grep -q "^| quat_multiply |" "$tmp/cal.md"
grep -q "Not calibrated.*(1)" "$tmp/cal.md"
grep -q "^- relu6: " "$tmp/cal.md"
first_date=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["tasks"][0]["date"])' "$tmp/cal.json")

# Measured with another thread count: refused, the file untouched.
cp "$tmp/cal.json" "$tmp/before.json"
if "$ekb" suite calibrate --suite "$tmp/suite" --threads 2 --out "$tmp/cal" --resume > /dev/null 2> "$tmp/err2.txt"; then
  echo "--resume accepted a report with other threads"; exit 1
fi
grep -q "cal.json field 'threads' is 1, this run's is 2" "$tmp/err2.txt" || { cat "$tmp/err2.txt"; exit 1; }
cmp -s "$tmp/cal.json" "$tmp/before.json"

# The expert fixed: --resume keeps quat_multiply as measured and calibrates relu6.
sed -i '1d' "$tmp/suite/tasks/relu6/kernels/expert_cpu.cpp"
"$ekb" suite calibrate --suite "$tmp/suite" --threads 1 --out "$tmp/cal" --resume > "$tmp/run3.txt" 2> "$tmp/err3.txt"
grep -q "kept 1 task(s) already in" "$tmp/err3.txt"
if grep -q "calibrating quat_multiply" "$tmp/err3.txt"; then echo "--resume calibrated quat_multiply again"; exit 1; fi
python3 - "$tmp/cal.json" "$first_date" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert [t["task"] for t in r["tasks"]] == ["quat_multiply", "relu6"], r["tasks"]
assert r["failed"] == [], r["failed"]
assert r["tasks"][0]["date"] == sys.argv[2]
PY
if grep -q "Not calibrated" "$tmp/cal.md"; then echo "the fixed task is still listed as not calibrated"; exit 1; fi

# Not a report: a clear error naming the file.
echo '{"broken": ' > "$tmp/bad.json"
if "$ekb" suite calibrate --suite "$tmp/suite" --threads 1 --out "$tmp/bad" --resume > /dev/null 2> "$tmp/err4.txt"; then
  echo "--resume accepted a damaged report"; exit 1
fi
grep -q "bad.json is not a calibration report" "$tmp/err4.txt" || { cat "$tmp/err4.txt"; exit 1; }
echo "suite_calibrate.sh: all checks passed"
