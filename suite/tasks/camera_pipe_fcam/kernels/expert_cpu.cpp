// Expert cpu schedule for `camera_pipe_fcam`, fused per strip of 32 output rows as the
// camera_pipe app schedules it (strips in parallel):
//   per strip, the 4 hot-pixel-suppressed planes, then green at red/blue (g_r, g_b), then the
//   six red/blue estimates, all at half resolution over the strip's 16 block rows plus the
//   stencil margin, vectorized over columns in int16 lanes;
//   the interleave, the Q8 color correction and the tone-curve lookup (a vector gather) run as
//   one pass per strip writing the 3 curved planes (uint8), then the vertical blur121, and the
//   horizontal blur121, the mask and the saturating add are fused into the output pass.
// The plane and channel loops are unrolled (4 planes, 3 channels: bounded), every column split
// is GuardWithIf, so any size down to 2x2 works, on any vector width.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int v16 = target.natural_vector_size(Int(16));
    const int rows = 32;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var x = a.x, y = a.y, c = a.c, p = a.p, yo{"yo"}, yi{"yi"};
    std::vector<Func> green = {a.g_r, a.g_b};
    std::vector<Func> rb = {a.r_gr, a.b_gr, a.r_gb, a.b_gb, a.r_b, a.b_r};
    // @layer compute
    // plane, g_gr .. g_gb, rgb, corrected and unsharp are inlined; the rest is stored per strip.
    a.out.bound(c, 0, 3);
    a.denoised.bound(p, 0, 4);
    // @layer loops
    a.out.reorder(x, c, y).split(y, yo, yi, rows, guard).parallel(yo);
    a.curved.reorder(x, c, y);
    a.unsharp_y.reorder(x, c, y);
    a.denoised.reorder(x, p, y);
    // @layer memory
    a.denoised.compute_at(a.out, yo);
    for (Func f : green) f.compute_at(a.out, yo);
    for (Func f : rb) f.compute_at(a.out, yo);
    a.curved.compute_at(a.out, yo);
    a.unsharp_y.compute_at(a.out, yo);
    // @layer vector
    a.out.vectorize(x, v16, guard).unroll(c);
    a.curved.vectorize(x, v16, guard).unroll(c);
    a.unsharp_y.vectorize(x, v16, guard).unroll(c);
    a.denoised.vectorize(x, v16, guard).unroll(p);
    for (Func f : green) f.vectorize(x, v16, guard);
    for (Func f : rb) f.vectorize(x, v16, guard);
    // @end
    return a.kernel();
}
