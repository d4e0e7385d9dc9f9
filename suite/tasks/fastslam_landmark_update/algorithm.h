// Halide reference algorithm for task `fastslam_landmark_update`: FastSLAM 1.0's update of
// one range-bearing observation against every particle's landmark EKF, with the particle's
// log importance weight. Per particle p (all scalar 2x2 algebra):
//   Sigma = L L^T; d = m - (x, y); q = |d|^2; r = sqrt(q)
//   nu = (z0 - r, wrap(z1 - (atan2(dy, dx) - theta))), wrap(a) = a - 2 pi floor((a + pi) / 2 pi)
//   H = [[dx/r, dy/r], [-dy/q, dx/q]]; S = H Sigma H^T + Q; K = Sigma H^T S^-1
//   mean = m + K nu; cov = (I - K H) Sigma; logw = -nu^T S^-1 nu / 2 - log(2 pi) - log(det S) / 2
// Halide dimension 0 is the last PyTorch dimension: pose(j, p) is pose[p, j], cov(j, i, p)
// is cov[p, i, j].
#pragma once
#include <cmath>

#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float sigma_r = 0.1f, sigma_b = 0.05f;
    Halide::ImageParam pose{Halide::Float(32), 2, "pose"};  // [P, 3]
    Halide::ImageParam lm{Halide::Float(32), 2, "lm"};      // [P, 2]
    Halide::ImageParam chol{Halide::Float(32), 2, "chol"};  // [P, 3]
    Halide::ImageParam z{Halide::Float(32), 1, "z"};        // [2]
    Halide::Var p{"p"}, i{"i"}, j{"j"};
    // upd(p): (mean x, mean y, cov 11, cov 12, cov 21, cov 22, logw)
    Halide::Func upd{"upd"}, mean{"mean"}, cov{"cov"}, logw{"logw"};

    Algorithm() {
        using namespace Halide;
        const float pi = 3.14159265358979323846f;
        Expr x = pose(0, p), y = pose(1, p), th = pose(2, p);
        Expr mx = lm(0, p), my = lm(1, p);
        Expr l11 = chol(0, p), l21 = chol(1, p), l22 = chol(2, p);
        Expr s11 = l11 * l11, s12 = l11 * l21, s22 = l21 * l21 + l22 * l22;
        Expr dx = mx - x, dy = my - y;
        Expr q = dx * dx + dy * dy, r = sqrt(q);
        Expr nr = z(0) - r;
        Expr nb0 = z(1) - (atan2(dy, dx) - th);
        Expr nb = nb0 - 2.0f * pi * floor((nb0 + pi) / (2.0f * pi));
        Expr h11 = dx / r, h12 = dy / r, h21 = -dy / q, h22 = dx / q;
        Expr a11 = s11 * h11 + s12 * h12, a21 = s12 * h11 + s22 * h12;
        Expr a12 = s11 * h21 + s12 * h22, a22 = s12 * h21 + s22 * h22;
        Expr S11 = h11 * a11 + h12 * a21 + sigma_r * sigma_r;
        Expr S12 = h11 * a12 + h12 * a22;
        Expr S22 = h21 * a12 + h22 * a22 + sigma_b * sigma_b;
        Expr det = S11 * S22 - S12 * S12;
        Expr i11 = S22 / det, i12 = -S12 / det, i22 = S11 / det;
        Expr k11 = a11 * i11 + a12 * i12, k12 = a11 * i12 + a12 * i22;
        Expr k21 = a21 * i11 + a22 * i12, k22 = a21 * i12 + a22 * i22;
        Expr c11 = 1.0f - (k11 * h11 + k12 * h21), c12 = -(k11 * h12 + k12 * h22);
        Expr c21 = -(k21 * h11 + k22 * h21), c22 = 1.0f - (k21 * h12 + k22 * h22);
        Expr maha = nr * (i11 * nr + i12 * nb) + nb * (i12 * nr + i22 * nb);
        upd(p) = Tuple(std::vector<Expr>{mx + k11 * nr + k12 * nb, my + k21 * nr + k22 * nb,
                        c11 * s11 + c12 * s12, c11 * s12 + c12 * s22, c21 * s11 + c22 * s12, c21 * s12 + c22 * s22,
                        -0.5f * maha - float(std::log(2.0 * 3.14159265358979323846)) - 0.5f * log(det)});
        mean(j, p) = select(j == 0, upd(p)[0], upd(p)[1]);
        cov(j, i, p) = select(i == 0, select(j == 0, upd(p)[2], upd(p)[3]), select(j == 0, upd(p)[4], upd(p)[5]));
        logw(p) = upd(p)[6];
    }

    ekb::Kernel kernel() { return {{pose, lm, chol, z}, {mean, cov, logw}}; }
};

}  // namespace task
