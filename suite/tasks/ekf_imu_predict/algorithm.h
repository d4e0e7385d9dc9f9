// Halide reference algorithm for task `ekf_imu_predict`: the batched EKF predict step of a
// quaternion (w, x, y, z) attitude state:
//   F      = I + dt/2 Omega(gyro)             the 4x4 Jacobian of the quaternion integration
//   qp     = F q,  q_pred = qp / |qp|
//   P_pred = F P F^T + Qn
// Halide dimension 0 is the last PyTorch dimension: q(i, b) is q[b, i], P(j, i, b) is
// P[b, i, j] (i row, j column), Qn(j, i) is Qn[i, j].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float dt = 0.01f;  // = get_init_inputs() in reference.py

    Halide::ImageParam q{Halide::Float(32), 2, "q"};        // [B, 4]
    Halide::ImageParam gyro{Halide::Float(32), 2, "gyro"};  // [B, 3]
    Halide::ImageParam P{Halide::Float(32), 3, "P"};        // [B, 4, 4]
    Halide::ImageParam Qn{Halide::Float(32), 2, "Qn"};      // [4, 4]
    Halide::Var j{"j"}, i{"i"}, b{"b"};  // P_pred[b, i, j]: i row, j column, b filter
    Halide::RDom k;                      // the inner dimension of each product (4)
    Halide::Func F{"F"};                 // F(j, i, b) = F[b][i, j]
    Halide::Func qp{"qp"};               // F q: the reduction over k
    Halide::Func sum_sq{"sum_sq"};       // |F q|^2
    Halide::Func q_pred{"q_pred"};       // qp / |qp|: an output
    Halide::Func FP{"FP"};               // F P: FP[i, j] = sum_k F[i, k] P[k, j]
    Halide::Func FPFt{"FPFt"};           // F P F^T: FPFt[i, j] = sum_k FP[i, k] F[j, k]
    Halide::Func P_pred{"P_pred"};       // FPFt + Qn: an output

    Algorithm() {
        using namespace Halide;
        const float h = 0.5f * dt;
        Expr wx = h * gyro(0, b), wy = h * gyro(1, b), wz = h * gyro(2, b);
        // I + dt/2 Omega, row i, column j (a select chain rather than mux, which Halide's
        // GPU code generators do not lower).
        F(j, i, b) = select(i == j, 1.0f,
                            i == 0, select(j == 1, -wx, j == 2, -wy, -wz),
                            i == 1, select(j == 0, wx, j == 2, wz, -wy),
                            i == 2, select(j == 0, wy, j == 1, -wz, wx),
                            select(j == 0, wz, j == 1, wy, -wx));
        k = RDom(0, 4, "k");
        qp(i, b) = 0.0f;
        qp(i, b) += F(k, i, b) * q(k, b);
        sum_sq(b) = 0.0f;
        sum_sq(b) += qp(k, b) * qp(k, b);
        q_pred(i, b) = qp(i, b) / sqrt(sum_sq(b));
        FP(j, i, b) = 0.0f;
        FP(j, i, b) += F(k, i, b) * P(j, k, b);
        FPFt(j, i, b) = 0.0f;
        FPFt(j, i, b) += FP(k, i, b) * F(k, j, b);
        P_pred(j, i, b) = FPFt(j, i, b) + Qn(j, i);
    }

    ekb::Kernel kernel() { return {{q, gyro, P, Qn}, {q_pred, P_pred}}; }
};

}  // namespace task
