#!/usr/bin/env bash
# The report as a reader sees it: a small real experiment (one task on cpu; the naive
# kernel, and LEKA and direct with the builtin model at the same budget), `ekb report` and
# `ekb report --paper`, both opened in headless Chromium, where report_check.html checks the
# verdict, that every chart point is titled with its task (and instance), the budget table
# and the paper view (Table 2, agents at equal budget, ablation). Exit 77 (skipped) only
# when no Chromium is installed.
#   report_browser.sh EKB_BINARY SOURCE_DIR
set -euo pipefail
ekb=$1
src=$2
browser=$(command -v chromium-headless-shell || command -v chromium || true)
if [ -z "$browser" ]; then
    echo "no chromium-headless-shell or chromium: apt-get install chromium-headless-shell" >&2
    exit 77
fi
work=$(mktemp -d /tmp/ekb-report-browser.XXXXXX)
trap 'rm -rf "$work"' EXIT
task=softmax
"$ekb" run --experiment "$work/exp" --tasks $task --backends cpu --producers naive,leka,direct --models builtin \
    --budget compiles=2 --samples 1 --no-report --plain >"$work/run.log" 2>&1 || { cat "$work/run.log"; exit 1; }
# Peaks far below any machine's, so points lie above the roof and the report must say why.
echo '{"cpu": {"gflops": 0.5, "gbps": 0.1}}' >"$work/exp/peaks.json"
"$ekb" report "$work/exp" --out "$work/out" >"$work/report.txt"
"$ekb" report "$work/exp" --paper --out "$work/out" >"$work/paper.txt"
cp "$src/tests/cli/report_check.html" "$work/out/check.html"
# The terminal views carry the verdict and the paper view's tables too.
grep -q '^  cpu: .*\(wins\|leads\).*x the expert' "$work/report.txt" || { echo "terminal report has no verdict"; cat "$work/report.txt"; exit 1; }
grep -q 'Budget use per producer' "$work/report.txt" || { echo "terminal report has no budget table"; exit 1; }
grep -q 'Table 2 layout' "$work/paper.txt" || { echo "terminal paper view has no Table 2"; cat "$work/paper.txt"; exit 1; }
grep -q '^## Verdict' "$work/out/report.md" || { echo "report.md has no verdict"; exit 1; }
dom=$(timeout 120 "$browser" --headless --no-sandbox --disable-gpu --allow-file-access-from-files \
    --virtual-time-budget=10000 --dump-dom \
    "file://$work/out/check.html?task=$task&backend=cpu&producers=leka%20%2F%20builtin,direct%20%2F%20builtin" 2>"$work/chromium.err") ||
    { echo "chromium failed:"; tail -20 "$work/chromium.err"; exit 1; }
result=$(printf '%s' "$dom" | tr '\n' '\a' | grep -o '<pre id="result">[^<]*</pre>' | sed 's/<[^>]*>//g' | tr '\a' '\n')
echo "$result"
[ "$(printf '%s' "$result" | head -1)" = PASS ]
