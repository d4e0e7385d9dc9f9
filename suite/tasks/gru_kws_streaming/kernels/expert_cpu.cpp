// Expert cpu schedule for `gru_kws_streaming`, as a streaming runtime (TFLite's unidirectional
// sequence RNN, oneDNN's GRU) runs a chunk: the input projection for all T frames is one GEMM
// out of the time loop (gate rows in parallel tiles of 2 vectors x 4 frames of register
// accumulators, w_ih copied once transposed so a vector of gate rows is one load); then the
// recurrence, serial over the frames (each needs the last), vectorized over the hidden units:
// w_hh copied once transposed (row innermost), so each k of a step is one broadcast of
// h_{t-1}[k] against contiguous vectors of w_hh^T[k] for the r, z and n rows; the k < H part
// is the steady state of the partitioned loop (the conditions are likely), the state pass a
// short vector pass after it. The vectorized unit loop is safe: within one (k, t) no unit
// reads a unit written in that (k, t) (Halide cannot prove it for a reduction variable, hence
// allow_race_conditions). The classifier runs once over all frames after the recurrence
// (vectorized over classes, fc_w transposed), the softmax fused per frame. Tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var ro{"ro"}, ri{"ri"}, to{"to"}, ti{"ti"};
    // @layer compute
    for (Func w : {a.w_ih.in(a.gi), a.w_hh.in(a.state), a.fc_w.in(a.logits)}) {
        Var i = w.args()[0], r = w.args()[1];
        w.compute_root().reorder_storage(r, i).reorder(r, i).vectorize(r, vec, guard).parallel(i);
    }
    for (Func f : {a.gi, a.state, a.logits}) f.compute_root();
    a.lmax.compute_at(a.probs, a.t);
    a.esum.compute_at(a.probs, a.t);
    a.ex.compute_at(a.probs, a.t);
    // @layer loops
    Func out = a.gi.in();
    out.compute_root()
        .tile(a.row, a.t, ro, to, ri, ti, 2 * vec, 4, guard)
        .reorder(ri, ti, ro, to, a.b)
        .parallel(ro)
        .vectorize(ri, vec, guard)
        .unroll(ri)
        .unroll(ti);
    a.gi.compute_at(out, ro).bound_storage(a.row, 2 * vec).bound_storage(a.t, 4);
    a.gi.vectorize(a.row, vec, guard).unroll(a.row).unroll(a.t);
    a.gi.update().reorder(a.row, a.t, a.ri.x).vectorize(a.row, vec, guard).unroll(a.row).unroll(a.t);
    a.state.vectorize(a.k, vec, guard).parallel(a.t);
    a.state.update().allow_race_conditions().vectorize(a.rd.x, vec, guard);
    a.logits.vectorize(a.c, vec, guard).parallel(a.t);
    a.logits.update().reorder(a.c, a.rh.x, a.t).vectorize(a.c, vec, guard).parallel(a.t);
    // @layer vector
    a.ex.vectorize(a.c, vec, guard);
    a.probs.vectorize(a.c, vec, guard).parallel(a.t);
    a.h_n.vectorize(a.k, vec, guard);
    // @end
    return a.kernel();
}
