// Which records the metrics must not count as fast: a time below the task's physical lower
// bound on the measured peaks is `suspect` (design.md section 6), not a speedup.
//
// The record carries the flag as a field `suspect` (added by the runtime checks): a boolean,
// an object with a reason, or a string (the reason, or that object as JSON text). An
// instance may also carry it inside `instances`. This reads the flag in whichever form it
// has, so the metrics need no change when the field's type settles.
#pragma once
#include <string>

#include "record/record.h"

namespace ekb {

// "" when the record is not suspect; otherwise the reason ("suspect" when none is given).
std::string suspect_reason(const ResultRecord &r);

// The emulator a record's runner ran under ("" when it ran natively): its timings are
// recorded and never counted (docs/backends.md).
std::string emulated_timing(const ResultRecord &r);

// Whether a record's speedups may be counted: correct, timed, a finite speedup, not
// suspect, not emulated.
bool speedup_counts(const ResultRecord &r);

// Correct on every visible instance, wrong on at least one held-out instance.
bool fails_only_heldout(const ResultRecord &r);

}  // namespace ekb
