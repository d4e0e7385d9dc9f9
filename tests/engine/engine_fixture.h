// Shared set-up for the engine tests: the shipped suite, the toolchain in ekb's cache, and
// a helper that evaluates a kernel file with short limits.
#pragma once
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <filesystem>

#include "common/files.h"
#include "common/paths.h"
#include "compile/toolchain.h"
#include "eval/evaluator.h"
#include "suite/suite.h"

namespace ekb::test {

inline const Suite &suite() {
    static Suite s = Suite::load(ekb_home() / "suite");
    return s;
}

inline Toolchain &toolchain() {
    static Toolchain tc(cache_dir());
    return tc;
}

inline std::filesystem::path test_kernel(const std::string &task, const std::string &file) {
    return ekb_home() / "tests" / "kernels" / task / file;
}

struct Limits {
    bool timing = false;
    double call_seconds = 4;
    double start_seconds = 30;
    double compile_seconds = 20;
    double generate_seconds = 20;
    std::vector<std::string> instances;  // empty: every instance of the task
};

inline ResultRecord evaluate_source(const std::string &task_id, const std::string &backend, const std::string &source,
                                    const std::string &name, Limits lim = {}) {
    const Task *task = suite().find(task_id);
    EXPECT_NE(task, nullptr) << task_id;
    EvalRequest req;
    req.task = task;
    req.backend = backend;
    req.kernel_source = source;
    req.kernel_name = name;
    req.timing.enabled = lim.timing;
    req.timing.cap_seconds = 0.2;
    req.timing.min_samples = 5;
    req.call_seconds = lim.call_seconds;
    req.start_seconds = lim.start_seconds;
    req.compile.compile_seconds = lim.compile_seconds;
    req.compile.generate_seconds = lim.generate_seconds;
    req.threads = 2;
    req.instance_names = lim.instances;
    Evaluator ev(suite(), toolchain());
    return ev.evaluate(req);
}

inline ResultRecord evaluate_file(const std::string &task_id, const std::string &backend,
                                  const std::filesystem::path &file, Limits lim = {}) {
    return evaluate_source(task_id, backend, read_file(file), file.filename().string(), lim);
}

}  // namespace ekb::test
