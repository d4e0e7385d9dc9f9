// Halide reference algorithm for task `multiband_blend_pyr4`: Laplacian-pyramid (multi-band)
// blending of two images a, b with a seam mask over 4 pyramid levels (OpenCV's
// MultiBandBlender, two images).
//   ga[0] = a, ga[l+1] = pyrDown(ga[l])  (likewise gb for b and gm for the mask)
//   pyrDown(f)(x, y) = sum_j k_j/16 sum_i k_i/16 f(2x + i - 2, 2y + j - 2), k = 1 4 6 4 1,
//                      f clamped to its own level's extent (replicate borders); x pass first
//   pyrUp(g)(x):      x = 2m: (g(m-1) + 6 g(m) + g(m+1)) / 8, x = 2m+1: (g(m) + g(m+1)) / 2,
//                      g clamped to its level; x pass, then the same along y
//   blend[l] = gm[l] * (ga[l] - pyrUp(ga[l+1])) + (1 - gm[l]) * (gb[l] - pyrUp(gb[l+1]))
//              (the top level blends ga[3] and gb[3] themselves)
//   col[3] = blend[3], col[l] = blend[l] + pyrUp(col[l+1]), out = col[0]
// Halide dimension 0 is the last PyTorch dimension: a(x, y, c) is a[c, y, x].
#pragma once
#include <ekb/kernel.h>

#include <string>
#include <vector>

namespace task {

constexpr int kLevels = 4;  // = get_init_inputs() in reference.py

struct Algorithm {
    Halide::ImageParam a{Halide::Float(32), 3, "a"};        // [3, H, W]
    Halide::ImageParam b{Halide::Float(32), 3, "b"};        // [3, H, W]
    Halide::ImageParam mask{Halide::Float(32), 2, "mask"};  // [H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"};
    // Index l = level. ga/gb/gm[0] are the inputs; ga_x[l] is the x pass of pyrDown that
    // makes level l (l >= 1; [0] unused). upa_x[l], upb_x[l], col_x[l] are the x passes of
    // pyrUp(ga[l+1]), pyrUp(gb[l+1]), pyrUp(col[l+1]) (l < 3); upa[l], upb[l], colup[l] the
    // full pyrUp results at level l's size.
    std::vector<Halide::Func> ga, gb, gm, ga_x, gb_x, gm_x;
    std::vector<Halide::Func> upa_x, upa, upb_x, upb, col_x, colup;
    std::vector<Halide::Func> blend, col;
    Halide::Func out{"out"};

    static std::vector<Halide::Func> funcs(const std::string &name) {
        std::vector<Halide::Func> v;
        for (int l = 0; l < kLevels; l++) v.emplace_back(name + std::to_string(l));
        return v;
    }

    Algorithm() {
        using namespace Halide;
        ga = funcs("ga"); gb = funcs("gb"); gm = funcs("gm");
        ga_x = funcs("ga_x"); gb_x = funcs("gb_x"); gm_x = funcs("gm_x");
        upa_x = funcs("upa_x"); upa = funcs("upa"); upb_x = funcs("upb_x"); upb = funcs("upb");
        col_x = funcs("col_x"); colup = funcs("colup"); blend = funcs("blend"); col = funcs("col");
        const Expr W = a.dim(0).extent(), H = a.dim(1).extent();
        std::vector<Expr> w, h;  // level extents
        for (int l = 0; l < kLevels; l++) w.push_back(W >> l), h.push_back(H >> l);
        const float k[5] = {1.0f, 4.0f, 6.0f, 4.0f, 1.0f};

        ga[0](x, y, c) = a(x, y, c);
        gb[0](x, y, c) = b(x, y, c);
        gm[0](x, y) = mask(x, y);
        for (int l = 1; l < kLevels; l++) {
            const Expr wp = w[l - 1], hp = h[l - 1];
            auto xpass = [&](Func f, std::vector<Expr> rest) {
                Expr s;
                for (int i = 0; i < 5; i++) {
                    std::vector<Expr> args = {clamp(2 * x + (i - 2), 0, wp - 1)};
                    args.insert(args.end(), rest.begin(), rest.end());
                    Expr t = k[i] * f(args);
                    s = i == 0 ? t : s + t;
                }
                return s * (1.0f / 16.0f);
            };
            auto ypass = [&](Func f, std::vector<Expr> rest) {
                Expr s;
                for (int j = 0; j < 5; j++) {
                    std::vector<Expr> args = {x, clamp(2 * y + (j - 2), 0, hp - 1)};
                    args.insert(args.end(), rest.begin(), rest.end());
                    Expr t = k[j] * f(args);
                    s = j == 0 ? t : s + t;
                }
                return s * (1.0f / 16.0f);
            };
            ga_x[l](x, y, c) = xpass(ga[l - 1], {y, c});
            ga[l](x, y, c) = ypass(ga_x[l], {c});
            gb_x[l](x, y, c) = xpass(gb[l - 1], {y, c});
            gb[l](x, y, c) = ypass(gb_x[l], {c});
            gm_x[l](x, y) = xpass(gm[l - 1], {y});
            gm[l](x, y) = ypass(gm_x[l], {});
        }
        // pyrUp of g (level l+1) to level l: the x pass ux at (w[l], h[l+1]), then along y.
        auto up = [&](Func g, Func ux, Func u, int l) {
            const Expr wc = w[l + 1] - 1, hc = h[l + 1] - 1;
            Expr m = x / 2;
            Expr ev = (g(clamp(m - 1, 0, wc), y, c) + 6.0f * g(clamp(m, 0, wc), y, c) +
                       g(clamp(m + 1, 0, wc), y, c)) * 0.125f;
            Expr od = (g(clamp(m, 0, wc), y, c) + g(clamp(m + 1, 0, wc), y, c)) * 0.5f;
            ux(x, y, c) = select(x % 2 == 0, ev, od);
            Expr n = y / 2;
            Expr evy = (ux(x, clamp(n - 1, 0, hc), c) + 6.0f * ux(x, clamp(n, 0, hc), c) +
                        ux(x, clamp(n + 1, 0, hc), c)) * 0.125f;
            Expr ody = (ux(x, clamp(n, 0, hc), c) + ux(x, clamp(n + 1, 0, hc), c)) * 0.5f;
            u(x, y, c) = select(y % 2 == 0, evy, ody);
        };
        const int top = kLevels - 1;
        for (int l = 0; l < top; l++) {
            up(ga[l + 1], upa_x[l], upa[l], l);
            up(gb[l + 1], upb_x[l], upb[l], l);
            Expr m = gm[l](x, y);
            blend[l](x, y, c) = m * (ga[l](x, y, c) - upa[l](x, y, c)) +
                                (1.0f - m) * (gb[l](x, y, c) - upb[l](x, y, c));
        }
        blend[top](x, y, c) = gm[top](x, y) * ga[top](x, y, c) + (1.0f - gm[top](x, y)) * gb[top](x, y, c);
        col[top](x, y, c) = blend[top](x, y, c);
        for (int l = top - 1; l >= 0; l--) {
            up(col[l + 1], col_x[l], colup[l], l);
            col[l](x, y, c) = blend[l](x, y, c) + colup[l](x, y, c);
        }
        out(x, y, c) = col[0](x, y, c);
    }

    ekb::Kernel kernel() { return {{a, b, mask}, {out}}; }
};

}  // namespace task
