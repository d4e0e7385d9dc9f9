#!/usr/bin/env bash
# The A/A check: every shipped task's expert timed against itself, on cpu and opencl.
# A sound protocol gives speedups near 1.0; prints each and the share inside [0.95, 1.05].
set -euo pipefail
build=${1:-build/release}
ekb="$build/bin/ekb"
out=${2:-bench/results/aa_check.txt}
tasks=$("$ekb" tasks list --json | sed -n 's/^ *"id": "\(.*\)",$/\1/p')
{
  echo "# A/A check: ekb eval --expert (expert vs itself), $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores"
  echo "# $("$ekb" version)"
  printf '%-22s %-7s %-8s %s\n' task backend speedup "95% CI"
  inside=0; total=0
  for task in $tasks; do
    for backend in cpu opencl; do
      line=$("$ekb" eval --task "$task" --backend "$backend" --expert --no-store --json |
             tr -d ' \n' | sed -n 's/.*"speedup":\([0-9.eE+-]*\),"speedup_ci_hi":\([0-9.eE+-]*\),"speedup_ci_lo":\([0-9.eE+-]*\),.*/\1 \3 \2/p')
      read -r sp lo hi <<< "$line"
      printf '%-22s %-7s %-8.3f [%.3f, %.3f]\n' "$task" "$backend" "$sp" "$lo" "$hi"
      total=$((total + 1))
      if awk -v s="$sp" 'BEGIN { exit !(s >= 0.95 && s <= 1.05) }'; then inside=$((inside + 1)); fi
    done
  done
  echo "# $inside of $total inside [0.95, 1.05]"
} | tee "$out"
