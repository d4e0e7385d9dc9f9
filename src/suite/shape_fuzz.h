// Shape fuzz: extra legal instances of a task, made from its dims and constraints, at the
// extents where schedules break (size 1, small primes, just below and above the split, tile
// and vector factors kernels use). `ekb suite fuzz-shapes` runs the naive and expert
// kernels on them; held-out instances never come from here (they are not in task.json).
#pragma once
#include <cstdint>
#include <vector>

#include "suite/task.h"

namespace ekb {

struct ShapeFuzzOptions {
    // The extents tried on each dim, clipped to [1, the dim's largest value in task.json].
    std::vector<int64_t> values = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33};
    // Instances larger than this many tensor elements (inputs and outputs together) are
    // left out; 0: no limit beyond the task's own largest instance.
    int64_t max_elements = 0;
};

// The fuzz instances of `task`, named "fuzz-<dim><value>-..." with every dim, held out, in a
// fixed order:
//   - from the smallest visible instance of task.json (the base), one dim at a time set to
//     each value;
//   - "every dim small": each dim in turn (two rounds) set to the smallest value that keeps
//     the instance legal;
//   - "every dim odd": each dim in turn set to the largest of 17, 9, 7, 5, 3 that does.
// A dim that fewer than 3 fixed values can change legally ("D % 32 == 0") also tries g x 1, 2,
// 3, 5, 7, 9, 17 (and g x the odd values), g the factor its task.json values share.
// A dim that a constraint "<dim> == <expression>" defines follows the others. Only legal
// instances (instance_problem() empty) are returned, none equal to a task.json instance.
std::vector<Instance> shape_fuzz_instances(const Task &task, const ShapeFuzzOptions &opt = {});

// Sets every dim that a constraint "<dim> == <expression>" defines from the others (in
// the constraints' order, twice, so one derived dim may use another).
void apply_dimension_definitions(const Task &task, DimValues &dims);

// Instance name for dims: "fuzz-C4-H7-W7" (dims in the task's order).
std::string fuzz_instance_name(const Task &task, const DimValues &dims);

}  // namespace ekb
