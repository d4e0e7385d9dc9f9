// Halide reference algorithm for task `pyramidal_lk_flow2`: two-level pyramidal dense
// Lucas-Kanade (one step per level).
//   pyrDown: rows then columns, 5-tap [1 4 6 4 1]/16 at clamped 2x + k - 2
//   LK(f1, f2): central-difference gradients of f1 (replicate), It = f2 - f1, 5x5 window
//               sums (zero padding) of the 5 products, det floored at 0.5, the 2x2 solve
//   (u1, v1) = LK(down(frame1), down(frame2)); (u0, v0) = 2 (u1, v1)(x / 2, y / 2)
//   warped = bilinear(frame2, clamp(x + u0), clamp(y + v0)); flow = (u0, v0) + LK(frame1, warped)
// Halide dimension 0 is the last PyTorch dimension: frame1(x, y) is frame1[y, x],
// flow(x, y, c) is flow[c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float eps = 0.5f;
    Halide::ImageParam frame1{Halide::Float(32), 2, "frame1"};  // [H, W]
    Halide::ImageParam frame2{Halide::Float(32), 2, "frame2"};  // [H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"};
    // One LK step's stages: the 5 products (zero outside the level), their 5-tap row sums,
    // the 5x5 window sums, and the (u, v) solve; all Tuples.
    struct LK {
        Halide::Func prod, rows, sums, flow;
    };
    Halide::Func f1{"f1"}, f2{"f2"};                                // the frames, clamped reads
    Halide::Func d1_rows{"d1_rows"}, d1{"d1"}, d2_rows{"d2_rows"}, d2{"d2"};  // level 1 frames
    LK coarse{Halide::Func("c_prod"), Halide::Func("c_rows"), Halide::Func("c_sums"), Halide::Func("c_flow")};
    LK fine{Halide::Func("f_prod"), Halide::Func("f_rows"), Halide::Func("f_sums"), Halide::Func("f_flow")};
    Halide::Func init{"init"}, warped{"warped"}, flow{"flow"};

    void lk(LK &s, Halide::Func a, Halide::Func b, Halide::Expr W, Halide::Expr H) {
        using namespace Halide;
        Expr xm = max(x - 1, 0), xp = min(x + 1, W - 1), ym = max(y - 1, 0), yp = min(y + 1, H - 1);
        Expr ix = (a(xp, y) - a(xm, y)) * 0.5f, iy = (a(x, yp) - a(x, ym)) * 0.5f, it = b(x, y) - a(x, y);
        Expr inside = x >= 0 && x < W && y >= 0 && y < H;
        s.prod(x, y) = Tuple(select(inside, ix * ix, 0.0f), select(inside, ix * iy, 0.0f), select(inside, iy * iy, 0.0f),
                             select(inside, ix * it, 0.0f), select(inside, iy * it, 0.0f));
        std::vector<Expr> r(5), q(5);
        for (int i = 0; i < 5; i++) {
            r[i] = s.prod(x - 2, y)[i] + s.prod(x - 1, y)[i] + s.prod(x, y)[i] + s.prod(x + 1, y)[i] + s.prod(x + 2, y)[i];
        }
        s.rows(x, y) = Tuple(r);
        for (int i = 0; i < 5; i++) {
            q[i] = s.rows(x, y - 2)[i] + s.rows(x, y - 1)[i] + s.rows(x, y)[i] + s.rows(x, y + 1)[i] + s.rows(x, y + 2)[i];
        }
        s.sums(x, y) = Tuple(q);
        Expr sxx = s.sums(x, y)[0], sxy = s.sums(x, y)[1], syy = s.sums(x, y)[2], sxt = s.sums(x, y)[3], syt = s.sums(x, y)[4];
        Expr det = max(sxx * syy - sxy * sxy, eps);
        s.flow(x, y) = Tuple((sxy * syt - syy * sxt) / det, (sxy * sxt - sxx * syt) / det);
    }

    Algorithm() {
        using namespace Halide;
        Expr W = frame1.dim(0).extent(), H = frame1.dim(1).extent();
        Expr W1 = (W + 1) / 2, H1 = (H + 1) / 2;
        f1(x, y) = frame1(clamp(x, 0, W - 1), clamp(y, 0, H - 1));
        f2(x, y) = frame2(clamp(x, 0, W - 1), clamp(y, 0, H - 1));
        const float w[5] = {1 / 16.0f, 4 / 16.0f, 6 / 16.0f, 4 / 16.0f, 1 / 16.0f};
        auto down = [&](Func rows, Func out, Func src) {
            Expr t = w[0] * src(clamp(2 * x - 2, 0, W - 1), y);
            for (int k = 1; k < 5; k++) t = t + w[k] * src(clamp(2 * x + k - 2, 0, W - 1), y);
            rows(x, y) = t;
            Expr o = w[0] * rows(x, clamp(2 * y - 2, 0, H - 1));
            for (int k = 1; k < 5; k++) o = o + w[k] * rows(x, clamp(2 * y + k - 2, 0, H - 1));
            out(x, y) = o;
        };
        down(d1_rows, d1, f1);
        down(d2_rows, d2, f2);
        // The level-1 LK reads its frames at clamped coordinates (inside the level).
        Func c1("c1"), c2("c2");
        c1(x, y) = d1(clamp(x, 0, W1 - 1), clamp(y, 0, H1 - 1));
        c2(x, y) = d2(clamp(x, 0, W1 - 1), clamp(y, 0, H1 - 1));
        lk(coarse, c1, c2, W1, H1);
        init(x, y) = Tuple(2.0f * coarse.flow(x / 2, y / 2)[0], 2.0f * coarse.flow(x / 2, y / 2)[1]);
        Expr gx = clamp(cast<float>(x) + init(x, y)[0], 0.0f, cast<float>(W - 1));
        Expr gy = clamp(cast<float>(y) + init(x, y)[1], 0.0f, cast<float>(H - 1));
        Expr x0f = floor(gx), y0f = floor(gy);
        Expr fx = gx - x0f, fy = gy - y0f;
        Expr x0 = clamp(cast<int>(x0f), 0, W - 1), y0 = clamp(cast<int>(y0f), 0, H - 1);
        Expr x1 = min(x0 + 1, W - 1), y1 = min(y0 + 1, H - 1);
        Expr top = (1.0f - fx) * frame2(x0, y0) + fx * frame2(x1, y0);
        Expr bot = (1.0f - fx) * frame2(x0, y1) + fx * frame2(x1, y1);
        warped(x, y) = (1.0f - fy) * top + fy * bot;
        Func w2("w2");
        w2(x, y) = warped(clamp(x, 0, W - 1), clamp(y, 0, H - 1));
        lk(fine, f1, w2, W, H);
        flow(x, y, c) = select(c == 0, init(x, y)[0] + fine.flow(x, y)[0], init(x, y)[1] + fine.flow(x, y)[1]);
    }

    ekb::Kernel kernel() { return {{frame1, frame2}, {flow}}; }
};

}  // namespace task
