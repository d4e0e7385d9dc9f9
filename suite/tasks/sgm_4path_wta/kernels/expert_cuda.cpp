// Expert cuda schedule for `sgm_4path_wta`: each path's recurrence one thread per path line
// (rows for the horizontal paths, columns for the vertical ones), 64 threads per block,
// stepping along its line over all disparities; the path buffers stored line-innermost so
// that a block's loads of one step coalesce; the sum of the four paths and the argmin over
// d one thread per pixel. Tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm al;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    std::vector<Func> paths = {al.t_lr, al.t_rl, al.t_tb, al.t_bt};
    // @layer compute
    for (Func f : paths) f.compute_root().reorder_storage(al.b, al.d, al.a);
    al.best.compute_root();
    // @layer loops
    for (Func f : paths) {
        f.reorder(al.b, al.d, al.a).gpu_tile(al.b, al.d, xo, yo, xi, yi, 32, 4, guard).gpu_blocks(al.a);
        f.update(0).gpu_tile(al.b, xo, xi, 64, guard);
        f.update(1).gpu_tile(al.b, xo, xi, 64, guard);
    }
    al.best.gpu_tile(al.x, al.y, xo, yo, xi, yi, 32, 8, guard);
    al.best.update().gpu_tile(al.x, al.y, xo, yo, xi, yi, 32, 8, guard);
    al.disp.gpu_tile(al.x, al.y, xo, yo, xi, yi, 32, 8, guard);
    // @end
    return al.kernel();
}
