#!/usr/bin/env bash
# Per-Func and per-kernel profiles on a GPU machine that has only its driver: the profile
# path of `ekb eval --profile` / LEKA (docs/evaluation.md, "Profiles") run from a bundle.
# Bundles have no profile entries of their own, so this builds an ordinary bundle of the
# experts with the profile feature in the backends' targets (EKB_TARGET_*), puts runners
# with Halide's debug runtime (synchronized launches, per-kernel times) in place of the
# bundle's, and asks every entry's conductor for a 0.3 s profile.
#
#   bash bench/gpu_profiles.sh build  [build dir] [tasks]   -> gpu-bundle-prof/
#   (device)  cd gpu-bundle-prof && ./run --out /tmp/r       (then bring /tmp/r back)
#   bash bench/gpu_profiles.sh render <results dir> <out.md>
set -euo pipefail
mode=${1:?usage: gpu_profiles.sh build [build dir] [tasks] | render <results dir> <out.md>}
if [ "$mode" = render ]; then
    /usr/bin/python3 - "$2" "$3" <<'PY'
import json, sys, pathlib
res, out = pathlib.Path(sys.argv[1]), sys.argv[2]
man = json.loads((res / "manifest.json").read_text())
lines = ["# Profiles of the experts on a GPU (per Func and per kernel launch)", "",
         "Made by `bench/gpu_profiles.sh` (ekb %s); each entry: the expert built with the `profile` "
         "feature, verified on the task's largest visible instance, then run 0.3 s by a worker whose "
         "runner has Halide's debug runtime (a synchronization after every launch)." % man.get("ekb_version", "?"), ""]
for f in sorted((res / "reports").glob("*__expert.json")):
    rep = json.loads(f.read_text())
    rep = rep.get("report", rep)
    d = rep.get("device") or {}; dev = d.get("device") or d.get("name") or "?"
    p = rep.get("profile")
    lines.append("## %s (%s)" % (f.stem.replace("__expert", "").replace("__", " on "), dev))
    if not p or "error" in p:
        lines += ["", "no profile: %s" % (p or {}).get("error", "the report has none"), ""]
        continue
    pl = max(p["pipelines"], key=lambda q: q["time_ns"])
    runs = max(1, pl["runs"])
    lines += ["", "instance `%s`, %d calls in %.2f s, %.4f ms per call, %d profiler samples" %
              (p["instance"], p["calls"], p["seconds"], pl["time_ns"] / 1e6 / runs, pl["samples"]), "",
              "| Func | ms per call | share |", "|---|---|---|"]
    for fn in sorted(pl["funcs"], key=lambda q: -q["time_ns"]):
        if fn["time_ns"] > 0:
            lines.append("| %s | %.4f | %.1f %% |" % (fn["name"], fn["time_ns"] / 1e6 / runs, 100 * fn["time_ns"] / pl["time_ns"]))
    lines += ["", "| kernel | ms per launch | launches |", "|---|---|---|"]
    for k in sorted(p["kernels"], key=lambda q: -q["total_ms"]):
        lines.append("| %s | %.4f | %d |" % (k["entry"], k["total_ms"] / max(1, k["calls"]), k["calls"]))
    lines.append("")
pathlib.Path(out).write_text("\n".join(lines))
print("wrote", out)
PY
    exit 0
fi
build=${2:-build/release}
tasks=${3:-softmax,mobilenetv2_block,matmul,conv2d_3x3}
ekb="$build/bin/ekb"
host=$("$ekb" probe --backend cpu | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["target"])')
cuda="$host-cuda-cuda_capability_86"
opencl="$host-opencl"
suite=$(mktemp -d)
trap 'rm -rf "$suite"' EXIT
git archive HEAD suite | tar x -C "$suite"
rm -rf gpu-bundle-prof
EKB_TARGET_CUDA="$cuda-profile" EKB_TARGET_OPENCL="$opencl-profile" "$ekb" bundle --suite "$suite/suite" \
    --tasks "$tasks" --backends cuda,opencl --kernels expert --time-cap 0.2 --min-sample 0.003 --jobs 2 \
    --out gpu-bundle-prof
cache=${EKB_CACHE_DIR:-/var/cache/ekb}
for b in cuda opencl; do
    base=$cuda; [ $b = opencl ] && base=$opencl
    # `ekb probe` links (and caches) the runner for the debug target; no GPU is needed here.
    EKB_TARGET_CUDA="$cuda-profile-debug" EKB_TARGET_OPENCL="$opencl-profile-debug" "$ekb" probe --backend $b >/dev/null 2>&1 || true
    key=$(printf %s "$base-profile-debug" | sha256sum | cut -c1-16)
    runner=$(ls -t "$cache"/toolchain/*/runner/"$key"/ekb-runner | head -1)
    cp "$runner" gpu-bundle-prof/runners/$b-*/ekb-runner
done
for f in gpu-bundle-prof/specs/*__expert.json; do
    /usr/bin/python3 -c 'import json,sys; p=sys.argv[1]; j=json.load(open(p)); j["profile_seconds"]=0.3; json.dump(j, open(p, "w"), indent=1)' "$f"
done
echo "gpu-bundle-prof/ is ready: run it on the device, then: bash bench/gpu_profiles.sh render <results> <out.md>"
