// Expert cpu schedule for `xcorr_lags`: an algorithm rewrite that vectorizes over the samples.
// Each lag's correlation is split into one partial sum per vector lane,
//   part[lane, l] = sum over q of x[q*V + lane] * y[q*V + lane + l]   (q < N / V)
// plus a scalar tail over the last N mod V samples; the lanes are summed at the end. Lags are
// taken 4 at a time: one contiguous load of x feeds 4 lags, each with its own contiguous
// (unaligned) load of y and its own vector accumulator, so the 4 multiply-add chains hide
// each other's latency. Parallel tasks run over (block of 4 lags, pair). With 4 or more lags
// the last block is shifted inwards (recomputes lags of its neighbour); fewer lags take a
// guarded block.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int lags = 4;
    Var lane{"lane"}, lb{"lb"}, li{"li"}, t{"t"};
    // @layer compute
    Expr N = a.x.dim(0).extent();
    Expr Q = N / vec;
    RDom rq(0, Q, "rq"), rt(Q * vec, N - Q * vec, "rt"), rl(0, vec, "rl");
    Func part{"part"}, tail{"tail"}, c{"c_v"};
    part(lane, a.l, a.p) = 0.0f;
    part(lane, a.l, a.p) += a.x(rq * vec + lane, a.p) * a.y(rq * vec + lane + a.l, a.p);
    tail(a.l, a.p) = 0.0f;
    tail(a.l, a.p) += a.x(rt, a.p) * a.y(rt + a.l, a.p);
    c(a.l, a.p) = tail(a.l, a.p) + sum(part(rl, a.l, a.p));
    // @layer loops
    Stage wide = c.specialize(c.output_buffer().dim(0).extent() >= lags);
    for (auto [s, ts] : {std::pair<Stage, TailStrategy>{wide, TailStrategy::ShiftInwards},
                         {Stage(c), TailStrategy::GuardWithIf}}) {
        s.split(a.l, lb, li, lags, ts).reorder(li, lb, a.p).fuse(lb, a.p, t).parallel(t);
    }
    // @layer memory
    part.compute_at(c, t).bound_extent(lane, vec);
    tail.compute_at(c, t);
    // @layer vector
    part.vectorize(lane);
    part.update().reorder(lane, a.l, rq, a.p).vectorize(lane).unroll(a.l, lags, TailStrategy::GuardWithIf);
    // @end
    return {{a.x, a.y}, {c}};
}
