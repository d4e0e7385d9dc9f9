// Halide reference algorithm for task `hdr_debevec_reinhard`: Debevec radiance merge of an
// exposure bracket with a known camera response, then Reinhard's global tone map and gamma.
//   w(z) = z < 128 ? z + 1 : 256 - z;  wp(x, y, n) = (w(Z_R) + w(Z_G) + w(Z_B)) / 3
//   num(x, y, c) = sum_n wp (resp(Z_nc, c) - log_dt(n)), den(x, y) = sum_n wp
//   E = exp(num / den); L = 0.2126 E_R + 0.7152 E_G + 0.0722 E_B
//   lsum = sum over rows of (sum over the row of log(L + 1e-6)); Lavg = exp(lsum / (H W))
//   Lm = (0.18 / Lavg) L; Ld = Lm / (1 + Lm); out = clamp(E Ld / L, 0, 1)^(1/2.2)
// Halide dimension 0 is the last PyTorch dimension: imgs(x, y, c, n) is imgs[n, c, y, x],
// resp(z, c) is resp[c, z].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr float kKey = 0.18f, kInvGamma = 1.0f / 2.2f;  // = get_init_inputs() in reference.py

struct Algorithm {
    Halide::ImageParam imgs{Halide::UInt(8), 4, "imgs"};        // [N, 3, H, W]
    Halide::ImageParam resp{Halide::Float(32), 2, "resp"};      // [3, 256]
    Halide::ImageParam log_dt{Halide::Float(32), 1, "log_dt"};  // [N]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"}, u{"u"};
    Halide::RDom rn, rx, ry;
    Halide::Func wp{"wp"};      // (x, y, n) the pixel's weight in exposure n
    Halide::Func num{"num"};    // (x, y, c)
    Halide::Func den{"den"};    // (x, y)
    Halide::Func E{"E"};        // (x, y, c) the radiance
    Halide::Func lum{"lum"};    // (x, y)
    Halide::Func rowsum{"rowsum"};  // (y) sum of log(L + 1e-6) over a row
    Halide::Func lsum{"lsum"};      // (u), u = 0: the sum over the rows
    Halide::Func scale{"scale"};    // (u), u = 0: 0.18 / Lavg
    Halide::Func out{"out"};        // (x, y, c)

    Algorithm() {
        using namespace Halide;
        const Expr W = imgs.dim(0).extent(), H = imgs.dim(1).extent();
        rn = RDom(0, imgs.dim(3).extent(), "rn");
        rx = RDom(0, W, "rx");
        ry = RDom(0, H, "ry");
        auto tri = [](Expr z) {
            Expr zi = cast<int32_t>(z);
            return cast<float>(select(zi < 128, zi + 1, 256 - zi));
        };
        wp(x, y, n) = (tri(imgs(x, y, 0, n)) + tri(imgs(x, y, 1, n)) + tri(imgs(x, y, 2, n))) / 3.0f;
        Expr z = cast<int32_t>(imgs(x, y, c, rn));
        num(x, y, c) = 0.0f;
        num(x, y, c) += wp(x, y, rn) * (resp(z, c) - log_dt(rn));
        den(x, y) = 0.0f;
        den(x, y) += wp(x, y, rn);
        E(x, y, c) = exp(num(x, y, c) / den(x, y));
        lum(x, y) = 0.2126f * E(x, y, 0) + 0.7152f * E(x, y, 1) + 0.0722f * E(x, y, 2);
        rowsum(y) = 0.0f;
        rowsum(y) += log(lum(rx, y) + 1e-6f);
        lsum(u) = 0.0f;
        lsum(u) += rowsum(ry);
        scale(u) = kKey / exp(lsum(u) / (cast<float>(W) * cast<float>(H)));
        Expr Lm = scale(0) * lum(x, y);
        Expr Ld = Lm / (1.0f + Lm);
        out(x, y, c) = pow(clamp(E(x, y, c) * (Ld / lum(x, y)), 0.0f, 1.0f), kInvGamma);
    }

    ekb::Kernel kernel() { return {{imgs, resp, log_dt}, {out}}; }
};

}  // namespace task
