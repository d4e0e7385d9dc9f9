// Expert cpu schedule for `dft_power`: the N-entry cos and sin tables are computed once. The
// bins are cut into blocks of 2 vectors, processed in parallel; per block the twiddles of all
// N samples are expanded once (stored bin-major, so a vector of bins loads contiguously, and
// small enough to stay in L2), then every strip of 4 frames keeps its 8 real and then its 8
// imaginary accumulators in registers across all N samples (one broadcast sample of x feeds
// 2 multiply-adds, one twiddle vector feeds 4).
// Algorithm rewrite: the twiddle index (k n) mod N is computed in float, which vectorizes
// (integer % by a run-time N does not): k n < 2^24 is exact, and floor(k n / N) is exact
// because a non-integer quotient lies at least 1/N from an integer, far more than its
// rounding error (N <= 512 here). The clamp only tells bounds inference the index range.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int frames = 4;
    Var ko{"ko"}, ki{"ki"}, fo{"fo"}, fi{"fi"};
    // @layer compute
    Func cos_tw{"cos_tw"}, sin_tw{"sin_tw"}, re{"re"}, im{"im"}, P{"P"};
    Expr N = a.x.dim(0).extent();
    Expr kn = a.k * a.n;
    Expr idx = clamp(kn - cast<int>(floor(cast<float>(kn) / cast<float>(N))) * N, 0, N - 1);
    cos_tw(a.n, a.k) = a.cos_tab(idx);
    sin_tw(a.n, a.k) = a.sin_tab(idx);
    re(a.k, a.f) = 0.0f;
    re(a.k, a.f) += a.x(a.r, a.f) * cos_tw(a.r, a.k);
    im(a.k, a.f) = 0.0f;
    im(a.k, a.f) -= a.x(a.r, a.f) * sin_tw(a.r, a.k);
    P(a.k, a.f) = re(a.k, a.f) * re(a.k, a.f) + im(a.k, a.f) * im(a.k, a.f);
    a.cos_tab.compute_root();
    a.sin_tab.compute_root();
    // @layer loops
    cos_tw.reorder(a.k, a.n);
    sin_tw.reorder(a.k, a.n);
    // Frames tail: ShiftInwards recomputes a few rows of the last strip (F >= 4 here), so
    // the 4-frame accumulator block keeps a constant size and stays in registers.
    P.split(a.k, ko, ki, 2 * vec, TailStrategy::GuardWithIf)
        .split(a.f, fo, fi, frames, TailStrategy::ShiftInwards)
        .reorder(ki, fi, fo, ko)
        .parallel(ko);
    // @layer memory
    // The twiddles of one block of bins (the extra bins of the last block too).
    cos_tw.compute_at(P, ko).reorder_storage(a.k, a.n);
    sin_tw.compute_at(P, ko).reorder_storage(a.k, a.n);
    // A full 2-vector block of bins even at the last tile: the extra bins read twiddles
    // (computed for them too) and are never stored.
    re.compute_at(P, fo).bound_extent(a.k, 2 * vec);
    im.compute_at(P, fo).bound_extent(a.k, 2 * vec);
    // @layer vector
    cos_tw.vectorize(a.k, vec);
    sin_tw.vectorize(a.k, vec);
    P.vectorize(ki, vec, TailStrategy::GuardWithIf).unroll(fi);
    for (Func s : {re, im}) {
        s.vectorize(a.k, vec).unroll(a.k).unroll(a.f);
        s.update().reorder(a.k, a.f, a.r).vectorize(a.k, vec).unroll(a.k).unroll(a.f);
    }
    // @end
    return {{a.x}, {P}};
}
