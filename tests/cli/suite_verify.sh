#!/usr/bin/env bash
# ekb suite verify catches a PyTorch reference that disagrees with the Halide reference,
# a reference that fails at run time is named as the task's bug (not a SIGABRT of the
# conductor), and ekb names the file and field of a malformed task.
set -euo pipefail
ekb=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/suite/tasks"
cp -r "$src/suite/tasks/matmul" "$tmp/suite/tasks/"

"$ekb" suite verify --suite "$tmp/suite" --seeds 1 > "$tmp/ok.txt"
grep -q "1 of 1 tasks agree" "$tmp/ok.txt"

# An off-by-one in the PyTorch reference must be found.
sed -i 's/return torch.matmul(A, B)/return torch.matmul(A, B) + 1e-3/' "$tmp/suite/tasks/matmul/reference.py"
if "$ekb" suite verify --suite "$tmp/suite" --seeds 1 > "$tmp/bad.txt"; then
  echo "suite verify passed a wrong reference"; cat "$tmp/bad.txt"; exit 1
fi
grep -q "FAIL" "$tmp/bad.txt"
grep -q "elements differ" "$tmp/bad.txt"

# A reference (algorithm.h) that reads an input beyond its extent is the task's bug, named with
# the Halide runtime's message: it runs inside the conductor, whose default handler would abort
# it with no message (SIGABRT).
cp -r "$src/suite/tasks/matmul" "$tmp/broken"
mkdir -p "$tmp/broken_suite/tasks" && mv "$tmp/broken" "$tmp/broken_suite/tasks/matmul"
sed -i 's/prod(j, i) += A(k, i) \* B(j, k);/prod(j, i) += A(k + 1000, i) * B(j, k);/' "$tmp/broken_suite/tasks/matmul/algorithm.h"
grep -q 'A(k + 1000, i)' "$tmp/broken_suite/tasks/matmul/algorithm.h"
for cmd in "suite verify --suite $tmp/broken_suite --seeds 1" \
           "eval --suite $tmp/broken_suite --task matmul --backend cpu --naive"; do
  if $ekb $cmd > "$tmp/ref.txt" 2>&1; then
    echo "ekb $cmd passed a task whose reference reads out of bounds"; cat "$tmp/ref.txt"; exit 1
  fi
  flat=$(tr -s ' \n' '  ' < "$tmp/ref.txt")  # the verify table wraps its problem column
  if [[ $flat == *SIGABRT* || $flat != *"Input buffer A is accessed at"* || $flat != *"bug in the task"* ]]; then
    echo "ekb $cmd: the reference's failure is not named:"; cat "$tmp/ref.txt"; exit 1
  fi
done

# A malformed task.json is named with its field.
sed -i 's/"tier": "L1"/"tier": "L7"/' "$tmp/suite/tasks/matmul/task.json"
if "$ekb" tasks list --suite "$tmp/suite" 2> "$tmp/err.txt"; then
  echo "a bad tier was accepted"; exit 1
fi
grep -q "task.json: field 'tier': must be L1, L2 or L3, not 'L7'" "$tmp/err.txt"
echo "suite_verify.sh: all checks passed"
