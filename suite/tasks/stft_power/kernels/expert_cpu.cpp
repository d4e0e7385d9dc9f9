// Expert cpu schedule for `stft_power`: the windowed frames are cut from the waveform once
// (parallel over frames, vectorized over samples), and the N-entry cos and sin tables are
// computed once. The bins are cut into blocks of 2 vectors, processed in parallel; per block
// the twiddles of all N samples are expanded once (stored bin-major, so a vector of bins
// loads contiguously, and small enough to stay in L2), then every strip of 4 frames keeps its
// 8 real and 8 imaginary accumulators in registers across all N samples (one broadcast
// windowed sample feeds 4 multiply-adds, one twiddle vector feeds 4).
// Algorithm rewrite: the real and imaginary sums are one Tuple stage; as in dft_power, the twiddle index (k n) mod N is computed in float,
// which vectorizes (integer % by a run-time N does not): k n < 2^24 is exact, and
// floor(k n / N) is exact because a non-integer quotient lies at least 1/N from an integer,
// far more than its rounding error (N <= 1024 here). The clamp only tells bounds inference
// the index range.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int frames = 4;
    Var ko{"ko"}, ki{"ki"}, to{"to"}, ti{"ti"};
    // @layer compute
    Func cos_tw{"cos_tw"}, sin_tw{"sin_tw"}, reim{"reim"}, P{"P"};
    Expr N = a.window.dim(0).extent();
    Expr kn = a.k * a.n;
    Expr idx = clamp(kn - cast<int>(floor(cast<float>(kn) / cast<float>(N))) * N, 0, N - 1);
    cos_tw(a.n, a.k) = a.cos_tab(idx);
    sin_tw(a.n, a.k) = a.sin_tab(idx);
    // The real and imaginary sums as one Tuple stage: one loop over the samples feeds both.
    reim(a.k, a.t) = {0.0f, 0.0f};
    Expr s = a.frame(a.r, a.t);
    reim(a.k, a.t) = {reim(a.k, a.t)[0] + s * cos_tw(a.r, a.k), reim(a.k, a.t)[1] - s * sin_tw(a.r, a.k)};
    P(a.k, a.t) = reim(a.k, a.t)[0] * reim(a.k, a.t)[0] + reim(a.k, a.t)[1] * reim(a.k, a.t)[1];
    a.frame.compute_root();
    a.cos_tab.compute_root();
    a.sin_tab.compute_root();
    // @layer loops
    a.frame.parallel(a.t);
    cos_tw.reorder(a.k, a.n);
    sin_tw.reorder(a.k, a.n);
    // Frames tail: with T >= 4, ShiftInwards recomputes a few rows of the last strip, so the
    // 4-frame accumulator block keeps a constant size and stays in registers; fewer frames
    // (a single frame is a real call) take one frame per strip.
    Stage strips = P.specialize(P.output_buffer().dim(1).extent() >= frames);
    for (auto [s, group] : {std::pair<Stage, int>{strips, frames}, {Stage(P), 1}}) {
        s.split(a.k, ko, ki, 2 * vec, TailStrategy::GuardWithIf)
            .split(a.t, to, ti, group, TailStrategy::ShiftInwards)
            .reorder(ki, ti, to, ko)
            .parallel(ko);
    }
    // @layer memory
    // The twiddles of one block of bins (the extra bins of the last block too).
    cos_tw.compute_at(P, ko).reorder_storage(a.k, a.n);
    sin_tw.compute_at(P, ko).reorder_storage(a.k, a.n);
    // A full 2-vector block of bins even at the last tile: the extra bins read twiddles
    // (computed for them too) and are never stored.
    reim.compute_at(P, to).bound_extent(a.k, 2 * vec);
    // @layer vector
    a.frame.vectorize(a.n, vec, TailStrategy::GuardWithIf);
    cos_tw.vectorize(a.k, vec);
    sin_tw.vectorize(a.k, vec);
    for (Stage s : {strips, Stage(P)}) s.vectorize(ki, vec, TailStrategy::GuardWithIf).unroll(ti);
    reim.vectorize(a.k, vec).unroll(a.k).unroll(a.t);
    reim.update().reorder(a.k, a.t, a.r).vectorize(a.k, vec).unroll(a.k).unroll(a.t);
    // @end
    return {{a.x, a.window}, {P}};
}
