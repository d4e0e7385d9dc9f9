// Expert cpu schedule for `fir_decimate`: a polyphase decimator. Algorithm rewrite: with
// D = 3, y[j] = sum_p sum_q x[3 (j + q) + p] * taps[3 q + p], so the signal is deinterleaved
// into its 3 phases (phase p holds x[3 m + p], contiguous in m) and the taps into 3
// sub-filters of ceil(K/3) taps (zero past K); every phase is then an ordinary FIR filter
// with contiguous (unaligned) vector loads, instead of stride-3 loads per tap. The output is
// cut into blocks of 4 vectors of one channel, 8 blocks per parallel task, tasks over all
// channels in parallel; each task deinterleaves its input window once (it stays in L1) and
// each block keeps its 4 vector accumulators in registers across all 3 x ceil(K/3) taps (one
// broadcast tap, 4 loads per tap). The deinterleaved signal is read past the end of x only
// by the zero taps; those reads are clamped to the last sample.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int D = task::Algorithm::factor;
    Var m{"m"}, p{"p"}, q{"q"}, jc{"jc"}, jr{"jr"}, jo{"jo"}, ji{"ji"}, t{"t"};
    // @layer compute
    Expr L = a.x.dim(0).extent(), K = a.taps.dim(0).extent();
    Expr Q = (K + D - 1) / D;  // taps per phase
    Func phase{"phase"}, sub{"sub"}, fir{"fir"}, y{"y"};
    phase(m, p, a.c) = a.x(min(D * m + p, L - 1), a.c);
    sub(q, p) = select(D * q + p < K, a.taps(min(D * q + p, K - 1)), 0.0f);
    RDom r(0, Q, 0, D, "r");  // r.x: the tap of a phase, r.y: the phase
    fir(a.j, a.c) = 0.0f;
    fir(a.j, a.c) += phase(a.j + r.x, r.y, a.c) * sub(r.x, r.y);
    y(a.j, a.c) = fir(a.j, a.c);
    sub.compute_root();
    // @layer loops
    // Parallel tasks of 8 register blocks (512 outputs with AVX-512): finer tasks cost more
    // in scheduling than their FIR work.
    y.split(a.j, jc, jr, 8 * 4 * vec, TailStrategy::GuardWithIf)
        .split(jr, jo, ji, 4 * vec, TailStrategy::GuardWithIf)
        .reorder(ji, jo, jc, a.c)
        .fuse(jc, a.c, t)
        .parallel(t);
    // @layer memory
    phase.compute_at(y, t);  // the phases of one task's input window, deinterleaved in L1
    fir.compute_at(y, jo);
    // @layer vector
    phase.vectorize(m, vec, TailStrategy::GuardWithIf);
    y.vectorize(ji, vec, TailStrategy::GuardWithIf);
    fir.vectorize(a.j, vec, TailStrategy::GuardWithIf);
    fir.update()
        .split(a.j, jo, ji, vec, TailStrategy::GuardWithIf)
        .reorder(ji, jo, r.x, r.y, a.c)
        .vectorize(ji)
        .unroll(jo);
    // @end
    return {{a.x, a.taps}, {y}};
}
