// The conductor's report -> the run fields of a ResultRecord. One function, used by `ekb
// eval` (a local conductor) and by `ekb ingest` (reports written on a device by a bundle's
// `./run`), so a record means the same whichever way it was made.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "record/record.h"

namespace ekb {

// Checks that `rep` has the shape of a conductor report (conductor.cpp: conduct()); throws
// std::runtime_error naming `where` and the offending field ("instances[2].correct:
// expected a boolean, got a string").
void validate_conductor_report(const nlohmann::json &rep, const std::string &where);

// A report whose kernel could not run on a device that could not run the task's expert
// either (field device_unavailable, conductor.cpp): no record is made of it. The message a
// caller reports (a harness error, or a bundle entry not run) instead.
std::string device_unavailable_message(const nlohmann::json &rep);

// Fills r's run fields from the report: status (not_supported | incorrect | correct |
// timed), correct, timed, the failure, speedup and its interval, kernel and expert medians
// (geomean over instances), cold start, peak RSS, threads, per-instance details, and the
// environment: `env` (what the caller knows: host target, bundle) plus the device, the
// confinement and the backend from the report, i.e. from the machine that ran it.
// Leaves eval_s and the identity fields to the caller.
void apply_conductor_report(ResultRecord &r, const nlohmann::json &rep, nlohmann::json env);

}  // namespace ekb
