// Expert cpu schedule for `autocorrelation_lags`: an algorithm rewrite that vectorizes over
// the samples. Each frame is first copied once into a zero-extended buffer xp of N + M - 1
// samples (vectorized), so that no lag needs a bounds select. Each lag's sum is then split
// into one partial sum per vector lane,
//   part[lane, l] = sum over q of x[q*V + lane] * xp[q*V + lane + l]   (q < N / V)
// plus a scalar tail over the last N mod V samples, and the lanes are folded at the end, times
// the lag window. Lags are taken 4 at a time: one contiguous load of x feeds 4 lags, each with
// its own contiguous (unaligned) load of xp and its own vector accumulator, so the 4
// multiply-add chains hide each other's latency. Parallel tasks run over (block of 4 lags,
// frame). With 4 or more lags the last block is shifted inwards (recomputes lags of its
// neighbour); fewer lags take a guarded block. The vectors of the short frames of LPC (11 or
// 17 lags) are as long as those of pitch searches (hundreds of lags).
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
    Func xp{"xp"}, part{"part"}, tail{"tail"}, R{"R_v"};
    xp(a.n, a.f) = a.xz(a.n, a.f);
    part(lane, a.l, a.f) = 0.0f;
    part(lane, a.l, a.f) += a.x(rq * vec + lane, a.f) * xp(rq * vec + lane + a.l, a.f);
    tail(a.l, a.f) = 0.0f;
    tail(a.l, a.f) += a.x(rt, a.f) * xp(rt + a.l, a.f);
    R(a.l, a.f) = a.lagw(a.l) * (tail(a.l, a.f) + sum(part(rl, a.l, a.f)));
    // @layer loops
    Stage wide = R.specialize(R.output_buffer().dim(0).extent() >= lags);
    for (auto [s, ts] : {std::pair<Stage, TailStrategy>{wide, TailStrategy::ShiftInwards},
                         {Stage(R), TailStrategy::GuardWithIf}}) {
        s.split(a.l, lb, li, lags, ts).reorder(li, lb, a.f).fuse(lb, a.f, t).parallel(t);
    }
    // @layer memory
    xp.compute_root().parallel(a.f);
    part.compute_at(R, t).bound_extent(lane, vec);
    tail.compute_at(R, t);
    // @layer vector
    xp.vectorize(a.n, vec, TailStrategy::GuardWithIf);
    part.vectorize(lane);
    part.update().reorder(lane, a.l, rq, a.f).vectorize(lane).unroll(a.l, lags, TailStrategy::GuardWithIf);
    // @end
    return {{a.x, a.lagw}, {R}};
}
