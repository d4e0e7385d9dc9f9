// Halide reference algorithm for task `jpeg_encode_front_islow`: libjpeg's encoder front end
// (jccolor.c RGB -> YCbCr, jcsample.c h2v2 chroma downsampling, jcdctmgr.c level shift and
// quantization, jfdctint.c islow DCT) on an interleaved RGB frame, 4:2:0, all integer.
//   luma(x, y)    = (19595 R + 38470 G + 7471 B + 32768) >> 16
//   chroma(x, y, k) k = 0: Cb = (-11059 R - 21709 G + 32768 B + (128 << 16) + 32767) >> 16,
//                   k = 1: Cr = (32768 R - 27439 G - 5329 B + (128 << 16) + 32767) >> 16
//   cds(x, y, k)  = (sum of chroma's 2x2 block + 1 + x % 2) >> 2
//   row_l(u, v, bx, by)  islow pass 1 over row v of block (bx, by) of luma - 128 (output u)
//   col_l(u, v, bx, by)  islow pass 2 over column u of row_l (output v)
//   y_coef(i, bx, by)    = quant(col_l(i % 8, i / 8, bx, by), 8 qt(i, 0)), likewise chroma
//   quant(c, q) = sign(c) ((|c| + q / 2) / q)
// Halide dimension 0 is the last PyTorch dimension: rgb(c, x, y) is rgb[y, x, c], qt(i, t) is
// qt[t, i], y_coef(i, bx, by) is y_coef[by, bx, i], c_coef(i, bx, by, k) is c_coef[k, by, bx, i].
#pragma once
#include <ekb/kernel.h>

#include <vector>

namespace task {

constexpr int kConstBits = 13, kPass1Bits = 2;

inline Halide::Expr descale(Halide::Expr x, int n) { return (x + (1 << (n - 1))) >> n; }

// jpeg_fdct_islow's butterfly on d[0..7]; first = the row pass, else the column pass.
inline std::vector<Halide::Expr> dct_1d(const std::vector<Halide::Expr> &d, bool first) {
    using Halide::Expr;
    Expr tmp0 = d[0] + d[7], tmp7 = d[0] - d[7], tmp1 = d[1] + d[6], tmp6 = d[1] - d[6];
    Expr tmp2 = d[2] + d[5], tmp5 = d[2] - d[5], tmp3 = d[3] + d[4], tmp4 = d[3] - d[4];
    Expr tmp10 = tmp0 + tmp3, tmp13 = tmp0 - tmp3, tmp11 = tmp1 + tmp2, tmp12 = tmp1 - tmp2;
    const int sh = first ? kConstBits - kPass1Bits : kConstBits + kPass1Bits;
    std::vector<Expr> o(8);
    if (first) {
        o[0] = (tmp10 + tmp11) << kPass1Bits;
        o[4] = (tmp10 - tmp11) << kPass1Bits;
    } else {
        o[0] = descale(tmp10 + tmp11, kPass1Bits);
        o[4] = descale(tmp10 - tmp11, kPass1Bits);
    }
    Expr z1 = (tmp12 + tmp13) * 4433;
    o[2] = descale(z1 + tmp13 * 6270, sh);
    o[6] = descale(z1 + tmp12 * (-15137), sh);
    z1 = tmp4 + tmp7;
    Expr z2 = tmp5 + tmp6, z3 = tmp4 + tmp6, z4 = tmp5 + tmp7;
    Expr z5 = (z3 + z4) * 9633;
    tmp4 = tmp4 * 2446;
    tmp5 = tmp5 * 16819;
    tmp6 = tmp6 * 25172;
    tmp7 = tmp7 * 12299;
    z1 = z1 * (-7373);
    z2 = z2 * (-20995);
    z3 = z3 * (-16069) + z5;
    z4 = z4 * (-3196) + z5;
    o[7] = descale(tmp4 + z1 + z3, sh);
    o[5] = descale(tmp5 + z2 + z4, sh);
    o[3] = descale(tmp6 + z2 + z3, sh);
    o[1] = descale(tmp7 + z1 + z4, sh);
    return o;
}

inline Halide::Expr quant(Halide::Expr c, Halide::Expr q) {
    using namespace Halide;
    Expr mag = cast<int32_t>(abs(c));  // abs of an Int(32) is a UInt(32); |c| < 2^31 here
    Expr mi = (mag + (q >> 1)) / q;
    return cast<int16_t>(select(c < 0, -mi, mi));
}

struct Algorithm {
    Halide::ImageParam rgb{Halide::UInt(8), 3, "rgb"};  // [H, W, 3]
    Halide::ImageParam qt{Halide::Int(32), 2, "qt"};    // [2, 64]: luma, chroma tables
    Halide::Var x{"x"}, y{"y"}, k{"k"}, u{"u"}, v{"v"}, bx{"bx"}, by{"by"}, i{"i"};
    Halide::Func luma{"luma"};      // (x, y) int32
    Halide::Func chroma{"chroma"};  // (x, y, k) int32 full resolution
    Halide::Func cds{"cds"};        // (x, y, k) int32 downsampled
    Halide::Func row_l{"row_l"}, col_l{"col_l"};  // (u, v, bx, by) the DCT passes, luma
    Halide::Func row_c{"row_c"}, col_c{"col_c"};  // (u, v, bx, by, k) the DCT passes, chroma
    Halide::Func y_coef{"y_coef"};  // (i, bx, by) int16 output
    Halide::Func c_coef{"c_coef"};  // (i, bx, by, k) int16 output

    Algorithm() {
        using namespace Halide;
        Expr R = cast<int32_t>(rgb(0, x, y)), G = cast<int32_t>(rgb(1, x, y)), B = cast<int32_t>(rgb(2, x, y));
        luma(x, y) = (19595 * R + 38470 * G + 7471 * B + 32768) >> 16;
        chroma(x, y, k) = select(k == 0, -11059 * R - 21709 * G + 32768 * B + ((128 << 16) + 32767),
                                 32768 * R - 27439 * G - 5329 * B + ((128 << 16) + 32767)) >> 16;
        cds(x, y, k) = (chroma(2 * x, 2 * y, k) + chroma(2 * x + 1, 2 * y, k) + chroma(2 * x, 2 * y + 1, k) +
                        chroma(2 * x + 1, 2 * y + 1, k) + 1 + x % 2) >> 2;
        std::vector<Expr> dl, dc;
        for (int j = 0; j < 8; j++) {
            dl.push_back(luma(8 * bx + j, 8 * by + v) - 128);
            dc.push_back(cds(8 * bx + j, 8 * by + v, k) - 128);
        }
        row_l(u, v, bx, by) = mux(u, dct_1d(dl, true));
        row_c(u, v, bx, by, k) = mux(u, dct_1d(dc, true));
        std::vector<Expr> el, ec;
        for (int j = 0; j < 8; j++) {
            el.push_back(row_l(u, j, bx, by));
            ec.push_back(row_c(u, j, bx, by, k));
        }
        col_l(u, v, bx, by) = mux(v, dct_1d(el, false));
        col_c(u, v, bx, by, k) = mux(v, dct_1d(ec, false));
        y_coef(i, bx, by) = quant(col_l(i % 8, i / 8, bx, by), qt(i, 0) * 8);
        c_coef(i, bx, by, k) = quant(col_c(i % 8, i / 8, bx, by, k), qt(i, 1) * 8);
    }

    ekb::Kernel kernel() { return {{rgb, qt}, {y_coef, c_coef}}; }
};

}  // namespace task
