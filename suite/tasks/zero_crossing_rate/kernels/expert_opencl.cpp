// Expert opencl schedule for `zero_crossing_rate`: two kernels and an algorithm rewrite that
// counts every sample pair once instead of twice. Frame f is blocks f and f + 1, so its
// count is inner(f) + edge(f) + inner(f + 1), with inner(b) the crossings inside block b
// (pairs (h - 1, h), h in [1, H)) and edge(b) the pair across blocks b and b + 1; no div/mod
// on the stream index.
//   kernel 1: one work-item per block (work-groups of 64 blocks), its count accumulated in a
//     register over the block's samples;
//   kernel 2: one work-item per frame (work-groups of 64 frames): two block counts, the edge
//     pair, the division.
// Work-group tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var h{"h"}, b{"b"}, bo{"bo"}, bi{"bi"}, fo{"fo"}, fi{"fi"}, co{"co"}, ci{"ci"};
    // @layer compute
    Expr H = a.x.dim(0).extent();
    Func cr{"cr"}, acc{"acc"}, inner{"inner"}, zcr{"zcr_g"};
    cr(h, b, a.c) = select((a.x(h, b, a.c) >= 0.0f) != (a.x(h - 1, b, a.c) >= 0.0f), 1, 0);
    RDom rh(1, H - 1, "rh");
    acc(b, a.c) = 0;
    acc(b, a.c) += cr(rh, b, a.c);
    inner(b, a.c) = acc(b, a.c);
    Expr edge = select((a.x(H - 1, a.f, a.c) >= 0.0f) != (a.x(0, a.f + 1, a.c) >= 0.0f), 1, 0);
    zcr(a.f, a.c) = cast<float>(inner(a.f, a.c) + edge + inner(a.f + 1, a.c)) / cast<float>(2 * H);
    inner.compute_root();
    // @layer loops
    inner.gpu_tile(b, a.c, bo, co, bi, ci, 64, 1, guard);
    zcr.gpu_tile(a.f, a.c, fo, co, fi, ci, 64, 1, guard);
    // @layer memory
    acc.compute_at(inner, bi).store_in(MemoryType::Register);
    // @end
    return {{a.x}, {zcr}};
}
