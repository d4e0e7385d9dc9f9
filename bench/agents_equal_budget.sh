#!/usr/bin/env bash
# LEKA vs iterative vs direct, all with the builtin model and the same budget per sample, in
# one experiment with the naive kernel (the Beat-naive reference) and expert-vs-expert samples
# (the A/A noise floor that confident Fast@p and Beat-naive widen CIs by). Prints per backend
# Correct@1, Fast@1.0 (the paper's, point estimate), confident Fast@1.0, Beat-naive@1, the
# speedups over the expert and over naive, budget use, and the report's verdict; writes
# bench/results/agents_equal_budget_<date>.md and the experiment's report (and paper view).
#
#   bash bench/agents_equal_budget.sh [build dir]
#   EKB_AGENTS_TASKS=a,b       tasks (default: scripts/smoke_tasks.txt, 12 tasks)
#   EKB_AGENTS_BACKENDS="cpu"  backends (default "cpu opencl"; opencl runs on PoCL here)
#   EKB_AGENTS_BUDGET=...      the budget of every producer's sample (default compiles=16);
#                              iterative gets --turns = its compiles (one check per turn)
#   EKB_AGENTS_SAMPLES=N       samples per task, backend and producer (default 1)
#   EKB_AGENTS_AA_SAMPLES=N    expert-vs-expert samples per task and backend (default 3)
#   EKB_AGENTS_EXPERIMENT=DIR  the experiment (default <build>/bench-agents); runs resume
#   EKB_AGENTS_OUT=FILE        the results file
set -euo pipefail
build=${1:-build/release}
ekb="$build/bin/ekb"
default_tasks=$(grep -v '^#' scripts/smoke_tasks.txt | paste -sd, -)
tasks=${EKB_AGENTS_TASKS:-$default_tasks}
budget=${EKB_AGENTS_BUDGET:-compiles=16}
checks=$(printf '%s\n' "$budget" | tr ',' '\n' | sed -n 's/^compiles=//p')
turns=${checks:-16}
samples=${EKB_AGENTS_SAMPLES:-1}
aa=${EKB_AGENTS_AA_SAMPLES:-3}
exp=${EKB_AGENTS_EXPERIMENT:-$build/bench-agents}
out=${EKB_AGENTS_OUT:-bench/results/agents_equal_budget_$(date +%F).md}

for backend in ${EKB_AGENTS_BACKENDS:-cpu opencl}; do
    "$ekb" run --experiment "$exp" --tasks "$tasks" --backends "$backend" --producers naive --samples 1 --no-report --plain
    "$ekb" run --experiment "$exp" --tasks "$tasks" --backends "$backend" --producers expert --samples "$aa" --no-report --plain
    "$ekb" run --experiment "$exp" --tasks "$tasks" --backends "$backend" --producers leka,iterative,direct \
        --models builtin --budget "$budget" --turns "$turns" --samples "$samples" --no-report --plain
done
"$ekb" report "$exp" --json >"$exp/metrics.json"
"$ekb" report "$exp" >/dev/null
"$ekb" report "$exp" --paper >/dev/null
table=$(/usr/bin/python3 - "$exp/metrics.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
fmt = lambda v: "-" if v is None else f"{v:.3f}"
print("| backend | producer | samples | Correct@1 | Fast@1.0 | confident Fast@1.0 | Beat-naive@1 | speedup vs expert [95% CI] | vs naive [95% CI] |")
print("|---|---|---|---|---|---|---|---|---|")
order = {"leka": 0, "iterative": 1, "direct": 2, "naive": 3, "expert": 4}
rows = [r for r in m["metrics"] if r["slice"] == "all"]
rows.sort(key=lambda r: (r["backend"], order.get(r["producer"], 9)))
for r in rows:
    who = r["producer"] + (" / " + r["model"] if r["model"] else "")
    ci, nci = r["ci"], r["over_naive_ci"]
    print(f"| {r['backend']} | {who} | {r['samples']} | {fmt(r['correct_at_k'])} | {fmt(r['fast_at_k']['1.0'])} "
          f"| {fmt(r['confident_fast_at_k']['1.0'])} | {fmt(r['beat_naive_at_k'])} "
          f"| {fmt(r['geomean_speedup'])}x [{fmt(ci[0])}, {fmt(ci[1])}] | {fmt(r['geomean_over_naive'])}x [{fmt(nci[0])}, {fmt(nci[1])}] |")
print()
for h in m["headlines"]:
    print("- " + h["text"])
for b, n in m.get("aa_noise", {}).items():
    print(f"- {b}: A/A noise floor {n['sigma_log']:.3f} (log) from {n['samples']} expert-vs-expert samples")
PY
)
envs=$(env | grep -E '^EKB_AGENTS_[A-Z_]+=' | grep -v '^EKB_AGENTS_OUT=' | sort | paste -sd' ' - || true)
{
    echo "# LEKA vs iterative vs direct (builtin model) at equal budget"
    echo
    echo "Command: \`${envs:+$envs }bash bench/agents_equal_budget.sh $build\` (tasks: $tasks; backends: ${EKB_AGENTS_BACKENDS:-cpu opencl};"
    echo "budget per sample: $budget, iterative with --turns $turns; $samples samples per producer; $aa expert-vs-expert"
    echo "samples), run $(date -u +%FT%TZ) on $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)."
    echo "Fast@1.0: speedup point estimate >= 1 (the paper's); confident: the 95 % CI lower bound, widened by the A/A"
    echo "noise floor, >= 1; Beat-naive@1: the speedup over the naive kernel has a (widened) CI lower bound > 1."
    echo "opencl runs on PoCL, i.e. on this CPU."
    echo
    echo "$table"
    echo
    echo "Budget use and stop reasons: $exp/report.md; Table 2 and the agents comparison: $exp/paper.md."
} | tee "$out"
echo "wrote $out"
