#!/usr/bin/env bash
# cli_fail_on: exit 3 for CI when a kernel is not correct (`ekb eval --fail-on-incorrect`,
# `ekb run --fail-on incorrect|compile|harness`), 0 when it is; the record is stored either way.
set -uo pipefail
ekb=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cd "$tmp"
mkdir -p broken
printf '#include <ekb/kernel.h>\nEKB_KERNEL { this does not compile; }\n' > broken/silu.cpp

"$ekb" eval --task silu --kernel broken/silu.cpp --no-timing --store s.db --fail-on-incorrect > out 2> err
[ $? -eq 3 ] || fail "eval --fail-on-incorrect of a broken kernel: rc $? ($(cat err))"
grep -q "compile_failed" err || fail "the reason is not printed: $(cat err)"
"$ekb" eval --task silu --kernel broken/silu.cpp --no-timing --store s.db > out 2> err || fail "without the flag a failing kernel is data, rc 0"
"$ekb" eval --task silu --expert --no-timing --store s.db --fail-on-incorrect > out 2> err || fail "a correct kernel with --fail-on-incorrect: rc $?"
"$ekb" results --store s.db --jsonl | wc -l | grep -qx 3 || fail "the records are not stored (one per evaluation)"

"$ekb" run --experiment ci --tasks silu --producers "dir:broken,expert" --no-timing --no-report --plain --fail-on compile > out 2> err
rc=$?
[ $rc -eq 3 ] || fail "run --fail-on compile with a broken kernel: rc $rc ($(tail -3 err))"
grep -q "1 of 2 samples fail it" out || fail "run --fail-on does not count: $(cat out)"
"$ekb" run --experiment ci --tasks silu --producers expert --no-timing --no-report --plain --fail-on incorrect,compile > out 2> err \
  || fail "run --fail-on with only correct samples: rc $?"
"$ekb" run --experiment ci --tasks silu --producers expert --fail-on bogus > out 2> err
[ $? -eq 2 ] || fail "--fail-on bogus is not a usage error"
echo "fail_on.sh: all checks passed"
