// Halide reference algorithm for task `mertens_exposure_fusion`: Mertens exposure fusion
// (cv::MergeMertens) of N exposures over a 3-level pyramid.
//   gray     = 0.299 R + 0.587 G + 0.114 B                                    (x, y, n)
//   contrast = |gray(x-1) + gray(x+1) + gray(y-1) + gray(y+1) - 4 gray| (replicate borders)
//   sat      = sqrt(((R - m)^2 + (G - m)^2 + (B - m)^2) / 3), m = (R + G + B) / 3
//   wellexp  = prod_c exp(-(I_c - 0.5)^2 / 0.08)
//   w = contrast * sat * wellexp + 1e-12; wn = w / sum_n w
//   gi[l], gw[l]: Gaussian pyramids (pyrDown: 5-tap [1 4 6 4 1]/16 along x then y, stride 2,
//   replicate borders) of each image and of its normalized weight;
//   fused[l] = sum_n gw[l] * (gi[l] - pyrUp(gi[l+1]))  (top level: gi itself)
//   col[top] = fused[top], col[l] = fused[l] + pyrUp(col[l+1]); out = col[0]
//   pyrUp per dim, x then y: out[2m] = (g[m-1] + 6 g[m] + g[m+1]) / 8, out[2m+1] = (g[m] + g[m+1]) / 2
// Halide dimension 0 is the last PyTorch dimension: imgs(x, y, c, n) is imgs[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

#include <string>
#include <vector>

namespace task {

constexpr int kLevels = 3;  // = get_init_inputs() in reference.py

struct Algorithm {
    Halide::ImageParam imgs{Halide::Float(32), 4, "imgs"};  // [N, 3, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};
    Halide::RDom rn;  // the exposures
    Halide::Func gray{"gray"}, contrast{"contrast"}, sat{"sat"}, wellexp{"wellexp"};  // (x, y, n)
    Halide::Func w{"w"};        // (x, y, n) the raw weight
    Halide::Func wsum{"wsum"};  // (x, y) the sum over the exposures
    Halide::Func wn{"wn"};      // (x, y, n) the normalized weight
    // Per level l: gi (x, y, c, n), gw (x, y, n) and their pyrDown x passes gi_x, gw_x (l >= 1);
    // upi_x, upi: pyrUp(gi[l+1]) (l < top); fused (x, y, c); col_x, colup: pyrUp(col[l+1]).
    std::vector<Halide::Func> gi, gi_x, gw, gw_x, upi_x, upi, fused, col_x, colup, col;
    Halide::Func out{"out"};

    static std::vector<Halide::Func> funcs(const std::string &name) {
        std::vector<Halide::Func> v;
        for (int l = 0; l < kLevels; l++) v.emplace_back(name + std::to_string(l));
        return v;
    }

    Algorithm() {
        using namespace Halide;
        gi = funcs("gi"); gi_x = funcs("gi_x"); gw = funcs("gw"); gw_x = funcs("gw_x");
        upi_x = funcs("upi_x"); upi = funcs("upi"); fused = funcs("fused");
        col_x = funcs("col_x"); colup = funcs("colup"); col = funcs("col");
        const Expr W = imgs.dim(0).extent(), H = imgs.dim(1).extent();
        rn = RDom(0, imgs.dim(3).extent(), "rn");
        std::vector<Expr> wl, hl;
        for (int l = 0; l < kLevels; l++) wl.push_back(W >> l), hl.push_back(H >> l);
        const float k[5] = {1.0f, 4.0f, 6.0f, 4.0f, 1.0f};

        Expr R = imgs(x, y, 0, n), G = imgs(x, y, 1, n), B = imgs(x, y, 2, n);
        gray(x, y, n) = 0.299f * R + 0.587f * G + 0.114f * B;
        Expr xm = clamp(x - 1, 0, W - 1), xp = clamp(x + 1, 0, W - 1);
        Expr ym = clamp(y - 1, 0, H - 1), yp = clamp(y + 1, 0, H - 1);
        contrast(x, y, n) = abs((gray(x, ym, n) + gray(x, yp, n)) + (gray(xm, y, n) + gray(xp, y, n)) -
                                4.0f * gray(x, y, n));
        Expr mean = (R + G + B) / 3.0f;
        Expr dr = R - mean, dg = G - mean, db = B - mean;
        sat(x, y, n) = sqrt((dr * dr + dg * dg + db * db) / 3.0f);
        Expr e = 1.0f;
        for (Expr ch : {R, G, B}) {
            Expr d = ch - 0.5f;
            e = e * exp(-(d * d) / 0.08f);
        }
        wellexp(x, y, n) = e;
        w(x, y, n) = contrast(x, y, n) * sat(x, y, n) * wellexp(x, y, n) + 1e-12f;
        wsum(x, y) = 0.0f;
        wsum(x, y) += w(x, y, rn);
        wn(x, y, n) = w(x, y, n) / wsum(x, y);

        // pyrDown of f (level l-1) to level l: x pass into fx, then the y pass into g.
        auto down = [&](Func f, Func fx, Func g, int l, std::vector<Var> rest) {
            const Expr wp = wl[l - 1], hp = hl[l - 1];
            std::vector<Expr> rx(rest.begin(), rest.end());
            Expr s;
            for (int i = 0; i < 5; i++) {
                std::vector<Expr> args = {clamp(2 * x + (i - 2), 0, wp - 1), y};
                args.insert(args.end(), rx.begin(), rx.end());
                Expr t = k[i] * f(args);
                s = i == 0 ? t : s + t;
            }
            std::vector<Var> lhs = {x, y};
            lhs.insert(lhs.end(), rest.begin(), rest.end());
            fx(lhs) = s * (1.0f / 16.0f);
            Expr sy;
            for (int j = 0; j < 5; j++) {
                std::vector<Expr> args = {x, clamp(2 * y + (j - 2), 0, hp - 1)};
                args.insert(args.end(), rx.begin(), rx.end());
                Expr t = k[j] * fx(args);
                sy = j == 0 ? t : sy + t;
            }
            g(lhs) = sy * (1.0f / 16.0f);
        };
        // pyrUp of g (level l+1) to level l: x pass into ux, then the y pass into u.
        auto up = [&](Func g, Func ux, Func u, int l, std::vector<Var> rest) {
            const Expr wc = wl[l + 1] - 1, hc = hl[l + 1] - 1;
            std::vector<Expr> rx(rest.begin(), rest.end());
            auto at = [&](Func f, Expr xx, Expr yy) {
                std::vector<Expr> args = {xx, yy};
                args.insert(args.end(), rx.begin(), rx.end());
                return f(args);
            };
            std::vector<Var> lhs = {x, y};
            lhs.insert(lhs.end(), rest.begin(), rest.end());
            Expr m = x / 2;
            Expr g0 = at(g, clamp(m - 1, 0, wc), y), g1 = at(g, clamp(m, 0, wc), y), g2 = at(g, clamp(m + 1, 0, wc), y);
            ux(lhs) = select(x % 2 == 0, (g0 + 6.0f * g1 + g2) * 0.125f, (g1 + g2) * 0.5f);
            Expr q = y / 2;
            Expr u0 = at(ux, x, clamp(q - 1, 0, hc)), u1 = at(ux, x, clamp(q, 0, hc)), u2 = at(ux, x, clamp(q + 1, 0, hc));
            u(lhs) = select(y % 2 == 0, (u0 + 6.0f * u1 + u2) * 0.125f, (u1 + u2) * 0.5f);
        };

        gi[0](x, y, c, n) = imgs(x, y, c, n);
        gw[0](x, y, n) = wn(x, y, n);
        for (int l = 1; l < kLevels; l++) {
            down(gi[l - 1], gi_x[l], gi[l], l, {c, n});
            down(gw[l - 1], gw_x[l], gw[l], l, {n});
        }
        const int top = kLevels - 1;
        for (int l = 0; l < top; l++) up(gi[l + 1], upi_x[l], upi[l], l, {c, n});
        for (int l = 0; l < kLevels; l++) {
            Expr lap = l < top ? gi[l](x, y, c, rn) - upi[l](x, y, c, rn) : gi[l](x, y, c, rn);
            fused[l](x, y, c) = 0.0f;
            fused[l](x, y, c) += gw[l](x, y, rn) * lap;
        }
        col[top](x, y, c) = fused[top](x, y, c);
        for (int l = top - 1; l >= 0; l--) {
            up(col[l + 1], col_x[l], colup[l], l, {c});
            col[l](x, y, c) = fused[l](x, y, c) + colup[l](x, y, c);
        }
        out(x, y, c) = col[0](x, y, c);
    }

    ekb::Kernel kernel() { return {{imgs}, {out}}; }
};

}  // namespace task
