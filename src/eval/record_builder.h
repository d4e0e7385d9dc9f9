// The one record builder: a result record's identity, its compile outcome and the record
// of a sample that has no kernel. Used by the evaluator (`ekb eval`, checks), the bundle
// (records decided at bundle time, and the halves a device completes) and the run loop
// (a producer that wrote nothing), so a record means the same whichever way it was made.
// The run fields come from the conductor's report (record_from_report.h).
#pragma once
#include <string>

#include "compile/compiler.h"
#include "record/record.h"
#include "suite/suite.h"

namespace ekb {

// Who and what a record is about.
struct RecordIdentity {
    const Task *task = nullptr;
    std::string backend;
    std::string producer;
    std::string model;
    int64_t sample = 0;
    std::string kernel_name;
};

// A record with the identity fields filled: task, tier, domain, backend, producer, model,
// sample, kernel name and hash (of `kernel_source`; none when it is empty), the suite and
// task hashes, the ekb version, the creation time and, from the backend table, the target
// the backend's kernels are built for (`target`, or the backend's when empty).
ResultRecord new_record(const RecordIdentity &id, const Suite &suite, const std::string &kernel_source,
                        const std::string &target = "");

// The compile outcome: compile time (0 for a cache hit), log, loop nest, artifact size;
// compiled, or the compile_failed status with its stage, code and message. Returns c.ok.
bool apply_compile_result(ResultRecord &r, const CompileResult &c);

// The record of a sample whose producer wrote no kernel (status no_kernel, stage produce).
void mark_no_kernel(ResultRecord &r, const std::string &code, const std::string &message);

}  // namespace ekb
