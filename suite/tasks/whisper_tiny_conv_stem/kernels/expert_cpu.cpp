// Expert cpu schedule for `whisper_tiny_conv_stem`: two register-tiled convs, the transpose
// folded into the second one.
//   h: conv1 + GELU over time, blocks of 8 channels in parallel, tiles of 1 vector of frames
//      x 8 channels accumulated in registers across the 3 taps (unrolled) and the NM mel bins
//      (one mel load feeds 8 FMAs);
//   y: conv2 + GELU + the positional embedding computed directly in the token-major output
//      layout: tiles of 1 vector of channels x 4 tokens, the weights transposed once so that
//      a vector of output channels is one dense load, each h value broadcast against it
//      (the stride-2 frame reads are scalar broadcasts, so no deinterleaving); token strips
//      in parallel.
// Every split, vector and unroll is guarded (GuardWithIf), so any length and width work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var to{"to"}, ti{"ti"}, co{"co"}, ci{"ci"}, k{"k"}, m{"m"};
    // @layer compute
    Func w2t("w2t"), zc("zc"), y("y_fast");
    w2t(a.c, k, m) = a.w2(k, m, a.c);  // output channel innermost
    zc(a.c, a.t) = 0.0f;
    zc(a.c, a.t) += w2t(a.c, a.r2.x, a.r2.y) * a.h_padded(2 * a.t + a.r2.x - 1, a.r2.y);
    y(a.c, a.t) = task::gelu_erf(zc(a.c, a.t) + a.b2(a.c)) + a.pos(a.c, a.t);
    a.h.compute_root();
    w2t.compute_root();
    // @layer loops
    a.h.split(a.c, co, ci, 8, guard).split(a.t, to, ti, vec, guard).reorder(ti, ci, to, co).parallel(co);
    a.conv1.update().reorder(a.t, a.c, a.r1.x, a.r1.y);
    y.split(a.c, co, ci, vec, guard).split(a.t, to, ti, 4, guard).reorder(ci, ti, co, to).parallel(to);
    zc.update().reorder(a.c, a.t, a.r2.x, a.r2.y);
    // @layer memory
    a.conv1.compute_at(a.h, to);
    zc.compute_at(y, co);
    // @layer vector
    a.h.vectorize(ti).unroll(ci);
    a.conv1.vectorize(a.t, vec, guard).unroll(a.c, 8, guard);
    a.conv1.update().vectorize(a.t, vec, guard).unroll(a.c, 8, guard).unroll(a.r1.x);
    y.vectorize(ci).unroll(ti);
    zc.vectorize(a.c, vec, guard).unroll(a.t, 4, guard);
    zc.update().vectorize(a.c, vec, guard).unroll(a.t, 4, guard).unroll(a.r2.x);
    w2t.vectorize(a.c, vec, guard).parallel(m);
    // @end
    return {{a.mel, a.w1, a.b1, a.w2, a.b2, a.pos}, {y}};
}
