// Expert cpu schedule for `conv1x1_int8_relu6`: a 1x1 convolution is a GEMM (output channels
// x pixels, reduced over input channels). The output is computed in parallel strips of one
// int32 vector of output channels; each tile of 1 vector of channels x 8 columns keeps its 8
// int32 accumulators in registers across the whole input-channel loop (one widened weight
// vector load and 8 broadcast multiply-adds per input channel), and bias + requantization +
// the ReLU6 clamp are fused into the int8 store (vectorized over the 8 columns). The weights
// of a strip are first copied transposed (channel innermost), so that a vector of output
// channels is one dense load, widened in registers (after Halide's apps/linear_algebra and
// apps/conv_layer idioms). Vectorizing over channels rather than columns keeps tails out of
// the inner loop for the small, odd widths (12, 13, 17) of edge feature maps.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    Var xo{"xo"}, xi{"xi"}, co{"co"}, cj{"cj"};
    Func weight_t;  // a strip of the weights, transposed (below)
    // @layer compute
    // acc is inlined into output; dot is computed per tile of output (below).
    // @layer loops
    a.output.tile(a.c, a.x, co, xo, cj, xi, vec, 8, TailStrategy::GuardWithIf)
        .reorder(xi, cj, xo, a.y, co, a.n)
        .parallel(co);
    // @layer memory
    weight_t = a.weight.in();
    const std::vector<Var> w = weight_t.args();  // weight_t(0, 0, ci, c)
    weight_t.compute_at(a.output, co).reorder_storage(w[3], w[2], w[1], w[0]);
    a.dot.compute_at(a.output, xo)
        .reorder_storage(a.c, a.x, a.y, a.n)
        .bound_storage(a.c, vec);  // constant-size tile: the accumulators stay in registers
    // @layer vector
    a.output.vectorize(xi).unroll(cj);
    weight_t.vectorize(w[3], vec, TailStrategy::GuardWithIf);
    a.dot.reorder(a.c, a.x, a.y, a.n).vectorize(a.c, vec, TailStrategy::GuardWithIf).unroll(a.x);
    a.dot.update()
        .reorder(a.c, a.x, a.ci, a.y, a.n)
        .vectorize(a.c, vec, TailStrategy::GuardWithIf)
        .unroll(a.x);
    // @end
    return a.kernel();
}
