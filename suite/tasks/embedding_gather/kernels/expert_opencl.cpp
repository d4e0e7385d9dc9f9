// Expert opencl schedule for `embedding_gather`: one kernel, no separate index stage. Work-
// groups of 64x4 work-items, adjacent work-items along the embedding features so each row
// copy is contiguous (and vectorizable across the work-group by CPU drivers such as PoCL);
// the row index is loaded and clamped per work-item.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var dO{"dO"}, di{"di"}, to{"to"}, ti{"ti"};
    // @layer compute
    // row is inlined into out.
    // @layer loops
    a.out.gpu_tile(a.d, a.t, dO, to, di, ti, 64, 4, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
