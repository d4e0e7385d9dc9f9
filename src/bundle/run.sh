#!/bin/sh
# EdgeKernelBench bundle: runs every entry of this bundle on this device with the runner
# for its target, the device probe and, with --pytorch, PyTorch eager timings. Needs no
# compiler and no Halide: /bin/sh, mkdir/cp/mv/date/sed, and the GPU driver for GPU entries.
# A runner built for another CPU than this one (runners/*/arch, e.g. an arm64 bundle on an
# x86-64 machine) runs under qemu-<cpu>-static when it is installed: correct results,
# emulated timings (recorded as such, never counted).
#
# usage: ./run [--out DIR] [--only PATTERN] [--deadline SECONDS] [--pytorch [--pytorch-budget S]] [--no-probe]
#   --out DIR        where results go (default: results/ beside this script)
#   --only PATTERN   only entries whose id matches the shell pattern (e.g. '*__cuda__*')
#   --deadline S     start no entry after S seconds (those are listed as not run)
#   --pytorch        also time PyTorch eager on the bundle's tasks (python3 + torch;
#                    on the GPU when torch sees one), at most --pytorch-budget seconds (120)
#   --no-probe       skip the device probe (peak kernels are entries; they are skipped too)
# Then bring DIR back and run `ekb ingest DIR` where ekb is installed (docs/bundles.md).
set -u
here=$(cd "$(dirname "$0")" && pwd) || exit 2
out="$here/results"; only='*'; deadline=0; pytorch=0; pytorch_budget=120; probe=1
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --deadline) deadline=$2; shift 2 ;;
    --pytorch) pytorch=1; shift ;;
    --pytorch-budget) pytorch_budget=$2; shift 2 ;;
    --no-probe) probe=0; shift ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "run: unknown argument '$1' (see ./run --help)" >&2; exit 2 ;;
  esac
done
mkdir -p "$out/reports" "$out/logs" || exit 2
out=$(cd "$out" && pwd) || exit 2
cp "$here/manifest.json" "$out/manifest.json" || exit 2
: > "$out/index.jsonl"

# The runners go where a sandbox uid can execute them: the bundle may sit in a directory
# only its owner may enter, and confined workers run as a uid of their own under root.
stage=$(mktemp -d "${TMPDIR:-/tmp}/ekb-bundle.XXXXXX") || exit 2
trap 'rm -rf "$stage"' EXIT
trap 'rm -rf "$stage"; exit 130' INT TERM
cp -R "$here/runners" "$stage/runners" && mkdir "$stage/tmp" || exit 2
chmod -R a+rX "$stage" && chmod 755 "$stage" "$stage/tmp" || exit 2
TMPDIR="$stage/tmp"
export TMPDIR

# NVIDIA's OpenCL: the driver has libnvidia-opencl.so.1, but a driver-only machine or a
# container may have no /etc/OpenCL/vendors/nvidia.icd. Then each runner's directory (which
# confined workers can see) holds the bundle's nvidia.icd, named by OCL_ICD_VENDORS.
nvidia=0
if [ -e /dev/nvidiactl ] || [ -e /dev/nvidia0 ]; then nvidia=1; fi
use_icd=0
if [ -z "${OCL_ICD_VENDORS:-}" ] && [ $nvidia = 1 ] && ! grep -qs nvidia /etc/OpenCL/vendors/*.icd; then
  use_icd=1
  for d in "$stage"/runners/*; do cp "$here/icd/nvidia.icd" "$d/" || exit 2; done
fi
if [ $nvidia = 1 ] && [ -z "${HL_OCL_DEVICE_TYPE:-}" ]; then HL_OCL_DEVICE_TYPE=gpu; export HL_OCL_DEVICE_TYPE; fi

esc() { printf '%s' "$1" | sed 's/\\/\\\\/g; s/"/\\"/g' | tr -d '\n\r'; }
now() { date +%s; }
runner_env() {  # key: runs the rest of the arguments with that runner's environment
  key=$1; shift
  if [ $use_icd = 1 ]; then OCL_ICD_VENDORS="$stage/runners/$key" "$@"; else "$@"; fi
}
machine=$(uname -m)
launch() {  # key args...: the runner of that key, under its CPU's emulator when it is not this CPU
  key=$1; shift
  arch=$machine
  if [ -f "$stage/runners/$key/arch" ]; then arch=$(cat "$stage/runners/$key/arch"); fi
  if [ "$arch" = "$machine" ]; then runner_env "$key" "$stage/runners/$key/ekb-runner" "$@"; return; fi
  emu=$(command -v "qemu-$arch-static" 2> /dev/null || command -v "qemu-$arch" 2> /dev/null)
  if [ -z "$emu" ] && [ -x "/usr/bin/qemu-$arch-static" ]; then emu=/usr/bin/qemu-$arch-static; fi
  if [ -z "$emu" ]; then
    echo "run: runner $key is for $arch CPUs; on this $machine machine it needs qemu-$arch-static (Debian: qemu-user-static)" >&2
    return 126
  fi
  # The runner is dynamically linked: the emulator finds its C library in /lib/<cpu>-linux-gnu
  # (Debian: libc6:arm64). Not with QEMU_LD_PREFIX=/usr/<cpu>-linux-gnu (Debian's cross
  # package): under qemu 7.2 every fork()ed child of that loader spins forever.
  if [ ! -e "/lib/$arch-linux-gnu/libc.so.6" ] && [ ! -e "/usr/lib/$arch-linux-gnu/libc.so.6" ]; then
    echo "run: runner $key is for $arch CPUs; under $emu it needs their C library in /lib/$arch-linux-gnu (Debian: libc6:arm64)" >&2
    return 126
  fi
  runner_env "$key" env -u QEMU_LD_PREFIX EKB_RUNNER_EMULATOR="$emu" EKB_RUNNER_HOST_ARCH="$machine" \
    "$emu" "$stage/runners/$key/ekb-runner" "$@"
}
bwrap=absent
if [ -x /usr/bin/bwrap ]; then bwrap=present; fi
t_begin=$(now)
printf '{"started":"%s","host":"%s","uid":%s,"bwrap":"%s","nvidia_icd":"%s","ocl_icd_vendors":"%s","hl_ocl_device_type":"%s","deadline_s":%s,"only":"%s"}\n' \
  "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(esc "$(uname -a)")" "$(id -u)" "$bwrap" \
  "$([ $use_icd = 1 ] && echo bundle || echo system)" "$(esc "${OCL_ICD_VENDORS:-}")" "${HL_OCL_DEVICE_TYPE:-}" \
  "$deadline" "$(esc "$only")" > "$out/run.json"

# The device, per backend, as the runner sees it.
while read -r backend key; do
  case "$backend" in ''|\#*) continue ;; esac
  if launch "$key" probe "$backend" > "$out/probe-$backend.json.part" \
       2> "$out/logs/probe-$backend.err" < /dev/null; then
    mv "$out/probe-$backend.json.part" "$out/probe-$backend.json"
  fi
done < "$here/probes.txt"

total=$(grep -c '^[^#]' "$here/specs.txt")
n=0
while read -r id key backend kind; do
  case "$id" in ''|\#*) continue ;; esac
  n=$((n + 1))
  case "$id" in $only) ;; *) continue ;; esac
  if [ "$kind" = peak ] && [ $probe = 0 ]; then continue; fi
  if [ "$deadline" -gt 0 ] && [ $(( $(now) - t_begin )) -ge "$deadline" ]; then
    printf '{"id":"%s","skipped":"deadline"}\n' "$id" >> "$out/index.jsonl"
    continue
  fi
  started=$(date -u +%Y-%m-%dT%H:%M:%SZ); t0=$(now)
  (cd "$here" && launch "$key" conduct "specs/$id.json" "$out/reports/$id.json.part") \
    < /dev/null 2> "$out/logs/$id.err"
  rc=$?
  if [ $rc = 0 ] && [ -s "$out/reports/$id.json.part" ]; then mv "$out/reports/$id.json.part" "$out/reports/$id.json"; fi
  secs=$(( $(now) - t0 ))
  printf '{"id":"%s","rc":%d,"started":"%s","seconds":%d}\n' "$id" $rc "$started" $secs >> "$out/index.jsonl"
  echo "[$n/$total] $id: $([ $rc = 0 ] && echo done || echo "runner exit $rc") (${secs}s)"
done < "$here/specs.txt"

if [ $pytorch = 1 ] && [ -f "$here/pytorch/time_torch.py" ]; then
  py=
  for p in python3 /usr/bin/python3 python; do
    if command -v "$p" > /dev/null 2>&1 && "$p" -c 'import torch' > /dev/null 2>&1; then py=$p; break; fi
  done
  if [ -n "$py" ]; then
    echo "PyTorch eager timings ($py, budget ${pytorch_budget}s)"
    if "$py" "$here/pytorch/time_torch.py" "$here/pytorch" "$pytorch_budget" > "$out/pytorch.json.part" 2> "$out/logs/pytorch.err"; then
      mv "$out/pytorch.json.part" "$out/pytorch.json"
    else
      echo "PyTorch timing failed: see $out/logs/pytorch.err"
    fi
  else
    echo "no python3 with torch here: no PyTorch timings"
  fi
fi
printf '{"finished":"%s","seconds":%d}\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" $(( $(now) - t_begin )) > "$out/done.json"
echo "results in $out ($(( $(now) - t_begin ))s); ingest with: ekb ingest $out"
