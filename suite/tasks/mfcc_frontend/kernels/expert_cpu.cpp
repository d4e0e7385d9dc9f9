// Expert cpu schedule for `mfcc_frontend`: the whole front end fused per strip of 8 frames,
// strips in parallel. Per strip, the mel projection (a GEMM, frames x mel bins reduced over
// the frequency bins) runs in register tiles of 1 vector of mel bins x 8 frames, the 8
// accumulators live across the whole frequency loop (one filter-bank vector load and 8
// broadcast FMAs per bin), and log(x + eps) is fused into their store into the strip's
// log-mel buffer (M x 8 floats, in L1). The DCT of the strip then accumulates a vector of
// coefficients (10 of the lanes) for each of the 8 frames in registers across the mel bins,
// against the DCT matrix, which is computed once and stored coefficient-innermost so that
// the coefficients of one mel bin are one dense load.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int frames = 8;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var mo{"mo"}, mi{"mi"}, to{"to"}, ti{"ti"}, ko{"ko"}, ki{"ki"};
    // @layer compute
    // mel lives in registers of each tile of logmel, logmel in a buffer per strip, dct_sum in
    // registers of each strip of mfcc; the DCT matrix is computed once.
    a.dct.compute_root().reorder_storage(a.k, a.m);
    // @layer loops
    a.mfcc.split(a.t, to, ti, frames, guard).parallel(to);
    a.logmel.split(a.m, mo, mi, vec, guard).reorder(mi, a.t, mo);
    a.dct.reorder(a.k, a.m);
    a.dct_sum.update().reorder(a.k, a.t, a.rm);
    // @layer memory
    a.logmel.compute_at(a.mfcc, to);
    a.mel.compute_at(a.logmel, mo)
        .reorder_storage(a.m, a.t)
        .bound_storage(a.m, vec)
        .bound_storage(a.t, frames);  // constant-size tile: the accumulators stay in registers
    // The 10 coefficients in whole vectors of this target (16 floats on AVX2 and AVX-512).
    a.dct_sum.compute_at(a.mfcc, to).bound_storage(a.k, (10 + vec - 1) / vec * vec).bound_storage(a.t, frames);
    // @layer vector
    a.logmel.vectorize(mi).unroll(a.t);
    a.mel.vectorize(a.m, vec, guard).unroll(a.t);
    a.mel.update().reorder(a.m, a.t, a.f).vectorize(a.m, vec, guard).unroll(a.t);
    a.dct.vectorize(a.k, vec, guard);
    a.dct_sum.vectorize(a.k, vec, guard).unroll(a.t);
    a.dct_sum.update().vectorize(a.k, vec, guard).unroll(a.t);
    a.mfcc.vectorize(a.k, vec, guard).unroll(ti);
    // @end
    return a.kernel();
}
