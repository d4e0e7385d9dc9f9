// Halide reference algorithm for task `sgm_4path_wta`: semi-global matching over 4 paths and
// winner-take-all on a cost volume. Each path is a recurrence along its direction, held in
// path coordinates (a: along the path from its first pixel, b: across, d: disparity) as a
// Tuple T(a, b, d) = (L, min of L over 0..d at that pixel), so the previous pixel's minimum
// over d is T(a - 1, b, D - 1)[1]:
//   L(a, b, d) = C + min(L(a-1, d), L(a-1, d-1) + P1, L(a-1, d+1) + P1, m + P2) - m,  L(0) = C
//   S(x, y, d) = L_lr(x, y) + L_rl(W-1-x, y) + L_tb(y, x) + L_bt(H-1-y, x);  disp = argmin_d S
// Halide dimension 0 is the last PyTorch dimension: cost(x, y, d) is cost[d, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int P1 = 6, P2 = 48, BIG = 1 << 20;
    Halide::ImageParam cost{Halide::UInt(8), 3, "cost"};  // [D, H, W]
    Halide::Var a{"a"}, b{"b"}, d{"d"}, x{"x"}, y{"y"};
    // The path costs in the image's coordinates of each path: c_lr(a, b, d) = cost(a, b, d) ...
    Halide::Func c_lr{"c_lr"}, c_rl{"c_rl"}, c_tb{"c_tb"}, c_bt{"c_bt"};
    Halide::Func t_lr{"t_lr"}, t_rl{"t_rl"}, t_tb{"t_tb"}, t_bt{"t_bt"};  // the recurrences
    Halide::RDom rd;  // disparities 1..D-1 (the argmin)
    // Per path (lr, rl, tb, bt): r0 the running minimum over d at the first pixel (1..D-1),
    // r1 the recurrence (r1.x: d, inner; r1.y: the pixel along the path, 1..A-1).
    std::vector<Halide::RDom> r0s, r1s;
    Halide::Func best{"best"}, disp{"disp"};

    void path(Halide::Func t, Halide::Func c, Halide::Expr A, Halide::Expr D) {
        using namespace Halide;
        RDom r0(1, D - 1, "r0_" + t.name()), r1(0, D, 1, A - 1, "r1_" + t.name());
        r0s.push_back(r0);
        r1s.push_back(r1);
        t(a, b, d) = Tuple(c(a, b, d), c(a, b, d));
        t(0, b, r0) = Tuple(t(0, b, r0)[0], min(t(0, b, r0 - 1)[1], t(0, b, r0)[0]));
        Expr dd = r1.x, aa = r1.y;
        Expr prev = t(aa - 1, b, dd)[0];
        Expr m = t(aa - 1, b, D - 1)[1];
        Expr up = select(dd > 0, t(aa - 1, b, max(dd - 1, 0))[0] + P1, BIG);
        Expr dn = select(dd < D - 1, t(aa - 1, b, min(dd + 1, D - 1))[0] + P1, BIG);
        Expr v = c(aa, b, dd) + min(min(prev, min(up, dn)), m + P2) - m;
        t(aa, b, dd) = Tuple(v, select(dd == 0, v, min(t(aa, b, max(dd - 1, 0))[1], v)));
    }

    Algorithm() {
        using namespace Halide;
        Expr W = cost.dim(0).extent(), H = cost.dim(1).extent(), D = cost.dim(2).extent();
        c_lr(a, b, d) = cast<int32_t>(cost(a, b, d));
        c_rl(a, b, d) = cast<int32_t>(cost(W - 1 - a, b, d));
        c_tb(a, b, d) = cast<int32_t>(cost(b, a, d));
        c_bt(a, b, d) = cast<int32_t>(cost(b, H - 1 - a, d));
        path(t_lr, c_lr, W, D);
        path(t_rl, c_rl, W, D);
        path(t_tb, c_tb, H, D);
        path(t_bt, c_bt, H, D);
        rd = RDom(1, D - 1, "rd");
        auto S = [&](Expr dd) {
            return t_lr(x, y, dd)[0] + t_rl(W - 1 - x, y, dd)[0] + t_tb(y, x, dd)[0] + t_bt(H - 1 - y, x, dd)[0];
        };
        best(x, y) = Tuple(S(0), 0);
        best(x, y) = Tuple(select(S(rd) < best(x, y)[0], S(rd), best(x, y)[0]), select(S(rd) < best(x, y)[0], rd, best(x, y)[1]));
        disp(x, y) = best(x, y)[1];
    }

    ekb::Kernel kernel() { return {{cost}, {disp}}; }
};

}  // namespace task
