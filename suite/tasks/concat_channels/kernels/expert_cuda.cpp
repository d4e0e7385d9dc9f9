// Expert cuda schedule for `concat_channels`: the cpu expert's rewrite into two plane copies
// (no per-element select), two kernels of 32x8 thread blocks over x and y, the input's
// channels as the third grid dimension (neighbouring threads copy neighbouring pixels).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    RVar xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    // An algorithm rewrite: the output as two copies, one per input (an undefined pure
    // definition and two updates over the inputs' domains), so no element reads both inputs.
    Func out("out");
    Expr C1 = a.a.dim(2).extent();
    RDom ra(0, a.a.dim(0).extent(), 0, a.a.dim(1).extent(), 0, C1, "ra");
    RDom rb(0, a.b.dim(0).extent(), 0, a.b.dim(1).extent(), 0, a.b.dim(2).extent(), "rb");
    out(a.x, a.y, a.c, a.n) = undef<float>();
    out(ra.x, ra.y, ra.z, a.n) = a.a(ra.x, ra.y, ra.z, a.n);
    out(rb.x, rb.y, C1 + rb.z, a.n) = a.b(rb.x, rb.y, rb.z, a.n);
    // @layer loops
    out.update(0).gpu_tile(ra.x, ra.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf).gpu_blocks(ra.z);
    out.update(1).gpu_tile(rb.x, rb.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf).gpu_blocks(rb.z);
    // @end
    return {{a.a, a.b}, {out}};
}
