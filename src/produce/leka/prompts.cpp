#include "produce/leka/prompts.h"

#include <cmath>
#include <cstdio>

#include "common/files.h"

namespace ekb::leka {

namespace {

const char *layer_scope(const std::string &layer) {
    if (layer == "compute") {
        return "what is computed where in the algorithm: compute_inline / compute_root of stages, "
               "wrappers (Func::in) and algorithm rewrites that stay numerically within the tolerance";
    }
    if (layer == "loops") {
        return "the loop structure: split, tile, reorder, fuse, parallel, gpu_tile / gpu_blocks / gpu_threads, "
               "rfactor, and the tile sizes (from cache sizes and local memory)";
    }
    if (layer == "memory") {
        return "where intermediate data lives: compute_at / store_at of producers inside their consumers' loops, "
               "staging copies (Func::in), store_in(MemoryType::GPUShared / Register / Stack), prefetch, "
               "bound_storage / align_storage";
    }
    return "the innermost loops' use of the hardware: vectorize (with a TailStrategy), unroll, gpu_lanes (CUDA), "
           "and the widths, matched to the SIMD width, the warp size and cache lines";
}

}  // namespace

std::string layer_system_prompt(const std::string &layer) {
    return system_prompt() + "\nYou are the `" + layer +
           "` specialist of a team that optimizes one kernel layer by layer. Your layer covers " + layer_scope(layer) +
           ".\nYou may change ONLY the lines between `// @layer " + layer +
           "` and the next marker. Every other line of the kernel must stay exactly as it is (other specialists own "
           "them); a kernel that changes anything else is rejected without being compiled. Declare any Var or RVar "
           "you need inside your section. A change is kept only if it compiles, is correct on the visible instances "
           "and is measurably faster than the current kernel; otherwise it is rolled back.\n";
}

std::string layer_prompt(const LayerBrief &b) {
    std::string s = task_prompt(*b.task, b.backend, b.device_profile);
    s += "\n## The current best kernel (correct on the visible instances)\n\n";
    if (!b.seed_note.empty()) s += b.seed_note + "\n\n";
    s += "```cpp\n" + b.kernel + "```\n\n## What was measured (visible instances)\n\n" + b.measured.summary() + "\n";
    if (!b.profile.empty()) {
        s += "## Where its time goes\n\nThe current kernel built with Halide's profile feature (Func names as in "
             "algorithm.h; the time of inlined stages counts in their consumers):\n\n```\n" + b.profile + "```\n\n";
    }
    s += "## Your layer's history\n\n" + (b.history.empty() ? std::string("(none yet)\n") : b.history) + "\n";
    s += "Propose ONE change to the `" + b.layer + "` section that makes the kernel faster on the " + b.backend +
         " backend. Reply with the complete kernel file in one ```cpp block.\n";
    return s;
}

}  // namespace ekb::leka
