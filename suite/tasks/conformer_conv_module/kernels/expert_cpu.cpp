// Expert cpu schedule for `conformer_conv_module`: two passes over time, each in parallel
// blocks of 4 time steps, vectorized over the channels (innermost in memory).
//   1. glu: per block, the LayerNorm statistics and the 4 normalized rows are computed, then
//      pw1 as a register-tiled GEMM: each tile of 1 vector of channels x both GLU halves x 4
//      time steps keeps its 8 accumulators in registers across the whole channel loop (two
//      dense weight vector loads feed 8 FMAs against broadcast ln values), the biases and
//      the sigmoid gate fused into the store of the glu buffer (T x D floats, L2).
//   2. y: per block, the depthwise conv + SiLU of the 4 rows (15 taps, dense vector loads
//      of glu rows, the zero padding a select per row), then pw2 as a register-tiled GEMM
//      (1 vector of channels x 4 time steps), the bias and the residual fused into the store.
// The three weight tensors are first copied transposed (output channel innermost, in 8x8
// tiles) so that a vector of output channels is one dense load.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 4;  // time steps per register tile and per parallel block
    Var to{"to"}, ti{"ti"}, co{"co"}, ci{"ci"};
    // @layer compute
    // glu is the one intermediate at root; glu_padded is inlined; the LayerNorm stages, pw1,
    // dw, act and pw2 are computed per block or tile of their consumers (below).
    a.glu.compute_root();
    // @layer loops
    for (Func f : {a.glu, a.y}) {
        f.split(a.t, to, ti, rows, TailStrategy::GuardWithIf)
            .split(a.c, co, ci, vec, TailStrategy::GuardWithIf)
            .reorder(ci, ti, co, to, a.n)
            .parallel(to);
    }
    // @layer memory
    for (Func f : {a.sum_x, a.mean, a.sum_sq, a.rstd, a.ln}) f.compute_at(a.glu, to);
    a.pw1.compute_at(a.glu, co)
        .bound_storage(a.c, vec)
        .bound_storage(a.g, 2)
        .bound_storage(a.t, rows);  // constant-size tile: the accumulators stay in registers
    a.dw.compute_at(a.y, to);
    a.act.compute_at(a.y, to);
    a.pw2.compute_at(a.y, co)
        .bound_storage(a.c, vec)
        .bound_storage(a.t, rows);  // constant-size tile: the accumulators stay in registers
    // The weights, transposed once so that a vector of output channels is one dense load;
    // the copy runs in 8x8 tiles, so that it neither reads nor writes a whole column of
    // cache lines at a power-of-two stride (D = 256 rows alias in the cache otherwise).
    for (auto [w, f] : {std::pair{a.pw1_w, a.pw1}, std::pair{a.dw_w, a.dw}, std::pair{a.pw2_w, a.pw2}}) {
        Func wt = w.in(f);
        std::vector<Var> v = wt.args();
        Var oo{"oo"}, oi{"oi"}, ko{"ko"}, ki{"ki"};
        wt.compute_root()
            .reorder_storage(v[2], v[1], v[0])
            .tile(v[2], v[1], oo, ko, oi, ki, 8, 8, TailStrategy::GuardWithIf)
            .reorder(ki, oi, ko, oo);
    }
    // @layer vector
    for (Func f : {a.glu, a.y}) f.vectorize(ci).unroll(ti);
    a.ln.vectorize(a.c, vec, TailStrategy::GuardWithIf);
    a.pw1.reorder(a.c, a.g, a.t, a.n).vectorize(a.c, vec, TailStrategy::GuardWithIf).unroll(a.g).unroll(a.t);
    a.pw1.update()
        .reorder(a.c, a.g, a.t, a.rd, a.n)
        .vectorize(a.c, vec, TailStrategy::GuardWithIf)
        .unroll(a.g)
        .unroll(a.t);
    a.dw.vectorize(a.c, vec, TailStrategy::GuardWithIf);
    a.dw.update().reorder(a.c, a.rk, a.t, a.n).vectorize(a.c, vec, TailStrategy::GuardWithIf);
    a.act.vectorize(a.c, vec, TailStrategy::GuardWithIf);
    a.pw2.vectorize(a.c, vec, TailStrategy::GuardWithIf).unroll(a.t);
    a.pw2.update().reorder(a.c, a.t, a.re, a.n).vectorize(a.c, vec, TailStrategy::GuardWithIf).unroll(a.t);
    // @end
    return a.kernel();
}
