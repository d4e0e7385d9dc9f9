// Expert opencl schedule for `trapezoid_integrate`: an algorithm rewrite of the serial scan into
// a three-level parallel prefix sum (a GPU cannot run a long scan in one work-item):
//   level 1: in-block prefix sums over blocks of 16 samples (4 Hillis-Steele steps, each a
//            kernel over all samples: p += p shifted by 1, 2, 4, 8 within the block);
//   level 2: the same over the block totals, in super-blocks of 16 blocks (256 samples);
//   level 3: a serial scan over the super-block totals, one work-item per channel (L / 256 steps);
//   y[n] = level1[n] + level2 carry of its block + level3 carry of its super-block.
// Every kernel but level 3 is one work-item per element in work-groups of 256 x 1 channel; tails use
// GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int B = 16;
    Var b{"b"}, no{"no"}, ni{"ni"}, co{"co"}, ci{"ci"};
    // @layer compute
    Expr L = a.x.dim(0).extent();
    Func inc{"inc_v"};
    inc(a.n, a.c) = select(a.n >= 1 && a.n < L,
                           task::Algorithm::half_dt * (a.x(clamp(a.n, 0, L - 1), a.c) + a.x(clamp(a.n - 1, 0, L - 1), a.c)), 0.0f);
    std::vector<Func> steps;
    // In-block inclusive prefix sums of `in` over aligned blocks of B, 4 Hillis-Steele steps.
    auto block_scan = [&](Func in, const std::string &name) {
        Func cur = in;
        for (int s = 1; s < B; s *= 2) {
            Func nxt(name + "_" + std::to_string(s));
            nxt(a.n, a.c) = cur(a.n, a.c) + select(a.n % B >= s, cur(a.n - s, a.c), 0.0f);
            steps.push_back(nxt);
            cur = nxt;
        }
        return cur;
    };
    Func p = block_scan(inc, "p");                     // level 1
    Expr NB = (L + B - 1) / B;
    Func tot{"tot"};
    tot(b, a.c) = select(b < NB, p(clamp(b * B + B - 1, 0, NB * B - 1), a.c), 0.0f);  // block totals
    Func q = block_scan(tot, "q");                     // level 2, over blocks
    Expr NS = (NB + B - 1) / B;
    RDom rs(1, NS - 1, "rs");
    Func carry3{"carry3"};
    carry3(b, a.c) = 0.0f;
    carry3(rs, a.c) = carry3(rs - 1, a.c) + q(rs * B - 1, a.c);
    Func y{"y_v"};
    Expr blk = a.n / B;
    y(a.n, a.c) = p(a.n, a.c) + select(blk % B >= 1, q(blk - 1, a.c), 0.0f) + carry3(blk / B, a.c);
    // @layer loops
    for (Func f : steps) {
        f.compute_root().gpu_tile(a.n, a.c, no, co, ni, ci, 256, 1, TailStrategy::GuardWithIf);
    }
    carry3.compute_root().gpu_tile(a.c, co, ci, 32, TailStrategy::GuardWithIf);
    carry3.update().gpu_tile(a.c, co, ci, 32, TailStrategy::GuardWithIf);
    y.gpu_tile(a.n, a.c, no, co, ni, ci, 256, 1, TailStrategy::GuardWithIf);
    // @end
    return {{a.x}, {y}};
}
