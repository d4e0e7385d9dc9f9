// Expert cpu schedule for `matmul_fp16`: C in register tiles of 8 rows x 3 vectors (48 columns),
// all tiles in parallel. Each tile's 24 accumulator vectors stay in registers across the
// whole k loop: per k, 3 vector loads of a row of B and 8 broadcasts of A (folded into the
// multiply-adds) feed 24 independent multiply-adds, enough to hide their latency on the two
// FMA pipes (after Halide's apps/linear_algebra sgemm idea of a register block kept live over
// the reduction). Where C is at least one tile in each direction, the last tile of a row or
// column is shifted back inside the matrix (ShiftInwards: a few outputs recomputed), so every
// tile has the same constant size and the accumulators never need masked loads or stores
// (M = 13 and N = 383 included); smaller matrices take a guarded fallback.
// float16 variant of `matmul` with its schedule: float16 loads widen to float (x86 F16C vcvtph2ps, Arm\n// fcvtl), the output narrows once (vcvtps2ph), and half the bytes of the float32 task move.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 8, vecs = 3, cols = vecs * vec;
    Var jo{"jo"}, ji{"ji"}, io{"io"}, ii{"ii"}, t{"t"}, pj{"pj"}, pv{"pv"};
    Expr big = a.C.output_buffer().dim(0).extent() >= cols && a.C.output_buffer().dim(1).extent() >= rows;
    // @layer compute
    // prod is computed per tile of C (below), never materialized whole.
    // @layer loops
    a.C.specialize(big)
        .tile(a.j, a.i, jo, io, ji, ii, cols, rows, TailStrategy::ShiftInwards)
        .fuse(jo, io, t).parallel(t)
        .vectorize(ji, vec).unroll(ii);
    a.C.tile(a.j, a.i, jo, io, ji, ii, cols, rows, TailStrategy::GuardWithIf)
        .fuse(jo, io, t).parallel(t)
        .vectorize(ji, vec, TailStrategy::GuardWithIf);
    // @layer memory
    a.prod.compute_at(a.C, t);
    // @layer vector
    a.prod.vectorize(a.j, vec, TailStrategy::GuardWithIf);
    a.prod.update()
        .split(a.j, pj, pv, vec, TailStrategy::GuardWithIf)
        .reorder(pv, pj, a.i, a.k)
        .vectorize(pv).unroll(pj, vecs, TailStrategy::GuardWithIf).unroll(a.i, rows, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
