// Expert cpu schedule for `trapezoid_integrate`: an algorithm rewrite of the serial scan into
// a blocked parallel prefix sum. Per block of 16 samples, the in-block prefix sum is built by
// 4 Hillis-Steele steps (p += p shifted by 1, 2, 4, 8 within the block; each step a vector
// add of contiguous loads with a lane mask), then a short serial scan runs over the block
// totals (L / 16 steps instead of L) and each sample adds its block's carry. Per channel (in
// parallel) the levels stay in L1/L2; everything but the block-carry scan is vectorized, tails
// GuardWithIf (down to one sample).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int B = 16;  // the in-block prefix width
    Var b{"b"};
    // @layer compute
    Expr L = a.x.dim(0).extent();
    Expr NB = (L + B - 1) / B;
    Func inc{"inc_v"}, p1{"p1"}, p2{"p2"}, p4{"p4"}, p8{"p8"}, carry{"carry"}, y{"y_v"};
    inc(a.n, a.c) = select(a.n >= 1 && a.n < L,
                           task::Algorithm::half_dt * (a.x(clamp(a.n, 0, L - 1), a.c) + a.x(clamp(a.n - 1, 0, L - 1), a.c)), 0.0f);
    p1(a.n, a.c) = inc(a.n, a.c) + select(a.n % B >= 1, inc(a.n - 1, a.c), 0.0f);
    p2(a.n, a.c) = p1(a.n, a.c) + select(a.n % B >= 2, p1(a.n - 2, a.c), 0.0f);
    p4(a.n, a.c) = p2(a.n, a.c) + select(a.n % B >= 4, p2(a.n - 4, a.c), 0.0f);
    p8(a.n, a.c) = p4(a.n, a.c) + select(a.n % B >= 8, p4(a.n - 8, a.c), 0.0f);
    RDom rb(1, NB - 1, "rb");
    carry(b, a.c) = 0.0f;
    carry(rb, a.c) = carry(rb - 1, a.c) + p8(rb * B - 1, a.c);
    y(a.n, a.c) = p8(a.n, a.c) + carry(a.n / B, a.c);
    // @layer loops
    // (parallel over channels for large calls: below)
    // @layer memory
    for (Func f : {inc, p1, p2, p4, p8, carry}) f.compute_at(y, a.c);
    // @layer vector
    for (Func f : {inc, p1, p2, p4, p8}) f.vectorize(a.n, vec, TailStrategy::GuardWithIf);
    y.vectorize(a.n, vec, TailStrategy::GuardWithIf);
    // Parallel only for large calls: below the threshold the thread pool's wake-up costs
    // more than the work, so small calls (a single frame or a few samples) run serially.
    y.specialize(a.x.dim(0).extent() * a.x.dim(1).extent() >= 65536).parallel(a.c);
    // @end
    return {{a.x}, {y}};
}
