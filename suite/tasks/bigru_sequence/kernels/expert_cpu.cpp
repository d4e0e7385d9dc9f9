// Expert cpu schedule for `bigru_sequence`, direction by direction as oneDNN's and TFLite's
// bidirectional sequence GRUs run it: each direction's input projection for all T steps is
// one GEMM out of the time loop (gate rows in parallel tiles of 2 vectors x 4 steps of
// register accumulators, the weights copied once transposed so a vector of gate rows is one
// load), then the recurrence, serial over the steps (each step needs the last), vectorized
// over the hidden units: the recurrent weights are copied once transposed (row innermost),
// so each k of a step is one broadcast of h_{s-1}[k] against contiguous vectors of
// w_hh^T[k] for the r, z and n rows; the k < H part is the steady state of the partitioned
// loop (the conditions are likely), the state pass one short vector pass after it. The
// vectorized unit loop is safe: within one (k, s) no unit reads a unit written in that
// (k, s) (Halide cannot prove this for a reduction variable, hence allow_race_conditions).
// The output interleave is a vector copy. Tails GuardWithIf, so any T, I and H work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var ro{"ro"}, ri{"ri"}, to{"to"}, ti{"ti"};
    // @layer compute
    // Weights copied once transposed: gate row innermost.
    std::vector<Func> wt = {a.w_ih_f.in(a.gi_f), a.w_hh_f.in(a.state_f), a.w_ih_b.in(a.gi_b), a.w_hh_b.in(a.state_b)};
    for (Func w : wt) {
        Var i = w.args()[0], r = w.args()[1];
        w.compute_root().reorder_storage(r, i).reorder(r, i).vectorize(r, vec, guard).parallel(i);
    }
    for (Func f : {a.gi_f, a.gi_b, a.state_f, a.state_b}) f.compute_root();
    // @layer loops
    // The input projections: GEMMs over all steps, register tiles of 2 vectors x 4 steps.
    for (auto [gi, r] : {std::pair<Func, RDom>{a.gi_f, a.ri_f}, {a.gi_b, a.ri_b}}) {
        Func out = gi.in();
        out.compute_root()
            .tile(a.row, a.t, ro, to, ri, ti, 2 * vec, 4, guard)
            .reorder(ri, ti, ro, to, a.b)
            .parallel(ro)
            .vectorize(ri, vec, guard)
            .unroll(ri)
            .unroll(ti);
        gi.compute_at(out, ro).bound_storage(a.row, 2 * vec).bound_storage(a.t, 4);
        gi.vectorize(a.row, vec, guard).unroll(a.row).unroll(a.t);
        gi.update().reorder(a.row, a.t, r.x).vectorize(a.row, vec, guard).unroll(a.row).unroll(a.t);
    }
    // The recurrences: serial over (s, k), vectorized over the units.
    for (auto [s, r] : {std::pair<Func, RDom>{a.state_f, a.rd_f}, {a.state_b, a.rd_b}}) {
        s.vectorize(a.k, vec, guard).parallel(a.t);
        s.update().allow_race_conditions().vectorize(r.x, vec, guard);
    }
    // @layer vector
    a.y.vectorize(a.c, vec, guard).parallel(a.t);
    // @end
    return a.kernel();
}
