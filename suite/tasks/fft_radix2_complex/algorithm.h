// Halide reference algorithm for task `fft_radix2_complex`: the iterative radix-2
// decimation-in-time FFT of complex rows, X[b, k] = sum_n x[b, n] exp(-2 pi i k n / N), for a
// power-of-two N <= 1024 (1024 % N == 0). The input is read in bit-reversed order, then
// log2(N) butterfly stages follow; stage s (span h = 2^(s-1)) maps
//   a_s[i]     = a_{s-1}[i] + w * a_{s-1}[i + h]      (i mod 2h <  h)
//   a_s[i]     = a_{s-1}[i - h] - w * a_{s-1}[i]      (i mod 2h >= h)
// with the twiddle w = exp(-i pi k / h), k = i mod h. The pipeline has the 10 stages of the
// largest N; a stage with h >= N copies its input (N is a run-time extent, the kernel is shape
// generic). Complex values are Tuples (re, im).
// Halide dimension 0 is the last PyTorch dimension: x(c, n, b) is x[b, n, c], c = 0 real, 1 imag.
#pragma once
#include <ekb/kernel.h>

#include <string>
#include <vector>

namespace task {

struct Algorithm {
    static constexpr int kMaxLog2 = 10;  // N <= 1024

    Halide::ImageParam x{Halide::Float(32), 3, "x"};  // [B, N, 2]
    Halide::Var c{"c"}, i{"i"}, b{"b"}, k{"k"};  // c: re/im, i: element, b: row, k: twiddle index
    Halide::Func input{"input"};                 // x in bit-reversed order, as (re, im)
    std::vector<Halide::Func> tw;                // tw[s - 1](k) = (cos, -sin)(pi k / h), k < h
    std::vector<Halide::Func> stage;             // stage[s](i, b), stage[0] = input
    Halide::Func X{"X"};                         // the output [B, N, 2]

    Algorithm() {
        using namespace Halide;
        Expr N = x.dim(1).extent();
        // log2(N) and the bit reversal of i over log2(N) bits.
        Expr lg = 0;
        for (int s = 1; s <= kMaxLog2; s++) lg += select(N >= (1 << s), 1, 0);
        Expr rev = 0;
        for (int bit = 0; bit < kMaxLog2; bit++) rev += ((i >> bit) & 1) << (kMaxLog2 - 1 - bit);
        rev = rev >> (kMaxLog2 - lg);
        Expr src = clamp(rev, 0, N - 1);
        input(i, b) = {x(0, src, b), x(1, src, b)};
        stage.push_back(input);
        for (int s = 1; s <= kMaxLog2; s++) {
            const int h = 1 << (s - 1);
            Func w("tw" + std::to_string(s)), st("stage" + std::to_string(s));
            const float step = float(3.14159265358979323846 / h);
            // -sin(pi k / h) = -cos(pi (h - 2k) / (2h)): two cosf calls from exact integer
            // arguments (LLVM would fuse a cos and a sin of one angle into sincosf).
            w(k) = {cos(cast<float>(k) * step), -cos(cast<float>(h - 2 * k) * (0.5f * step))};
            Func prev = stage.back();
            Expr j = i % (2 * h);
            Expr top = j < h;
            Expr kk = j % h;
            Expr lo = select(top, i, i - h), hi = select(top, i + h, i);
            lo = clamp(lo, 0, N - 1);
            hi = clamp(hi, 0, N - 1);
            Expr ar = prev(lo, b)[0], ai = prev(lo, b)[1];
            Expr br = prev(hi, b)[0], bi = prev(hi, b)[1];
            Expr wr = w(kk)[0], wi = w(kk)[1];
            Expr tr = br * wr - bi * wi, ti = br * wi + bi * wr;  // w * a[hi]
            Expr sign = select(top, 1.0f, -1.0f);
            Expr active = h < N;
            st(i, b) = {select(active, ar + sign * tr, prev(i, b)[0]),
                        select(active, ai + sign * ti, prev(i, b)[1])};
            tw.push_back(w);
            stage.push_back(st);
        }
        Func last = stage.back();
        X(c, i, b) = select(c == 0, last(i, b)[0], last(i, b)[1]);
    }

    ekb::Kernel kernel() { return {{x}, {X}}; }
};

}  // namespace task
