// Halide reference algorithm for task `resnet8_full`: MLPerf Tiny's ResNet-8, the whole
// network, batch norm folded, every conv with Keras/TFLite 'same' padding:
//   a0 = ReLU(conv3x3(x, w0) + b0)                                  [F, H, W]
//   h1 = ReLU(conv3x3(a0, w11) + b11),  a1 = ReLU(a0 + conv3x3(h1, w12) + b12)
//   h2 = ReLU(conv3x3_s2(a1, w21) + b21)                            [2F, H2, W2]  H2 = ceil(H/2)
//   a2 = ReLU(conv1x1_s2(a1, ws2) + bs2 + conv3x3(h2, w22) + b22)
//   h3, a3 likewise with 4F channels at H3 x W3 (H3 = ceil(H2/2)); a3 is output `feat`
//   logits = w_fc mean_{H3 x W3}(a3) + b_fc                         [K]
// 'same' padding: the stride-1 3x3 convs pad 1 on every side; a stride-2 3x3 conv pads
// 1 before and 1 after an odd extent n, 0 before and 1 after
// an even one, so it reads in(2 * o + k - n % 2); the 1x1 stride-2 shortcut reads in(2 * o).
// The padded frames pad_* are zero outside the map. Halide dimension 0 is the last PyTorch
// dimension: x(col, row, c, 0) is x[0, c, row, col], w0(kx, ky, ci, co) is w0[co, ci, ky, kx].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};  // [1, C0, H, W]
    Halide::ImageParam w0{Halide::Float(32), 4, "w0"}, b0{Halide::Float(32), 1, "b0"};
    Halide::ImageParam w11{Halide::Float(32), 4, "w11"}, b11{Halide::Float(32), 1, "b11"};
    Halide::ImageParam w12{Halide::Float(32), 4, "w12"}, b12{Halide::Float(32), 1, "b12"};
    Halide::ImageParam w21{Halide::Float(32), 4, "w21"}, b21{Halide::Float(32), 1, "b21"};
    Halide::ImageParam w22{Halide::Float(32), 4, "w22"}, b22{Halide::Float(32), 1, "b22"};
    Halide::ImageParam ws2{Halide::Float(32), 4, "ws2"}, bs2{Halide::Float(32), 1, "bs2"};
    Halide::ImageParam w31{Halide::Float(32), 4, "w31"}, b31{Halide::Float(32), 1, "b31"};
    Halide::ImageParam w32{Halide::Float(32), 4, "w32"}, b32{Halide::Float(32), 1, "b32"};
    Halide::ImageParam ws3{Halide::Float(32), 4, "ws3"}, bs3{Halide::Float(32), 1, "bs3"};
    Halide::ImageParam w_fc{Halide::Float(32), 2, "w_fc"}, b_fc{Halide::Float(32), 1, "b_fc"};
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};  // maps: (col, row, channel, batch)
    Halide::Var o{"o"};                                  // logits: (o, n)
    // Reductions: r.x input channel, r.y kx, r.z ky (3x3 convs); the 1x1 shortcuts reduce rs*.
    Halide::RDom r0, r11, r12, r21, r22, rs2, r31, r32, rs3;
    Halide::RDom rp;  // the H3 x W3 positions averaged by the pool
    Halide::RDom rf;  // the 4F features of the classifier
    Halide::Func pad_x{"pad_x"}, conv0{"conv0"}, a0{"a0"}, pad_a0{"pad_a0"};
    Halide::Func conv11{"conv11"}, h1{"h1"}, pad_h1{"pad_h1"}, conv12{"conv12"}, a1{"a1"}, pad_a1{"pad_a1"};
    Halide::Func conv21{"conv21"}, h2{"h2"}, pad_h2{"pad_h2"}, conv22{"conv22"}, sc2{"sc2"}, a2{"a2"}, pad_a2{"pad_a2"};
    Halide::Func conv31{"conv31"}, h3{"h3"}, pad_h3{"pad_h3"}, conv32{"conv32"}, sc3{"sc3"}, a3{"a3"};
    Halide::Func pool_sum{"pool_sum"}, fc{"fc"};
    Halide::Func feat{"feat"}, logits{"logits"};  // the outputs

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        Expr W2 = (W + 1) / 2, H2 = (H + 1) / 2, W3 = (W2 + 1) / 2, H3 = (H2 + 1) / 2;
        Expr C0 = x.dim(2).extent(), NF = w0.dim(3).extent();
        r0 = RDom(0, C0, 0, 3, 0, 3, "r0");
        r11 = RDom(0, NF, 0, 3, 0, 3, "r11");
        r12 = RDom(0, NF, 0, 3, 0, 3, "r12");
        r21 = RDom(0, NF, 0, 3, 0, 3, "r21");
        r22 = RDom(0, 2 * NF, 0, 3, 0, 3, "r22");
        rs2 = RDom(0, NF, "rs2");
        r31 = RDom(0, 2 * NF, 0, 3, 0, 3, "r31");
        r32 = RDom(0, 4 * NF, 0, 3, 0, 3, "r32");
        rs3 = RDom(0, 2 * NF, "rs3");
        rp = RDom(0, W3, 0, H3, "rp");
        rf = RDom(0, 4 * NF, "rf");

        auto pad = [&](Func out, Func in, Expr w, Expr h) {
            out(col, row, c, n) = BoundaryConditions::constant_exterior(in, 0.0f, {{0, w}, {0, h}})(col, row, c, n);
        };
        // conv3x3 of a padded frame: stride 1 reads in(col + kx - 1), stride 2 reads
        // in(2 col + kx - w % 2) ('same' padding of a map of width w).
        auto conv3 = [&](Func out, Func in, ImageParam wt, ImageParam bias, RDom r, int stride, Expr w, Expr h) {
            Expr ix = stride == 1 ? col + r.y - 1 : 2 * col + r.y - w % 2;
            Expr iy = stride == 1 ? row + r.z - 1 : 2 * row + r.z - h % 2;
            out(col, row, c, n) = bias(c);
            out(col, row, c, n) += wt(r.y, r.z, r.x, c) * in(ix, iy, r.x, n);
        };
        auto shortcut = [&](Func out, Func in, ImageParam wt, ImageParam bias, RDom r) {
            out(col, row, c, n) = bias(c);
            out(col, row, c, n) += wt(0, 0, r.x, c) * in(2 * col, 2 * row, r.x, n);
        };

        pad(pad_x, x, W, H);
        conv3(conv0, pad_x, w0, b0, r0, 1, W, H);
        a0(col, row, c, n) = max(conv0(col, row, c, n), 0.0f);
        pad(pad_a0, a0, W, H);
        // stack 1: identity shortcut
        conv3(conv11, pad_a0, w11, b11, r11, 1, W, H);
        h1(col, row, c, n) = max(conv11(col, row, c, n), 0.0f);
        pad(pad_h1, h1, W, H);
        conv3(conv12, pad_h1, w12, b12, r12, 1, W, H);
        a1(col, row, c, n) = max(a0(col, row, c, n) + conv12(col, row, c, n), 0.0f);
        pad(pad_a1, a1, W, H);
        // stack 2: stride 2, 1x1 conv shortcut
        conv3(conv21, pad_a1, w21, b21, r21, 2, W, H);
        h2(col, row, c, n) = max(conv21(col, row, c, n), 0.0f);
        pad(pad_h2, h2, W2, H2);
        conv3(conv22, pad_h2, w22, b22, r22, 1, W2, H2);
        shortcut(sc2, pad_a1, ws2, bs2, rs2);
        a2(col, row, c, n) = max(sc2(col, row, c, n) + conv22(col, row, c, n), 0.0f);
        pad(pad_a2, a2, W2, H2);
        // stack 3
        conv3(conv31, pad_a2, w31, b31, r31, 2, W2, H2);
        h3(col, row, c, n) = max(conv31(col, row, c, n), 0.0f);
        pad(pad_h3, h3, W3, H3);
        conv3(conv32, pad_h3, w32, b32, r32, 1, W3, H3);
        shortcut(sc3, pad_a2, ws3, bs3, rs3);
        a3(col, row, c, n) = max(sc3(col, row, c, n) + conv32(col, row, c, n), 0.0f);
        feat(col, row, c, n) = a3(col, row, c, n);
        // head: global average pool + dense
        pool_sum(c, n) = 0.0f;
        pool_sum(c, n) += feat(rp.x, rp.y, c, n);
        fc(o, n) = b_fc(o);
        fc(o, n) += w_fc(rf, o) * (pool_sum(rf, n) / cast<float>(W3 * H3));
        logits(o, n) = fc(o, n);
    }

    ekb::Kernel kernel() {
        return {{x, w0, b0, w11, b11, w12, b12, w21, b21, w22, b22, ws2, bs2, w31, b31, w32, b32, ws3, bs3, w_fc, b_fc},
                {feat, logits}};
    }
};

}  // namespace task
