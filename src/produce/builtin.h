// The `builtin` model's graph-free kernels: task-generic schedules written as kernel files,
// deterministic for a variant index. `direct` and `iterative` use them only where the task's
// pipeline graph cannot be had (builtin_agent.h uses LEKA's rules otherwise). Each schedules
// the task's outputs (their pure definitions) from the device profile: on cpu parallel over
// the outermost dimension and vectorized along the innermost with the SIMD width (times an
// unroll factor); on GPUs a 2-D or 1-D gpu_tile. Intermediate stages keep Halide's default
// (inlined into their consumers).
#pragma once
#include <string>

#include "suite/task.h"

namespace ekb {

int builtin_variants();  // how many distinct variants exist
std::string builtin_kernel(const Task &task, const std::string &backend, int variant);

}  // namespace ekb
