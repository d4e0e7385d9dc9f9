#!/usr/bin/env bash
# The suite sweep (every shipped task's naive and expert kernels correct on every instance:
# `suite_*/SuiteKernels.*`, the `slow` label; cpu-arm64 is the backend `cpu_arm64` here) spread over many cores, with a deadline,
# resumable: one test per process, N processes at once, each test's verdict appended to
# <out>/sweep.tsv as it ends; a second call with the same <out> runs only what has no verdict
# yet. For a machine with more cores than this one (a GPU machine's 16), where `ctest -L slow`
# would use 2.
#
#   bash bench/suite_sweep.sh <ekb_suite_tests> <out dir> [backends (default "cpu opencl")]
#   EKB_SWEEP_JOBS=N        processes at once (default: online cores)
#   EKB_SWEEP_SECONDS=S     start no test after S seconds (default 0: no deadline)
#   EKB_SWEEP_TASKS=a,b     only these tasks (default: every task the binary lists)
#   EKB_SWEEP_REVERSE=1     run the list from its end (two machines sharing one list: the
#                           second's verdicts appended to the first's sweep.tsv)
#
# Prints the counts and every failure; exits 1 when a test failed.
set -euo pipefail
bin=${1:?usage: suite_sweep.sh <ekb_suite_tests> <out dir> [backends]}
out=${2:?out dir}
backends=${3:-cpu opencl}
jobs=${EKB_SWEEP_JOBS:-$(nproc)}
deadline=$(( $(date +%s) + ${EKB_SWEEP_SECONDS:-0} ))
[ "${EKB_SWEEP_SECONDS:-0}" -gt 0 ] || deadline=0
mkdir -p "$out/logs"
touch "$out/sweep.tsv"

# Every SuiteKernels test of the binary for these backends (and tasks), less those done.
"$bin" --gtest_list_tests --gtest_filter='*/SuiteKernels.*' |
    awk '/^[^ ]/{suite=$1} /^  /{print suite $1}' >"$out/all.txt"
want=$(printf '_%s$|' $backends); want=${want%|}
grep -E "($want)" "$out/all.txt" >"$out/wanted.txt" || true
if [ -n "${EKB_SWEEP_TASKS:-}" ]; then
    pat=$(printf '%s\n' "${EKB_SWEEP_TASKS//,/ }" | tr ' ' '\n' | sed 's|^|/|; s|$|_|' | paste -sd'|')
    grep -E "($pat)" "$out/wanted.txt" >"$out/wanted.tmp" || true
    mv "$out/wanted.tmp" "$out/wanted.txt"
fi
cut -f1 "$out/sweep.tsv" | sort -u >"$out/done.txt"
sort "$out/wanted.txt" | comm -23 - "$out/done.txt" >"$out/todo.txt"
if [ "${EKB_SWEEP_REVERSE:-0}" = 1 ]; then tac "$out/todo.txt" >"$out/todo.tmp" && mv "$out/todo.tmp" "$out/todo.txt"; fi
echo "suite sweep: $(wc -l <"$out/wanted.txt") tests, $(wc -l <"$out/done.txt") with a verdict, $(wc -l <"$out/todo.txt") to run, $jobs at once"

one() {  # one test: its verdict line (test, verdict, seconds), its log kept
    local t=$1 log s0 rc verdict
    if [ "$deadline" -gt 0 ] && [ "$(date +%s)" -ge "$deadline" ]; then return 0; fi
    # Another worker on the same <out> (EKB_SWEEP_REVERSE) may have run it since this one's list was made.
    if cut -f1 "$out/sweep.tsv" | grep -qxF "$t"; then return 0; fi
    log="$out/logs/$(printf '%s' "$t" | tr '/.' '__').log"
    s0=$(date +%s)
    rc=0
    "$bin" --gtest_filter="$t" >"$log" 2>&1 || rc=$?
    if grep -q '^\[  PASSED  \] 1 test' "$log"; then verdict=passed
    elif grep -q '^\[  SKIPPED \] 1 test' "$log"; then verdict=skipped
    elif [ "$rc" -eq 130 ] || [ "$rc" -eq 143 ]; then return 0  # interrupted (SIGINT, SIGTERM): no verdict, a resumed run reruns it
    else verdict="failed(rc=$rc)"
    fi
    printf '%s\t%s\t%s\n' "$t" "$verdict" "$(( $(date +%s) - s0 ))" >>"$out/sweep.tsv"
}
export -f one
export bin out deadline
xargs -a "$out/todo.txt" -P "$jobs" -I{} bash -c 'one "$@"' _ {}

total=$(wc -l <"$out/wanted.txt")
awk -F'\t' -v total="$total" '
    { v[$1] = $2 }
    END {
        for (t in v) { split(v[t], a, "("); n[a[1]]++ }
        printf "suite sweep: %d of %d tests have a verdict: %d passed, %d skipped, %d failed\n",
               length(v), total, n["passed"], n["skipped"], n["failed"]
    }' "$out/sweep.tsv"
failed=$(awk -F'\t' '$2 ~ /^failed/ {print $1}' "$out/sweep.tsv" | sort -u)
for t in $failed; do
    echo "FAILED $t"
    grep -E 'Failure|Expected|\[(load|run|verify|compile|generate)/' "$out/logs/$(printf '%s' "$t" | tr '/.' '__').log" | head -5 | sed 's/^/    /'
done
[ -z "$failed" ]
