// Halide reference algorithm for task `mobilebert_layer`: one MobileBERT layer (HF
// MobileBertLayer, mobilebert-uncased: bottlenecks, shared q/k input, 4 heads, 4 FFNs,
// NoNorm), batch 1, no mask. NoNorm(z) = z * nw + nb per feature.
//   li = NoNorm_bin(x bin_W^T + bin_b)          sa = NoNorm_batt(x batt_W^T + batt_b)   [T, B]
//   q = sa q_W^T + q_b, k = sa k_W^T + k_b, v = x v_W^T + v_b                            [T, B]
//   ctx[t, h*hd + d] = sum_s softmax_s(q_h[t] . k_h[s] / sqrt(hd)) v_h[s, d]    hd = B / 4
//   a0 = NoNorm_ao(ctx ao_W^T + ao_b + li)
//   a_{i+1} = NoNorm_ffn[i](relu(a_i ffn_Wi[i]^T + ffn_bi[i]) ffn_Wo[i]^T + ffn_bo[i] + a_i)
//   h = relu(a3 int_W^T + int_b);  o = NoNorm_out(h out_W^T + out_b + a3)
//   y = NoNorm_obn(o obn_W^T + obn_b + x)
// Every dense layer is a pair (dot: the reduction, out: bias + epilogue), listed in
// `projections` in order. Halide dimension 0 is the last PyTorch dimension: x(c, t) is
// x[t, c], bin_W(k, c) is bin_W[c, k], ffn_Wi(k, f, i) is ffn_Wi[i, f, k].
#pragma once
#include <ekb/kernel.h>

#include <functional>
#include <string>
#include <vector>

namespace task {

struct Algorithm {
    static constexpr int heads = 4;   // = get_init_inputs() in reference.py
    static constexpr int num_ffn = 4;  // 3 stacked FFNs + intermediate/output

    using IP = Halide::ImageParam;
    IP x{Halide::Float(32), 2, "x"};  // [T, D]
    IP bin_W{Halide::Float(32), 2, "bin_W"}, bin_b{Halide::Float(32), 1, "bin_b"};
    IP bin_nw{Halide::Float(32), 1, "bin_nw"}, bin_nb{Halide::Float(32), 1, "bin_nb"};
    IP batt_W{Halide::Float(32), 2, "batt_W"}, batt_b{Halide::Float(32), 1, "batt_b"};
    IP batt_nw{Halide::Float(32), 1, "batt_nw"}, batt_nb{Halide::Float(32), 1, "batt_nb"};
    IP q_W{Halide::Float(32), 2, "q_W"}, q_b{Halide::Float(32), 1, "q_b"};
    IP k_W{Halide::Float(32), 2, "k_W"}, k_b{Halide::Float(32), 1, "k_b"};
    IP v_W{Halide::Float(32), 2, "v_W"}, v_b{Halide::Float(32), 1, "v_b"};
    IP ao_W{Halide::Float(32), 2, "ao_W"}, ao_b{Halide::Float(32), 1, "ao_b"};
    IP ao_nw{Halide::Float(32), 1, "ao_nw"}, ao_nb{Halide::Float(32), 1, "ao_nb"};
    IP ffn_Wi{Halide::Float(32), 3, "ffn_Wi"}, ffn_bi{Halide::Float(32), 2, "ffn_bi"};  // [3, F, B], [3, F]
    IP ffn_Wo{Halide::Float(32), 3, "ffn_Wo"}, ffn_bo{Halide::Float(32), 2, "ffn_bo"};  // [3, B, F], [3, B]
    IP ffn_nw{Halide::Float(32), 2, "ffn_nw"}, ffn_nb{Halide::Float(32), 2, "ffn_nb"};  // [3, B]
    IP int_W{Halide::Float(32), 2, "int_W"}, int_b{Halide::Float(32), 1, "int_b"};
    IP out_W{Halide::Float(32), 2, "out_W"}, out_b{Halide::Float(32), 1, "out_b"};
    IP out_nw{Halide::Float(32), 1, "out_nw"}, out_nb{Halide::Float(32), 1, "out_nb"};
    IP obn_W{Halide::Float(32), 2, "obn_W"}, obn_b{Halide::Float(32), 1, "obn_b"};
    IP obn_nw{Halide::Float(32), 1, "obn_nw"}, obn_nb{Halide::Float(32), 1, "obn_nb"};

    // c: a feature, t: a token (query), s: a key token, h: a head.
    Halide::Var c{"c"}, t{"t"}, s{"key"}, h{"h"};
    Halide::RDom rD, rB, rF;  // over the model width D, the bottleneck B, the FFN width F
    Halide::RDom rd;          // over a head's features (B / 4)
    Halide::RDom rs;          // over the key tokens (T)

    struct Proj {
        Halide::Func out, dot;
        Halide::RDom r;
    };
    std::vector<Proj> projections;  // every dense layer, in order
    Halide::Func li{"li"}, sa{"sa"}, q{"q"}, k{"k"}, v{"v"};  // the outs of the first five
    Halide::Func s_dot{"s_dot"};      // q_h[t] . k_h[s]
    Halide::Func scores{"scores"};    // s_dot / sqrt(hd)
    Halide::Func row_max{"row_max"};  // max over the keys (starts from the first)
    Halide::Func ex{"ex"};            // exp(scores - row_max)
    Halide::Func row_sum{"row_sum"};  // sum of ex over the keys
    Halide::Func probs{"probs"};      // ex / row_sum
    Halide::Func ctx{"ctx"};          // sum_s probs * v: the heads, concatenated
    Halide::Func y;                   // the output (the last projection's out)

    Algorithm() {
        using namespace Halide;
        Expr D = x.dim(0).extent(), T = x.dim(1).extent(), B = bin_W.dim(1).extent(), Fd = int_W.dim(1).extent();
        Expr hd = B / heads;
        rD = RDom(0, D, "rD");
        rB = RDom(0, B, "rB");
        rF = RDom(0, Fd, "rF");
        rd = RDom(0, hd, "rd");
        rs = RDom(0, T, "rs");
        // A dense layer: dot = in W^T (W(k, c, i...) through `w`), out = epilogue(dot).
        auto dense = [&](const std::string &name, Func out, Func in, RDom r, const std::function<Expr(Expr)> &w,
                         const std::function<Expr(Expr)> &epilogue) {
            Func dot(name + "_dot");
            dot(c, t) = 0.0f;
            dot(c, t) += in(r, t) * w(r);
            out(c, t) = epilogue(dot(c, t));
            projections.push_back({out, dot, r});
            return out;
        };
        Func xin("x_in");
        xin(c, t) = x(c, t);
        dense("li", li, xin, rD, [&](Expr k) { return bin_W(k, c); },
              [&](Expr z) { return (z + bin_b(c)) * bin_nw(c) + bin_nb(c); });
        dense("sa", sa, xin, rD, [&](Expr k) { return batt_W(k, c); },
              [&](Expr z) { return (z + batt_b(c)) * batt_nw(c) + batt_nb(c); });
        dense("q", q, sa, rB, [&](Expr k) { return q_W(k, c); }, [&](Expr z) { return z + q_b(c); });
        dense("k", k, sa, rB, [&](Expr k) { return k_W(k, c); }, [&](Expr z) { return z + k_b(c); });
        dense("v", v, xin, rD, [&](Expr k) { return v_W(k, c); }, [&](Expr z) { return z + v_b(c); });

        s_dot(s, t, h) = 0.0f;
        s_dot(s, t, h) += q(h * hd + rd, t) * k(h * hd + rd, s);
        scores(s, t, h) = s_dot(s, t, h) * (1.0f / sqrt(cast<float>(hd)));
        row_max(t, h) = scores(0, t, h);
        row_max(t, h) = max(row_max(t, h), scores(rs, t, h));
        ex(s, t, h) = exp(scores(s, t, h) - row_max(t, h));
        row_sum(t, h) = 0.0f;
        row_sum(t, h) += ex(rs, t, h);
        probs(s, t, h) = ex(s, t, h) / row_sum(t, h);
        ctx(c, t) = 0.0f;
        ctx(c, t) += probs(rs, t, c / hd) * v(c, rs);

        Func a("a0");
        dense("a0", a, ctx, rB, [&](Expr k) { return ao_W(k, c); },
              [&](Expr z) { return (z + ao_b(c) + li(c, t)) * ao_nw(c) + ao_nb(c); });
        for (int i = 0; i < num_ffn - 1; i++) {
            std::string n = "ffn" + std::to_string(i);
            Func fh(n + "_h"), fa("a" + std::to_string(i + 1));
            dense(n + "_h", fh, a, rB, [&](Expr k) { return ffn_Wi(k, c, i); },
                  [&](Expr z) { return max(z + ffn_bi(c, i), 0.0f); });
            Func prev = a;
            dense("a" + std::to_string(i + 1), fa, fh, rF, [&](Expr k) { return ffn_Wo(k, c, i); },
                  [&, prev](Expr z) { return (z + ffn_bo(c, i) + prev(c, t)) * ffn_nw(c, i) + ffn_nb(c, i); });
            a = fa;
        }
        Func hi("int_h"), o("o");
        y = Func("y");
        dense("int_h", hi, a, rB, [&](Expr k) { return int_W(k, c); }, [&](Expr z) { return max(z + int_b(c), 0.0f); });
        Func a3 = a;
        dense("o", o, hi, rF, [&](Expr k) { return out_W(k, c); },
              [&, a3](Expr z) { return (z + out_b(c) + a3(c, t)) * out_nw(c) + out_nb(c); });
        dense("y", y, o, rB, [&](Expr k) { return obn_W(k, c); },
              [&](Expr z) { return (z + obn_b(c) + x(c, t)) * obn_nw(c) + obn_nb(c); });
    }

    ekb::Kernel kernel() {
        return {{x,      bin_W,  bin_b,  bin_nw, bin_nb, batt_W, batt_b, batt_nw, batt_nb, q_W,    q_b,    k_W,
                 k_b,    v_W,    v_b,    ao_W,   ao_b,   ao_nw,  ao_nb,  ffn_Wi,  ffn_bi,  ffn_Wo, ffn_bo, ffn_nw,
                 ffn_nb, int_W,  int_b,  out_W,  out_b,  out_nw, out_nb, obn_W,   obn_b,   obn_nw, obn_nb},
                {y}};
    }
};

}  // namespace task
