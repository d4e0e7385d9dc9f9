// Task-format rules beyond what load_task() validates, checked by `ekb suite check`.
#pragma once
#include <string>
#include <vector>

#include "suite/task.h"

namespace ekb {

// The extent below which every dim must appear in some held-out instance.
constexpr int64_t k_small_extent = 8;

// Rule "small held-out": for every dim of the task that is not defined by a constraint
// ("<dim> == ..."), some held-out instance of task.json has it below k_small_extent, so a
// kernel that vectorizes or tiles that dim by up to 8 meets a tail smaller than its factor
// (a ShiftInwards split, an explicit bound) on a held-out shape. A dim where no value below
// k_small_extent is legal (instance_problem(), from any task.json instance) is exempt.
// Returns one problem per dim that breaks the rule ("dim 'T': no held-out instance has
// T < 8 (held out: 25, 31)").
std::vector<std::string> small_heldout_problems(const Task &task);

}  // namespace ekb
