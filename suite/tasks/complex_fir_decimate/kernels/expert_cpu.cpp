// Expert cpu schedule for `complex_fir_decimate`: a polyphase decimator on planar I and Q.
// Algorithm rewrite: with D = 4, y[j] = sum_p sum_q x[4 (j + q) + p] * taps[4 q + p], so the
// interleaved complex signal is split into 8 planar rows (4 phases x (I, Q); row (p, k2)
// holds x[4 m + p, k2], contiguous in m) and the taps into 4 sub-filters of ceil(K/4) taps
// (zero past K); every phase is then an ordinary FIR with contiguous (unaligned) vector
// loads, instead of stride-8 loads per tap. The output is cut into blocks of 2 vectors of one
// channel, 8 blocks per task (1 for short outputs), tasks in parallel for large calls; each task
// deinterleaves its input window once (it stays in L1) and each block keeps its 4 vector
// accumulators (2 vectors x (I, Q)) in registers across all 4 x ceil(K/4) taps (one broadcast
// tap feeds 4 multiply-adds); (I, Q) are re-interleaved on store. The planar rows are read
// past the end of x only by the zero taps; those reads are clamped to the last sample.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int D = task::Algorithm::factor;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var m{"m"}, p{"p"}, q{"q"}, jc{"jc"}, jr{"jr"}, jo{"jo"}, ji{"ji"}, t{"t"};
    // @layer compute
    Expr L = a.x.dim(1).extent(), K = a.taps.dim(0).extent();
    Expr Q = (K + D - 1) / D;  // taps per phase
    Func phase{"phase"}, sub{"sub"}, fir{"fir_v"}, y{"y_v"};
    phase(m, p, a.k2, a.c) = a.x(a.k2, min(D * m + p, L - 1), a.c);
    sub(q, p) = select(D * q + p < K, a.taps(min(D * q + p, K - 1)), 0.0f);
    RDom r(0, Q, 0, D, "r");  // r.x: the tap of a phase, r.y: the phase
    fir(a.j, a.k2, a.c) = 0.0f;
    fir(a.j, a.k2, a.c) += phase(a.j + r.x, r.y, a.k2, a.c) * sub(r.x, r.y);
    y(a.k2, a.j, a.c) = fir(a.j, a.k2, a.c);
    sub.compute_root();
    // @layer loops
    // Tasks of 8 blocks where a channel has at least 8 blocks of outputs, in parallel only for
    // large calls; shorter outputs take tasks of one block, so that the planar rows copied per
    // task cover no more than the block's window (the copy is not trimmed at the tails).
    y.bound(a.k2, 0, 2);
    Expr J = y.output_buffer().dim(1).extent();
    Stage par = y.specialize(J >= 8 * 2 * vec && a.x.dim(1).extent() * a.x.dim(2).extent() >= 16384);
    Stage mid = y.specialize(J >= 8 * 2 * vec);
    for (auto [s, f] : {std::pair<Stage, int>{par, 8 * 2 * vec}, {mid, 8 * 2 * vec}, {Stage(y), 2 * vec}}) {
        s.split(a.j, jc, jr, f, guard)
            .split(jr, jo, ji, 2 * vec, guard)
            .reorder(a.k2, ji, jo, jc, a.c)
            .fuse(jc, a.c, t)
            .vectorize(ji, vec, guard)
            .unroll(a.k2);
    }
    par.parallel(t);
    // @layer memory
    phase.compute_at(y, t);  // the planar rows of one task's input window, in L1
    fir.compute_at(y, jo);
    // @layer vector
    phase.bound(p, 0, D).bound(a.k2, 0, 2).reorder(m, p, a.k2, a.c).vectorize(m, vec, guard);
    fir.vectorize(a.j, vec, guard);
    fir.update()
        .split(a.j, jo, ji, vec, guard)
        .reorder(ji, jo, a.k2, r.x, r.y, a.c)
        .vectorize(ji)
        .unroll(jo)
        .unroll(a.k2);
    // @end
    return {{a.x, a.taps}, {y}};
}
