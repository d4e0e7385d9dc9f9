// Expert cpu schedule for `conv1x1_bias_relu6`: the output in parallel strips of 8 output
// channels; each tile of 8 channels x 1 vector of columns keeps its conv accumulators in
// registers across the whole input-channel loop, vectorized over columns, with bias + ReLU6
// fused into the store (a 1x1 convolution is a GEMM: channels x pixels, after Halide's
// apps/linear_algebra and apps/conv_layer idioms).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var xo{"xo"}, xi{"xi"}, co{"co"}, cj{"cj"};
    // @layer compute
    // biased is inlined into output; conv is computed per tile of output (below).
    // @layer loops
    a.output.tile(a.x, a.c, xo, co, xi, cj, vec, 8, TailStrategy::GuardWithIf)
        .reorder(xi, cj, xo, a.y, co, a.n)
        .parallel(co);
    // @layer memory
    a.conv.compute_at(a.output, xo);
    // @layer vector
    a.output.vectorize(xi).unroll(cj);
    a.conv.bound_storage(a.x, vec);
    a.conv.vectorize(a.x, vec, TailStrategy::RoundUp).unroll(a.c);
    a.conv.update()
        .reorder(a.x, a.c, a.ci, a.y, a.n)
        .vectorize(a.x, vec, TailStrategy::PredicateLoads)
        .unroll(a.c);
    // @end
    return a.kernel();
}
