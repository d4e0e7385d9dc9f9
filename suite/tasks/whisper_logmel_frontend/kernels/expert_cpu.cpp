// Expert cpu schedule for `whisper_logmel_frontend`, four passes:
//   1. the windowed frames cut once (the reflect and zero padding resolved per sample),
//      parallel over frames, vectorized over samples; the 400 cos and sin values tabulated;
//   2. the power spectrum as in stft_power: the 201 bins cut into blocks of 2 vectors,
//      blocks in parallel; per block the twiddles of all 400 samples expanded once (bin
//      innermost), then every strip of 4 frames keeps 8 real and 8 imaginary vector
//      accumulators in registers across the 400 samples; the power stored bin-major
//      (frames innermost) for the filter bank;
//   3. the mel filter bank + log10 floor per tile of 2 vectors of frames x 4 mel bins
//      (8 accumulators across the 201 bins, one power vector feeding 4 FMAs), frame tiles
//      in parallel;
//   4. the global max (rfactor over the mel bins), then the clamp and the affine, parallel
//      over mel bins, vectorized over frames.
// Algorithm rewrite: re and im are one Tuple stage and the twiddle index (k n) mod 400 is a
// modulus by a constant, which vectorizes. The padding always gives T >= 100 frames, so the
// 4-frame strips shift inwards; every other split is guarded (GuardWithIf).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    using A = task::Algorithm;
    const int vec = target.natural_vector_size(Float(32));
    const int frames = 4;
    Var ko{"ko"}, ki{"ki"}, to{"to"}, ti{"ti"}, mo{"mo"}, mi{"mi"}, mv{"mv"};
    // @layer compute
    Func cos_tw{"cos_tw"}, sin_tw{"sin_tw"}, reim{"reim"}, P{"P"}, mel{"mel"}, logm{"logm"};
    Func gmax{"gmax"}, y{"y"};
    Expr idx = (a.k * a.n) % A::n_fft;
    cos_tw(a.n, a.k) = a.cos_tab(idx);
    sin_tw(a.n, a.k) = a.sin_tab(idx);
    reim(a.k, a.t) = {0.0f, 0.0f};
    Expr s = a.frame(a.rn, a.t);
    reim(a.k, a.t) = {reim(a.k, a.t)[0] + s * cos_tw(a.rn, a.k), reim(a.k, a.t)[1] - s * sin_tw(a.rn, a.k)};
    P(a.k, a.t) = reim(a.k, a.t)[0] * reim(a.k, a.t)[0] + reim(a.k, a.t)[1] * reim(a.k, a.t)[1];
    mel(a.t, a.m) = 0.0f;
    mel(a.t, a.m) += a.filters(a.rk, a.m) * P(a.rk, a.t);
    logm(a.t, a.m) = log(max(mel(a.t, a.m), 1e-10f)) * float(0.43429448190325182765);
    gmax(a.b) = logm(0, 0);
    gmax(a.b) = max(gmax(a.b), logm(a.ra.x, a.ra.y));
    y(a.t, a.m, a.b) = (max(logm(a.t, a.m), gmax(a.b) - 8.0f) + 4.0f) * 0.25f;
    a.frame.compute_root();
    a.cos_tab.compute_root();
    a.sin_tab.compute_root();
    P.compute_root();
    logm.compute_root();
    Func part = gmax.update().rfactor(a.ra.y, mv);
    part.compute_root();
    gmax.compute_root();
    // @layer loops
    a.frame.parallel(a.t);
    cos_tw.reorder(a.k, a.n);
    sin_tw.reorder(a.k, a.n);
    P.split(a.k, ko, ki, 2 * vec, TailStrategy::GuardWithIf)
        .split(a.t, to, ti, frames, TailStrategy::ShiftInwards)
        .reorder(ki, ti, to, ko)
        .parallel(ko);
    logm.split(a.t, to, ti, 2 * vec, TailStrategy::GuardWithIf)
        .split(a.m, mo, mi, 4, TailStrategy::GuardWithIf)
        .reorder(ti, mi, mo, to)
        .parallel(to);
    part.parallel(mv);
    y.split(a.t, to, ti, vec, TailStrategy::GuardWithIf).reorder(ti, to, a.m, a.b).parallel(a.m);
    // @layer memory
    P.reorder_storage(a.t, a.k);  // frames innermost: the filter bank reads vectors of frames
    cos_tw.compute_at(P, ko).reorder_storage(a.k, a.n);
    sin_tw.compute_at(P, ko).reorder_storage(a.k, a.n);
    reim.compute_at(P, to).bound_extent(a.k, 2 * vec);
    mel.compute_at(logm, mo).bound_storage(a.t, 2 * vec).bound_storage(a.m, 4);
    // @layer vector
    a.frame.vectorize(a.n, vec, TailStrategy::GuardWithIf);
    cos_tw.vectorize(a.k, vec);
    sin_tw.vectorize(a.k, vec);
    P.vectorize(ki, vec, TailStrategy::GuardWithIf).unroll(ti);
    reim.vectorize(a.k, vec).unroll(a.k).unroll(a.t);
    reim.update().reorder(a.k, a.t, a.rn).vectorize(a.k, vec).unroll(a.k).unroll(a.t);
    logm.vectorize(ti, vec, TailStrategy::GuardWithIf).unroll(ti).unroll(mi);
    mel.vectorize(a.t, vec, TailStrategy::GuardWithIf).unroll(a.t).unroll(a.m);
    mel.update().reorder(a.t, a.m, a.rk).vectorize(a.t, vec, TailStrategy::GuardWithIf).unroll(a.t).unroll(a.m);
    y.vectorize(ti);
    // @end
    return {{a.audio, a.window, a.filters}, {y}};
}
