// Halide reference algorithm for task `cholesky_solve6x6`: H = A A^T + lambda I per batch entry,
// Cholesky H = L L^T (column by column), L y = rhs (forward), L^T x = y (backward). Every
// scalar of the factorization is its own Func of the batch index b, so the sequential
// dependencies are plain Func calls: l[i][j](b) (i >= j) with the reciprocal diagonal
// rd[j](b) = 1 / L[j][j], y[i](b), xs[i](b). The output selects xs[i] by row.
// Halide dimension 0 is the last PyTorch dimension: A(k, r, b) is A[b, r, k], rhs(i, b) is
// rhs[b, i] and x(i, b) is x[b, i].
#pragma once
#include <ekb/kernel.h>

#include <string>
#include <vector>

namespace task {

struct Algorithm {
    static constexpr int n = 6;
    Halide::ImageParam A{Halide::Float(32), 3, "A"};    // [B, 6, 6]
    Halide::ImageParam rhs{Halide::Float(32), 2, "rhs"};  // [B, 6]
    Halide::Var c{"c"}, r{"r"}, i{"i"}, b{"b"};
    Halide::Func H{"H"};                   // H(c, r, b) = (A A^T)[r, c] + lambda [r == c]
    std::vector<std::vector<Halide::Func>> l;  // l[i][j], j <= i: the Cholesky factor
    std::vector<Halide::Func> rd;          // rd[j] = 1 / l[j][j]
    std::vector<Halide::Func> y;           // the forward substitution
    std::vector<Halide::Func> xs;          // the back substitution
    Halide::Func x{"x"};                   // the output

    Algorithm() {
        using namespace Halide;
        const float damping = 0.5f;  // = get_init_inputs() in reference.py
        Expr hs = 0.0f;
        for (int k = 0; k < n; k++) hs += A(k, r, b) * A(k, c, b);
        H(c, r, b) = hs + select(r == c, damping, 0.0f);
        l.assign(n, std::vector<Func>(n));
        rd.resize(n);
        y.resize(n);
        xs.resize(n);
        for (int jj = 0; jj < n; jj++) {
            Expr dsum = H(jj, jj, b);
            for (int k = 0; k < jj; k++) dsum -= l[jj][k](b) * l[jj][k](b);
            l[jj][jj] = Func("l" + std::to_string(jj) + std::to_string(jj));
            l[jj][jj](b) = sqrt(dsum);
            rd[jj] = Func("rd" + std::to_string(jj));
            rd[jj](b) = 1.0f / l[jj][jj](b);
            for (int ii = jj + 1; ii < n; ii++) {
                Expr s = H(jj, ii, b);
                for (int k = 0; k < jj; k++) s -= l[ii][k](b) * l[jj][k](b);
                l[ii][jj] = Func("l" + std::to_string(ii) + std::to_string(jj));
                l[ii][jj](b) = s * rd[jj](b);
            }
        }
        for (int ii = 0; ii < n; ii++) {
            Expr s = rhs(ii, b);
            for (int k = 0; k < ii; k++) s -= l[ii][k](b) * y[k](b);
            y[ii] = Func("y" + std::to_string(ii));
            y[ii](b) = s * rd[ii](b);
        }
        for (int ii = n - 1; ii >= 0; ii--) {
            Expr s = y[ii](b);
            for (int k = ii + 1; k < n; k++) s -= l[k][ii](b) * xs[k](b);
            xs[ii] = Func("xs" + std::to_string(ii));
            xs[ii](b) = s * rd[ii](b);
        }
        Expr v = xs[n - 1](b);
        for (int ii = n - 2; ii >= 0; ii--) v = select(i == ii, xs[ii](b), v);
        x(i, b) = v;
    }

    // Every scalar stage, in definition order (for schedules that treat them alike).
    std::vector<Halide::Func> scalar_stages() const {
        std::vector<Halide::Func> out;
        for (int jj = 0; jj < n; jj++) {
            out.push_back(l[jj][jj]);
            out.push_back(rd[jj]);
            for (int ii = jj + 1; ii < n; ii++) out.push_back(l[ii][jj]);
        }
        for (int ii = 0; ii < n; ii++) out.push_back(y[ii]);
        for (int ii = n - 1; ii >= 0; ii--) out.push_back(xs[ii]);
        return out;
    }

    ekb::Kernel kernel() { return {{A, rhs}, {x}}; }
};

}  // namespace task
