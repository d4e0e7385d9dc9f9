// Expert cpu schedule for `goertzel_bank`: the recurrence is serial in time, so it is
// vectorized across frames. Frames are taken in blocks of one vector (8 or 16), blocks in
// parallel; per block the samples are transposed once into a frame-innermost buffer, and the
// recurrence walks the samples with all K filters advanced per sample (sample loop outside
// the filter loop: one transposed load feeds every filter, the states stay in L1), each a
// vector multiply-add over the frames of the block. Frame tails use GuardWithIf (a single
// frame is a real call).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var fo{"fo"}, fi{"fi"}, n{"n"};
    // @layer compute
    Func xt{"xt"};
    xt(a.f, n) = a.x(n, a.f);
    Func state{"state_v"}, P{"P_v"};
    Expr c = a.coef(a.k);
    state(a.k, a.f) = {0.0f, 0.0f};
    Expr s1 = state(a.k, a.f)[0], s2 = state(a.k, a.f)[1];
    state(a.k, a.f) = {xt(a.f, a.r) + c * s1 - s2, s1};
    Expr q1 = state(a.k, a.f)[0], q2 = state(a.k, a.f)[1];
    P(a.k, a.f) = q1 * q1 + q2 * q2 - c * q1 * q2;
    // @layer loops
    P.split(a.f, fo, fi, vec, TailStrategy::GuardWithIf).reorder(fi, a.k, fo);
    // @layer memory
    xt.compute_at(P, fo);
    state.compute_at(P, fo).reorder_storage(a.f, a.k).reorder(a.f, a.k);
    state.update().reorder(a.f, a.k, a.r);
    // @layer vector
    xt.vectorize(a.f, vec, TailStrategy::GuardWithIf);
    state.vectorize(a.f, vec, TailStrategy::GuardWithIf);
    state.update().vectorize(a.f, vec, TailStrategy::GuardWithIf);
    P.vectorize(fi);
    // Parallel only for large calls: below the threshold the thread pool's wake-up costs
    // more than the work, so small calls (a single frame or a few samples) run serially.
    P.specialize(a.x.dim(0).extent() * a.x.dim(1).extent() * a.coef.dim(0).extent() >= 32768).parallel(fo);
    // @end
    return {{a.x, a.coef}, {P}};
}
