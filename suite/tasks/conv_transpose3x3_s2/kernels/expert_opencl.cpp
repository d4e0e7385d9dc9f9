// Expert opencl schedule for `conv_transpose3x3_s2`: one kernel, a polyphase rewrite. Each thread
// owns one input pixel's 2x2 output block of one output channel: its 4 phases are small dense
// convolutions with at most 2x2 taps each, accumulated in 4 registers across all input channels
// (phases and taps unrolled, so taps past the kernel vanish and no tap is tested per pixel). The
// zero padding is inlined into the loads. 8x8x4 threads per block over (input columns, input rows,
// output channels); input reads are coalesced along x and the weights are uniform across a block
// row.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"}, kx{"kx"}, ky{"ky"};
    // @layer compute
    // Polyphase rewrite: output pixel (2j + px, 2i + py) takes, from input pixel
    // (j + (px + pad) / 2 - ax, i + (py + pad) / 2 - ay), tap kx = (px + pad) % 2 + 2 * ax,
    // ky = (py + pad) % 2 + 2 * ay, for ax, ay in [0, 2); taps past the kernel are 0 and, with
    // px, py, ax and ay unrolled, vanish at compile time. No tap is tested per pixel.
    Func wt{"tc_weight"}, phase{"tc_phase"}, out{"tc_out"};
    Var j{"j"}, i{"i"}, px{"px"}, py{"py"};
    RDom q(0, a.input.dim(2).extent(), 0, 2, 0, 2, "q");  // q.x: ci, q.y: ax, q.z: ay
    {
        Expr kx = (px + task::Algorithm::pad) % 2 + 2 * q.y, ky = (py + task::Algorithm::pad) % 2 + 2 * q.z;
        Expr ix = j + (px + task::Algorithm::pad) / 2 - q.y, iy = i + (py + task::Algorithm::pad) / 2 - q.z;
        Expr inside = kx < task::Algorithm::K && ky < task::Algorithm::K;
        Expr w = a.weight(min(kx, task::Algorithm::K - 1), min(ky, task::Algorithm::K - 1), a.c, q.x);
        phase(j, i, px, py, a.c, a.n) = a.bias(a.c);
        phase(j, i, px, py, a.c, a.n) += select(inside, w, 0.0f) * a.padded(ix, iy, q.x, a.n);
    }
    out(a.x, a.y, a.c, a.n) = phase(a.x / 2, a.y / 2, a.x % 2, a.y % 2, a.c, a.n);
    // @layer loops
    // The output is 2W x 2H, so the 2x2 split never has a tail.
    out.split(a.x, a.x, kx, 2, TailStrategy::GuardWithIf)
        .split(a.y, a.y, ky, 2, TailStrategy::GuardWithIf)
        .reorder(kx, ky, a.x, a.y, a.c, a.n)
        .gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 8, 8, 4, TailStrategy::GuardWithIf);
    // @layer memory
    // One input pixel, its 4 phases and one channel per thread: constant extents (the padded
    // input and the clamped weight index make every point of this box safe to compute).
    phase.compute_at(out, xi).store_in(MemoryType::Register)
        .bound_extent(j, 1).bound_extent(i, 1).bound_extent(px, 2).bound_extent(py, 2).bound_extent(a.c, 1);
    // @layer vector
    out.unroll(kx).unroll(ky);
    phase.unroll(px).unroll(py);
    phase.update().reorder(px, py, q.y, q.z, q.x, j, i, a.c, a.n).unroll(px).unroll(py).unroll(q.y).unroll(q.z);
    // @end
    return {{a.input, a.weight, a.bias}, {out}};
}
