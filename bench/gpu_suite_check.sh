#!/usr/bin/env bash
# Every shipped task's kernels verified on a GPU machine's own devices: the opencl sweep
# (bench/suite_sweep.sh: naive and expert on every instance and adversarial set, on the
# machine's OpenCL GPU) and, for cuda, `ekb eval --no-timing` of every task's naive and cuda
# expert. Runs from a checkout on the GPU machine, with the pack of bench/gpu_fabric_h200.sh
# unpacked under build/h200 (ekb, ekb_suite_tests, the runner library, the libraries the
# machine lacks). Resumable with a deadline, so that it fits device calls of a few minutes:
#
#   bash bench/gpu_suite_check.sh <state dir> [seconds]    # there; again to go on
#   EKB_GPU_CHECK_JOBS="12 4"  opencl tests and cuda evaluations at once (default 12 4)
#
# <state dir>/ocl/sweep.tsv: the opencl verdicts; <state dir>/cuda/done.tsv: task, kernel,
# exit status, and <state dir>/cuda/<task>.<kernel>.json the record.
set -uo pipefail
state=${1:?usage: gpu_suite_check.sh <state dir> [seconds]}
seconds=${2:-0}
root=$(cd "$(dirname "$0")/.." && pwd)
export EKB_HOME=$root
# shellcheck disable=SC1091
source "$root/build/h200/install.sh" >"$state.install.log" 2>&1 || { cat "$state.install.log"; exit 1; }
export EKB_HOME=$root
read -r ocl_jobs cuda_jobs <<<"${EKB_GPU_CHECK_JOBS:-12 4}"
mkdir -p "$state/ocl" "$state/cuda"
touch "$state/cuda/done.tsv"
deadline=0
[ "$seconds" -gt 0 ] && deadline=$(( $(date +%s) + seconds ))
{ nvidia-smi -L; ekb --version; } >"$state/machine.txt" 2>&1

EKB_SWEEP_JOBS=$ocl_jobs EKB_SWEEP_SECONDS=$seconds \
    bash "$root/bench/suite_sweep.sh" "$root/build/h200/bin/ekb_suite_tests" "$state/ocl" opencl >"$state/ocl/summary.txt" 2>&1 &
sweep=$!

cuda_one() {  # task kernel
    if [ "$deadline" -gt 0 ] && [ "$(date +%s)" -ge "$deadline" ]; then return 0; fi
    local rc=0
    ekb eval --task "$1" --backend cuda --"$2" --no-timing --no-store --json >"$state/cuda/$1.$2.json" 2>"$state/cuda/$1.$2.err" || rc=$?
    printf '%s\t%s\t%s\n' "$1" "$2" "$rc" >>"$state/cuda/done.tsv"
}
export -f cuda_one
export state deadline
for t in $(ls "$root/suite/tasks"); do for k in expert naive; do printf '%s %s\n' "$t" "$k"; done; done |
    grep -v -x -F -f <(awk -F'\t' '{print $1" "$2}' "$state/cuda/done.tsv") |
    xargs -P "$cuda_jobs" -L1 bash -c 'cuda_one "$0" "$1"'
wait "$sweep"
echo "opencl: $(tail -1 "$state/ocl/summary.txt" 2>/dev/null)"
echo "cuda: $(wc -l <"$state/cuda/done.tsv") of $(( 2 * $(ls "$root/suite/tasks" | wc -l) )) evaluations done"
