// WRONG ON PURPOSE: columns past the last full 16-wide tile are never computed (a skipped
// tail tile); correct whenever N is a multiple of 16, as on both visible instances.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Expr n = a.B.dim(0).extent();
    Func out("out");
    out(a.j, a.i) = select(a.j < (n / 16) * 16, a.prod(a.j, a.i), 0.0f);
    // @layer compute
    a.prod.compute_root();
    // @layer vector
    out.vectorize(a.j, 8, TailStrategy::GuardWithIf);
    // @end
    return {{a.A, a.B}, {out}};
}
