// Expert cpu schedule for `cic_decimator`: an algorithm rewrite into the non-recursive
// polyphase form. The CIC equals the FIR h = box8 * box8 * box8 (22 integer taps, sum 512)
// evaluated at samples 8j + 7 (zero before the first sample), so
//   y[j] = sum over q in {-2, -1, 0}, p in [0, 8) of h[7 - 8q - p] * x[8 (j + q) + p]
// The input of a block is deinterleaved into its 8 phases (phase p holds x[8m + p], contiguous
// in m; zero before the first sample) and each output vector is 22 multiply-adds of contiguous
// phase vectors by constant taps, exact in int32 (|y| <= 2^24). No serial scan remains:
// blocks of 1024 outputs of every channel run in parallel, vectorized, tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    const int R = task::Algorithm::R;
    Var m{"m"}, p{"p"}, jo{"jo"}, ji{"ji"}, iv{"iv"}, t{"t"};
    // @layer compute
    int h[22] = {0};
    {
        int b1[8], b2[15] = {0};
        for (int k = 0; k < 8; k++) b1[k] = 1;
        for (int u = 0; u < 8; u++) for (int v = 0; v < 8; v++) b2[u + v] += b1[u] * b1[v];
        for (int u = 0; u < 15; u++) for (int v = 0; v < 8; v++) h[u + v] += b2[u];
    }
    Expr L = a.x.dim(0).extent();
    Func phase{"phase"}, y{"y_v"};
    Expr idx = R * m + p;
    phase(p, m, a.c) = select(idx >= 0, cast<int32_t>(a.x(clamp(idx, 0, L - 1), a.c)), 0);
    Expr s = 0;
    for (int q = -2; q <= 0; q++) {
        for (int pp = 0; pp < R; pp++) {
            int k = 7 - 8 * q - pp;
            if (k < 0 || k > 21) continue;
            s += h[k] * phase(pp, a.j + q, a.c);
        }
    }
    y(a.j, a.c) = s;
    // @layer loops
    // Vectors first (a guarded last vector), then blocks of vectors: a tail costs one
    // predicated vector, not a block of all-false ones.
    y.split(a.j, iv, ji, vec, TailStrategy::GuardWithIf)
        .split(iv, jo, iv, 1024 / (vec), TailStrategy::GuardWithIf)
        .fuse(jo, a.c, t);
    // @layer memory
    phase.compute_at(y, t).bound(p, 0, R).reorder(m, p).reorder_storage(m, p);
    // @layer vector
    phase.vectorize(m, vec, TailStrategy::GuardWithIf).unroll(p);
    y.vectorize(ji);
    // Parallel only for large calls: below the threshold the thread pool's wake-up costs
    // more than the work, so small calls (a single frame or a few samples) run serially.
    y.specialize(a.x.dim(0).extent() * a.x.dim(1).extent() >= 65536).parallel(t);
    // @end
    return {{a.x}, {y}};
}
