// Expert cpu schedule for `matmul_bias_gelu_fp16`: a GEMM with the bias and the GELU fused into
// its store. The output is computed in parallel strips of 2 vectors of features; each strip
// first copies its rows of W transposed (features innermost), so a vector of features is one
// dense load. Tiles of 2 vectors of features x 4 tokens keep their 8 vector accumulators in
// registers across the whole k loop (two loads of W^T and 4 broadcasts of x feed 8 FMAs), as
// in conv1x1_bias_relu6 / Halide's apps/linear_algebra. The activation is rewritten:
// 0.5 * h * (1 + tanh(z)) = h / (1 + exp(-2z)), because Halide's tanh is a scalar libm call
// while its exp is an inline polynomial that vectorizes; it is applied per vector as the
// tile is stored.
// float16 variant of `matmul_bias_gelu` with its schedule: float16 loads widen to float (x86 F16C vcvtph2ps, Arm\n// fcvtl), the output narrows once (vcvtps2ph), and half the bytes of the float32 task move.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int tn = 2 * vec, tt = 4;
    Var no{"no"}, ni{"ni"}, to{"to"}, ti{"ti"};
    Func wt{"wt"};  // a strip of W, transposed (below)
    // @layer compute
    // biased is inlined; dot is computed per tile of y (below), never materialized whole.
    Func y("y");
    Expr h = a.biased(a.n, a.t);
    Expr z = task::Algorithm::beta * (h + task::Algorithm::kappa * h * h * h);
    y(a.n, a.t) = cast(Float(16), h / (1.0f + exp(-2.0f * z)));  // rounded to float16 once
    // @layer loops
    y.tile(a.n, a.t, no, to, ni, ti, tn, tt, TailStrategy::GuardWithIf)
        .reorder(ni, ti, to, no)
        .parallel(no);
    // @layer memory
    wt = a.W.in(a.dot);
    const std::vector<Var> w = wt.args();  // wt(k, n)
    wt.compute_at(y, no).reorder_storage(w[1], w[0]);
    a.dot.compute_at(y, to)
        .bound_storage(a.n, tn)
        .bound_storage(a.t, tt);  // constant-size tile: the accumulators stay in registers
    // @layer vector
    wt.reorder(w[1], w[0]).vectorize(w[1], vec, TailStrategy::GuardWithIf);
    y.vectorize(ni, vec, TailStrategy::GuardWithIf).unroll(ni).unroll(ti);
    a.dot.vectorize(a.n, vec, TailStrategy::GuardWithIf).unroll(a.n).unroll(a.t);
    a.dot.update()
        .reorder(a.n, a.t, a.k)
        .vectorize(a.n, vec, TailStrategy::GuardWithIf)
        .unroll(a.n)
        .unroll(a.t);
    // @end
    return {{a.x, a.W, a.b}, {y}};
}
