// Halide reference algorithm for task `imu_preintegration_window`: on-manifold IMU
// preintegration (Forster et al. 2017) of K keyframe intervals of M samples each.
// The preintegrated state of interval k after sample i is one Tuple-valued Func st(k, i) of
// 33 values: dR (9, row-major), dv (3), dp (3), J_v = d dv / d ba (9), J_p = d dp / d ba (9).
// Its update runs over ri (the samples, in order), each step reading step i - 1 at the same k
// (the identity / zeros before the first sample):
//   w = gyro - bg, a = acc - ba, Ra = dR a
//   dp' = dp + dv dt + 1/2 Ra dt^2,  dv' = dv + Ra dt
//   J_p' = J_p + J_v dt - 1/2 dR dt^2,  J_v' = J_v - dR dt
//   dR' = dR Exp(w dt), Exp(phi) = I + A [phi]x + B [phi]x^2, A = sin t / t,
//        B = 2 sin^2(t/2) / t^2 (t = |phi|; Taylor forms below t^2 = 1e-8)
// The intervals are independent chains.
// Halide dimension 0 is the last PyTorch dimension: gyro(j, i, k) is gyro[k, i, j],
// dR(c, r, k) is dR[k, r, c], jac(c, r, q, k) is jac[k, q, r, c].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr float kDt = 0.005f;  // 200 Hz IMU

struct Algorithm {
    Halide::ImageParam gyro{Halide::Float(32), 3, "gyro"};  // [K, M, 3]
    Halide::ImageParam acc{Halide::Float(32), 3, "acc"};    // [K, M, 3]
    Halide::ImageParam bg{Halide::Float(32), 2, "bg"};      // [K, 3]
    Halide::ImageParam ba{Halide::Float(32), 2, "ba"};      // [K, 3]
    Halide::Var k{"k"}, i{"i"}, r{"r"}, c{"c"}, q{"q"};
    Halide::RDom ri;  // the samples (M), in order
    Halide::Func st{"st"};
    Halide::Func dR{"dR"}, dv{"dv"}, dp{"dp"}, jac{"jac"};

    Algorithm() {
        using namespace Halide;
        Expr M = gyro.dim(1).extent();
        ri = RDom(0, M, "ri");
        std::vector<Expr> zero(33, Expr(0.0f));
        st(k, i) = Tuple(zero);
        Expr ii = ri, first = ii == 0, ip = max(ii - 1, 0);
        // The previous state (identity rotation, zeros before the first sample).
        std::vector<Expr> s(33);
        for (int n = 0; n < 33; n++) {
            float init = (n < 9 && n % 4 == 0) ? 1.0f : 0.0f;
            s[n] = select(first, init, st(k, ip)[n]);
        }
        auto R = [&](int a, int b) { return s[a * 3 + b]; };
        Expr w[3], a[3];
        for (int j = 0; j < 3; j++) {
            w[j] = (gyro(j, ii, k) - bg(j, k)) * kDt;
            a[j] = acc(j, ii, k) - ba(j, k);
        }
        Expr Ra[3];
        for (int j = 0; j < 3; j++) Ra[j] = R(j, 0) * a[0] + R(j, 1) * a[1] + R(j, 2) * a[2];
        std::vector<Expr> n(33);
        const float dt = kDt, hdt2 = 0.5f * kDt * kDt;
        for (int j = 0; j < 3; j++) {
            n[12 + j] = s[12 + j] + s[9 + j] * dt + Ra[j] * hdt2;  // dp
            n[9 + j] = s[9 + j] + Ra[j] * dt;                      // dv
        }
        for (int e = 0; e < 9; e++) {
            n[24 + e] = s[24 + e] + s[15 + e] * dt - s[e] * hdt2;  // J_p
            n[15 + e] = s[15 + e] - s[e] * dt;                     // J_v
        }
        // Exp(w dt)
        Expr t2 = w[0] * w[0] + w[1] * w[1] + w[2] * w[2];
        Expr small = t2 < 1e-8f;
        Expr t = sqrt(t2), ts = select(small, 1.0f, t);
        Expr sh = sin(ts * 0.5f) / ts;
        Expr A = select(small, 1.0f - t2 / 6.0f, sin(ts) / ts);
        Expr B = select(small, 0.5f - t2 / 24.0f, 2.0f * sh * sh);
        Expr S[3][3] = {{0.0f, -w[2], w[1]}, {w[2], 0.0f, -w[0]}, {-w[1], w[0], 0.0f}};
        Expr E[3][3];
        for (int x = 0; x < 3; x++)
            for (int y = 0; y < 3; y++) {
                Expr s2 = S[x][0] * S[0][y] + S[x][1] * S[1][y] + S[x][2] * S[2][y];
                E[x][y] = (x == y ? 1.0f : 0.0f) + A * S[x][y] + B * s2;
            }
        for (int x = 0; x < 3; x++)
            for (int y = 0; y < 3; y++) n[x * 3 + y] = R(x, 0) * E[0][y] + R(x, 1) * E[1][y] + R(x, 2) * E[2][y];
        st(k, ii) = Tuple(n);
        Expr last = M - 1;
        // Outputs: read the state after the last sample.
        Expr rc = clamp(r * 3 + c, 0, 8);
        dR(c, r, k) = select(rc == 0, st(k, last)[0], rc == 1, st(k, last)[1], rc == 2, st(k, last)[2], rc == 3,
                             st(k, last)[3], rc == 4, st(k, last)[4], rc == 5, st(k, last)[5], rc == 6,
                             st(k, last)[6], rc == 7, st(k, last)[7], st(k, last)[8]);
        dv(c, k) = select(c == 0, st(k, last)[9], c == 1, st(k, last)[10], st(k, last)[11]);
        dp(c, k) = select(c == 0, st(k, last)[12], c == 1, st(k, last)[13], st(k, last)[14]);
        Expr jv = st(k, last)[15], jp = st(k, last)[24];
        for (int e = 1; e < 9; e++) {
            jv = select(rc == e, st(k, last)[15 + e], jv);
            jp = select(rc == e, st(k, last)[24 + e], jp);
        }
        jac(c, r, q, k) = select(q == 0, jv, jp);
    }

    ekb::Kernel kernel() { return {{gyro, acc, bg, ba}, {dR, dv, dp, jac}}; }
};

}  // namespace task
