#!/usr/bin/env bash
# New tasks on a GPU machine: their shape fuzz on the machine's own cpu, cuda and OpenCL GPU
# (every naive and expert kernel on the extra legal instances of `ekb suite fuzz-shapes`), and
# a bundle of their cuda and opencl experts, run there with PyTorch eager timed beside them.
# Runs from a checkout on the GPU machine with the pack of bench/gpu_fabric_h200.sh unpacked
# under build/h200 (as bench/gpu_suite_check.sh); everything, compiles included, runs there.
#
#   bash bench/gpu_new_tasks_h200.sh fuzz <tasks file> <state dir> [seconds]   # resumable
#   bash bench/gpu_new_tasks_h200.sh bundle <tasks file> <state dir>           # <state>/bundle
#   bash bench/gpu_new_tasks_h200.sh run <state dir> <cuda|opencl> [seconds] [--pytorch]
#   EKB_FUZZ_JOBS=N   fuzz processes at once (default 8: one task each)
#
# fuzz: <state>/fuzz/<task>.json and .log per task, <state>/fuzz/done.tsv (task, exit status:
# 0 no failure, 1 a failure listed in the log). run: <state>/run-<backend>, the bundle's
# results folder, for `ekb ingest` here. One backend per call, one entry at a time: a GPU
# times one kernel at a time.
set -uo pipefail
mode=${1:?usage: gpu_new_tasks_h200.sh fuzz|bundle|run ...}
root=$(cd "$(dirname "$0")/.." && pwd)
export EKB_HOME=$root
# shellcheck disable=SC1091
source "$root/build/h200/install.sh" >/tmp/ekb-install.log 2>&1 || { cat /tmp/ekb-install.log; exit 1; }
export EKB_HOME=$root

case "$mode" in
fuzz)
    tasks=${2:?tasks file}; state=${3:?state dir}; seconds=${4:-0}
    mkdir -p "$state/fuzz"; touch "$state/fuzz/done.tsv"
    deadline=0; [ "$seconds" -gt 0 ] && deadline=$(( $(date +%s) + seconds ))
    fuzz_one() {
        if [ "$deadline" -gt 0 ] && [ "$(date +%s)" -ge "$deadline" ]; then return 0; fi
        local rc=0
        ekb suite fuzz-shapes --tasks "$1" --backends cpu,cuda,opencl --wide \
            --out "$state/fuzz/$1.json" >"$state/fuzz/$1.log" 2>&1 || rc=$?
        printf '%s\t%s\n' "$1" "$rc" >>"$state/fuzz/done.tsv"
    }
    export -f fuzz_one; export state deadline
    grep -v '^#' "$tasks" | grep -v -x -F -f <(cut -f1 "$state/fuzz/done.tsv") |
        xargs -P "${EKB_FUZZ_JOBS:-8}" -I{} bash -c 'fuzz_one "$1"' _ {}
    echo "fuzz: $(wc -l <"$state/fuzz/done.tsv") of $(grep -vc '^#' "$tasks") tasks done," \
         "$(awk -F'\t' '$2 != 0' "$state/fuzz/done.tsv" | wc -l) with a failure"
    ;;
bundle)
    tasks=${2:?tasks file}; state=${3:?state dir}
    mkdir -p "$state"
    ekb bundle --tasks "$(grep -v '^#' "$tasks" | paste -sd, -)" --backends cuda,opencl --kernels expert \
        --pytorch --quick-probe --time-cap 0.1 --jobs "$(nproc)" --out "$state/bundle" >"$state/bundle.log" 2>&1
    rc=$?; tail -3 "$state/bundle.log"; exit $rc
    ;;
run)
    state=${2:?state dir}; backend=${3:?backend}; seconds=${4:-0}; shift 4 2>/dev/null || shift $#
    "$state/bundle/run" --out "$state/run-$backend" --only "*__${backend}__*" --deadline "$seconds" "$@" \
        >"$state/run-$backend.log" 2>&1
    rc=$?; tail -3 "$state/run-$backend.log"; exit $rc
    ;;
*) echo "unknown mode $mode" >&2; exit 2 ;;
esac
