// Expert cpu schedule for `fc_int16x8`: a small GEMM, [B, K] x [N, K]^T, with 64-bit
// accumulation, vectorized over the output features. Algorithm rewrite: the weights are
// transposed once (wT(n, k), widened to int32) so that output features are contiguous; the
// reduction over k is split in blocks of 64, within which the int16 x int8 products are
// summed in int32 (64 products of at most 2^22 each stay below 2^28: exact), and only the
// block sums are added in int64. A tile of 1 vector of output features x 4 batch rows keeps
// 4 int32 vector accumulators in registers through a block: per k one weight vector load
// and 4 input broadcasts feed 4 multiply-adds. Tiles of batch rows run in parallel; the
// requantization is fused into the vectorized int16 store. (No int16 vector is built lane
// by lane: LLVM would use AVX512-FP16's vmovw for that, which AVX-512 CPUs without FP16
// lack.)
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    const int rows = 4, block = 64;
    Var bo{"bo"}, bi{"bi"}, no{"no"}, ni{"ni"}, kb{"kb"}, kv{"kv"};
    Expr K = a.input.dim(0).extent();
    // @layer compute
    Func wT{"wT"}, part{"part"}, dot{"dot64"}, out{"out"};
    wT(a.n, kv) = cast<int32_t>(a.weight(kv, a.n));
    RDom kk(0, block, "kk");
    Expr kidx = kb * block + kk;
    Expr kc = min(kidx, K - 1);
    part(a.n, a.b, kb) = 0;
    part(a.n, a.b, kb) += select(kidx < K, cast<int32_t>(a.input(kc, a.b)) * wT(a.n, kc), 0);
    RDom kr(0, (K + block - 1) / block, "kr");
    dot(a.n, a.b) = cast<int64_t>(a.bias(a.n));
    dot(a.n, a.b) += cast<int64_t>(part(a.n, a.b, kr));
    Expr scaled = (dot(a.n, a.b) * Expr(task::M16) + Expr(int64_t(1) << (task::total_shift - 1))) >> task::total_shift;
    out(a.n, a.b) = cast<int16_t>(clamp(scaled, cast<int64_t>(-32768), cast<int64_t>(32767)));
    // @layer loops
    wT.compute_root().parallel(kv, 16, TailStrategy::GuardWithIf);
    out.split(a.n, no, ni, vec, TailStrategy::GuardWithIf)
        .split(a.b, bo, bi, rows, TailStrategy::GuardWithIf)
        .reorder(ni, bi, no, bo).parallel(bo);
    // @layer memory
    dot.compute_at(out, no);
    part.compute_at(dot, kr);
    // @layer vector
    wT.vectorize(a.n, vec, TailStrategy::GuardWithIf);
    out.vectorize(ni).unroll(bi);
    dot.vectorize(a.n, vec, TailStrategy::GuardWithIf).unroll(a.b, rows, TailStrategy::GuardWithIf);
    dot.update().reorder(a.n, a.b, kr)
        .vectorize(a.n, vec, TailStrategy::GuardWithIf).unroll(a.b, rows, TailStrategy::GuardWithIf);
    part.vectorize(a.n, vec, TailStrategy::GuardWithIf).unroll(a.b, rows, TailStrategy::GuardWithIf);
    part.update().reorder(a.n, a.b, kk)
        .vectorize(a.n, vec, TailStrategy::GuardWithIf).unroll(a.b, rows, TailStrategy::GuardWithIf);
    // @end
    return {{a.input, a.weight, a.bias}, {out}};
}
