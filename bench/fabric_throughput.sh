#!/usr/bin/env bash
# Throughput of --no-timing evaluations through the device fabric with 1, 2 and 4 local
# workers (cpu) against local evaluation, and the fabric's overhead per job.
#
#   bash bench/fabric_throughput.sh [build dir] [out.md]
#
# A nats-server on a free loopback port (temp store), the same experiment (TASKS x
# expert,naive on cpu, --no-timing) run locally and through 1, 2, 4 workers, each into a
# fresh experiment; compiles are warmed first, so the wall times are evaluations. The
# per-job overhead is, per record, environment.fabric.roundtrip_s (host: job sent ->
# result received) minus run_s (worker: job received -> result ready), i.e. serialization,
# queueing, transfer and artifact writes.
set -euo pipefail
build=${1:-build/release}
ekb=$(readlink -f "$build/bin/ekb")
out=${2:-bench/results/fabric_throughput_$(date -u +%Y-%m-%d).md}
tasks=${TASKS:-softmax,sigmoid,add_int8,hardswish,layernorm,matmul,conv2d_3x3,depthwise_conv3x3}
tmp=$(mktemp -d /tmp/ekb-fabric-bench-XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
url=nats://127.0.0.1:$port
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT

nats-server -js -a 127.0.0.1 -p "$port" -sd "$tmp/js" >"$tmp/server.log" 2>&1 & pids+=($!)
for _ in $(seq 50); do (echo >/dev/tcp/127.0.0.1/"$port") 2>/dev/null && break; sleep 0.1; done

run() {  # run <experiment> <seed> [extra args]: prints wall seconds
  # Each configuration its own seed: other evaluation seeds, so other job ids (the same
  # jobs would be answered from the results stream without running).
  local exp=$1 seed=$2; shift 2
  local t0 t1
  t0=$(date +%s.%N)
  "$ekb" run --experiment "$tmp/$exp" --tasks "$tasks" --backends cpu --producers expert,naive --no-timing \
    --plain --no-report --seed "$seed" "$@" >"$tmp/$exp.log" 2>&1
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }'
}

load0=$(cut -d" " -f1-3 /proc/loadavg)
samples=$(( $(tr ',' '\n' <<<"$tasks" | wc -l) * 2 ))
run warm 10 >/dev/null   # compiles cached (kernels, experts, references, runners)
declare -A wall
wall[local]=$(run local 11)
workers=0
start_workers() {  # up to $1 workers
  while [ "$workers" -lt "$1" ]; do
    workers=$((workers + 1))
    "$ekb" worker --nats "$url" --backend cpu --name "bench-w$workers" >"$tmp/w$workers.log" 2>&1 & pids+=($!)
    for _ in $(seq 600); do grep -q serving "$tmp/w$workers.log" && break; sleep 0.1; done
  done
}
for n in 1 2 4; do
  start_workers "$n"
  wall[$n]=$(run "fabric$n" $((20 + n)) --devices "$url")
  grep -q " 0 result(s) already in the results stream" "$tmp/fabric$n.log" || { echo "fabric$n: results reused" >&2; exit 1; }
done

overhead=$(sqlite3 "$tmp/fabric1/results.db" "select environment from results" | python3 -c '
import json, sys, statistics
d = [json.loads(l)["fabric"] for l in sys.stdin if l.strip()]
o = sorted((f["roundtrip_s"] - f["run_s"]) * 1000 for f in d if "roundtrip_s" in f)
r = sorted(f["run_s"] * 1000 for f in d)
print(f"{statistics.median(o):.1f} {o[0]:.1f} {o[-1]:.1f} {statistics.median(r):.0f} {len(o)}")')
read -r ov_med ov_min ov_max run_med n_jobs <<<"$overhead"

{
  echo "# Fabric throughput: --no-timing evaluations, local vs 1/2/4 local workers"
  echo
  echo "$(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')), $("$ekb" version)"
  echo
  echo "Command: \`bash bench/fabric_throughput.sh\`; tasks $tasks x expert,naive on cpu = $samples samples,"
  echo "compiles warm (cached), nats-server and workers on the same machine; load average at start: $load0 (the machine is shared)."
  echo
  echo "| configuration | wall (s) | samples/s | vs local |"
  echo "|---|---|---|---|"
  for k in local 1 2 4; do
    label=$([ "$k" = local ] && echo "local (no --devices)" || echo "--devices, $k worker(s)")
    awk -v l="$label" -v w="${wall[$k]}" -v n="$samples" -v b="${wall[local]}" \
      'BEGIN { printf "| %s | %.2f | %.2f | %.2fx |\n", l, w, n / w, b / w }'
  done
  echo
  echo "Per-job fabric overhead (1 worker, $n_jobs jobs; host round trip minus the worker's time): median ${ov_med} ms"
  echo "(min ${ov_min}, max ${ov_max}); the worker's own time per job: median ${run_med} ms."
} | tee "$out"
