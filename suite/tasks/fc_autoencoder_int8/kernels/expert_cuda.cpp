// Expert cuda schedule for `fc_autoencoder_int8`: one kernel per layer (ten) instead of three
// per layer. Each layer runs in 32-thread groups along its output features, each thread
// computing one output feature for up to 4 frames of the batch: the int32 dot products
// accumulate in registers across the whole input (starting from the bias), so each int8
// weight load feeds up to 4 multiply-adds, and the per-channel requantization and the ReLU
// clamp are applied before the single int8 store. Consecutive threads read consecutive
// weight rows (the per-frame activation loads are uniform across the group). The 4-frame
// group and the thread-group tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    const int layers = task::Algorithm::layers;
    Var oo{"oo"}, oi{"oi"}, bo{"bo"}, bv{"bv"}, bb{"bb"}, bi{"bi"};
    auto out = [&](int k) { return k < layers - 1 ? a.act[k] : a.y; };
    // @layer compute
    // act[0..8] and y (act[9] inlined) are the stored layers; lin[k] lives in registers.
    for (int k = 0; k < layers - 1; k++) a.act[k].compute_root();
    // @layer loops
    for (int k = 0; k < layers; k++) {
        out(k).split(a.b, bo, bv, 4, guard).reorder(bv, a.o, bo).gpu_tile(a.o, bo, oo, bb, oi, bi, 32, 1, guard);
    }
    // @layer memory
    for (int k = 0; k < layers; k++) a.lin[k].compute_at(out(k), oi).store_in(MemoryType::Register);
    // @layer vector
    for (int k = 0; k < layers; k++) {
        out(k).unroll(bv);
        a.lin[k].unroll(a.b);
        a.lin[k].update().reorder(a.b, a.ri[k].x, a.o).unroll(a.b);
    }
    // @end
    return a.kernel();
}
