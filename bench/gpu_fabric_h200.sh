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
#   bash bench/gpu_fabric_h200.sh render <out.md> <result dir>...  # here: the device's result dirs
#
# pack copies ekb, ekb-gen, the runner library, the task suite (smoke tasks), the Halide
# headers, nats-server, bwrap, llvm-objdump (the object check's disassembler), the static
# libseccomp and every shared library ekb needs that
# is not glibc or the C++ runtime; device.sh installs what the machine lacks (libraries into
# /usr/local/lib/ekb-carried, registered with ldconfig so that the confined children find them
# too; headers and libseccomp.a at the paths this build compiled in), starts nats-server -js on
# loopback, one `ekb worker` per backend, and the host `ekb run --devices`.
set -euo pipefail
mode=${1:?usage: gpu_fabric_h200.sh pack [build dir] [out dir] | render <out.md> <result dir>...}

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
    # The object check's disassembler (without one it rejects honest kernels whose bytes
    # happen to hold a syscall opcode: 21 opencl tests and 12 cuda kernels on the H200).
    objdump=/usr/lib/llvm-14/bin/llvm-objdump
    mkdir -p "$out/root$(dirname "$objdump")"
    cp -L "$objdump" "$out/root$objdump"
    cp "$(command -v nats-server)" "$out/bin/"
    # Shared libraries: the closure of ekb, ekb-gen and bwrap, less glibc and the C++ runtime
    # (the device's are newer, and backward compatible).
    for f in "$out/bin/ekb" "$out/libexec/ekb-gen" /usr/bin/bwrap "$objdump"; do ldd "$f"; done |
        awk '/=> \//{print $3}' | sort -u |
        grep -v -E '/(libc|libm|libpthread|libdl|librt|libresolv|ld-linux-x86-64|libstdc\+\+|libgcc_s)\.so' |
        while read -r l; do cp -L "$l" "$out/lib/"; done
    cp "$build/tests/ekb_suite_tests" "$out/bin/" 2>/dev/null || true  # bench/suite_sweep.sh there
    cat >"$out/install.sh" <<'INS'
# Sourced on the GPU machine (device.sh, bench/suite_sweep.sh): installs what the machine
# lacks and exports ekb's environment. EKB_HOME defaults to the pack's home (smoke tasks).
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# Libraries the machine lacks (by file name), where every process finds them.
mkdir -p /usr/local/lib/ekb-carried
for l in "$here"/lib/*; do
    n=$(basename "$l")
    ldconfig -p | grep -q "/$n\$" || cp "$l" /usr/local/lib/ekb-carried/
done
echo /usr/local/lib/ekb-carried >/etc/ld.so.conf.d/ekb-carried.conf && ldconfig
(cd "$here/root" && find . -type f | while read -r f; do [ -e "/$f" ] || { mkdir -p "$(dirname "/$f")"; cp "$f" "/$f"; }; done)
export EKB_HOME="${EKB_HOME:-$here/home}" EKB_LIBEXEC="$here/libexec" EKB_CACHE_DIR=${EKB_CACHE_DIR:-/tmp/ekb-cache}
export EKB_CXX=${EKB_CXX:-$(command -v g++)}
export PATH="$here/bin:$PATH"
# NVIDIA's OpenCL, not another platform's (the GPU image also has PoCL, and an OpenCL worker
# serves the platform Halide's runtime finds first): a GPU device, and NVIDIA's ICD where
# the image registers none (as a bundle's ./run does). Seen on the H200: without these the
# opencl worker served PoCL on the host CPU (its profile and records said so).
if [ -e /dev/nvidiactl ] || [ -e /dev/nvidia0 ]; then
    export HL_OCL_DEVICE_TYPE=${HL_OCL_DEVICE_TYPE:-gpu}
    # Registered in /etc/OpenCL/vendors, as the driver's own package would: the confined
    # runner sees /etc but not this shell's /tmp (an ICD folder there gave every kernel
    # "clGetPlatformIDs failed: -1001" while the unconfined probe found the GPU).
    if [ -z "${OCL_ICD_VENDORS:-}" ] && ! grep -qs nvidia /etc/OpenCL/vendors/*.icd; then
        mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 >/etc/OpenCL/vendors/nvidia.icd
    fi
fi
INS
    cat >"$out/device.sh" <<'DEV'
#!/usr/bin/env bash
# Runs on the GPU machine, from the folder pack made: installs, serves, searches.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
backends=${1:-cuda opencl}
res=${2:-/tmp/ekb-fabric-out}
mkdir -p "$res"
source "$here/install.sh"
ekb --version >"$res/version.txt"
nvidia-smi -L >>"$res/version.txt" 2>&1 || true
tasks=${EKB_TASKS:-$(grep -v '^#' "$here/smoke_tasks.txt" | paste -sd, -)}
budget=${EKB_BUDGET:-compiles=12}
port=4333; url=nats://127.0.0.1:$port
nats-server -js -a 127.0.0.1 -p $port -sd /tmp/ekb-js >"$res/nats-server.log" 2>&1 &
srv=$!
trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
for _ in $(seq 50); do (echo >/dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 0.1; done
exp=$res/experiment
for b in $backends; do
    # The device's peaks with this build's probe kernels (the roofline of the report).
    timeout 120 ekb device probe --backend "$b" --time-cap 0.3 >"$res/probe-$b.json" 2>"$res/probe-$b.err" || true
    # One worker per backend, one backend at a time: a GPU times one kernel at a time.
    ekb worker --nats "$url" --backend "$b" --name "h200-$b" >"$res/worker-$b.log" 2>&1 &
    w=$!
    for _ in $(seq 120); do ekb devices --nats "$url" 2>/dev/null | grep -q "h200-$b" && break; sleep 1; done
    ekb devices --nats "$url" >"$res/devices-$b.txt" 2>&1 || true
    # --jobs 4: a few samples at a time finish (and are stored) within a device call's limit;
    # with 12-16 at once none finished in 420 s (one worker runs one job at a time).
    timeout "${EKB_RUN_SECONDS:-480}" ekb run --experiment "$exp" --tasks "$tasks" --backends "$b" --producers leka,iterative \
        --models builtin --budget "$budget" --turns "${budget#compiles=}" --samples 1 --jobs "${EKB_JOBS:-4}" \
        --time-cap "${EKB_TIME_CAP:-0.15}" --devices "$url" --plain --no-report >"$res/run-$b.log" 2>&1 || echo "run $b: exit $?" >>"$res/run-$b.log"
    kill $w 2>/dev/null || true; wait $w 2>/dev/null || true
done
ekb report "$exp" --json >"$res/metrics.json" 2>"$res/report.err" || true
ekb report "$exp" >"$res/report.txt" 2>&1 || true
ekb results --store "$exp/results.db" --jsonl >"$res/records.jsonl" 2>>"$res/report.err" || true
DEV
    chmod +x "$out/device.sh"
    du -sh "$out"
    exit 0
fi

if [ "$mode" = render ]; then
    md=${2:?out.md}; shift 2
    /usr/bin/python3 - "$md" "$@" <<'PY'
import json, sys, pathlib, math
md = sys.argv[1]
recs = []
for d in sys.argv[2:]:
    recs += [json.loads(l) for l in (pathlib.Path(d) / "records.jsonl").read_text().splitlines() if l.strip()]
def env(r):
    e = r.get("environment") or "{}"
    return json.loads(e) if isinstance(e, str) else e
def geo(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")
rows = {}
for r in recs:
    rows.setdefault((r["backend"], r["producer"]), []).append(r)
out = ["# GPU in the loop: LEKA-builtin and iterative-builtin searched on an NVIDIA H200 through the fabric", "",
       "Made by `bench/gpu_fabric_h200.sh` (pack here, `device.sh` on the GPU machine, render here). Every check and profile "
       "of every sample ran as a fabric job on the `ekb worker` of the GPU; the host (`ekb run --devices`), the NATS server "
       "and the worker ran on that machine. Budget per sample: compiles=12 (iterative --turns 12), as in the PoCL-searched "
       "run. Speedup = expert time / kernel time, A/B in one conductor run on the device (geomean over instances, then over "
       "tasks); Fast@1.0 counts samples whose point estimate is >= 1, confident Fast@1.0 those whose 95 % CI lower bound is.", "",
       "| backend | producer | samples | correct | timed | Fast@1.0 | confident Fast@1.0 | geomean speedup | workers |",
       "|---|---|---|---|---|---|---|---|---|"]
for (b, p), rs in sorted(rows.items()):
    ok = [r for r in rs if r.get("correct")]
    sp = [r["speedup"] for r in ok if r.get("timed") and r.get("speedup")]
    fast = sum(1 for r in ok if r.get("timed") and (r.get("speedup") or 0) >= 1.0)
    conf = sum(1 for r in ok if r.get("timed") and (r.get("speedup_ci_lo") or 0) >= 1.0)
    workers = sorted({(env(r).get("fabric") or {}).get("name", "-") for r in rs})
    out.append("| %s | %s | %d | %d | %d | %d | %d | %.3fx | %s |" % (b, p, len(rs), len(ok), len(sp), fast, conf, geo(sp), ", ".join(workers)))
out += ["", "Per sample:", "", "| task | backend | producer | correct | speedup [95% CI] | stop reason | failure |", "|---|---|---|---|---|---|---|"]
for r in sorted(recs, key=lambda r: (r["backend"], r["task_id"], r["producer"])):
    s = ("%.3f [%.3f, %.3f]" % (r["speedup"], r.get("speedup_ci_lo") or float("nan"), r.get("speedup_ci_hi") or float("nan"))) if r.get("speedup") else "-"
    fail = (r.get("failure_code") or "") + (": " + r["failure_message"][:80].replace("|", "/").replace("\n", " ") if r.get("failure_message") else "")
    out.append("| %s | %s | %s | %s | %s | %s | %s |" % (r["task_id"], r["backend"], r["producer"], r.get("correct"), s,
               (r.get("stop_reason") or "")[:60].replace("|", "/"), fail))
pathlib.Path(md).write_text("\n".join(out) + "\n")
print("\n".join(out[:14]))
PY
    exit 0
fi
echo "unknown mode $mode" >&2; exit 2
