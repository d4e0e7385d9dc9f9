// Expert opencl schedule for `orb_fast9_nms_u8`: two kernels, as GPU FAST detectors (OpenCV's
// cuda::FastFeatureDetector) run it: the corner score one work-item per pixel in 32 x 8 work-groups,
// the 16 circle differences and the arc minima and maxima in registers (the algorithm
// rewritten with shared sub-arcs: min over 2, 4, 8, then +1), reading the image directly;
// then the non-maximum suppression one work-item per pixel over the score buffer. Tails
// GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var x = a.x, y = a.y, xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    Expr W = a.img.dim(0).extent(), H = a.img.dim(1).extent();
    std::vector<Expr> d;
    for (int k = 0; k < 16; k++)
        d.push_back(a.in(x, y) - a.in(x + task::Algorithm::circle[k][0], y + task::Algorithm::circle[k][1]));
    // e = -d, written as its own subtraction: max(lo, -hi) with hi = max_arc d (the
    // algorithm's form) is computed wrong on NVIDIA GPUs (CUDA and OpenCL alike, about 63000 of
    // 360960 outputs on the H200; likely a compiler fusion of the negation into the min/max, as in
    // NVIDIA's ptxas VIMNMX issue); max(min_arc d, min_arc e) is the same value and correct
    // there.
    std::vector<Expr> e;
    for (int k = 0; k < 16; k++)
        e.push_back(a.in(x + task::Algorithm::circle[k][0], y + task::Algorithm::circle[k][1]) - a.in(x, y));
    auto ring2 = [&](std::vector<Expr> &d, auto op) {
        std::vector<Expr> p2(16), p4(16), p8(16), arc(16);
        for (int k = 0; k < 16; k++) p2[k] = op(d[k], d[(k + 1) % 16]);
        for (int k = 0; k < 16; k++) p4[k] = op(p2[k], p2[(k + 2) % 16]);
        for (int k = 0; k < 16; k++) p8[k] = op(p4[k], p4[(k + 4) % 16]);
        for (int k = 0; k < 16; k++) arc[k] = op(p8[k], d[(k + 8) % 16]);
        return arc;
    };
    std::vector<Expr> lo = ring2(d, [](Expr p, Expr q) { return min(p, q); });
    std::vector<Expr> lo2 = ring2(e, [](Expr p, Expr q) { return min(p, q); });
    Expr best;
    for (int s = 0; s < 16; s++) {
        Expr v = max(lo[s], lo2[s]);
        best = s == 0 ? v : max(best, v);
    }
    Func score("score"), out("out");
    Expr inside = x >= 3 && x < W - 3 && y >= 3 && y < H - 3;
    score(x, y) = select(inside && best > task::Algorithm::threshold, best - 1, cast<int16_t>(0));
    Expr keep = score(x, y) > 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if (dx || dy) keep = keep && score(x, y) > score(x + dx, y + dy);
    out(x, y) = cast<uint8_t>(select(keep, score(x, y), cast<int16_t>(0)));
    score.compute_root();
    // @layer loops
    score.gpu_tile(x, y, xo, yo, xi, yi, 32, 8, guard);
    out.gpu_tile(x, y, xo, yo, xi, yi, 32, 8, guard);
    // @end
    return {{a.img}, {out}};
}
