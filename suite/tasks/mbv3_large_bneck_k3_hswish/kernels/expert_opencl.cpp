// Expert opencl schedule for `mbv3_large_bneck_k3_hswish`: four kernels, every stage on the device.
//   h1: each thread expands a vector of columns into 4 channels, the 4 vector sums in
//       registers across the C input channels;
//   h1_padded: the zero pad, written once, so that the depthwise loads are dense;
//   h2: each thread computes a vector of depthwise outputs of one channel, 9 taps unrolled;
//   y: each thread projects a vector of columns onto 4 output channels, the 4 vector sums
//      in registers across the E expanded channels, the bias and the residual added in the
//      same kernel.
// Work-groups are guarded (GuardWithIf) tiles of threads. Inside a thread the columns are
// an explicit vector (OpenCL floatN): the schedule is specialized on the width so that
// the vectors never run past the row (the last one shifts inwards); rows narrower than
// half a vector fall back to one column per thread.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chans = 4;  // output channels per thread in the 1x1 convs
    const Expr W = a.x.dim(0).extent();
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, xv{"xv"}, cv{"cv"};
    // The specializations, widest first; the last one (no condition) is the general schedule.
    struct Width {
        Expr cond;
        int v;  // columns per thread
    };
    std::vector<Width> widths = {{W >= vec, vec}};
    if (vec >= 8) widths.push_back({W >= vec / 2, vec / 2});
    widths.push_back({Expr(), 1});
    // The stage of f (its update `u` if u >= 0) that runs under width w.
    auto at = [](Func f, const Width &w, int u = -1) {
        Stage s = u < 0 ? Stage(f) : f.update(u);
        return w.cond.defined() ? s.specialize(w.cond) : s;
    };
    // @layer compute
    // One kernel per materialized stage; expand, dw and project live in registers of the
    // threads that consume them (below).
    a.h1.compute_root();
    a.h1_padded.compute_root();
    a.h2.compute_root();
    // @layer loops
    for (const Width &w : widths) {
        // Threads per work-group: 4 x 8 column vectors, or 16 x 4 single columns.
        const int tx = w.v > 1 ? 4 : 16, ty = w.v > 1 ? 8 : 4;
        if (w.v > 1) {
            for (Func f : {a.h1, a.h1_padded, a.h2, a.y}) {
                at(f, w).split(a.col, a.col, xv, w.v, TailStrategy::ShiftInwards);
            }
        }
        for (Func f : {a.h1, a.y}) {
            at(f, w)
                .split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
                .reorder(cv, a.col, a.row, a.c, a.n);
        }
        for (Func f : {a.h1, a.h1_padded, a.h2, a.y}) {
            at(f, w).gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, tx, ty, 1,
                              TailStrategy::GuardWithIf);
        }
        at(a.expand, w, 0).reorder(a.col, a.c, a.rc);
        at(a.project, w, 0).reorder(a.col, a.c, a.re);
    }
    // @layer memory
    a.expand.compute_at(a.h1, xi).store_in(MemoryType::Register);
    a.dw.compute_at(a.h2, xi).store_in(MemoryType::Register);
    a.project.compute_at(a.y, xi).store_in(MemoryType::Register);
    // @layer vector
    for (const Width &w : widths) {
        for (Func f : {a.h1, a.y}) at(f, w).unroll(cv);
        for (Func f : {a.expand, a.project}) {
            at(f, w).unroll(a.c);
            at(f, w, 0).unroll(a.c);
        }
        at(a.dw, w, 0).unroll(a.rk.x).unroll(a.rk.y);
        if (w.v == 1) continue;
        for (Func f : {a.h1, a.h1_padded, a.h2, a.y}) at(f, w).vectorize(xv);
        for (Func f : {a.expand, a.dw, a.project}) {
            at(f, w).vectorize(a.col, w.v);
            at(f, w, 0).vectorize(a.col, w.v);
        }
    }
    // @end
    return a.kernel();
}
