// Expert cpu schedule for `conv1d_relu_maxpool`: the 1-D convolution is a GEMM of output
// channels x samples reduced over (taps, input channels). The pooled output is computed in
// parallel strips of 4 pooled samples (8 conv samples); each tile of 1 vector of output
// channels x 8 conv samples keeps its 8 accumulators in registers across the whole
// (input channel, tap) loop (one weight vector load and 8 broadcast FMAs per step), and bias,
// ReLU and the max-pool over sample pairs are fused into the store. The weights are copied
// once transposed (output channel innermost) so that a vector of output channels is one
// dense load, and the zero-padded input is materialized once so that the inner loop has no
// boundary selects. Vectorizing over channels rather than samples keeps the pool's pairs
// (stride-2 samples) in separate registers instead of deinterleaving them.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int pooled = 4;  // pooled samples per tile (2 * pooled conv samples)
    Var lo{"lo"}, li{"li"}, co{"co"}, cj{"cj"};
    // @layer compute
    // act is inlined into y; conv is computed per tile of y (below); the padded input and the
    // transposed weights are materialized once.
    a.x_padded.compute_root();
    Func weight_t = a.weight.in();
    {
        const std::vector<Var> w = weight_t.args();  // weight_t(k, ci, co)
        weight_t.compute_root().reorder_storage(w[2], w[0], w[1]);
    }
    // @layer loops
    a.y.tile(a.c, a.l, co, lo, cj, li, vec, pooled, TailStrategy::GuardWithIf)
        .reorder(cj, li, co, lo, a.n)
        .parallel(lo);
    a.x_padded.parallel(a.c);
    // @layer memory
    a.conv.compute_at(a.y, co)
        .reorder_storage(a.c, a.l, a.n)
        .bound_storage(a.c, vec)
        .bound_storage(a.l, 2 * pooled);  // constant-size tile: the accumulators stay in registers
    // @layer vector
    a.y.vectorize(cj).unroll(li);
    a.x_padded.vectorize(a.l, vec, TailStrategy::GuardWithIf);
    a.conv.reorder(a.c, a.l, a.n).vectorize(a.c, vec, TailStrategy::GuardWithIf).unroll(a.l);
    a.conv.update()
        .reorder(a.c, a.l, a.r.x, a.r.y, a.n)
        .vectorize(a.c, vec, TailStrategy::GuardWithIf)
        .unroll(a.l);
    // @end
    return a.kernel();
}
