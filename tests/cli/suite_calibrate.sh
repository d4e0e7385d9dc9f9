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
# Calibrations on one machine time one at a time: with another holding the machine's lock,
# calibrate says so and waits, timing nothing.
if [ -n "${EKB_CACHE_DIR:-}" ]; then cache=$EKB_CACHE_DIR
elif [ "$(id -u)" = 0 ]; then cache=/var/cache/ekb
else cache=${XDG_CACHE_HOME:-$HOME/.cache}/ekb; fi
mkdir -p "$cache"
flock -o "$cache/calibrate.lock" sleep 30 &  # -o: the lock dies with flock, not with sleep
holder=$!
sleep 1
rc=0
timeout 10 "$ekb" suite calibrate --suite "$tmp/suite" --tasks quat_multiply --threads 1 --out "$tmp/locked" > /dev/null 2> "$tmp/err5.txt" || rc=$?
kill "$holder" 2>/dev/null || true
wait "$holder" 2>/dev/null || true
[ "$rc" = 124 ] || { echo "calibrate did not wait for the lock (rc $rc)"; cat "$tmp/err5.txt"; exit 1; }
grep -q "waiting: another 'ekb suite calibrate' is timing on this machine" "$tmp/err5.txt" || { cat "$tmp/err5.txt"; exit 1; }
if grep -q "calibrating" "$tmp/err5.txt" || [ -e "$tmp/locked.json" ]; then echo "calibrate timed while another held the lock"; exit 1; fi

# The vendor side's arithmetic: a 1x1 convolution and a transposed 3x3 stride-2 one, counted
# from the convolutions the reference calls (2 per multiply-add), nothing timed.
spec='{"gemm": false, "instances": [{"name": "a", "inputs": [
  {"shape": [1, 32, 8, 8], "dtype": "float32", "lo": -1, "hi": 1},
  {"shape": [64, 32, 1, 1], "dtype": "float32", "lo": -1, "hi": 1},
  {"shape": [64], "dtype": "float32", "lo": -1, "hi": 1}]}]}'
echo "$spec" > "$tmp/conv1x1.json"
/usr/bin/python3 "$src/src/suite/time_reference.py" --flops-only "$src/suite/tasks/conv2d_1x1" "$tmp/conv1x1.json" 1 > "$tmp/f1.json"
spec='{"gemm": false, "instances": [{"name": "a", "inputs": [
  {"shape": [1, 4, 5, 5], "dtype": "float32", "lo": -1, "hi": 1},
  {"shape": [4, 6, 3, 3], "dtype": "float32", "lo": -1, "hi": 1},
  {"shape": [6], "dtype": "float32", "lo": -1, "hi": 1}]}]}'
echo "$spec" > "$tmp/deconv.json"
/usr/bin/python3 "$src/src/suite/time_reference.py" --flops-only "$src/suite/tasks/conv_transpose3x3_s2" "$tmp/deconv.json" 1 > "$tmp/f2.json"
python3 - "$tmp/f1.json" "$tmp/f2.json" "$tmp/cal.json" <<'PY'
import json, sys
f1, f2, cal = (json.load(open(p)) for p in sys.argv[1:4])
assert f1["instances"][0]["vendor_flops"] == 2 * 32 * 64 * 8 * 8, f1
assert f2["instances"][0]["vendor_flops"] == 2 * 4 * 25 * 6 * 9, f2  # every input pixel into 6 channels x 3x3
assert "eager_s" not in f1["instances"][0] and "vendor_s" not in f1["instances"][0], f1
for t in cal["tasks"]:  # the report carries both sides' flops per instance (quat_multiply: no vendor)
    for i in t["instances"]:
        assert i["task_flops"] > 0 and "vendor_flops" in i, (t["task"], i)
PY
echo "suite_calibrate.sh: all checks passed"
