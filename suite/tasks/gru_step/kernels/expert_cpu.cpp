// Expert cpu schedule for `gru_step`: bound by streaming the weights (I- and H-contiguous
// rows) once. Algorithm rewrite: the gate rows are indexed (j, gate) instead of j + gate*H,
// so that a strip of hidden units needs exactly its 3 rows per gate (bounds inference of the
// stacked index would cover all 3H rows). The output runs in parallel strips of 16 hidden
// units; per strip, each of the 16 x 3 rows of w_ih and of w_hh is one dot product along
// the row, accumulated in a vector of partial sums (rfactor over the vector lanes) with the
// 16 rows of a gate interleaved (unrolled) so that 16 independent FMA chains hide the
// latency; the lanes are folded at the end of each row. The gates (sigmoid, tanh, the
// blend with h) are fused into the vectorized store of the strip.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 16;  // hidden units per strip
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var g{"g"}, jo{"jo"}, ji{"ji"}, u{"u"};
    RVar ko{"ko"}, ki{"ki"};
    // @layer compute
    Expr H = a.h.dim(0).extent();
    Func gi{"gi"}, gh{"gh"}, h_new{"h_new"};
    gi(a.j, g, a.b) = a.b_ih(a.j + g * H);
    gi(a.j, g, a.b) += a.w_ih(a.ri, a.j + g * H) * a.x(a.ri, a.b);
    gh(a.j, g, a.b) = a.b_hh(a.j + g * H);
    gh(a.j, g, a.b) += a.w_hh(a.rh, a.j + g * H) * a.h(a.rh, a.b);
    Expr r = 1.0f / (1.0f + exp(-(gi(a.j, 0, a.b) + gh(a.j, 0, a.b))));
    Expr z = 1.0f / (1.0f + exp(-(gi(a.j, 1, a.b) + gh(a.j, 1, a.b))));
    Expr n = tanh(gi(a.j, 2, a.b) + r * gh(a.j, 2, a.b));
    h_new(a.j, a.b) = (1.0f - z) * n + z * a.h(a.j, a.b);
    // @layer loops
    h_new.split(a.j, jo, ji, rows, guard).parallel(jo);
    // Lane-wise partial sums: lane u reduces the row elements u, u + vec, u + 2 vec, ...
    Func gi_lanes = gi.update().split(a.ri, ko, ki, vec, guard).rfactor(ki, u);
    Func gh_lanes = gh.update().split(a.rh, ko, ki, vec, guard).rfactor(ki, u);
    // @layer memory
    for (Func f : {gi, gh, gi_lanes, gh_lanes}) f.compute_at(h_new, jo);
    // Lanes innermost, so that each row's partial sums are one dense vector (a register).
    for (Func f : {gi_lanes, gh_lanes}) f.reorder_storage(u, a.j, g, a.b);
    // @layer vector
    h_new.vectorize(ji, vec, guard);
    for (Func f : {gi_lanes, gh_lanes}) {
        f.vectorize(u);
        // 16 rows of one gate interleaved: 16 independent vector accumulators.
        f.update().reorder(u, a.j, ko, g, a.b).vectorize(u).unroll(a.j);
    }
    for (Func f : {gi, gh}) {
        f.vectorize(a.j, vec, guard);
        f.update().atomic().vectorize(ki);  // the final cross-lane sum as a vector reduction
    }
    // @end
    return {{a.x, a.h, a.w_ih, a.w_hh, a.b_ih, a.b_hh}, {h_new}};
}
