#!/usr/bin/env bash
# The A/A experiment: every task's expert timed against itself (`--producers expert`, each
# sample a separate evaluation with its own seed), plus the naive kernel as the Beat-naive
# reference, on the smoke tasks x {cpu, opencl}. A sound protocol and sound metrics give:
#   Fast@1.0 (point estimate >= 1)        about half: a coin flip near 1.0 (the paper's metric)
#   confident Fast@1.0 (CI lower >= 1)    at most 5 % (the check this script makes); the CI is
#                                         widened by the A/A noise floor the same samples measure
#                                         (src/metrics/aa_noise.h); the count with each record's
#                                         own CI only is printed beside it
#   own CI contains 1                     the share of expert samples whose own 95 % CI contains 1
# Prints both metrics per backend and overall, and writes bench/results/aa_experiment_<date>.md.
#
#   bash bench/aa_experiment.sh [build dir]
#   EKB_AA_TASKS=a,b,c        tasks (default: scripts/smoke_tasks.txt, 12 tasks)
#   EKB_AA_BACKENDS="cpu"     backends (default "cpu opencl"; opencl runs on PoCL here)
#   EKB_AA_SAMPLES=N          expert samples per task and backend (default 4)
#   EKB_AA_EXPERIMENT=DIR     the experiment folder (default <build>/bench-aa); runs resume
#   EKB_AA_OUT=FILE           the results file (default bench/results/aa_experiment_<date>.md)
# Exit status 1 when confident Fast@1.0 is above 5 %.
set -euo pipefail
build=${1:-build/release}
ekb="$build/bin/ekb"
default_tasks=$(grep -v '^#' scripts/smoke_tasks.txt | paste -sd, -)
tasks=${EKB_AA_TASKS:-$default_tasks}
samples=${EKB_AA_SAMPLES:-4}
exp=${EKB_AA_EXPERIMENT:-$build/bench-aa}
out=${EKB_AA_OUT:-bench/results/aa_experiment_$(date +%F).md}
py=/usr/bin/python3

for backend in ${EKB_AA_BACKENDS:-cpu opencl}; do
    "$ekb" run --experiment "$exp" --tasks "$tasks" --backends "$backend" --producers naive --samples 1 --no-report --plain
    "$ekb" run --experiment "$exp" --tasks "$tasks" --backends "$backend" --producers expert --samples "$samples" \
        --no-report --plain
done
"$ekb" report "$exp" --json >"$exp/metrics.json"
"$ekb" results --store "$exp/results.db" --jsonl >"$exp/records.jsonl"

summary=$("$py" - "$exp/metrics.json" "$exp/records.jsonl" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
recs = [json.loads(l) for l in open(sys.argv[2]) if l.strip()]
experts = [r for r in recs if r.get("producer") == "expert"]
fmt = lambda v, d=3: "-" if v is None else f"{v:.{d}f}"
lines = ["| backend | expert samples | tasks | Fast@1.0 (point) | confident Fast@1.0 | confident, own CI only | own CI contains 1 | A/A noise floor | geomean speedup [95% CI] | expert Beat-naive@1 |",
         "|---|---|---|---|---|---|---|---|---|---|"]
tot = {"tasks": 0, "fast": 0.0, "conf": 0.0, "own": 0, "n": 0, "cover": 0}
for row in m["metrics"]:
    if row["producer"] != "expert" or row["slice"] != "all":
        continue
    b = row["backend"]
    mine = [r for r in experts if r["backend"] == b and r.get("speedup") is not None and r["correct"]]
    n = len(mine)
    own = sum(1 for r in mine if r.get("speedup_ci_lo") is not None and r["speedup_ci_lo"] >= 1.0)
    cover = sum(1 for r in mine if r.get("speedup_ci_lo") is not None and r["speedup_ci_lo"] <= 1.0 <= r["speedup_ci_hi"])
    noise = m.get("aa_noise", {}).get(b)
    floor = "-" if not noise else f"{noise['sigma_log']:.3f} (log), {noise['samples']} samples"
    f1, c1 = row["fast_at_k"]["1.0"], row["confident_fast_at_k"]["1.0"]
    t = row["tasks"]
    tot["tasks"] += t; tot["fast"] += f1 * t; tot["conf"] += c1 * t; tot["own"] += own; tot["n"] += n; tot["cover"] += cover
    ci = row["ci"]
    lines.append(f"| {b} | {row['samples']} | {t} | {fmt(f1)} | {fmt(c1)} | {own}/{n} | {cover}/{n} | {floor} "
                 f"| {fmt(row['geomean_speedup'])}x [{fmt(ci[0])}, {fmt(ci[1])}] | {fmt(row['beat_naive_at_k'])} |")
T = tot["tasks"] or 1
fast, conf = tot["fast"] / T, tot["conf"] / T
lines += ["", f"overall ({tot['n']} expert samples over {tot['tasks']} task x backend pairs): Fast@1.0 {fast:.3f}; "
          f"confident Fast@1.0 {conf:.3f} (with each record's own CI only: {tot['own']}/{tot['n']}); "
          f"own CI contains 1 in {tot['cover']}/{tot['n']}",
          f"VERDICT: confident Fast@1.0 = {conf:.3f} {'<=' if conf <= 0.05 else '>'} 0.05"]
print("\n".join(lines))
PY
)
{
    echo "# A/A experiment: the expert timed against itself"
    echo
    echo "Command: \`bash bench/aa_experiment.sh $build\` (tasks: $tasks; backends: ${EKB_AA_BACKENDS:-cpu opencl};"
    echo "$samples expert samples per task and backend, each its own evaluation), run $(date -u +%FT%TZ) on $(nproc) cores,"
    echo "load average $(cut -d' ' -f1-3 /proc/loadavg): $("$ekb" version 2>/dev/null || true)."
    echo "Fast@1.0 counts a sample when its speedup point estimate is >= 1 (the paper's definition);"
    echo "confident Fast@1.0 when its 95 % CI lower bound, widened by the A/A noise floor, is >= 1. Metrics per"
    echo "task (pass@1), averaged over tasks."
    echo
    echo "$summary"
} | tee "$out"
echo "wrote $out"
grep -q '^VERDICT: .* <= 0.05' <<<"$summary"
