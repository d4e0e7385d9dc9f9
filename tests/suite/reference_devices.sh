#!/usr/bin/env bash
# Every task's reference.py runs on whatever device its inputs are on (PyTorch eager timing on
# a GPU machine moves the model and inputs there; 80 references failed that way on the H200):
# tests/suite/check_reference_devices.py over the whole suite passes, and it catches a
# reference that makes a tensor on the CPU inside forward and one that multiplies int64
# matrices (copies of a shipped task, changed).
#   reference_devices.sh <source root>
set -euo pipefail
src=${1:?usage: reference_devices.sh <source root>}
check="/usr/bin/python3 $src/tests/suite/check_reference_devices.py"
$check --root "$src/suite/tasks" >/dev/null || { $check --root "$src/suite/tasks" | tail -20; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cp -r "$src/suite/tasks/silu" "$tmp/cpu_tensor"
sed -i 's|        return F.silu(x)|        return F.silu(x) + torch.zeros(x.shape[-1])|' "$tmp/cpu_tensor/reference.py"
cp -r "$src/suite/tasks/silu" "$tmp/int_matmul"
sed -i 's|        return F.silu(x)|        q = x.long()\n        return F.silu(x) + (q @ q.t()).sum().float() * 0|' "$tmp/int_matmul/reference.py"
for t in cpu_tensor int_matmul; do
    grep -q 'torch.zeros\|q @ q' "$tmp/$t/reference.py"
    if out=$($check --root "$tmp" "$t" 2>&1); then echo "not caught: $t"; echo "$out"; exit 1; fi
done
echo "ok: the suite's references are device-agnostic; a CPU tensor and an integer matmul are caught"
