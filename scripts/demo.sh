#!/usr/bin/env bash
# make demo: one experiment, `ekb run`, over the core tasks on cpu and opencl with the
# suite's expert kernels (an A/A check: their speedup over themselves must come out near
# 1.0) and naive kernels (how far below the expert they are); then `ekb report` prints the
# table and writes report.md and report.html into the experiment folder.
# EKB_DEMO_TASKS=all runs every task of the suite, or give a comma-separated list of ids.
# Running it again resumes (nothing is recomputed); EKB_DEMO_FRESH=1 starts over.
set -euo pipefail
build=${1:-build/release}
ekb="$build/bin/ekb"
exp=${EKB_DEMO_EXPERIMENT:-$build/demo}
core="matmul,conv2d_3x3,depthwise_conv3x3,softmax,layernorm,fc_int8,conv1x1_bias_relu6,mobilenetv2_block"
selection=${EKB_DEMO_TASKS:-$core}
[ "$selection" = all ] && selection='*'
[ "${EKB_DEMO_FRESH:-0}" = 1 ] && rm -rf "$exp"

echo "EdgeKernelBench demo: tasks '$selection' x {cpu, opencl} x {expert, naive}; experiment $exp"
"$ekb" run --experiment "$exp" --tasks "$selection" --backends cpu,opencl --producers expert,naive --samples 1 --no-report
echo
"$ekb" report "$exp"
