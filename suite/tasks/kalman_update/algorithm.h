// Halide reference algorithm for task `kalman_update`: Kalman predict + update of T
// constant-velocity trackers (state px, py, vx, vy; measurement px, py), with F, H, Q, R
// written out, so each matrix product keeps only its nonzero terms.
// Halide dimension 0 is the last PyTorch dimension: x(i, t) is x[t, i], P(j, i, t) is
// P[t, i, j] (row i, column j) and z(i, t) is z[t, i].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 2, "x"};  // [T, 4]
    Halide::ImageParam P{Halide::Float(32), 3, "P"};  // [T, 4, 4]
    Halide::ImageParam z{Halide::Float(32), 2, "z"};  // [T, 2]
    Halide::Var j{"j"}, i{"i"}, t{"t"};  // column, row, tracker
    Halide::Func x_pred{"x_pred"};  // F x
    Halide::Func FP{"FP"};          // F P
    Halide::Func P_pred{"P_pred"};  // F P F^T + Q
    Halide::Func innov{"innov"};    // y = z - H x_pred
    Halide::Func S{"S"};            // H P_pred H^T + R: the top-left 2x2 of P_pred plus R
    Halide::Func S_inv{"S_inv"};    // the 2x2 inverse: adjugate times 1 / det
    Halide::Func K{"K"};            // K(j, i, t) = (P_pred H^T S^-1)[i][j], i < 4, j < 2
    Halide::Func x_new{"x_new"};    // the output: x_pred + K y
    Halide::Func P_new{"P_new"};    // the output: P_pred - K H P_pred

    Algorithm() {
        using namespace Halide;
        // = get_init_inputs() in reference.py
        const float dt = 1.0f, q_pos = 0.05f, q_vel = 0.01f, r = 1.0f;
        x_pred(i, t) = mux(i, {x(0, t) + dt * x(2, t), x(1, t) + dt * x(3, t), x(2, t), x(3, t)});
        // F P: rows 0, 1 add dt times rows 2, 3
        FP(j, i, t) = mux(i, {P(j, 0, t) + dt * P(j, 2, t), P(j, 1, t) + dt * P(j, 3, t), P(j, 2, t), P(j, 3, t)});
        // (F P) F^T: columns 0, 1 add dt times columns 2, 3; then Q on the diagonal
        Expr q = select(i == j, select(i < 2, q_pos, q_vel), 0.0f);
        P_pred(j, i, t) = mux(j, {FP(0, i, t) + dt * FP(2, i, t), FP(1, i, t) + dt * FP(3, i, t),
                                  FP(2, i, t), FP(3, i, t)}) + q;
        innov(i, t) = z(i, t) - x_pred(i, t);
        S(j, i, t) = P_pred(j, i, t) + select(i == j, r, 0.0f);
        Expr det = S(0, 0, t) * S(1, 1, t) - S(1, 0, t) * S(0, 1, t);
        Expr inv_det = 1.0f / det;
        // adj(S) = [[S11, -S01], [-S10, S00]]
        S_inv(j, i, t) = select(i == 0, select(j == 0, S(1, 1, t), -S(1, 0, t)),
                                select(j == 0, -S(0, 1, t), S(0, 0, t))) * inv_det;
        // P_pred H^T = the first two columns of P_pred
        K(j, i, t) = P_pred(0, i, t) * S_inv(j, 0, t) + P_pred(1, i, t) * S_inv(j, 1, t);
        x_new(i, t) = x_pred(i, t) + (K(0, i, t) * innov(0, t) + K(1, i, t) * innov(1, t));
        // K H P_pred = K times the first two rows of P_pred
        P_new(j, i, t) = P_pred(j, i, t) - (K(0, i, t) * P_pred(j, 0, t) + K(1, i, t) * P_pred(j, 1, t));
    }

    ekb::Kernel kernel() { return {{x, P, z}, {x_new, P_new}}; }
};

}  // namespace task
