#!/usr/bin/env bash
# make demo: evaluates every shipped task's expert kernel (an A/A check: its speedup over
# itself must come out near 1.0) and naive kernel (how far below the expert it is) on cpu
# and opencl, stores every record in one results store, and prints the table.
set -euo pipefail
build=${1:-build/release}
ekb="$build/bin/ekb"
store=${EKB_DEMO_STORE:-$build/demo-results.db}
rm -f "$store" "$store-wal" "$store-shm"

tasks=$("$ekb" tasks list --json | sed -n 's/^ *"id": "\(.*\)",$/\1/p')
echo "EdgeKernelBench demo: $(echo "$tasks" | wc -w) tasks x {cpu, opencl} x {expert, naive}"
echo "results store: $store"
for task in $tasks; do
  for backend in cpu opencl; do
    for kind in expert naive; do
      printf '  %-22s %-7s %-7s ' "$task" "$backend" "$kind"
      "$ekb" eval --task "$task" --backend "$backend" --"$kind" --store "$store" --json > "$build/demo-last.json"
      sed -n 's/^  "status": "\(.*\)",$/\1/p' "$build/demo-last.json"
    done
  done
done
echo
"$ekb" results --store "$store"
