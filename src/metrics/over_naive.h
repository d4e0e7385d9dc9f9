// Speedup over the naive kernel, so that producers that start from naive (LEKA) and those
// that do not (direct) are compared on the same footing (design.md section 6).
//
// A candidate record and the experiment's naive-producer record of the same task and
// backend were timed in two evaluations, each against the expert. Per instance the speedup
// over naive is anchored on the expert, which cancels a drift of the machine between the
// two evaluations:
//     s_i = (median(E_c) / median(C)) * (median(N) / median(E_n))
// where C and E_c are the candidate's and its run's expert's per-call times, N and E_n the
// naive kernel's and its run's expert's. The value is the geomean over the instances both
// records timed; its 95 % CI comes from a percentile bootstrap that resamples each of the
// four sets of raw times (both records keep them in `instances`). When a record has no
// expert timing, the direct ratio median(N) / median(C) is used instead.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "record/record.h"

namespace ekb {

struct NaiveSpeedup {
    double value = NAN, lo = NAN, hi = NAN;
    int instances = 0;      // instances both records timed
    bool anchored = false;  // through the expert (else the direct ratio)
    bool reference = false;  // the naive producer's record of this task and backend was timed
    std::string why;         // when value is NaN: why there is none

    bool known() const { return !std::isnan(value); }
    // Beats naive with confidence: the CI's lower bound is above 1.
    bool beats() const { return !std::isnan(lo) && lo > 1.0; }
};

NaiveSpeedup speedup_over_naive(const ResultRecord &candidate, const ResultRecord &naive, int resamples, uint64_t seed);

// For every record (by record_key), its speedup over the naive producer's record of the same
// task and backend (the lowest sample index that is correct, timed and not suspect). Records
// that are not correct, timed and unsuspect get NaN with a reason; so do tasks where no
// naive producer ran.
std::map<std::string, NaiveSpeedup> speedups_over_naive(const std::vector<ResultRecord> &records, int resamples,
                                                        uint64_t seed);

}  // namespace ekb
