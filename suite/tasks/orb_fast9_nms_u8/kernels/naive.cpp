// Naive schedule for `orb_fast9_nms_u8`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (m written without the negation there, below).
// Also the task's trusted reference (cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.in, a.m, a.score}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        // GPU: m, score and out as in the algorithm, but with max(lo, -hi) (hi = max_arc d) as
        // max(min_arc d, min_arc e), e = -d written as its own subtraction: the same value. The
        // algorithm's form is computed wrong on NVIDIA GPUs (CUDA and OpenCL alike, about
        // 63000 of 360960 outputs on the H200: likely a compiler fusion of the negation into the
        // min/max, as in NVIDIA's ptxas VIMNMX issue).
        using A = task::Algorithm;
        Var x = a.x, y = a.y;
        Func m("m"), score("score"), out("out");
        std::vector<Expr> d, e;
        for (int k = 0; k < 16; k++) {
            d.push_back(a.in(x, y) - a.in(x + A::circle[k][0], y + A::circle[k][1]));
            e.push_back(a.in(x + A::circle[k][0], y + A::circle[k][1]) - a.in(x, y));
        }
        Expr best;
        for (int s = 0; s < 16; s++) {
            Expr lo = d[s], lo2 = e[s];
            for (int j = 1; j < 9; j++) {
                lo = min(lo, d[(s + j) % 16]);
                lo2 = min(lo2, e[(s + j) % 16]);
            }
            Expr v = max(lo, lo2);
            best = s == 0 ? v : max(best, v);
        }
        m(x, y) = best;
        Expr W = a.img.dim(0).extent(), H = a.img.dim(1).extent();
        Expr inside = x >= 3 && x < W - 3 && y >= 3 && y < H - 3;
        score(x, y) = select(inside && m(x, y) > A::threshold, m(x, y) - 1, cast<int16_t>(0));
        Expr keep = score(x, y) > 0;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++)
                if (dx || dy) keep = keep && score(x, y) > score(x + dx, y + dy);
        out(x, y) = cast<uint8_t>(select(keep, score(x, y), cast<int16_t>(0)));
        m.compute_root();
        score.compute_root();
        Var xo, yo, xi, yi;
        for (Func f : {a.in, m, score, out}) f.gpu_tile(x, y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        return {{a.img}, {out}};
    }
    // @end
    return a.kernel();
}
