// The `builtin` model's kernels for the direct and iterative producers: task-generic
// schedules written as kernel files, with no network, deterministic for a variant index.
// Each schedules the task's outputs (their pure definitions) from the device profile: on
// cpu parallel over the outermost dimension and vectorized along the innermost with the
// SIMD width (times an unroll factor); on GPUs a 2-D or 1-D gpu_tile. Intermediate stages
// keep Halide's default (inlined into their consumers). LEKA's builtin model is richer
// (per-stage plans from the pipeline graph, produce/leka/); these templates need no graph.
#pragma once
#include <string>

#include "suite/task.h"

namespace ekb {

int builtin_variants();  // how many distinct variants exist
std::string builtin_kernel(const Task &task, const std::string &backend, int variant);

}  // namespace ekb
