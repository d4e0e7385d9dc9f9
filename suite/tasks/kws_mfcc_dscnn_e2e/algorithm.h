// Halide reference algorithm for task `kws_mfcc_dscnn_e2e`: MLPerf Tiny KWS from the waveform:
//   frame(n, t) = wav[320 t + n] window[n]                      n < 480, t < T
//   re, im = the 512-point DFT of the zero-padded frame at bins k < 257; mag = sqrt(re^2 + im^2)
//   logmel(m, t) = log(sum_k mel_w[k, m] mag(k, t) + 1e-6)
//   mfcc(kc, t)  = sqrt(2 / M) sum_m logmel(m, t) cos(pi kc (2m + 1) / (2M))    kc < 10
//   x = mfcc as an image (col = kc, row = t), zero outside [0, 10) x [0, T)
//   a0 = ReLU(b1 + sum w1 x(2 col + kx - 1, 2 row + ky - 4))    10x4 stride 2 'same'
//   block i: d = ReLU(dw_b + depthwise3x3(a_i, pad 1)), a_{i+1} = ReLU(pw_b + conv1x1(d))
//   logits = fc_b + fc_w mean(a_4)
// The DFT and DCT angles are reduced to [0, 2 pi) with integer index arithmetic, so float32
// keeps them accurate. Halide dimension 0 is the last PyTorch dimension: wav(s, 0) is
// wav[0, s], mel_w(m, k) is mel_w[k, m], w1(kx, ky, 0, c) is w1[c, 0, ky, kx],
// dw_w(kx, ky, 0, c, i) is dw_w[i, c, 0, ky, kx], logits(k, 0) is logits[0, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int frame_len = 480, hop = 320, n_fft = 512, bins = 257, n_mfcc = 10;
    static constexpr int blocks = 4;  // the depthwise-separable blocks (dw_w's first dimension)

    Halide::ImageParam wav{Halide::Float(32), 2, "wav"};        // [1, 320 T + 160]
    Halide::ImageParam window{Halide::Float(32), 1, "window"};  // [480]
    Halide::ImageParam mel_w{Halide::Float(32), 2, "mel_w"};    // [257, M]
    Halide::ImageParam w1{Halide::Float(32), 4, "w1"};          // [C, 1, 10, 4]
    Halide::ImageParam b1{Halide::Float(32), 1, "b1"};          // [C]
    Halide::ImageParam dw_w{Halide::Float(32), 5, "dw_w"};      // [4, C, 1, 3, 3]
    Halide::ImageParam dw_b{Halide::Float(32), 2, "dw_b"};      // [4, C]
    Halide::ImageParam pw_w{Halide::Float(32), 5, "pw_w"};      // [4, C, C, 1, 1]
    Halide::ImageParam pw_b{Halide::Float(32), 2, "pw_b"};      // [4, C]
    Halide::ImageParam fc_w{Halide::Float(32), 2, "fc_w"};      // [N, C]
    Halide::ImageParam fc_b{Halide::Float(32), 1, "fc_b"};      // [N]
    // n: a sample of a frame, k: a DFT bin (or a class), t: a frame, m: a mel bin, j: a
    // twiddle index, kc: an MFCC coefficient; col, row, c, b: the DS-CNN maps (W1, H1, C, batch).
    Halide::Var n{"n"}, k{"k"}, t{"t"}, m{"m"}, j{"j"}, kc{"kc"};
    Halide::Var col{"col"}, row{"row"}, c{"c"}, b{"b"};
    Halide::RDom rn;  // the 480 samples of a frame
    Halide::RDom rk;  // the 257 bins
    Halide::RDom rm;  // the M mel bins
    Halide::RDom r1;  // the 10x4 taps of conv1: r1.x over columns (4), r1.y over rows (10)
    Halide::RDom r3;  // the 3x3 depthwise taps
    Halide::RDom rc;  // the channels of the pointwise convs and of the FC
    Halide::RDom rp;  // the pixels of the pool
    Halide::Func frame{"frame"};                          // the windowed frames
    Halide::Func cos_tab{"cos_tab"}, sin_tab{"sin_tab"};  // cos, sin of 2 pi j / 512
    Halide::Func cos_tw{"cos_tw"}, sin_tw{"sin_tw"};      // the twiddles of (n, k)
    Halide::Func re{"re"}, im{"im"};                      // the DFT sums
    Halide::Func mag{"mag"};                              // |X|
    Halide::Func mel{"mel"};                              // mag mel_w: the reduction over rk
    Halide::Func logmel{"logmel"};                        // log(mel + 1e-6)
    Halide::Func dct{"dct"};                              // cos(pi kc (2m + 1) / (2M))
    Halide::Func mfcc_sum{"mfcc_sum"};                    // the DCT sum over rm
    Halide::Func mfcc{"mfcc"};                            // sqrt(2 / M) mfcc_sum
    Halide::Func x_padded{"x_padded"};                    // the MFCC image, zero padded
    Halide::Func conv1{"conv1"};                          // the 10x4 stride-2 conv: reduction over r1
    Halide::Func a0{"a0"};                                // ReLU(conv1 + b1)
    std::vector<Halide::Func> a_padded, dw, d, pw, act;   // per block (act[i] is a_{i+1})
    Halide::Func pool_sum{"pool_sum"};                    // the sum of a_4 over the pixels
    Halide::Func pool{"pool"};                            // its mean
    Halide::Func fc{"fc"};                                // fc_w pool: reduction over rc
    Halide::Func logits{"logits"};                        // fc + fc_b: the output

    Algorithm() {
        using namespace Halide;
        Expr T = (wav.dim(0).extent() - frame_len) / hop + 1;
        Expr M = mel_w.dim(0).extent();
        Expr C = w1.dim(3).extent();
        Expr W1 = (n_mfcc + 1) / 2, H1 = (T + 1) / 2;
        rn = RDom(0, frame_len, "rn");
        rk = RDom(0, bins, "rk");
        rm = RDom(0, M, "rm");
        r1 = RDom(0, 4, 0, 10, "r1");
        r3 = RDom(0, 3, 0, 3, "r3");
        rc = RDom(0, C, "rc");
        rp = RDom(0, W1, 0, H1, "rp");

        frame(n, t) = wav(hop * t + n, 0) * window(n);
        Expr w = float(2.0 * 3.14159265358979323846 / n_fft);
        cos_tab(j) = cos(cast<float>(j) * w);
        sin_tab(j) = sin(cast<float>(j) * w);
        cos_tw(n, k) = cos_tab((k * n) % n_fft);
        sin_tw(n, k) = sin_tab((k * n) % n_fft);
        re(k, t) = 0.0f;
        re(k, t) += frame(rn, t) * cos_tw(rn, k);
        im(k, t) = 0.0f;
        im(k, t) -= frame(rn, t) * sin_tw(rn, k);
        mag(k, t) = sqrt(re(k, t) * re(k, t) + im(k, t) * im(k, t));
        mel(m, t) = 0.0f;
        mel(m, t) += mel_w(m, rk) * mag(rk, t);
        logmel(m, t) = log(mel(m, t) + 1e-6f);
        // cos(pi kc (2m + 1) / (2M)) = cos(2 pi ((kc (2m + 1)) mod 4M) / 4M)
        Expr q = (kc * (2 * m + 1)) % (4 * M);
        dct(m, kc) = cos(cast<float>(q) * (float(2.0 * 3.14159265358979323846) / cast<float>(4 * M)));
        mfcc_sum(kc, t) = 0.0f;
        mfcc_sum(kc, t) += logmel(rm, t) * dct(rm, kc);
        mfcc(kc, t) = mfcc_sum(kc, t) * sqrt(2.0f / cast<float>(M));

        x_padded(col, row) = select(col >= 0 && col < n_mfcc && row >= 0 && row < T,
                                    mfcc(clamp(col, 0, n_mfcc - 1), clamp(row, 0, T - 1)), 0.0f);
        conv1(col, row, c, b) = 0.0f;
        conv1(col, row, c, b) += w1(r1.x, r1.y, 0, c) * x_padded(2 * col + r1.x - 1, 2 * row + r1.y - 4);
        a0(col, row, c, b) = max(conv1(col, row, c, b) + b1(c), 0.0f);
        Func a = a0;
        for (int i = 0; i < blocks; i++) {
            const std::string s = std::to_string(i);
            a_padded.emplace_back("a_padded_" + s);
            dw.emplace_back("dw_" + s);
            d.emplace_back("d_" + s);
            pw.emplace_back("pw_" + s);
            act.emplace_back("a_" + std::to_string(i + 1));
            a_padded[i](col, row, c, b) = BoundaryConditions::constant_exterior(a, 0.0f, {{0, W1}, {0, H1}})(col, row, c, b);
            dw[i](col, row, c, b) = 0.0f;
            dw[i](col, row, c, b) += dw_w(r3.x, r3.y, 0, c, i) * a_padded[i](col + r3.x - 1, row + r3.y - 1, c, b);
            d[i](col, row, c, b) = max(dw[i](col, row, c, b) + dw_b(c, i), 0.0f);
            pw[i](col, row, c, b) = 0.0f;
            pw[i](col, row, c, b) += pw_w(0, 0, rc, c, i) * d[i](col, row, rc, b);
            act[i](col, row, c, b) = max(pw[i](col, row, c, b) + pw_b(c, i), 0.0f);
            a = act[i];
        }
        pool_sum(c, b) = 0.0f;
        pool_sum(c, b) += a(rp.x, rp.y, c, b);
        pool(c, b) = pool_sum(c, b) / cast<float>(W1 * H1);
        fc(k, b) = 0.0f;
        fc(k, b) += fc_w(rc, k) * pool(rc, b);
        logits(k, b) = fc(k, b) + fc_b(k);
    }

    ekb::Kernel kernel() { return {{wav, window, mel_w, w1, b1, dw_w, dw_b, pw_w, pw_b, fc_w, fc_b}, {logits}}; }
};

}  // namespace task
