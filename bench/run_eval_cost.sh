#!/usr/bin/env bash
# make bench: the cost of one evaluation (bench/eval_cost.cpp) and of confinement per child
# (bench/sandbox_cost.cpp); results in bench/results/.
set -euo pipefail
build=${1:-build/release}
"$build/bench/eval_cost" --runs "${EKB_BENCH_RUNS:-10}" --out bench/results/eval_cost_cpu.json
"$build/bench/sandbox_cost" 50 | tee bench/results/sandbox_cost.txt
# The robustness run (the trust issue): 1000 kernels of every class, and good ones.
"$build/bench/robustness" --kernels "${EKB_ROBUSTNESS_KERNELS:-1000}" --store "$build/robustness-results.db" --out bench/results/robustness.json
