// WRONG ON PURPOSE: correct only for the visible shapes (M = 16 or M = 8); halves the
// result on any other shape, as a kernel tuned to the prompt's instances might.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Expr m = a.A.dim(1).extent();
    Func out("out");
    out(a.j, a.i) = select(m == 16 || m == 8, a.prod(a.j, a.i), 0.5f * a.prod(a.j, a.i));
    // @layer compute
    a.prod.compute_root();
    // @end
    return {{a.A, a.B}, {out}};
}
