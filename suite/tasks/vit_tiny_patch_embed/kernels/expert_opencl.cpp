// Expert opencl schedule for `vit_tiny_patch_embed`: one kernel, the whole stem on the device.
// Each work-item computes one feature of 4 consecutive tokens: the 4 patch dot products in
// registers across the C x 16 x 16 pixels of the patch (a weight load feeds 4 FMAs, the
// pixels are shared by the 16 work-items of a row of the group), then the bias, the class token and
// the position embedding fused into the store. All tails GuardWithIf: any D and patch grid.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int tx = 16;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, tv{"tv"};
    // @layer compute
    // emb lives in the registers of the work-items of y (below).
    // @layer loops
    a.y.split(a.t, a.t, tv, 4, TailStrategy::GuardWithIf)
        .reorder(tv, a.d, a.t)
        .gpu_tile(a.d, a.t, xo, yo, xi, yi, tx, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.emb.compute_at(a.y, xi).store_in(MemoryType::Register);
    // @layer vector
    a.y.unroll(tv);
    a.emb.unroll(a.p);
    a.emb.update().reorder(a.p, a.d, a.r.x, a.r.y, a.r.z).unroll(a.p).unroll(a.r.x, 4);
    // @end
    return a.kernel();
}
