#!/usr/bin/env bash
# make demo: one experiment, `ekb run`, of LEKA with the builtin model (no LLM, no network)
# over the smoke subset (scripts/smoke_tasks.txt: 12 tasks across tiers and domains) on cpu
# and opencl; then `ekb report` prints the results table and writes report.md and
# report.html (with LEKA's per-layer credit) into the experiment folder.
# Each sample's search is capped (EKB_DEMO_BUDGET, default 6 checks and 40 s of wall time),
# so the demo finishes in about 15 minutes on 2 cores.
# EKB_DEMO_TASKS=all (or a comma-separated list) picks other tasks; EKB_DEMO_PRODUCERS
# other producers (e.g. expert,naive). Running it again resumes (nothing is recomputed);
# EKB_DEMO_FRESH=1 starts over.
set -euo pipefail
build=${1:-build/release}
ekb="$build/bin/ekb"
exp=${EKB_DEMO_EXPERIMENT:-$build/demo}
smoke=$(grep -v '^#' scripts/smoke_tasks.txt | paste -sd, -)
selection=${EKB_DEMO_TASKS:-$smoke}
[ "$selection" = all ] && selection='*'
producers=${EKB_DEMO_PRODUCERS:-leka}
budget=${EKB_DEMO_BUDGET:-compiles=6,wall_s=40}
[ "${EKB_DEMO_FRESH:-0}" = 1 ] && rm -rf "$exp"

echo "EdgeKernelBench demo: $producers (builtin model) on tasks '$selection' x {cpu, opencl}; experiment $exp"
"$ekb" run --experiment "$exp" --tasks "$selection" --backends cpu,opencl --producers "$producers" \
    --models builtin --samples 1 --budget "$budget" --time-cap 0.4 --jobs 2 --no-report
echo
"$ekb" report "$exp"
