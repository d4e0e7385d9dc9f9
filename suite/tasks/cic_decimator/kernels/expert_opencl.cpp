// Expert opencl schedule for `cic_decimator`: an algorithm rewrite into the non-recursive form
// (the integrator scans are serial over the samples, which a GPU cannot spread). The CIC
// equals the FIR h = box8 * box8 * box8 (22 integer taps, sum 512) evaluated at samples
// 8j + 7, zero before the first sample: one kernel, one work-item per output sample (work-groups of
// 128 outputs x 1 channel), 22 constant-tap multiply-adds in int32 (exact: |y| <= 2^24) over
// the work-item's input window (the windows of neighbouring work-items overlap, so the loads hit the
// cache). Tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int R = task::Algorithm::R;
    Var jo{"jo"}, co{"co"}, ji{"ji"}, ci{"ci"};
    // @layer compute
    int h[22] = {0};
    {
        int b2[15] = {0};
        for (int u = 0; u < 8; u++) for (int v = 0; v < 8; v++) b2[u + v] += 1;
        for (int u = 0; u < 15; u++) for (int v = 0; v < 8; v++) h[u + v] += b2[u];
    }
    Expr L = a.x.dim(0).extent();
    Func y{"y_v"};
    Expr s = 0;
    for (int k = 0; k < 22; k++) {
        Expr idx = R * a.j + (R - 1) - k;
        s += h[k] * select(idx >= 0, cast<int32_t>(a.x(clamp(idx, 0, L - 1), a.c)), 0);
    }
    y(a.j, a.c) = s;
    // @layer loops
    y.gpu_tile(a.j, a.c, jo, co, ji, ci, 128, 1, TailStrategy::GuardWithIf);
    // @end
    return {{a.x}, {y}};
}
