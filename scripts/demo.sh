#!/usr/bin/env bash
# make demo: evaluates the core tasks' expert kernels (an A/A check: the speedup over itself
# must come out near 1.0) and naive kernels (how far below the expert they are) on cpu and
# opencl, stores every record in one results store, and prints the table.
# EKB_DEMO_TASKS=all runs every task of the suite (about 20 minutes on 2 cores), or give a
# comma-separated list of task ids.
set -euo pipefail
build=${1:-build/release}
ekb="$build/bin/ekb"
store=${EKB_DEMO_STORE:-$build/demo-results.db}
rm -f "$store" "$store-wal" "$store-shm"

core="matmul,conv2d_3x3,depthwise_conv3x3,softmax,layernorm,fc_int8,conv1x1_bias_relu6,mobilenetv2_block"
selection=${EKB_DEMO_TASKS:-$core}
if [ "$selection" = all ]; then
  tasks=$("$ekb" tasks list --json | sed -n 's/^ *"id": "\(.*\)",$/\1/p')
else
  tasks=$(echo "$selection" | tr ',' ' ')
fi
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
