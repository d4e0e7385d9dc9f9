#!/usr/bin/env bash
# The cost of the cpu-arm64 backend here (docs/backends.md): one evaluation of a task's
# expert on native cpu vs cpu-arm64 (cross-compiled, run under qemu-aarch64-static), both
# from a warm compile cache (so the difference is the run under emulation), and,
# with --sweep, the wall time of `ekb suite`-wide naive+expert correctness on cpu-arm64
# (the slow-labelled test's work: ctest -L slow -R 'Arm64').
#
# usage: bench/arm64_cost.sh [build/release] [--sweep]   -> bench/results/arm64_cost.md
set -euo pipefail
build=${1:-build/release}
ekb="$build/bin/ekb"
out=bench/results/arm64_cost.md
# ARM64_COST_TASKS="a b": fewer tasks (on a loaded machine each arm64 evaluation takes minutes).
read -r -a tasks <<< "${ARM64_COST_TASKS:-matmul fc_int8 softmax depthwise_conv3x3 conv1x1_bias_relu6 silu}"
store=$(mktemp -d)/arm64_cost.db
wall() { local t0 t1; t0=$(date +%s.%N); "$@" > /dev/null; t1=$(date +%s.%N); echo "$t1 - $t0" | bc; }
{
  echo "# cpu-arm64 under qemu-aarch64-static vs native cpu: one evaluation"
  echo
  echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(qemu-aarch64-static --version | head -1); load average at start $(cut -d' ' -f1-3 /proc/loadavg)."
  echo "ekb $("$ekb" --version 2>/dev/null | head -1). Each evaluation: \`ekb eval --task T --backend B --expert --time-cap 0.2\`"
  echo "(every instance verified, timed against the expert), compile cache warm (a first run before each measured one)."
  echo
  echo "| task | cpu wall s | cpu-arm64 wall s | ratio | cpu expert median | cpu-arm64 expert median (emulated) |"
  echo "|---|---|---|---|---|---|"
  for t in "${tasks[@]}"; do
    for b in cpu cpu-arm64; do "$ekb" eval --task "$t" --backend "$b" --expert --time-cap 0.2 --store "$store" > /dev/null; done
    wc=$(wall "$ekb" eval --task "$t" --backend cpu --expert --time-cap 0.2 --store "$store")
    wa=$(wall "$ekb" eval --task "$t" --backend cpu-arm64 --expert --time-cap 0.2 --store "$store")
    mc=$(sqlite3 "$store" "select printf('%.3g', kernel_median_s) from results where task_id='$t' and backend='cpu' order by created_at desc limit 1")
    ma=$(sqlite3 "$store" "select printf('%.3g', kernel_median_s) from results where task_id='$t' and backend='cpu-arm64' order by created_at desc limit 1")
    printf '| %s | %.1f | %.1f | %.1fx | %s s | %s s |\n' "$t" "$wc" "$wa" "$(echo "$wa / $wc" | bc -l)" "$mc" "$ma"
  done
  if [ "${2:-}" = "--sweep" ]; then
    echo
    t0=$(date +%s)
    (cd "$build" && ctest -L slow -R 'suite_Arm64' --output-on-failure > /tmp/arm64_sweep.log 2>&1) || true
    echo "Whole-suite sweep (naive + expert of every task correct on cpu-arm64 under qemu, \`ctest -L slow -R suite_Arm64\`):"
    echo "$(( $(date +%s) - t0 )) s wall; $(grep -E 'tests passed|tests failed' /tmp/arm64_sweep.log | tail -1)."
  fi
} | tee "$out"
