// Expert opencl schedule for `fc_autoencoder`: one kernel per layer (ten) instead of three
// per layer. Each layer runs in work-groups of 32 output features, each work-item computing
// one output feature for every frame of the batch (up to 4 frames per pass): the dot
// products accumulate in registers across the whole input (starting from the bias), so each
// weight load feeds up to 4 multiply-adds, and the ReLU is applied before the single store.
// The 4-frame group uses GuardWithIf (batches of 3 or 5 frames); work-group tails too.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    const int layers = task::Algorithm::layers;
    Var oo{"oo"}, oi{"oi"}, bo{"bo"}, bv{"bv"}, bb{"bb"}, bi{"bi"};
    // @layer compute
    // act[k] (and y) are the stored layers; lin[k] lives in registers of the work-items.
    for (int k = 0; k < layers - 1; k++) a.act[k].compute_root();
    // @layer loops
    for (int k = 0; k < layers; k++) {
        Func out = k < layers - 1 ? a.act[k] : a.y;
        // Frame groups along the grid's second dimension: one launch per layer.
        out.split(a.b, bo, bv, 4, guard)
            .reorder(bv, a.o, bo)
            .gpu_tile(a.o, bo, oo, bb, oi, bi, 32, 1, guard);
    }
    // @layer memory
    for (int k = 0; k < layers; k++) {
        Func out = k < layers - 1 ? a.act[k] : a.y;
        a.lin[k].compute_at(out, oi).store_in(MemoryType::Register);
    }
    // @layer vector
    for (int k = 0; k < layers; k++) {
        Func out = k < layers - 1 ? a.act[k] : a.y;
        out.unroll(bv);
        a.lin[k].unroll(a.b);
        a.lin[k].update().reorder(a.b, a.ri[k].x, a.o).unroll(a.b);
    }
    // @end
    return a.kernel();
}
