#!/usr/bin/env bash
# LEKA with the builtin model against the naive kernel, the suite's expert, Halide 14's
# autoschedulers (Adams2019 on cpu, Li2018 on opencl) and the builtin model's direct and
# iterative producers (the same rules without layers; iterative at LEKA's budget, one check
# per turn), all in one experiment on the same tasks, so every speedup is against the same
# expert timed in the same run. Writes the
# report (geomean speedup and Fast@p per producer and backend, per-layer credit) to
# bench/results/leka_vs_autoschedulers_<date>.md.
#
#   bash bench/leka_vs_autoschedulers.sh [build dir]
#   EKB_BENCH_TASKS=...      tasks (default: scripts/smoke_tasks.txt, 12 tasks)
#   EKB_LEKA_BUDGET=...      LEKA's budget per sample (default compiles=16)
#   EKB_BENCH_BACKENDS=...   "cpu opencl" (default) or one of them
# Runs resume: the same command after an interruption computes only what is missing.
# PoCL times opencl kernels on this CPU: its numbers are CPU numbers, not a GPU's.
set -euo pipefail
build=${1:-build/release}
ekb="$build/bin/ekb"
default_tasks=$(grep -v '^#' scripts/smoke_tasks.txt | paste -sd, -)
tasks=${EKB_BENCH_TASKS:-$default_tasks}
budget=${EKB_LEKA_BUDGET:-compiles=16}
checks=$(printf '%s\n' "$budget" | tr ',' '\n' | sed -n 's/^compiles=//p')
turns=${checks:-16}
exp=${EKB_BENCH_EXPERIMENT:-$build/bench-leka}
out=bench/results/leka_vs_autoschedulers_$(date +%F).md

for backend in ${EKB_BENCH_BACKENDS:-cpu opencl}; do
    auto=auto:adams2019
    [ "$backend" = cpu ] || auto=auto:li2018
    "$ekb" run --experiment "$exp" --tasks "$tasks" --backends "$backend" \
        --producers naive,expert,leka,$auto,direct,iterative --models builtin --budget "$budget" --turns "$turns" \
        --no-report --plain
done
"$ekb" report "$exp" >/dev/null
{
    echo "# LEKA (builtin) vs direct and iterative (builtin), naive, expert, Adams2019 (cpu) and Li2018 (opencl)"
    echo
    echo "Command: \`bash bench/leka_vs_autoschedulers.sh $build\` (tasks: $tasks; LEKA's and iterative's budget per"
    echo "sample: $budget, iterative with --turns $turns),"
    echo "run $(date -u +%FT%TZ) on $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')."
    echo "Speedups are expert time / kernel time (geomean over instances, then over tasks); the"
    echo "expert row is the A/A check. opencl runs on PoCL, i.e. on this CPU."
    echo
    sed '1,/^$/d' "$exp/report.md"
} > "$out"
echo "wrote $out"
