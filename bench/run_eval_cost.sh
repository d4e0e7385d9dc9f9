#!/usr/bin/env bash
# make bench: the cost of one evaluation (bench/eval_cost.cpp), results in bench/results/.
set -euo pipefail
build=${1:-build/release}
"$build/bench/eval_cost" --runs "${EKB_BENCH_RUNS:-10}" --out bench/results/eval_cost_cpu.json
