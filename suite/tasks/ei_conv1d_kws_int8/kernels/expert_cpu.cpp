// Expert cpu schedule for `ei_conv1d_kws_int8`, layer by layer as TFLite Micro runs it, with
// the int8 weights transposed once so that the output channels are adjacent:
//   conv1: for each frame, a vector of output channels accumulates the 3 x C taps in int32
//          (the input value a broadcast, the transposed weights a dense vector load), then is
//          requantized with the ReLU clamp into int8 a1;
//   pool1 + conv2: likewise over the max-pooled a1 (zero padding outside the frames);
//   pool2 + dense: the K logits, each a dot product over the time-major flatten.
// Every split is GuardWithIf, so any size down to one frame works, on any vector width.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // At most 8 int32 lanes: the networks have 8 and 16 channels, and a 16-lane AVX-512
    // vector over 8 channels would run as the guarded scalar tail.
    const int vec = std::min(target.natural_vector_size(Int(32)), 8);
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var f = a.f, t = a.t;
    // @layer compute
    // The conv weights transposed to (f, c, k) once.
    Func w1t = a.w1.in(a.acc1), w2t = a.w2.in(a.acc2);
    for (Func w : {w1t, w2t}) {
        std::vector<Var> vs = w.args();
        w.compute_root().reorder_storage(vs[2], vs[0], vs[1]);
    }
    for (Func g : {a.a1, a.a2}) g.compute_root();
    a.acc3.compute_root();
    // xin and p1in are inlined (the padding selects); p1 and p2 inlined.
    // @layer loops
    a.a1.reorder(f, t);
    a.a2.reorder(f, t);
    a.acc1.update().reorder(f, a.r1.x, a.r1.y, t);
    a.acc2.update().reorder(f, a.r2.x, a.r2.y, t);
    // @layer memory
    a.acc1.compute_at(a.a1, t);
    a.acc2.compute_at(a.a2, t);
    // @layer vector
    for (Func g : {a.a1, a.a2, a.acc1, a.acc2}) g.vectorize(f, vec, guard);
    a.acc1.update().vectorize(f, vec, guard);
    a.acc2.update().vectorize(f, vec, guard);
    // @end
    return a.kernel();
}
