// Expert opencl schedule for `pairwise_sq_dist` (an algorithm rewrite with the same arithmetic):
// a first small kernel stages b in coordinate-major (structure-of-arrays) order, so
// neighbouring work-items read neighbouring floats of each coordinate; the main kernel then
// computes one distance per work-item in work-groups of 64 x 4, the 3-term sum written out in
// the reference's order ((0 + d0^2) + d1^2) + d2^2 and kept in registers, the a point's
// coordinates uniform across a row of the work-group.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;  // for its inputs and Vars
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
    bt.bound(c, 0, 3).reorder(c, a.m).gpu_tile(a.m, mo, mi, 64, TailStrategy::GuardWithIf);
    D.gpu_tile(a.m, a.n, mo, no, mi, ni, 64, 4, TailStrategy::GuardWithIf);
    // @layer memory
    bt.compute_root();
    // @layer vector
    bt.unroll(c);
    // @end
    return {{a.a, a.b}, {D}};
}
