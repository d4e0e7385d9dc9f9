#!/bin/sh
# A fabric worker (docs/fabric.md), self-contained: ./worker --nats nats://HOST:PORT [--device N]
# [--name NAME] [--max-jobs N] [--idle-exit S] [--user U --password P | --creds F | --token T]
# [--tls] [--tls-ca F] [--tls-cert F --tls-key F]. Secrets are better in EKB_NATS_PASSWORD,
# EKB_NATS_CREDS, EKB_NATS_TOKEN. Needs only /bin/sh, cp, chmod, mktemp, grep and the driver.
set -u
PATH="${PATH:+$PATH:}/usr/bin:/bin"
here=$(cd "$(dirname "$0")" && pwd) || exit 2
case "${1:-}" in -h|--help) sed -n '2,6p' "$0"; exit 0 ;; esac
# The runners, where every uid can read them (confined children run as uids of their own
# when the worker runs as root, and this directory may be private to its owner).
stage=$(mktemp -d "${TMPDIR:-/tmp}/ekb-worker.XXXXXX") || exit 2
trap 'rm -rf "$stage"' EXIT
trap 'rm -rf "$stage"; exit 130' INT TERM
cp -R "$here/runners" "$stage/runners" && mkdir "$stage/tmp" || exit 2
chmod -R a+rX "$stage" && chmod 755 "$stage" "$stage/tmp" || exit 2
TMPDIR="$stage/tmp"
export TMPDIR
nvidia=0
if [ -e /dev/nvidiactl ] || [ -e /dev/nvidia0 ]; then nvidia=1; fi
if [ -z "${OCL_ICD_VENDORS:-}" ] && [ $nvidia = 1 ] && ! grep -qs nvidia /etc/OpenCL/vendors/*.icd; then
  cp "$here/icd/nvidia.icd" "$stage/runners/" || exit 2
  OCL_ICD_VENDORS="$stage/runners"
  export OCL_ICD_VENDORS
fi
if [ $nvidia = 1 ] && [ -z "${HL_OCL_DEVICE_TYPE:-}" ]; then HL_OCL_DEVICE_TYPE=gpu; export HL_OCL_DEVICE_TYPE; fi
"$here/ekb-worker" --dir "$here" --runners "$stage/runners" "$@"
