// Expert cpu schedule for `sgm_4path_wta`, as SIMD SGM implementations run the paths: each
// recurrence is vectorized across the independent path lines (rows for the horizontal
// paths, columns for the vertical ones) and the lines are split into blocks that run in
// parallel; the path buffers are stored line-innermost so a step of the recurrence is a few
// dense vector loads (L at d - 1, d, d + 1 of the previous pixel and its minimum) per vector
// of lines. The sum of the four paths and the argmin over d are fused, vectorized over
// columns, rows in parallel. Tails GuardWithIf, so any sizes work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm al;
    const int vec = target.natural_vector_size(Int(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var bo{"bo"}, bi{"bi"};
    std::vector<Func> paths = {al.t_lr, al.t_rl, al.t_tb, al.t_bt};
    // @layer compute
    for (Func f : paths) f.compute_root().reorder_storage(al.b, al.d, al.a);
    al.best.compute_root();
    // @layer loops
    for (size_t k = 0; k < paths.size(); k++) {
        Func f = paths[k];
        RDom r0 = al.r0s[k], r1 = al.r1s[k];
        f.reorder(al.b, al.d, al.a).split(al.b, bo, bi, vec, guard).reorder(bi, al.d, al.a, bo).parallel(bo).vectorize(bi);
        f.update(0).split(al.b, bo, bi, vec, guard).reorder(bi, r0.x, bo).vectorize(bi);
        f.update(1).split(al.b, bo, bi, vec, guard).reorder(bi, r1.x, r1.y, bo).parallel(bo).vectorize(bi);
    }
    al.best.split(al.y, bo, bi, 8, guard).parallel(bo);
    al.best.update().reorder(al.x, al.rd.x, al.y).split(al.y, bo, bi, 8, guard).parallel(bo);
    // @layer vector
    al.best.vectorize(al.x, vec, guard);
    al.best.update().vectorize(al.x, vec, guard);
    al.disp.vectorize(al.x, vec, guard);
    // @end
    return al.kernel();
}
