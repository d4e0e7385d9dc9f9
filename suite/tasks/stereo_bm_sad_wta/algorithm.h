// Halide reference algorithm for task `stereo_bm_sad_wta`: OpenCV StereoBM with the ROS
// stereo_image_proc defaults (x-Sobel prefilter, cap 31, 15 x 15 SAD, 64 disparities,
// uniqueness 15%, sub-pixel interpolation), coordinates clamped to the image.
//   f(x, y) = clamp(Sobel-x of img, -31, 31) + 31
//   diff(x, y, d) = |fL(x, y) - fR(max(x - d, 0), y)| at clamped (x, y)
//   cost(x, y, d) = sum over the 15 x 15 window of diff (rows first: colsum, then columns)
//   (c0, m) = the first minimum over d; rejected = some |d - m| > 1 has cost <= c0 + c0*15/100
//   disp = rejected ? -16 : (m*256 + floor((cm - cp)*256 / den) + 15) >> 4   (int16)
// Halide dimension 0 is the last PyTorch dimension: left(x, y) is left[y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int D = 64, win = 15, cap = 31, uniqueness = 15;
    Halide::ImageParam left{Halide::UInt(8), 2, "left"};    // [H, W]
    Halide::ImageParam right{Halide::UInt(8), 2, "right"};  // [H, W]
    Halide::Var x{"x"}, y{"y"}, d{"d"};
    Halide::RDom rv, ru;  // the window's rows and columns (-7..7)
    Halide::RDom rd;      // the disparities (0..63)
    Halide::Func fl{"fl"}, fr{"fr"};    // the prefiltered images (int32, 0..62)
    Halide::Func diff{"diff"};          // |fl - fr shifted by d| at clamped coordinates
    Halide::Func colsum{"colsum"};      // the window's column sums
    Halide::Func cost{"cost"};          // the SAD cost volume
    Halide::Func best{"best"};          // (c0, m): the first minimum over d
    Halide::Func reject{"reject"};      // 1 where the uniqueness check fails
    Halide::Func disp{"disp"};          // the output, int16 1/16 px

    Algorithm() {
        using namespace Halide;
        Expr W = left.dim(0).extent(), H = left.dim(1).extent();
        const int h = win / 2;
        rv = RDom(-h, win, "rv");
        ru = RDom(-h, win, "ru");
        rd = RDom(0, D, "rd");
        auto prefilter = [&](ImageParam img) {
            auto at = [&](Expr xx, Expr yy) { return cast<int32_t>(img(clamp(xx, 0, W - 1), clamp(yy, 0, H - 1))); };
            Expr s = (at(x + 1, y - 1) - at(x - 1, y - 1)) + 2 * (at(x + 1, y) - at(x - 1, y)) + (at(x + 1, y + 1) - at(x - 1, y + 1));
            return clamp(s, -cap, cap) + cap;
        };
        fl(x, y) = prefilter(left);
        fr(x, y) = prefilter(right);
        Expr cx = clamp(x, 0, W - 1), cy = clamp(y, 0, H - 1);
        diff(x, y, d) = cast<int32_t>(abs(fl(cx, cy) - fr(max(cx - d, 0), cy)));
        colsum(x, y, d) = 0;
        colsum(x, y, d) += diff(x, y + rv, d);
        cost(x, y, d) = 0;
        cost(x, y, d) += colsum(x + ru, y, d);
        best(x, y) = Tuple(cost(x, y, 0), 0);
        best(x, y) = Tuple(select(cost(x, y, rd) < best(x, y)[0], cost(x, y, rd), best(x, y)[0]),
                           select(cost(x, y, rd) < best(x, y)[0], rd, best(x, y)[1]));
        Expr c0 = best(x, y)[0], m = best(x, y)[1];
        Expr thresh = c0 + (c0 * uniqueness) / 100;
        reject(x, y) = 0;
        reject(x, y) = max(reject(x, y), select((rd < m - 1 || rd > m + 1) && cost(x, y, rd) <= thresh, 1, 0));
        Expr cm = cost(x, y, clamp(select(m == 0, 1, m - 1), 0, D - 1)), cp = cost(x, y, clamp(select(m == D - 1, D - 2, m + 1), 0, D - 1));
        Expr den = cm + cp - 2 * c0 + cast<int32_t>(abs(cm - cp));
        Expr frac = select(den > 0, ((cm - cp) * 256) / max(den, 1), 0);
        disp(x, y) = cast<int16_t>(select(reject(x, y) != 0, -16, (m * 256 + frac + 15) >> 4));
    }

    ekb::Kernel kernel() { return {{left, right}, {disp}}; }
};

}  // namespace task
