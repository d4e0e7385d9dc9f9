// Expert cpu schedule for `ei_conv1d_kws_int8`, layer by layer as TFLite Micro runs it but
// vectorized over time (the frames of a layer are independent):
//   conv1: the zero-point-shifted, zero-padded input is formed once (int32); per output
//          channel a vector of frames accumulates the C x 3 taps in int32 (the weight a
//          broadcast), then the row is requantized with the ReLU clamp into int8 a1;
//   pool1 + conv2: the pooled, zero-point-shifted p1 is formed once, then conv2 likewise;
//   pool2 + dense: the K logits, each a dot product over the time-major flatten.
// Every split is GuardWithIf, so any size down to one frame works, on any vector width.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var f = a.f, t = a.t;
    // @layer compute
    // xin, acc1 per a1 row; p1 inlined into p1in; acc2 per a2 row; p2 inlined into the dense.
    for (Func g : {a.xin, a.a1, a.p1in, a.a2}) g.compute_root();
    a.acc3.compute_root();
    // @layer loops
    a.xin.reorder(t, f);
    a.p1in.reorder(t, f);
    a.a1.reorder(t, f);
    a.a2.reorder(t, f);
    a.acc1.update().reorder(t, a.r1.x, a.r1.y, f);
    a.acc2.update().reorder(t, a.r2.x, a.r2.y, f);
    // @layer memory
    a.acc1.compute_at(a.a1, f);
    a.acc2.compute_at(a.a2, f);
    // @layer vector
    for (Func g : {a.xin, a.a1, a.p1in, a.a2, a.acc1, a.acc2}) g.vectorize(t, vec, guard);
    a.acc1.update().vectorize(t, vec, guard);
    a.acc2.update().vectorize(t, vec, guard);
    // @end
    return a.kernel();
}
