// Halide reference algorithm for task `forward_kinematics`: the standard DH link transforms
// T_j = Rz(q_j) Tz(d_j) Tx(a_j) Rx(alpha_j) of a 6-joint arm and their product
// pose = T_0 T_1 ... T_5, for each configuration b.
// Halide dimension 0 is the last PyTorch dimension: q(j, b) is q[b, j] and pose(c, r, b) is
// pose[b, r, c] (row r, column c).
#pragma once
#include <ekb/kernel.h>

#include <string>
#include <vector>

namespace task {

struct Algorithm {
    static constexpr int joints = 6;
    Halide::ImageParam q{Halide::Float(32), 2, "q"};                // [B, 6]
    Halide::ImageParam dh_a{Halide::Float(32), 1, "dh_a"};          // [6]
    Halide::ImageParam dh_alpha{Halide::Float(32), 1, "dh_alpha"};  // [6]
    Halide::ImageParam dh_d{Halide::Float(32), 1, "dh_d"};          // [6]
    Halide::Var c{"c"}, r{"r"}, j{"j"}, b{"b"};  // column, row, joint, configuration
    Halide::Func cos_q{"cos_q"}, sin_q{"sin_q"};  // cos and sin of the joint angles (j, b)
    Halide::Func cos_alpha{"cos_alpha"}, sin_alpha{"sin_alpha"};  // cos and sin of the twists (j)
    Halide::Func link{"link"};  // link(c, r, j, b): element (r, c) of T_j for configuration b
    // chain[i](c, r, b) = T_0 ... T_{i+1}, for i = 0 .. 3 (the partial products)
    std::vector<Halide::Func> chain;
    Halide::Func pose{"pose"};  // the output: chain[3] T_5

    Algorithm() {
        using namespace Halide;
        cos_q(j, b) = cos(q(j, b));
        sin_q(j, b) = sin(q(j, b));
        cos_alpha(j) = cos(dh_alpha(j));
        sin_alpha(j) = sin(dh_alpha(j));
        Expr ct = cos_q(j, b), st = sin_q(j, b);
        Expr ca = cos_alpha(j), sa = sin_alpha(j), la = dh_a(j), ld = dh_d(j);
        link(c, r, j, b) = select(r == 0, mux(c, {ct, -st * ca, st * sa, la * ct}),
                                  r == 1, mux(c, {st, ct * ca, -ct * sa, la * st}),
                                  r == 2, mux(c, {0.0f, sa, ca, ld}),
                                  mux(c, {0.0f, 0.0f, 0.0f, 1.0f}));
        // prev(c, r, b) times T_k: the 4x4 product, summed in column order
        auto times = [&](Func prev, int k) {
            Expr s = prev(0, r, b) * link(c, 0, k, b);
            for (int i = 1; i < 4; i++) s = s + prev(i, r, b) * link(c, i, k, b);
            return s;
        };
        for (int i = 0; i < joints - 2; i++) {
            chain.emplace_back("chain" + std::to_string(i + 1));
            if (i == 0) {
                Expr s = link(0, r, 0, b) * link(c, 0, 1, b);
                for (int k = 1; k < 4; k++) s = s + link(k, r, 0, b) * link(c, k, 1, b);
                chain[i](c, r, b) = s;
            } else {
                chain[i](c, r, b) = times(chain[i - 1], i + 1);
            }
        }
        pose(c, r, b) = times(chain[joints - 3], joints - 1);
    }

    ekb::Kernel kernel() { return {{q, dh_a, dh_alpha, dh_d}, {pose}}; }
};

}  // namespace task
