#!/usr/bin/env bash
# ekb suite fuzz-shapes finds an expert that breaks below its vector width, and ekb suite
# check finds a task without a small held-out instance.
set -euo pipefail
ekb=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/suite/tasks"
cp -r "$src/suite/tasks/quat_multiply" "$tmp/suite/tasks/"

"$ekb" suite fuzz-shapes --suite "$tmp/suite" --backends cpu --verify-sample 1 --seed 1 > "$tmp/ok.txt"
grep -q "^0 failures in 0 of 1 tasks" "$tmp/ok.txt"
"$ekb" suite check --suite "$tmp/suite" > "$tmp/check.txt"
grep -q "1 of 1 tasks follow every rule" "$tmp/check.txt"

# The expert as it once was: ShiftInwards on every P, so P < vector width reads before 0.
sed -i 's/{Stage(a.out), TailStrategy::GuardWithIf}/{Stage(a.out), TailStrategy::ShiftInwards}/' \
  "$tmp/suite/tasks/quat_multiply/kernels/expert_cpu.cpp"
if "$ekb" suite fuzz-shapes --suite "$tmp/suite" --backends cpu --verify-sample 0 --seed 1 --wide > "$tmp/bad.txt"; then
  echo "fuzz-shapes passed a broken expert"; cat "$tmp/bad.txt"; exit 1
fi
grep -q "quat_multiply  *cpu  *expert_cpu.cpp  *fuzz-P1 .*before the min" "$tmp/bad.txt"

# Without its small held-out instance the task breaks the rule, named with the dim.
sed -i '/"name": "small-P/d' "$tmp/suite/tasks/quat_multiply/task.json"
sed -i 's/\("name": "q5003".*}}\),$/\1/' "$tmp/suite/tasks/quat_multiply/task.json"
if "$ekb" suite check --suite "$tmp/suite" > "$tmp/check2.txt"; then
  echo "suite check passed a task without a small held-out instance"; cat "$tmp/check2.txt"; exit 1
fi
grep -q "rule 'small held-out': dim 'P': no held-out instance has P < 8" "$tmp/check2.txt"
echo "suite_fuzz_shapes.sh: all checks passed"
