// Halide reference algorithm for task `rfft_real_via_half`: the FFT of real rows x [B, N]
// (N a power of two, 2 <= N <= 2048) through a complex FFT of half the length, as real-input
// FFTs on embedded targets do it (CMSIS-DSP arm_rfft_fast_f32, kissfft kiss_fftr):
//   z[m] = x[2m] + i x[2m+1], m < M = N/2                 (even/odd samples packed)
//   Z    = FFT_M(z)                                       (radix-2 DIT, bit-reversed input)
//   X[k] = E[k] + W^k O[k], k = 0 .. M,  W = exp(-2 pi i / N)
//   E[k] = (Z[k] + conj Z[M-k]) / 2,  O[k] = -i (Z[k] - conj Z[M-k]) / 2   (indices mod M)
// The complex FFT has the 10 stages of the largest M; a stage with h >= M copies its input.
// Complex values are Tuples (re, im).
// Halide dimension 0 is the last PyTorch dimension: x(n, b) is x[b, n]; X(c, k, b) is X[b, k, c].
#pragma once
#include <ekb/kernel.h>

#include <string>
#include <vector>

namespace task {

struct Algorithm {
    static constexpr int kMaxLog2 = 10;  // M = N / 2 <= 1024

    Halide::ImageParam x{Halide::Float(32), 2, "x"};  // [B, N]
    Halide::Var c{"c"}, i{"i"}, b{"b"}, k{"k"};  // c: re/im, i: element, b: row, k: bin / twiddle
    Halide::Func input{"input"};                 // z in bit-reversed order, as (re, im)
    std::vector<Halide::Func> tw;                // tw[s - 1](k) = (cos, -sin)(pi k / h), k < h
    std::vector<Halide::Func> stage;             // stage[s](i, b), stage[0] = input
    Halide::Func split_tw{"split_tw"};           // W^k = (cos, -sin)(2 pi k / N), k <= M
    Halide::Func spec{"spec"};                   // X[k] as (re, im), k = 0 .. M
    Halide::Func X{"X"};                         // the output [B, M + 1, 2]

    Algorithm() {
        using namespace Halide;
        Expr N = x.dim(0).extent();
        Expr M = N / 2;
        Expr lg = 0;
        for (int s = 1; s <= kMaxLog2; s++) lg += select(M >= (1 << s), 1, 0);
        Expr rev = 0;
        for (int bit = 0; bit < kMaxLog2; bit++) rev += ((i >> bit) & 1) << (kMaxLog2 - 1 - bit);
        rev = rev >> (kMaxLog2 - lg);
        Expr src = clamp(rev, 0, M - 1);
        input(i, b) = {x(2 * src, b), x(2 * src + 1, b)};
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
            Expr lo = clamp(select(top, i, i - h), 0, M - 1);
            Expr hi = clamp(select(top, i + h, i), 0, M - 1);
            Expr ar = prev(lo, b)[0], ai = prev(lo, b)[1];
            Expr br = prev(hi, b)[0], bi = prev(hi, b)[1];
            Expr wr = w(kk)[0], wi = w(kk)[1];
            Expr tr = br * wr - bi * wi, ti = br * wi + bi * wr;
            Expr sign = select(top, 1.0f, -1.0f);
            Expr active = h < M;
            st(i, b) = {select(active, ar + sign * tr, prev(i, b)[0]),
                        select(active, ai + sign * ti, prev(i, b)[1])};
            tw.push_back(w);
            stage.push_back(st);
        }
        Func Z = stage.back();
        // W^k = (cos, -sin)(2 pi k / N); the sine as cos(pi (N - 4k) / (2N)) from exact integers
        // (two cosf calls: LLVM would fuse a cos and a sin of one angle into sincosf).
        Expr unit = float(3.14159265358979323846 / 2) / cast<float>(N);
        split_tw(k) = {cos(cast<float>(4 * k) * unit), -cos(cast<float>(N - 4 * k) * unit)};
        Expr k1 = clamp(k % M, 0, M - 1), k2 = clamp((M - k) % M, 0, M - 1);
        Expr zr = Z(k1, b)[0], zi = Z(k1, b)[1];
        Expr cr = Z(k2, b)[0], ci = -Z(k2, b)[1];          // conj Z[M - k]
        Expr er = 0.5f * (zr + cr), ei = 0.5f * (zi + ci);  // E
        Expr orr = 0.5f * (zi - ci), oi = -0.5f * (zr - cr);  // O = -i (Z - conj) / 2
        Expr wr = split_tw(k)[0], wi = split_tw(k)[1];
        spec(k, b) = {er + (wr * orr - wi * oi), ei + (wr * oi + wi * orr)};
        X(c, k, b) = select(c == 0, spec(k, b)[0], spec(k, b)[1]);
    }

    ekb::Kernel kernel() { return {{x}, {X}}; }
};

}  // namespace task
