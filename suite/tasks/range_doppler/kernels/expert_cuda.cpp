// Expert cuda schedule for `range_doppler`: five small kernels (the two twiddle tables,
// the twiddle matrices, the range pass, the Doppler pass) instead of one per stage and
// update. Algorithm rewrite: the twiddles are expanded once into matrices (range: bin-major,
// so the threads of a warp read neighbouring twiddles), and the real and imaginary sums of
// each transform are one Tuple stage, so one loop over the reduction feeds both.
//   range: blocks of 32 range bins; each thread accumulates one range bin of 4
//     chirps (4 complex sums) in registers across the N samples (one twiddle load feeds 8
//     multiply-adds);
//   Doppler: blocks of 32 range bins; each thread accumulates one range bin of 4
//     Doppler bins (4 complex sums) in registers across the C chirps (one complex load of
//     the range spectrum feeds 16 multiply-adds), the magnitude fused into the store.
// The 4-chirp and 4-Doppler-bin groups use ShiftInwards (with C >= 4; fewer chirps take groups of one) so that they
// stay fixed-size register tiles; the antennas are the grid's third dimension; block tails
// use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int group = 4;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var ko{"ko"}, ki{"ki"}, go{"go"}, gi{"gi"}, gv{"gv"}, ao{"ao"}, ai{"ai"};
    Var mo{"mo"}, mi{"mi"}, no{"no"}, ni{"ni"};
    // @layer compute
    Expr N = a.x.dim(0).extent(), C = a.x.dim(1).extent();
    Func tw_n{"tw_n"}, tw_c{"tw_c"}, rng{"rng"}, spec{"spec"}, dop{"dop"}, map{"map"};
    tw_n(a.k, a.n) = {a.cos_n((a.k * a.n) % N), a.sin_n((a.k * a.n) % N)};
    tw_c(a.d, a.c) = {a.cos_c((a.d * a.c) % C), a.sin_c((a.d * a.c) % C)};
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
    // cos_c and sin_c are inlined into tw_c (C^2 values).
    for (Func f : {a.cos_n, a.sin_n, tw_n, tw_c, spec}) f.compute_root();
    // @layer loops
    a.cos_n.gpu_tile(a.m, mo, mi, 64, guard);
    a.sin_n.gpu_tile(a.m, mo, mi, 64, guard);
    tw_n.gpu_tile(a.k, a.n, ko, no, ki, ni, 32, 4, guard);
    tw_c.gpu_tile(a.d, a.c, ko, no, ki, ni, 32, 4, guard);
    // Groups of 4 chirps / Doppler bins with C >= 4; fewer chirps take groups of one.
    Expr chirps = a.x.dim(1).extent();
    Stage spec4 = spec.specialize(chirps >= group), map4 = map.specialize(chirps >= group);
    for (auto [s, g] : {std::pair<Stage, int>{spec4, group}, {Stage(spec), 1}}) {
        s.split(a.c, a.c, gv, g, TailStrategy::ShiftInwards)
            .reorder(gv, a.k, a.c, a.a)
            .gpu_tile(a.k, a.c, a.a, ko, go, ao, ki, gi, ai, 32, 1, 1, guard);
    }
    for (auto [s, g] : {std::pair<Stage, int>{map4, group}, {Stage(map), 1}}) {
        s.split(a.d, a.d, gv, g, TailStrategy::ShiftInwards)
            .reorder(gv, a.k, a.d, a.a)
            .gpu_tile(a.k, a.d, a.a, ko, go, ao, ki, gi, ai, 32, 1, 1, guard);
    }
    // @layer memory
    rng.compute_at(spec, ki).store_in(MemoryType::Register);
    dop.compute_at(map, ki).store_in(MemoryType::Register);
    // @layer vector
    for (Stage s : {spec4, Stage(spec), map4, Stage(map)}) s.unroll(gv);
    rng.unroll(a.c);
    rng.update().reorder(a.c, a.k, a.rn, a.a).unroll(a.c);
    dop.unroll(a.d);
    dop.update().reorder(a.d, a.k, a.rc, a.a).unroll(a.d);
    // @end
    return {{a.x}, {map}};
}
