// The report's verdict: per backend, which producer wins, by how much, with a CI.
//
// Every producer other than the references (expert, naive) is scored per task by the geomean
// over its samples of the *deployed* speedup over the expert: a correct, timed, unsuspect
// sample counts at its speedup; a failed one counts at the naive kernel's speedup (the
// kernel one would ship instead), when the experiment timed the naive producer on that task
// and backend — so a producer that starts from naive and one that does not are scored on
// the same footing. Without a naive reference the task is scored over correct samples only
// (and the headline says so). A producer's score is the geomean over tasks; the winner's
// lead is the ratio of its score to the runner-up's over the tasks both attempted, with a
// percentile bootstrap 95 % CI that resamples those tasks.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "record/record.h"

namespace ekb {

struct HeadlineEntry {
    std::string producer, model;
    double score = NAN, lo = NAN, hi = NAN;  // geomean deployed speedup over the expert, CI
    int tasks = 0;
};

struct Headline {
    std::string backend;
    std::vector<HeadlineEntry> ranked;  // best first
    double lead = NAN, lead_lo = NAN, lead_hi = NAN;  // winner / runner-up on common tasks
    int common_tasks = 0;
    bool naive_fallback = true;  // every scored task had a naive reference
    std::string text;            // one line, the verdict
};

std::vector<Headline> compute_headlines(const std::vector<ResultRecord> &records, int resamples, uint64_t seed);

}  // namespace ekb
