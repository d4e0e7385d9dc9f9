// Expert cpu schedule for `range_doppler`: two passes, both vectorized over the range bins.
// Algorithm rewrite: the twiddles are expanded once (vectorized) into small matrices (range:
// bin-major, so a vector of range bins loads contiguously; Doppler: one scalar per (d, c)),
// and the real and imaginary sums of each transform are one Tuple stage, so one loop over
// the reduction feeds both.
//   range: per antenna and group of 4 chirps, a vector of range bins of the 4 chirps keeps
//     its 4 complex accumulators in registers across the N samples (one twiddle vector load
//     and one broadcast sample per chirp feed 2 FMAs each); stored once, bin-innermost.
//   Doppler: per antenna and group of 4 Doppler bins, a vector of range bins keeps 4 complex
//     accumulators in registers across the C chirps (one complex vector of the range
//     spectrum feeds 4 complex multiply-adds with broadcast twiddles), and the magnitude is
//     fused into the store.
// The 4-chirp and 4-Doppler-bin groups (C >= 4; fewer chirps take groups of one) use
// ShiftInwards so that they stay fixed-size
// register tiles (C >= 4 always holds); range-bin vectors use GuardWithIf. Groups of all
// antennas run in parallel.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int group = 4;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    const TailStrategy shift = TailStrategy::ShiftInwards;
    Var ko{"ko"}, ki{"ki"}, go{"go"}, gi{"gi"}, t{"t"};
    // @layer compute
    Expr N = a.x.dim(0).extent(), C = a.x.dim(1).extent();
    Func tw_n{"tw_n"}, tw_c{"tw_c"}, rng{"rng"}, spec{"spec"}, dop{"dop"}, map{"map"};
    // (i j) mod L in float, which vectorizes (integer % by a run-time L does not): i j < 2^24
    // is exact, and floor(i j / L) is exact because a non-integer quotient lies at least 1/L
    // from an integer. The clamp only tells bounds inference the index range.
    auto mod = [](Expr i, Expr j, Expr L) {
        Expr ij = i * j;
        return clamp(ij - cast<int>(floor(cast<float>(ij) / cast<float>(L))) * L, 0, L - 1);
    };
    tw_n(a.k, a.n) = {a.cos_n(mod(a.k, a.n, N)), a.sin_n(mod(a.k, a.n, N))};
    tw_c(a.d, a.c) = {a.cos_c(mod(a.d, a.c, C)), a.sin_c(mod(a.d, a.c, C))};
    Expr s = a.x(a.rn, a.c, a.a);
    rng(a.k, a.c, a.a) = {0.0f, 0.0f};
    rng(a.k, a.c, a.a) = {rng(a.k, a.c, a.a)[0] + s * tw_n(a.k, a.rn)[0],
                          rng(a.k, a.c, a.a)[1] - s * tw_n(a.k, a.rn)[1]};
    spec(a.k, a.c, a.a) = rng(a.k, a.c, a.a);  // the stored range spectrum
    Expr re = spec(a.k, a.rc, a.a)[0], im = spec(a.k, a.rc, a.a)[1];
    Expr cw = tw_c(a.d, a.rc)[0], sw = tw_c(a.d, a.rc)[1];
    dop(a.k, a.d, a.a) = {0.0f, 0.0f};
    dop(a.k, a.d, a.a) = {dop(a.k, a.d, a.a)[0] + re * cw + im * sw,
                          dop(a.k, a.d, a.a)[1] + im * cw - re * sw};
    map(a.k, a.d, a.a) = sqrt(dop(a.k, a.d, a.a)[0] * dop(a.k, a.d, a.a)[0] +
                              dop(a.k, a.d, a.a)[1] * dop(a.k, a.d, a.a)[1]);
    for (Func f : {a.cos_n, a.sin_n, a.cos_c, a.sin_c, tw_n, tw_c, spec}) f.compute_root();
    // @layer loops
    // Groups of 4 chirps / Doppler bins with C >= 4; fewer chirps take groups of one.
    Stage spec4 = spec.specialize(C >= group), map4 = map.specialize(C >= group);
    for (auto [s, g] : {std::pair<Stage, int>{spec4, group}, {Stage(spec), 1}}) {
        s.split(a.c, go, gi, g, shift).split(a.k, ko, ki, vec, guard).reorder(ki, gi, ko, go, a.a).fuse(go, a.a, t).parallel(t);
    }
    for (auto [s, g] : {std::pair<Stage, int>{map4, group}, {Stage(map), 1}}) {
        s.split(a.d, go, gi, g, shift).split(a.k, ko, ki, vec, guard).reorder(ki, gi, ko, go, a.a).fuse(go, a.a, t).parallel(t);
    }
    // @layer memory
    rng.compute_at(spec, ko);
    dop.compute_at(map, ko);
    // @layer vector
    tw_n.vectorize(a.k, vec, guard);
    for (Stage s : {spec4, Stage(spec), map4, Stage(map)}) s.vectorize(ki).unroll(gi);
    rng.vectorize(a.k, vec, guard).unroll(a.c);
    rng.update().reorder(a.k, a.c, a.rn, a.a).vectorize(a.k, vec, guard).unroll(a.c);
    dop.vectorize(a.k, vec, guard).unroll(a.d);
    dop.update().reorder(a.k, a.d, a.rc, a.a).vectorize(a.k, vec, guard).unroll(a.d);
    // @end
    return {{a.x}, {map}};
}
