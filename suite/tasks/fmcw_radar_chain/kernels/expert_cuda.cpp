// Expert cuda schedule for `fmcw_radar_chain`, every stage on the device:
//   tables: the windows and twiddle tables, one kernel each;
//   range:  one thread per (range bin, chirp), antennas on the grid's z dimension: the sum
//           over the samples in registers (re, im), the sample a warp-uniform broadcast and
//           the twiddle row read coalesced;
//   Doppler: one thread per (range bin, Doppler bin) and antenna, the sum over the chirps in
//           registers;
//   det, snr: one thread per cell (antenna sum; 16-tap cyclic CFAR average);
//   az:     one thread per (range bin, azimuth bin): for each Doppler bin the 64-point DFT over
//           the antennas in registers, squared and accumulated.
// 32x8-thread blocks, threads adjacent along the range bins (coalesced rows); all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy g = TailStrategy::GuardWithIf;
    Var o0{"o0"}, o1{"o1"}, o2{"o2"}, i0{"i0"}, i1{"i1"}, i2{"i2"};
    // @layer compute
    for (Func f : {a.win_n, a.win_c, a.tw_n, a.tw_c, a.tw_q, a.rng, a.dop, a.det}) f.compute_root();
    // @layer loops
    a.win_n.gpu_tile(a.n, o0, i0, 64, g);
    a.win_c.gpu_tile(a.c, o0, i0, 64, g);
    for (Func f : {a.tw_n, a.tw_c, a.tw_q}) f.gpu_tile(a.k, a.n, o0, o1, i0, i1, 32, 8, g);
    a.rng.gpu_tile(a.k, a.c, a.a, o0, o1, o2, i0, i1, i2, 32, 8, 1, g);
    a.rng.update().gpu_tile(a.k, a.c, a.a, o0, o1, o2, i0, i1, i2, 32, 8, 1, g);
    a.dop.gpu_tile(a.k, a.d, a.a, o0, o1, o2, i0, i1, i2, 32, 8, 1, g);
    a.dop.update().gpu_tile(a.k, a.d, a.a, o0, o1, o2, i0, i1, i2, 32, 8, 1, g);
    a.det.gpu_tile(a.k, a.d, o0, o1, i0, i1, 32, 8, g);
    a.det.update().gpu_tile(a.k, a.d, o0, o1, i0, i1, 32, 8, g);
    a.snr.gpu_tile(a.k, a.d, o0, o1, i0, i1, 32, 8, g);
    a.az.gpu_tile(a.k, a.q, o0, o1, i0, i1, 32, 8, g);
    a.az.update().gpu_tile(a.k, a.q, o0, o1, i0, i1, 32, 8, g);
    // @layer memory
    a.ang.compute_at(a.az, a.rd);
    // @end
    return a.kernel();
}
