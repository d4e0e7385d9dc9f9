// Halide reference algorithm for task `lraspp_head`: torchvision's LRASPPHead (MobileNetV3
// LR-ASPP), batch norm of the cbr branch folded.
//   c = ReLU(conv1x1(high, w_cbr) + b_cbr)                 CHI -> CI at HH x WH
//   s = sigmoid(conv1x1(mean_{HH x WH}(high), w_scale))    CHI -> CI, one value per channel
//   u = bilinear resize of c * s to H x W, align_corners=False: as PyTorch, the scale
//       HH / H in float, src = max(scale * (dst + 0.5) - 0.5, 0), i0 = floor(src),
//       i1 = min(i0 + 1, HH - 1), weights (1 - l, l) with l = src - i0, rows after columns
//   y = conv1x1(low, w_low) + b_low + conv1x1(u, w_high) + b_high          -> NC at H x W
// Halide dimension 0 is the last PyTorch dimension: low(col, row, c, n) is low[n, c, row, col].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam low{Halide::Float(32), 4, "low"};            // [1, CL, H, W]
    Halide::ImageParam high{Halide::Float(32), 4, "high"};          // [1, CHI, HH, WH]
    Halide::ImageParam w_cbr{Halide::Float(32), 4, "w_cbr"};        // [CI, CHI, 1, 1]
    Halide::ImageParam b_cbr{Halide::Float(32), 1, "b_cbr"};        // [CI]
    Halide::ImageParam w_scale{Halide::Float(32), 4, "w_scale"};    // [CI, CHI, 1, 1]
    Halide::ImageParam w_low{Halide::Float(32), 4, "w_low"};        // [NC, CL, 1, 1]
    Halide::ImageParam b_low{Halide::Float(32), 1, "b_low"};        // [NC]
    Halide::ImageParam w_high{Halide::Float(32), 4, "w_high"};      // [NC, CI, 1, 1]
    Halide::ImageParam b_high{Halide::Float(32), 1, "b_high"};      // [NC]
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rs;   // the HH x WH positions of high (the global average pool)
    Halide::RDom rh;   // the CHI channels of high (cbr and scale convs)
    Halide::RDom rl;   // the CL channels of low
    Halide::RDom ri;   // the CI channels of the gated branch (high classifier)
    Halide::Func pool{"pool"};            // sum of high over HH x WH, per channel
    Halide::Func scale_conv{"scale_conv"};  // conv1x1(pool / (HH * WH), w_scale), per channel
    Halide::Func gate{"gate"};            // sigmoid(scale_conv)
    Halide::Func conv_cbr{"conv_cbr"};    // conv1x1(high, w_cbr)
    Halide::Func gated{"gated"};          // ReLU(conv_cbr + b_cbr) * gate, at HH x WH
    Halide::Func up{"up"};                // bilinear resize of gated to H x W
    Halide::Func conv_low{"conv_low"};    // conv1x1(low, w_low)
    Halide::Func conv_high{"conv_high"};  // conv1x1(up, w_high)
    Halide::Func y{"y"};                  // conv_low + b_low + conv_high + b_high: the output

    Algorithm() {
        using namespace Halide;
        Expr W = low.dim(0).extent(), H = low.dim(1).extent();
        Expr WH = high.dim(0).extent(), HH = high.dim(1).extent();
        rs = RDom(0, WH, 0, HH, "rs");
        rh = RDom(0, high.dim(2).extent(), "rh");
        rl = RDom(0, low.dim(2).extent(), "rl");
        ri = RDom(0, w_high.dim(2).extent(), "ri");

        pool(c, n) = 0.0f;
        pool(c, n) += high(rs.x, rs.y, c, n);
        scale_conv(c, n) = 0.0f;
        scale_conv(c, n) += w_scale(0, 0, rh, c) * (pool(rh, n) / cast<float>(WH * HH));
        gate(c, n) = 1.0f / (1.0f + exp(-scale_conv(c, n)));

        conv_cbr(col, row, c, n) = 0.0f;
        conv_cbr(col, row, c, n) += w_cbr(0, 0, rh, c) * high(col, row, rh, n);
        gated(col, row, c, n) = max(conv_cbr(col, row, c, n) + b_cbr(c), 0.0f) * gate(c, n);

        Expr sx = max(cast<float>(WH) / cast<float>(W) * (cast<float>(col) + 0.5f) - 0.5f, 0.0f);
        Expr sy = max(cast<float>(HH) / cast<float>(H) * (cast<float>(row) + 0.5f) - 0.5f, 0.0f);
        Expr x0 = min(cast<int>(sx), WH - 1), y0 = min(cast<int>(sy), HH - 1);
        Expr x1 = min(x0 + 1, WH - 1), y1 = min(y0 + 1, HH - 1);
        Expr lx = sx - cast<float>(x0), ly = sy - cast<float>(y0);
        Expr top = (1.0f - lx) * gated(x0, y0, c, n) + lx * gated(x1, y0, c, n);
        Expr bot = (1.0f - lx) * gated(x0, y1, c, n) + lx * gated(x1, y1, c, n);
        up(col, row, c, n) = (1.0f - ly) * top + ly * bot;

        conv_low(col, row, c, n) = 0.0f;
        conv_low(col, row, c, n) += w_low(0, 0, rl, c) * low(col, row, rl, n);
        conv_high(col, row, c, n) = 0.0f;
        conv_high(col, row, c, n) += w_high(0, 0, ri, c) * up(col, row, ri, n);
        y(col, row, c, n) = conv_low(col, row, c, n) + b_low(c) + conv_high(col, row, c, n) + b_high(c);
    }

    ekb::Kernel kernel() { return {{low, high, w_cbr, b_cbr, w_scale, w_low, b_low, w_high, b_high}, {y}}; }
};

}  // namespace task
