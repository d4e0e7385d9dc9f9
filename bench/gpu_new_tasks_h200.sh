#!/usr/bin/env bash
# New tasks' cuda and opencl experts on a GPU machine, verified on every instance and
# adversarial set and timed there, with PyTorch eager timed on the same GPU beside them: a
# bundle (docs/bundles.md) built here, carried, run there one backend per device call (a GPU
# times one kernel at a time), ingested here.
#
#   bash bench/gpu_new_tasks_h200.sh build <tasks file> <bundle dir>        # here
#   (device) bash bench/gpu_new_tasks_h200.sh run <bundle dir> <out dir> <cuda|opencl> [seconds] [--pytorch]
#   build/release/bin/ekb ingest <out dir> --store <db> --summary <md>      # here, per out dir
#
# <tasks file>: one task id per line ('#' comments). The bundle carries the experts only,
# timing cap 0.1 s per instance (the experts' A/A is not the point; the eager ratio is).
set -euo pipefail
mode=${1:?usage: gpu_new_tasks_h200.sh build <tasks file> <bundle dir> | run <bundle dir> <out dir> <backend> [seconds] [--pytorch]}
root=$(cd "$(dirname "$0")/.." && pwd)
case "$mode" in
build)
    tasks=${2:?tasks file}; out=${3:?bundle dir}
    "$root/build/release/bin/ekb" bundle --tasks "$(grep -v '^#' "$tasks" | paste -sd, -)" --backends cuda,opencl \
        --kernels expert --pytorch --quick-probe --time-cap 0.1 --jobs "$(nproc)" --out "$out"
    ;;
run)
    bundle=${2:?bundle dir}; out=${3:?out dir}; backend=${4:?backend}; seconds=${5:-0}
    shift 5 2>/dev/null || shift $#
    "$bundle/run" --out "$out" --only "*__${backend}__*" --deadline "$seconds" "$@"
    ;;
*) echo "unknown mode $mode" >&2; exit 2 ;;
esac
