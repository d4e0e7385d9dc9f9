// A schedule as LEKA's builtin model holds it: per stage, one decision per layer
// (design.md section 5), and the kernel file written from it. Each layer's sub-agent changes
// only its own fields; `same_outside(layer)` checks that. The kernel text is a function of
// the whole plan: where the memory layer nests a stage inside a consumer, that stage's loops
// are written in the memory section (a nested stage cannot have the loops of a root one).
#pragma once
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "produce/leka/graph.h"

namespace ekb::leka {

struct StagePlan {
    // compute: an intermediate stage computed at root (false: Halide's default, inlined into
    // its consumers, or computed at their innermost loop when it has update definitions)
    bool root = false;
    // memory: "" (where compute put it), "tile" (at its one consumer's outer tile or block
    // loop; on GPUs with threads of its own, in shared memory) or "thread" (GPUs: inside the
    // consumer's thread, in registers)
    std::string at;
    // loops: parallel outer loops (cpu); a 2-D tile of the two innermost dimensions (cpu
    // tiles, GPU blocks x threads; 0 = none on cpu, 16x16 on GPUs); reductions reordered so
    // the innermost pure dimension runs inside the reduction loops
    bool parallel = false;
    int tile_x = 0, tile_y = 0;
    bool reduce_inner = false;
    // loops (cpu, untiled stages of 2+ dimensions): the parallel loop starts at pure dimension
    // `par_from` (0: at dimension 1, as written; the dimensions inside it run whole in each
    // task, e.g. a tiny innermost dimension), fused with the dimensions outside it; `grain`
    // iterations of that dimension per parallel task (0 or 1: one each)
    int par_from = 0;
    int grain = 0;
    // vector: cpu vector width as a multiple of the SIMD width (0 = scalar) and unrolling of
    // the tile's inner rows; GPUs: unrolling of the reduction loop by `unroll`
    int vector = 0;
    int unroll = 0;
    // vector (cpu): the pure dimension vectorized (0: the innermost); the dimensions inside it
    // (of known, small extent) are unrolled
    int vec_dim = 0;

    bool operator==(const StagePlan &o) const = default;
};

struct Plan {
    std::map<std::string, StagePlan> stages;  // by Halide name, for schedulable stages

    nlohmann::json to_json() const;
    static Plan from_json(const nlohmann::json &j);
    // The plan's decisions of one layer only.
    nlohmann::json layer_json(const std::string &layer) const;
    // True when this plan and `o` differ in no layer other than `layer`.
    bool same_outside(const Plan &o, const std::string &layer) const;
    bool operator==(const Plan &o) const { return stages == o.stages; }
};

// The plan that mirrors a naive kernel: intermediates at root; serial and scalar on cpu,
// one 16x16 (or 256-wide) GPU tile per stage on GPU backends.
Plan initial_plan(const Graph &g, bool gpu);

// The kernel file for a plan. `note` becomes the header comment.
std::string emit_kernel(const Graph &g, const Plan &p, bool gpu, const std::string &task_id, const std::string &note);

}  // namespace ekb::leka
