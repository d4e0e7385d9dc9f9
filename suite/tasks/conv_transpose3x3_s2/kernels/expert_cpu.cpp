// Expert cpu schedule for `conv_transpose3x3_s2`: a polyphase rewrite. Every output pixel of parity
// (px, py) is a small dense convolution of the input with its own 2x2 (or fewer) taps of the
// kernel, so the taps that miss (three quarters of the gather form's) are never visited.
// For a tile of 1 vector of input columns j x 1 input row i x 4 output channels, the 4
// phases' accumulators (16 vectors) stay in registers across all input channels; each
// input vector is an unaligned load of the padded rows and each weight a broadcast. The
// output tile then takes its 2x2 phases from them: with px and py unrolled, the two phases
// of a row are stride-2 stores that Halide merges into one interleaving shuffle and one
// dense store. The output extents are declared 2W x 2H from 0 (always true), so the x / 2
// and y / 2 splits have no tail. Row x channel-block tiles run in parallel, the padded rows
// a tile reads are built per tile row; the last pixel and channel tiles shift inwards
// where the input is at least a vector wide and has 4 output channels, else they are
// guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chans = 4;
    Var xo{"xo"}, xt{"xt"}, xv{"xv"}, yo{"yo"}, ct{"ct"}, cc{"cc"}, t{"t"}, kx{"kx"}, ky{"ky"};
    Expr W = a.input.dim(0).extent(), CO = a.bias.dim(0).extent();
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
    OutputImageParam ob = out.output_buffer();
    ob.dim(0).set_min(0).set_extent(2 * W);
    ob.dim(1).set_min(0).set_extent(2 * a.input.dim(1).extent());
    out.split(a.x, xo, kx, 2, TailStrategy::RoundUp).split(a.y, yo, ky, 2, TailStrategy::RoundUp);
    auto tiles = [&](Stage s, TailStrategy tail) {
        s.split(xo, xt, xv, vec, tail).split(a.c, ct, cc, chans, tail)
            .reorder(xv, kx, ky, cc, xt, yo, ct, a.n)
            .fuse(yo, ct, t).parallel(t)
            .vectorize(xv).unroll(kx).unroll(ky).unroll(cc);
    };
    tiles(out.specialize(CO >= chans && W >= vec), TailStrategy::ShiftInwards);
    tiles(out, TailStrategy::GuardWithIf);
    // @layer memory
    a.padded.compute_at(out, t);
    phase.compute_at(out, xt);
    // @layer vector
    a.padded.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    phase.vectorize(j, vec, TailStrategy::GuardWithIf).unroll(px).unroll(py);
    phase.update().reorder(j, px, py, a.c, q.y, q.z, i, q.x, a.n)
        .vectorize(j, vec, TailStrategy::GuardWithIf).unroll(px).unroll(py)
        .unroll(a.c, chans, TailStrategy::GuardWithIf).unroll(q.y).unroll(q.z);
    // @end
    return {{a.input, a.weight, a.bias}, {out}};
}
