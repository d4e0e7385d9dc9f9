// Expert cpu schedule for `pairwise_sq_dist` (an algorithm rewrite with the same arithmetic):
// b is first staged once in coordinate-major (structure-of-arrays) order, so one coordinate
// of a vector of b points is one dense load. D is then computed in tiles of 2 vectors of b
// points x 4 a points, rows of tiles in parallel, with the 3-term sum written out in the
// reference's order ((0 + d0^2) + d1^2) + d2^2, so each distance stays in a register and each
// vector of b coordinates is reused by the tile's 4 a points (broadcast scalars).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;  // for its inputs and Vars
    const int vec = target.natural_vector_size(Float(32));
    Var c{"c"}, mo{"mo"}, mi{"mi"}, no{"no"}, ni{"ni"};
    Func bt{"bt"}, D{"D"};
    // @layer compute
    // Contiguous PyTorch tensors: a point's coordinates are adjacent, points 3 apart.
    a.a.dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    a.b.dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    bt(a.m, c) = a.b(c, a.m);  // b transposed: bt(m, c) = b[m, c], m innermost
    Expr d0 = a.a(0, a.n) - bt(a.m, 0);
    Expr d1 = a.a(1, a.n) - bt(a.m, 1);
    Expr d2 = a.a(2, a.n) - bt(a.m, 2);
    D(a.m, a.n) = ((0.0f + d0 * d0) + d1 * d1) + d2 * d2;
    // @layer loops
    bt.bound(c, 0, 3).reorder(c, a.m);
    D.tile(a.m, a.n, mo, no, mi, ni, 2 * vec, 4, TailStrategy::GuardWithIf).parallel(no);
    // @layer memory
    bt.compute_root();
    // @layer vector
    bt.vectorize(a.m, vec, TailStrategy::GuardWithIf).unroll(c);
    D.vectorize(mi, vec, TailStrategy::GuardWithIf).unroll(ni);
    // @end
    return {{a.a, a.b}, {D}};
}
