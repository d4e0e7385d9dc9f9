// Halide reference algorithm for task `vww_mobilenetv1_025`: the MLPerf Tiny Visual Wake Words
// model, MobileNetV1 at width 0.25, the whole network, batch norm folded:
//   a[0] = ReLU(conv3x3_s2(x, w0) + b0)                                  C0 -> NF
//   block i = 1..13: d[i] = ReLU(dw3x3_s(a[i-1]) + b_dw)                 depthwise, stride s
//                    a[i] = ReLU(pw1x1(d[i]) + b_pw)                     pointwise
//   feat = a[13];  logits = w_fc mean_hw(feat) + b_fc
// Blocks (channels in units of NF, stride): 1: 1->2 s1, 2: 2->4 s2, 3: 4->4, 4: 4->8 s2,
// 5: 8->8, 6: 8->16 s2, 7-11: 16->16 (weights stacked along a leading dim of 5), 12: 16->32 s2,
// 13: 32->32. 'same' padding (zeros): stride-1 3x3 convs read in(col + kx - 1); stride-2 3x3
// convs read in(2 col + kx - w % 2) for an input of width w (an even extent is padded after
// only, an odd one on both sides); maps halve with ceil at each stride 2.
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, 0) is x[0, c, row, col],
// dw1_w(kx, ky, 0, c) is dw1_w[c, 0, ky, kx], dw7_11_w(kx, ky, 0, c, l) is dw7_11_w[l, c, 0, ky, kx],
// pw1_w(0, 0, ci, co) is pw1_w[co, ci, 0, 0].
#pragma once
#include <ekb/kernel.h>

#include <string>

namespace task {

struct Algorithm {
    static constexpr int blocks = 13;
    static constexpr int in_mult[blocks + 1] = {0, 1, 2, 4, 4, 8, 8, 16, 16, 16, 16, 16, 16, 32};
    static constexpr int out_mult[blocks + 1] = {1, 2, 4, 4, 8, 8, 16, 16, 16, 16, 16, 16, 32, 32};
    static constexpr int stride[blocks + 1] = {2, 1, 2, 1, 2, 1, 2, 1, 1, 1, 1, 1, 2, 1};

    using IP = Halide::ImageParam;
    IP x{Halide::Float(32), 4, "x"};  // [1, C0, H, W]
    IP w0{Halide::Float(32), 4, "w0"}, b0{Halide::Float(32), 1, "b0"};
    // Blocks 1-6, 12, 13: dw weights [C, 1, 3, 3], bias [C], pw weights [Co, C, 1, 1], bias [Co].
    IP dw_w[blocks + 1], dw_b[blocks + 1], pw_w[blocks + 1], pw_b[blocks + 1];
    // Blocks 7-11 share these stacked tensors ([5, ...]).
    IP dw7_11_w{Halide::Float(32), 5, "dw7_11_w"}, dw7_11_b{Halide::Float(32), 2, "dw7_11_b"};
    IP pw7_11_w{Halide::Float(32), 5, "pw7_11_w"}, pw7_11_b{Halide::Float(32), 2, "pw7_11_b"};
    IP fc_w{Halide::Float(32), 2, "fc_w"}, fc_b{Halide::Float(32), 1, "fc_b"};
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};  // maps: (col, row, channel, batch)
    Halide::Var o{"o"};                                  // logits: (o, n)
    Halide::RDom r0;                  // the stem: r0.x input channel, r0.y kx, r0.z ky
    Halide::RDom rpw[blocks + 1];     // the input channels of each pointwise conv
    Halide::RDom rp;                  // the final map's positions (the average pool)
    Halide::RDom rf;                  // the 32 NF features of the classifier
    Halide::Func stem{"stem"};        // conv3x3_s2(x) + b0: the reduction over r0
    Halide::Func a[blocks + 1];       // "a0".."a13": the block outputs (ReLU applied)
    Halide::Func pad[blocks + 1];     // "pad1".."pad13": a[i-1], zero outside its map
    Halide::Func d[blocks + 1];       // "d1".."d13": ReLU(depthwise 3x3 + bias), 9 taps written out
    Halide::Func pw[blocks + 1];      // "pw1".."pw13": pointwise conv + bias: the reduction over rpw[i]
    Halide::Func pad_x{"pad_x"};      // x, zero outside its map
    Halide::Func pool_sum{"pool_sum"}, fc{"fc"};
    Halide::Func feat{"feat"}, logits{"logits"};  // the outputs

    // Block i's depthwise weight, depthwise bias, pointwise weight and pointwise bias.
    Halide::Expr dwW(int i, Halide::Expr kx, Halide::Expr ky, Halide::Expr ch) {
        return i >= 7 && i <= 11 ? dw7_11_w(kx, ky, 0, ch, i - 7) : dw_w[i](kx, ky, 0, ch);
    }
    Halide::Expr dwB(int i, Halide::Expr ch) { return i >= 7 && i <= 11 ? dw7_11_b(ch, i - 7) : dw_b[i](ch); }
    Halide::Expr pwW(int i, Halide::Expr ci, Halide::Expr co) {
        return i >= 7 && i <= 11 ? pw7_11_w(0, 0, ci, co, i - 7) : pw_w[i](0, 0, ci, co);
    }
    Halide::Expr pwB(int i, Halide::Expr co) { return i >= 7 && i <= 11 ? pw7_11_b(co, i - 7) : pw_b[i](co); }

    Algorithm() {
        using namespace Halide;
        for (int i = 1; i <= blocks; i++) {
            if (i >= 7 && i <= 11) continue;
            const std::string s = std::to_string(i);
            dw_w[i] = IP(Float(32), 4, "dw" + s + "_w");
            dw_b[i] = IP(Float(32), 1, "dw" + s + "_b");
            pw_w[i] = IP(Float(32), 4, "pw" + s + "_w");
            pw_b[i] = IP(Float(32), 1, "pw" + s + "_b");
        }
        Expr W = x.dim(0).extent(), H = x.dim(1).extent(), NF = w0.dim(3).extent();
        r0 = RDom(0, x.dim(2).extent(), 0, 3, 0, 3, "r0");
        pad_x(col, row, c, n) = BoundaryConditions::constant_exterior(x, 0.0f, {{0, W}, {0, H}})(col, row, c, n);
        stem(col, row, c, n) = b0(c);
        stem(col, row, c, n) += w0(r0.y, r0.z, r0.x, c) * pad_x(2 * col + r0.y - W % 2, 2 * row + r0.z - H % 2, r0.x, n);
        a[0] = Func("a0");
        a[0](col, row, c, n) = max(stem(col, row, c, n), 0.0f);
        Expr w = (W + 1) / 2, h = (H + 1) / 2;  // the current map
        for (int i = 1; i <= blocks; i++) {
            const std::string s = std::to_string(i);
            a[i] = Func("a" + s);
            pad[i] = Func("pad" + s);
            d[i] = Func("d" + s);
            pw[i] = Func("pw" + s);
            rpw[i] = RDom(0, in_mult[i] * NF, "rpw" + s);
            pad[i](col, row, c, n) = BoundaryConditions::constant_exterior(a[i - 1], 0.0f, {{0, w}, {0, h}})(col, row, c, n);
            Expr sum = dwB(i, c);
            for (int ky = 0; ky < 3; ky++) {
                for (int kx = 0; kx < 3; kx++) {
                    Expr ix = stride[i] == 1 ? col + kx - 1 : 2 * col + kx - w % 2;
                    Expr iy = stride[i] == 1 ? row + ky - 1 : 2 * row + ky - h % 2;
                    sum += dwW(i, kx, ky, c) * pad[i](ix, iy, c, n);
                }
            }
            d[i](col, row, c, n) = max(sum, 0.0f);
            pw[i](col, row, c, n) = pwB(i, c);
            pw[i](col, row, c, n) += pwW(i, rpw[i], c) * d[i](col, row, rpw[i], n);
            a[i](col, row, c, n) = max(pw[i](col, row, c, n), 0.0f);
            if (stride[i] == 2) {
                w = (w + 1) / 2;
                h = (h + 1) / 2;
            }
        }
        feat(col, row, c, n) = a[blocks](col, row, c, n);
        rp = RDom(0, w, 0, h, "rp");
        rf = RDom(0, 32 * NF, "rf");
        pool_sum(c, n) = 0.0f;
        pool_sum(c, n) += feat(rp.x, rp.y, c, n);
        fc(o, n) = fc_b(o);
        fc(o, n) += fc_w(rf, o) * (pool_sum(rf, n) / cast<float>(w * h));
        logits(o, n) = fc(o, n);
    }

    ekb::Kernel kernel() {
        std::vector<Halide::ImageParam> in = {x, w0, b0};
        for (int i = 1; i <= blocks; i++) {
            if (i >= 8 && i <= 11) continue;
            if (i == 7) {
                in.insert(in.end(), {dw7_11_w, dw7_11_b, pw7_11_w, pw7_11_b});
            } else {
                in.insert(in.end(), {dw_w[i], dw_b[i], pw_w[i], pw_b[i]});
            }
        }
        in.insert(in.end(), {fc_w, fc_b});
        return {in, {feat, logits}};
    }
};

}  // namespace task
