// Halide reference algorithm for task `orb_rbrief_match`: ORB descriptors (intensity-
// centroid orientation quantized to 30 bins, rotated BRIEF on 5x5 sub-window sums, all in
// integers) of two frames' keypoints and brute-force Hamming matching.
//   per keypoint: (m10, m01) = sum over the radius-15 circular patch of (u, v) * img
//   bin = the first k maximizing m10 COS[k] + m01 SIN[k] (int64)
//   rotated pattern offset: ((px C - py S + 8192) >> 14, (px S + py C + 8192) >> 14)
//   bit i = box(p1_i) < box(p2_i) (5x5 sums, clamped), byte j = sum_t bit(8 j + t) << t
//   dist(j, k) = Hamming(desc1[k], desc2[j]); match[k], dist[k] = the first minimum over j
// Halide dimension 0 is the last PyTorch dimension: img1(x, y) is img1[y, x], kp1(c, k) is
// kp1[k, c], pattern(c, i) is pattern[i, c], desc1(j, k) is desc1[k, j].
#pragma once
#include <ekb/kernel.h>

namespace task {

// The number of set bits of a uint32, the SWAR way of ORB-SLAM2's DescriptorDistance (Halide
// 14's OpenCL backend emits an undefined halide_popcount for popcount()).
inline Halide::Expr swar_popcount(Halide::Expr v) {
    using Halide::cast;
    v = v - ((v >> 1) & cast<uint32_t>(0x55555555));
    v = (v & cast<uint32_t>(0x33333333)) + ((v >> 2) & cast<uint32_t>(0x33333333));
    return cast<int32_t>((((v + (v >> 4)) & cast<uint32_t>(0x0F0F0F0F)) * cast<uint32_t>(0x01010101)) >> 24);
}

struct Algorithm {
    static constexpr int COS[30] = {16384, 16026, 14968, 13255, 10963, 8192, 5063, 1713, -1713, -5063,
                                    -8192, -10963, -13255, -14968, -16026, -16384, -16026, -14968, -13255, -10963,
                                    -8192, -5063, -1713, 1713, 5063, 8192, 10963, 13255, 14968, 16026};
    static constexpr int SIN[30] = {0, 3406, 6664, 9630, 12176, 14189, 15582, 16294, 16294, 15582,
                                    14189, 12176, 9630, 6664, 3406, 0, -3406, -6664, -9630, -12176,
                                    -14189, -15582, -16294, -16294, -15582, -14189, -12176, -9630, -6664, -3406};
    static constexpr int UMAX[16] = {15, 15, 15, 15, 14, 14, 14, 13, 13, 12, 11, 10, 9, 8, 6, 3};
    Halide::ImageParam img1{Halide::UInt(8), 2, "img1"}, img2{Halide::UInt(8), 2, "img2"};  // [H, W]
    Halide::ImageParam kp1{Halide::Int(32), 2, "kp1"}, kp2{Halide::Int(32), 2, "kp2"};      // [K, 2] (x, y)
    Halide::ImageParam pattern{Halide::Int(32), 2, "pattern"};                              // [256, 4]
    // x, y: pixels, k: a keypoint, j: a descriptor byte or a frame-2 keypoint, i: a test.
    Halide::Var x{"x"}, y{"y"}, k{"k"}, j{"j"}, i{"i"};
    Halide::RDom rpatch;  // the 31 x 31 square around a keypoint (masked to the circle)
    Halide::RDom rbin;    // the 30 orientation bins
    Halide::RDom rbox;    // the 5 x 5 sub-window
    Halide::RDom rbyte;   // the 32 descriptor bytes
    Halide::RDom rmatch;  // the frame-2 keypoints
    // Per frame: the moments, the orientation bin, the box sums and the descriptor.
    struct Frame {
        Halide::Func mom, bin, box, bits, desc;
    };
    Frame f1, f2;
    Halide::Func dist{"dist"}, best{"best"}, desc1{"desc1"}, match{"match"}, mdist{"mdist"};

    void describe(Frame &f, const std::string &p, Halide::ImageParam img, Halide::ImageParam kp) {
        using namespace Halide;
        f.mom = Func(p + "mom");
        f.bin = Func(p + "bin");
        f.box = Func(p + "box");
        f.bits = Func(p + "bits");
        f.desc = Func(p + "desc");
        Expr W = img.dim(0).extent(), H = img.dim(1).extent();
        Expr kx = kp(0, k) % W, ky = kp(1, k) % H;
        auto at = [&](Expr xx, Expr yy) { return cast<int32_t>(img(clamp(xx, 0, W - 1), clamp(yy, 0, H - 1))); };
        std::vector<Expr> um;
        for (int v = 0; v < 16; v++) um.push_back(UMAX[v]);
        Expr u = rpatch.x, v = rpatch.y;
        Expr in = cast<int32_t>(abs(u)) <= mux(cast<int32_t>(abs(v)), um);
        Expr val = select(in, at(kx + u, ky + v), 0);
        f.mom(k) = Tuple(0, 0);
        f.mom(k) = Tuple(f.mom(k)[0] + u * val, f.mom(k)[1] + v * val);
        std::vector<Expr> cs, sn;
        for (int b = 0; b < 30; b++) {
            cs.push_back(cast<int64_t>(COS[b]));
            sn.push_back(cast<int64_t>(SIN[b]));
        }
        Expr dot = cast<int64_t>(f.mom(k)[0]) * mux(rbin, cs) + cast<int64_t>(f.mom(k)[1]) * mux(rbin, sn);
        f.bin(k) = Tuple(cast<int64_t>(f.mom(k)[0]) * cs[0] + cast<int64_t>(f.mom(k)[1]) * sn[0], 0);
        f.bin(k) = Tuple(select(dot > f.bin(k)[0], dot, f.bin(k)[0]), select(dot > f.bin(k)[0], rbin, f.bin(k)[1]));
        f.box(x, y) = 0;
        f.box(x, y) += at(x + rbox.x, y + rbox.y);
        std::vector<Expr> ci, si;
        for (int b = 0; b < 30; b++) {
            ci.push_back(COS[b]);
            si.push_back(SIN[b]);
        }
        Expr b = f.bin(k)[1];
        Expr C = mux(b, ci), S = mux(b, si);
        auto sample = [&](Expr ox, Expr oy) {
            Expr rx = (ox * C - oy * S + 8192) >> 14, ry = (ox * S + oy * C + 8192) >> 14;
            return f.box(clamp(kx + rx, 0, W - 1), clamp(ky + ry, 0, H - 1));
        };
        f.bits(i, k) = select(sample(pattern(0, i), pattern(1, i)) < sample(pattern(2, i), pattern(3, i)), 1, 0);
        Expr byte = f.bits(8 * j, k);
        for (int t = 1; t < 8; t++) byte = byte + (f.bits(8 * j + t, k) << t);
        f.desc(j, k) = cast<uint8_t>(byte);
    }

    Algorithm() {
        using namespace Halide;
        rpatch = RDom(-15, 31, -15, 31, "rpatch");
        rbin = RDom(1, 29, "rbin");
        rbox = RDom(-2, 5, -2, 5, "rbox");
        rbyte = RDom(0, 32, "rbyte");
        rmatch = RDom(0, kp2.dim(1).extent(), "rmatch");
        describe(f1, "f1_", img1, kp1);
        describe(f2, "f2_", img2, kp2);
        dist(j, k) = 0;
        dist(j, k) += swar_popcount(cast<uint32_t>(f1.desc(rbyte, k) ^ f2.desc(rbyte, j)));
        best(k) = Tuple(dist(0, k), 0);
        best(k) = Tuple(select(dist(rmatch, k) < best(k)[0], dist(rmatch, k), best(k)[0]),
                        select(dist(rmatch, k) < best(k)[0], rmatch, best(k)[1]));
        desc1(j, k) = f1.desc(j, k);
        match(k) = best(k)[1];
        mdist(k) = best(k)[0];
    }

    ekb::Kernel kernel() { return {{img1, img2, kp1, kp2, pattern}, {desc1, match, mdist}}; }
};

}  // namespace task
