#!/usr/bin/env bash
# Installs the Debian 12 packages EdgeKernelBench needs to build, run and test.
# Idempotent: installs only what is missing. Needs root (or sudo).
set -euo pipefail

packages=(
  build-essential cmake ninja-build clang lld pkg-config
  libhalide14-0-dev                    # the unified IR: Halide 14 (headers, libHalide14, autoschedulers)
  ocl-icd-opencl-dev opencl-headers pocl-opencl-icd clinfo   # OpenCL loader + PoCL (OpenCL on the CPU)
  libopenblas0-pthread                 # vendor BLAS: calibration baseline for GEMM-like tasks (numpy, torch)
  libdnnl-dev                          # oneDNN: calibration baseline for convolutions (ekb-vendor-dnnl)
  nlohmann-json3-dev libsqlite3-dev sqlite3
  libgtest-dev libgmock-dev libbenchmark-dev
  python3-torch python3-numpy          # PyTorch: the source of truth for suite verification
  bubblewrap libseccomp-dev            # confinement of untrusted children
  libcurl4-openssl-dev                 # LLM clients (OpenAI-compatible, Anthropic) over HTTPS
  libcpp-httplib-dev                   # tests: a loopback HTTP server speaking both LLM APIs
  chromium-headless-shell              # tests: the HTML report checked in a headless browser
  nats-server libnats-dev              # the device fabric (docs/fabric.md): JetStream server and C client
  util-linux
  # the cpu-arm64 backends (docs/backends.md): the aarch64 cross C and C++ libraries the
  # runner is cross-built against, and qemu-user to run it here (emulated timings)
  libc6-dev-arm64-cross libstdc++-12-dev-arm64-cross qemu-user-static
  libseccomp-dev:arm64                 # the runner's seccomp filter, linked into the arm64 runner
  libc6:arm64                          # the C library the arm64 runner runs with under qemu (not the cross one: docs/backends.md)
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
# libseccomp-dev:arm64 is a package of the arm64 architecture (Debian multiarch).
if ! dpkg --print-foreign-architectures | grep -qx arm64; then $SUDO dpkg --add-architecture arm64; fi
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${missing[@]}"
