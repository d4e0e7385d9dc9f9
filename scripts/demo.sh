#!/usr/bin/env bash
# make demo: one experiment, `ekb run`, of LEKA with the builtin model (no LLM, no network)
# over the smoke subset (scripts/smoke_tasks.txt: 12 tasks across tiers and domains) on cpu
# and opencl; then `ekb report` prints the results table and writes report.md and
# report.html (with LEKA's per-layer credit) into the experiment folder.
#
# Each sample's search is capped by work, not by waiting (EKB_DEMO_BUDGET, default 5 checks
# and 60 s of the sample's own time: the time a sample waits for a quiet CPU to time on is
# not counted). As each sample finishes, one line shows its search: checks made, changes
# accepted per layer, why it stopped, and its speedup over the expert at the start and at
# the end, beside the task's naive kernel (all on the visible instances).
# EKB_DEMO_TASKS=all (or a comma-separated list) picks other tasks; EKB_DEMO_BACKENDS other
# backends (default cpu,opencl); EKB_DEMO_PRODUCERS other producers (e.g. expert,naive).
# Running it again resumes (nothing is recomputed); EKB_DEMO_FRESH=1 starts over.
set -euo pipefail
build=${1:-build/release}
ekb="$build/bin/ekb"
exp=${EKB_DEMO_EXPERIMENT:-$build/demo}
smoke=$(grep -v '^#' scripts/smoke_tasks.txt | paste -sd, -)
selection=${EKB_DEMO_TASKS:-$smoke}
[ "$selection" = all ] && selection='*'
producers=${EKB_DEMO_PRODUCERS:-leka}
backends=${EKB_DEMO_BACKENDS:-cpu,opencl}
budget=${EKB_DEMO_BUDGET:-compiles=5,wall_s=60}
[ "${EKB_DEMO_FRESH:-0}" = 1 ] && rm -rf "$exp"

echo "EdgeKernelBench demo: $producers (builtin model) on tasks '$selection' x {$backends}; experiment $exp"
echo "budget per sample: $budget (checks and the sample's own time; waiting for the CPU is not counted)"
start=$(date +%s)
"$ekb" run --experiment "$exp" --tasks "$selection" --backends "$backends" --producers "$producers" \
    --models builtin --samples 1 --budget "$budget" --time-cap "${EKB_DEMO_TIME_CAP:-0.25}" --jobs 2 --no-report
echo
"$ekb" report "$exp"
echo "demo: $(( $(date +%s) - start )) s"
