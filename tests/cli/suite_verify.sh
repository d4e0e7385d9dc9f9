#!/usr/bin/env bash
# ekb suite verify catches a PyTorch reference that disagrees with the Halide reference,
# and ekb names the file and field of a malformed task.
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

# A malformed task.json is named with its field.
sed -i 's/"tier": "L1"/"tier": "L7"/' "$tmp/suite/tasks/matmul/task.json"
if "$ekb" tasks list --suite "$tmp/suite" 2> "$tmp/err.txt"; then
  echo "a bad tier was accepted"; exit 1
fi
grep -q "task.json: field 'tier': must be L1, L2 or L3, not 'L7'" "$tmp/err.txt"
echo "suite_verify.sh: all checks passed"
