// Expert cuda schedule for `gru_kws_streaming`, as GPU runtimes run a batch-1 GRU chunk: the
// input projection for all T frames is one GEMM kernel out of the time loop (one thread per
// (gate row, 4 frames), the 4 dot products in registers, 32 x 4 blocks, w_ih copied once
// transposed so adjacent threads read adjacent weights); then one kernel launch per frame (the
// host loops over the frames: a step needs every unit's h of the last one, and a launch
// boundary is the grid-wide barrier), one thread per hidden unit, 64 per block, accumulating
// its r, z and n rows over k in registers (w_hh^T rows coalesced, h_{t-1}[k] a broadcast)
// and then computing its new h. That needs k innermost: task::Algorithm(true) builds the same
// recurrence with rd = (k, m, t). Then the classifier for all frames in one kernel (one
// thread per (class, frame)) and the softmax fused per frame (one thread per frame, the C
// logits in registers of one loop). Tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a(true);
    const TailStrategy guard = TailStrategy::GuardWithIf;
    const int threads = 64;
    Var k = a.k, t = a.t, b = a.b, row = a.row, c = a.c;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, tv{"tv"};
    RVar mo{"mo"}, mi{"mi"};
    // @layer compute
    for (Func w : {a.w_ih.in(a.gi), a.w_hh.in(a.state), a.fc_w.in(a.logits)}) {
        Var i = w.args()[0], r = w.args()[1];
        w.compute_root().reorder_storage(r, i).gpu_tile(r, i, xo, yo, xi, yi, 32, 4, guard);
    }
    a.state.compute_root();
    a.logits.compute_root();
    a.lmax.compute_at(a.probs, xi);
    a.esum.compute_at(a.probs, xi);
    // @layer loops
    Func out = a.gi.in();
    out.compute_root()
        .split(t, t, tv, 4, guard)
        .reorder(tv, row, t, b)
        .gpu_tile(row, t, xo, yo, xi, yi, 32, 4, guard)
        .unroll(tv);
    a.gi.compute_at(out, xi).store_in(MemoryType::Register).unroll(t);
    a.gi.update().reorder(t, row, a.ri.x).unroll(t);
    a.state.gpu_tile(k, t, xo, yo, xi, yi, 32, 4, guard);
    a.state.update().allow_race_conditions().split(a.rd.y, mo, mi, threads, guard).gpu_blocks(mo).gpu_threads(mi);
    a.logits.gpu_tile(c, t, xo, yo, xi, yi, 16, 8, guard);
    a.logits.update().gpu_tile(c, t, xo, yo, xi, yi, 16, 8, guard);
    // @layer vector
    a.probs.reorder(c, b, t).gpu_tile(t, b, xo, yo, xi, yi, 32, 1, guard);
    a.h_n.gpu_tile(k, b, xo, yo, xi, yi, 64, 1, guard);
    // @end
    return a.kernel();
}
