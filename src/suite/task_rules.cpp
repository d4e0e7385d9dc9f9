#include "suite/task_rules.h"

#include "suite/shape_fuzz.h"

namespace ekb {

std::vector<std::string> small_heldout_problems(const Task &task) {
    std::vector<std::string> problems;
    for (const auto &d : task.dims) {
        bool defined = false;
        for (const auto &c : task.constraints) defined = defined || defined_dimension(c) == d;
        if (defined) continue;
        bool has_small = false;
        std::string seen;
        for (const auto &inst : task.instances) {
            if (!inst.heldout || inst.origin != "task.json") continue;
            int64_t v = inst.dims.at(d);
            has_small = has_small || v < k_small_extent;
            seen += (seen.empty() ? "" : ", ") + std::to_string(v);
        }
        if (has_small) continue;
        // Exempt when no value below the limit is legal from any instance.
        bool possible = false;
        for (const auto &inst : task.instances) {
            for (int64_t v = 1; v < k_small_extent && !possible; v++) {
                DimValues dims = inst.dims;
                dims[d] = v;
                apply_dimension_definitions(task, dims);  // derived dims follow the one changed
                possible = instance_problem(task, dims).empty();
            }
        }
        if (!possible) continue;
        problems.push_back("dim '" + d + "': no held-out instance has " + d + " < " + std::to_string(k_small_extent) +
                           " (held out: " + seen + ")");
    }
    return problems;
}

}  // namespace ekb
