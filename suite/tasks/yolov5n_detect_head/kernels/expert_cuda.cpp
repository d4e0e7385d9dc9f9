// Expert cuda schedule for `yolov5n_detect_head`: every stage on the device:
//   wt3/4/5: the 1x1 weights transposed once (output channel innermost), so that the
//       threads of a warp, adjacent along the output channel, read adjacent weights;
//   conv3/4/5: each thread computes one output channel for 4 adjacent grid cells, the 4
//       sums in registers across the input channels (the x value is a warp-wide broadcast),
//       written in the (o, gx, gy) layout so a row's fields are contiguous;
//   y: each thread decodes one field of one row (bias, sigmoid, grid / anchor / stride),
//      threads adjacent along the fields (coalesced reads of the conv and writes of y).
// 32x4-thread blocks (output channels x grid columns) for the convs, 32x8 for the decode; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    ImageParam ws[3] = {a.w3, a.w4, a.w5};
    Var oo{"oo"}, oi{"oi"}, xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, xv{"xv"}, ko{"ko"}, ki{"ki"}, ro{"ro"}, ri{"ri"};
    Func cw[3], wt[3];
    for (int l = 0; l < 3; l++) {
        cw[l] = a.conv[l].in();
        wt[l] = ws[l].in(a.conv[l]);
    }
    // @layer compute
    for (int l = 0; l < 3; l++) {
        cw[l].compute_root();
        wt[l].compute_root();
    }
    // @layer loops
    for (int l = 0; l < 3; l++) {
        cw[l].split(a.gx, a.gx, xv, 4, guard)
            .reorder(xv, a.o, a.gx, a.gy, a.n)
            .gpu_tile(a.o, a.gx, a.gy, oo, xo, yo, oi, xi, yi, 32, 4, 1, guard);
        std::vector<Var> v = wt[l].args();
        wt[l].gpu_tile(v[3], v[2], oo, xo, oi, xi, 32, 8, guard);
        a.conv[l].update().reorder(a.gx, a.o, a.rc[l]);
    }
    a.y.gpu_tile(a.k, a.r, ko, ro, ki, ri, 32, 8, guard);
    // @layer memory
    for (int l = 0; l < 3; l++) {
        a.conv[l].compute_at(cw[l], oi).store_in(MemoryType::Register).bound_storage(a.gx, 4);
        std::vector<Var> v = wt[l].args();
        wt[l].reorder_storage(v[3], v[2], v[0], v[1]);
    }
    // @layer vector
    for (int l = 0; l < 3; l++) {
        cw[l].unroll(xv);
        a.conv[l].unroll(a.gx, 4, guard);
        a.conv[l].update().unroll(a.gx, 4, guard);
    }
    // @end
    return a.kernel();
}
