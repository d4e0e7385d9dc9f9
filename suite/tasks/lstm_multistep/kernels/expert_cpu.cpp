// Expert cpu schedule for `lstm_multistep`, layer by layer as oneDNN's and TFLite's sequence
// LSTMs run it: each layer's input projection for all T steps is one GEMM out of the time
// loop (gate rows in parallel tiles of 2 vectors x 4 steps of register accumulators, the
// weights copied once transposed so a vector of gate rows is one load), then the recurrence,
// serial over the steps (each step needs the last), vectorized over the state rows: the
// recurrent weights are copied once transposed (row innermost), so each k of a step is one
// broadcast of h_{t-1}[k] against a contiguous vector of w_hh^T[k] per vector of gate rows;
// the k < H / gate-row part is the steady state of the partitioned loops (the conditions are
// likely), the cell and hidden rows of the step two short vector passes after it. The
// vectorized row loop is safe: within one (k, t) no row reads a row written in that (k, t)
// (Halide cannot prove this for a reduction variable, hence allow_race_conditions). Tails
// GuardWithIf, so any H, I and T work.
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
    std::vector<Func> wt = {a.w_ih0.in(a.gi0), a.w_hh0.in(a.state0), a.w_ih1.in(a.gi1), a.w_hh1.in(a.state1)};
    for (Func w : wt) {
        Var i = w.args()[0], r = w.args()[1];
        w.compute_root().reorder_storage(r, i).reorder(r, i).vectorize(r, vec, guard).parallel(i);
    }
    for (Func f : {a.gi0, a.state0, a.gi1, a.state1}) f.compute_root();
    // @layer loops
    // The input projections: GEMMs over all steps, register tiles of 2 vectors x 4 steps.
    for (auto [gi, r] : {std::pair<Func, RDom>{a.gi0, a.ri0}, {a.gi1, a.ri1}}) {
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
    // The recurrences: serial over (t, k), vectorized over the rows.
    for (auto [s, r] : {std::pair<Func, RDom>{a.state0, a.rd0}, {a.state1, a.rd1}}) {
        s.vectorize(a.k, vec, guard).parallel(a.t);
        s.update().allow_race_conditions().vectorize(r.x, vec, guard);
    }
    // @layer vector
    a.y.vectorize(a.k, vec, guard);
    // @end
    return a.kernel();
}
