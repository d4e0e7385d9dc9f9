// A legal algorithmic rewrite: transpose B once, then contiguous dot products.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;                       // only for its inputs and Vars
    Func bt("bt"), out("out");
    bt(a.i, a.j) = a.B(a.j, a.i);            // transpose B once, then dot products
    RDom k(0, a.A.dim(0).extent());
    out(a.j, a.i) = sum(a.A(k, a.i) * bt(k, a.j));
    bt.compute_root().parallel(a.j).vectorize(a.i, 8, TailStrategy::GuardWithIf);
    out.parallel(a.i).vectorize(a.j, 8, TailStrategy::GuardWithIf);
    return {{a.A, a.B}, {out}};
}
