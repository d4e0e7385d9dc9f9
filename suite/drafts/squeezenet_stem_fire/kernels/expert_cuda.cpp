// Expert cuda schedule for `squeezenet_stem_fire`: one kernel per materialized stage, every
// stage on the device:
//   r: each thread one stem pixel for 4 channels, the 4 sums in registers across the 27
//      taps, bias and ReLU fused;
//   pooled: each thread one pooled pixel, the 9-tap max with clamped coordinates;
//   per Fire module: s (squeeze), e1 and e3 (expand 1x1 / 3x3, the zero pad a guarded
//      read), each thread one pixel for 4 channels with the sums in registers, ReLU fused;
//      Fire2's concat is written once (f2), Fire3's is the output.
// 32x4-thread blocks over (columns, rows), threads adjacent along the columns (coalesced
// rows, warp-uniform weights); channel groups along the grid's third dimension; all tails
// GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    const int tx = 32, ty = 4;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    std::vector<std::pair<Func, Func>> tiled = {{a.r, a.conv0}};
    for (task::Fire *f : {&a.fire2, &a.fire3}) {
        tiled.push_back({f->s, f->squeeze});
        tiled.push_back({f->e1, f->expand1});
        tiled.push_back({f->e3, f->expand3});
    }
    // @layer compute
    for (auto [out, red] : tiled) out.compute_root();
    a.pooled.compute_root();
    a.fire2.out.compute_root();
    // @layer loops
    for (auto [out, red] : tiled) {
        out.split(a.c, a.c, cv, chans, guard)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, tx, ty, 1, guard);
    }
    for (Func f : {a.pooled, a.fire2.out, a.y}) {
        f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, tx, ty, 1, guard);
    }
    a.conv0.update().reorder(a.c, a.col, a.row, a.r0.x, a.r0.y, a.r0.z, a.n);
    for (task::Fire *f : {&a.fire2, &a.fire3}) {
        f->squeeze.update().reorder(a.c, a.col, a.row, f->rc, a.n);
        f->expand1.update().reorder(a.c, a.col, a.row, f->rs, a.n);
        f->expand3.update().reorder(a.c, a.col, a.row, f->r3.x, f->r3.y, f->r3.z, a.n);
    }
    // @layer memory
    for (auto [out, red] : tiled) red.compute_at(out, xi).store_in(MemoryType::Register);
    // @layer vector
    for (auto [out, red] : tiled) {
        out.unroll(cv);
        red.unroll(a.c);
        red.update().unroll(a.c);
    }
    a.conv0.update().unroll(a.r0.x).unroll(a.r0.y);
    for (task::Fire *f : {&a.fire2, &a.fire3}) f->expand3.update().unroll(f->r3.x).unroll(f->r3.y);
    // @end
    return a.kernel();
}
