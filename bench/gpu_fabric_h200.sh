#!/usr/bin/env bash
# GPU in the loop: LEKA-builtin and iterative-builtin searching on a GPU machine through the
# device fabric — every check and profile a producer asks for is a job that an `ekb worker`
# on the GPU runs — on the smoke tasks x {cuda, opencl}, at the budget of the PoCL-searched
# run (compiles=12, iterative --turns 12) that bench/results/gpu_h200_*_leka_iterative_direct_li2018.md
# timed on the same GPU.
#
# The GPU machine has a driver, a C++ compiler and nothing of ekb's (no Halide, no LLVM 14),
# so the host side travels too: everything (NATS server, workers, host) runs there; the
# protocol between them is the one a farm uses.
#
#   bash bench/gpu_fabric_h200.sh pack [build dir] [out dir]   # here: out dir (default gpu-fabric/)
#   (device)  bash gpu-fabric/device.sh [backends] [out dir]    # there: runs, writes the experiment
#   bash bench/gpu_fabric_h200.sh render <experiment dir> <out.md>
#
# pack copies ekb, ekb-gen, the runner library, the task suite (smoke tasks), the Halide
# headers, nats-server, bwrap, the static libseccomp and every shared library ekb needs that
# is not glibc or the C++ runtime; device.sh installs what the machine lacks (libraries into
# /usr/local/lib/ekb-carried, registered with ldconfig so that the confined children find them
# too; headers and libseccomp.a at the paths this build compiled in), starts nats-server -js on
# loopback, one `ekb worker` per backend, and the host `ekb run --devices`.
set -euo pipefail
mode=${1:?usage: gpu_fabric_h200.sh pack [build dir] [out dir] | render <experiment dir> <out.md>}

if [ "$mode" = pack ]; then
    build=${2:-build/release}
    out=${3:-gpu-fabric}
    rm -rf "$out"
    mkdir -p "$out/bin" "$out/libexec" "$out/lib" "$out/root" "$out/home/include" "$out/home/suite/tasks"
    cp "$build/bin/ekb" "$out/bin/"
    # The libexec folder: ekb-gen and the runner libraries (not the cross ones: x86-64 only).
    # Paths this build compiled in (the Ninja file has the definitions).
    defined() { grep -o "$1"'=\\"[^\\]*' "$build/build.ninja" | head -1 | sed 's/.*=\\"//'; }
    libexec=$(defined EKB_LIBEXEC_DIR)
    cp "$libexec/ekb-gen" "$libexec/libekb_runner.a" "$out/libexec/"
    cp -r include/ekb "$out/home/include/"
    cp -r src "$out/home/"   # the allowlists and the Python and shell helpers ekb runs from its home
    for t in $(grep -v '^#' scripts/smoke_tasks.txt); do cp -r "suite/tasks/$t" "$out/home/suite/tasks/"; done
    find suite -maxdepth 1 -type f -exec cp {} "$out/home/suite/" \;
    cp scripts/smoke_tasks.txt "$out/"
    # Absolute paths compiled into this build.
    halide_inc=$(defined EKB_HALIDE_INCLUDE_DIR)
    seccomp=$(defined EKB_SECCOMP_STATIC)
    mkdir -p "$out/root$halide_inc" "$out/root$(dirname "$seccomp")" "$out/root/usr/bin"
    cp -r "$halide_inc/." "$out/root$halide_inc/"
    cp "$seccomp" "$out/root$seccomp"
    cp /usr/bin/bwrap "$out/root/usr/bin/"
    cp "$(command -v nats-server)" "$out/bin/"
    # Shared libraries: the closure of ekb, ekb-gen and bwrap, less glibc and the C++ runtime
    # (the device's are newer, and backward compatible).
    for f in "$out/bin/ekb" "$out/libexec/ekb-gen" /usr/bin/bwrap; do ldd "$f"; done |
        awk '/=> \//{print $3}' | sort -u |
        grep -v -E '/(libc|libm|libpthread|libdl|librt|ld-linux-x86-64|libstdc\+\+|libgcc_s)\.so' |
        while read -r l; do cp -L "$l" "$out/lib/"; done
    cat >"$out/device.sh" <<'DEV'
#!/usr/bin/env bash
# Runs on the GPU machine, from the folder pack made: installs, serves, searches.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
backends=${1:-cuda opencl}
res=${2:-/tmp/ekb-fabric-out}
mkdir -p "$res"
# Libraries the machine lacks (by file name), where every process finds them.
mkdir -p /usr/local/lib/ekb-carried
for l in "$here"/lib/*; do
    n=$(basename "$l")
    ldconfig -p | grep -q "/$n\$" || cp "$l" /usr/local/lib/ekb-carried/
done
echo /usr/local/lib/ekb-carried >/etc/ld.so.conf.d/ekb-carried.conf && ldconfig
(cd "$here/root" && find . -type f | while read -r f; do [ -e "/$f" ] || { mkdir -p "$(dirname "/$f")"; cp "$f" "/$f"; }; done)
export EKB_HOME="$here/home" EKB_LIBEXEC="$here/libexec" EKB_CACHE_DIR=/tmp/ekb-cache
export EKB_CXX=${EKB_CXX:-$(command -v g++)}
export PATH="$here/bin:$PATH"
ekb --version
tasks=$(grep -v '^#' "$here/smoke_tasks.txt" | paste -sd, -)
port=4333; url=nats://127.0.0.1:$port
nats-server -js -a 127.0.0.1 -p $port -sd /tmp/ekb-js >"$res/nats-server.log" 2>&1 &
srv=$!
trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
for _ in $(seq 50); do (echo >/dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 0.1; done
exp=$res/experiment
for b in $backends; do
    # One worker per backend, one backend at a time: a GPU times one kernel at a time.
    ekb worker --nats "$url" --backend "$b" --name "h200-$b" >"$res/worker-$b.log" 2>&1 &
    w=$!
    for _ in $(seq 120); do ekb devices --nats "$url" 2>/dev/null | grep -q "h200-$b" && break; sleep 1; done
    ekb devices --nats "$url" | tee "$res/devices-$b.txt"
    ekb run --experiment "$exp" --tasks "$tasks" --backends "$b" --producers leka,iterative --models builtin \
        --budget compiles=12 --turns 12 --samples 1 --jobs "${EKB_JOBS:-12}" --time-cap "${EKB_TIME_CAP:-0.4}" \
        --devices "$url" --plain --no-report 2>&1 | tee "$res/run-$b.log" || true
    kill $w 2>/dev/null || true; wait $w 2>/dev/null || true
done
ekb report "$exp" --json >"$res/metrics.json" || true
ekb report "$exp" --plain >"$res/report.txt" 2>&1 || ekb report "$exp" >"$res/report.txt" 2>&1 || true
ekb results --store "$exp/results.db" --jsonl >"$res/records.jsonl" || true
DEV
    chmod +x "$out/device.sh"
    du -sh "$out"
    exit 0
fi

if [ "$mode" = render ]; then
    exp=${2:?experiment dir}; md=${3:?out.md}
    /usr/bin/python3 - "$exp" "$md" <<'PY'
import json, sys, pathlib, math
res, md = pathlib.Path(sys.argv[1]), sys.argv[2]
recs = [json.loads(l) for l in (res / "records.jsonl").read_text().splitlines() if l.strip()]
rows = {}
for r in recs:
    key = (r.get("producer"), r.get("backend"))
    rows.setdefault(key, []).append(r)
def sp(r):
    t = r.get("timing") or {}
    return t.get("speedup")
out = ["# GPU in the loop: LEKA-builtin and iterative-builtin searched on an NVIDIA H200 through the fabric", ""]
out.append("Made by `bench/gpu_fabric_h200.sh` (pack here, `device.sh` on the GPU machine, render here). Every check and profile "
           "of every sample ran as a fabric job on an `ekb worker` on the H200; the host (`ekb run --devices`), the NATS server and the "
           "workers ran on that machine. Budget per sample: compiles=12 (iterative --turns 12), as the PoCL-searched run. Speedup = "
           "expert time / kernel time, A/B in the same run on the device; geomean over instances, then over tasks.")
out += ["", "| producer | backend | samples | correct | timed | Fast@1.0 | geomean speedup |", "|---|---|---|---|---|---|---|"]
for (p, b), rs in sorted(rows.items(), key=lambda kv: (str(kv[0][1]), str(kv[0][0]))):
    ok = [r for r in rs if r.get("correct")]
    s = [sp(r) for r in ok if sp(r)]
    g = math.exp(sum(math.log(x) for x in s) / len(s)) if s else float("nan")
    fast = sum(1 for x in s if x >= 1.0)
    out.append("| %s | %s | %d | %d | %d | %d/%d | %.3fx |" % (p, b, len(rs), len(ok), len(s), fast, len(rs), g))
out += ["", "Per task:", "", "| task | backend | producer | correct | speedup | worker | failure |", "|---|---|---|---|---|---|---|"]
for r in sorted(recs, key=lambda r: (r.get("backend"), r.get("task"), r.get("producer"))):
    env = r.get("environment") or {}
    fab = env.get("fabric") or {}
    out.append("| %s | %s | %s | %s | %s | %s | %s |" % (r.get("task"), r.get("backend"), r.get("producer"), r.get("correct"),
               ("%.3f" % sp(r)) if sp(r) else "-", fab.get("worker", "-"), (r.get("failure") or {}).get("code", "") if isinstance(r.get("failure"), dict) else (r.get("failure") or "")))
pathlib.Path(md).write_text("\n".join(out) + "\n")
print("\n".join(out[:12]))
PY
    exit 0
fi
echo "unknown mode $mode" >&2; exit 2
