// Informative outputs (the suite issue): a task is broken if a trivial output passes its
// verification. For one reference output this builds the trivial candidates — all zeros,
// a constant equal to the reference's mean, a constant equal to its median, and each
// input cropped or broadcast (cycled) to the output's element count, cast to its dtype —
// and compares each with the same rule the conductor uses. Same shape, so a candidate can
// only fail on its values.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "suite/dtype.h"

namespace ekb {

struct TrivialInput {
    std::string name;
    DType dtype;
    const void *data;
    size_t count;
};

struct TrivialCheck {
    std::string kind;      // "zeros", "mean", "median", "input:<name>"
    bool passes = false;   // true = the task is broken for this output
    std::string detail;    // what the comparison found
};

std::vector<TrivialCheck> check_trivial_outputs(const void *reference, DType dtype, size_t count, double atol,
                                                double rtol, const std::vector<TrivialInput> &inputs);

}  // namespace ekb
