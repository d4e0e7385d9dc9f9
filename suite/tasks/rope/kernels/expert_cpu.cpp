// Expert cpu schedule for `rope`: an algorithm rewrite that removes the per-element select
// and modulo. y is written by one update over r = (j, s), j < Dh/2 and s in {0, 1} the half:
// y[j + s*Dh/2] = x[j + s*Dh/2] * cos - (+) x[j + (1-s)*Dh/2] * sin. The loop over s is
// unrolled, so each half is a dense loop whose loads are dense vectors and whose sign is a
// constant. Strips of 8 rows (tokens) of one head run in parallel; j is vectorized with
// guarded tails. Halide cannot prove that the store index j + s*Dh/2 is distinct for
// distinct j (it is: s is fixed inside the vector), hence allow_race_conditions.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var to{"to"}, ti{"ti"};
    RVar jo{"jo"}, ji{"ji"};
    // @layer compute
    Expr half = a.x.dim(0).extent() / 2;
    RDom r(0, half, 0, 2, "r");  // r.x: position in the half, r.y: which half
    Expr d = r.x + r.y * half, partner = r.x + (1 - r.y) * half;
    Expr sign = select(r.y == 0, -1.0f, 1.0f);
    Func y("y");
    y(a.d, a.t, a.h) = undef<float>();
    y(d, a.t, a.h) = a.x(d, a.t, a.h) * a.cos(d, a.t) + sign * a.x(partner, a.t, a.h) * a.sin(d, a.t);
    // @layer loops
    y.update().split(a.t, to, ti, 8, TailStrategy::GuardWithIf).fuse(to, a.h, to).parallel(to);
    y.update().split(r.x, jo, ji, vec, TailStrategy::GuardWithIf).reorder(ji, jo, r.y, ti, to);
    // @layer vector
    y.update().allow_race_conditions().vectorize(ji).unroll(r.y);
    // @end
    return {{a.x, a.cos, a.sin}, {y}};
}
