// Halide reference algorithm for task `pan_tompkins_qrs`: the Pan-Tompkins QRS detector on
// one ECG lead, int32 throughout (every value fits: |lp| <= 1152, |hp| <= 2304, |d| <= 1728,
// the window sum of d^2 <= 9e7).
//   lp(n)  = (sum_i c_i x(n-i)) >> 5, c = 1 2 3 4 5 6 5 4 3 2 1
//   hp(n)  = (32 lp(n-16) - S32(lp)(n)) >> 5        S_L(v)(n) = sum_{i<L} v(n-i)
//   d(n)   = (2 hp(n) + hp(n-1) - hp(n-3) - 2 hp(n-4)) >> 3
//   mwi(n) = S_W(d^2)(n) / W
// x is 0 before the start, so every stage is 0 there too (each is a sum of zeros). The
// running sums S_L are written as the direct L-term sums; Algorithm(true) builds them
// instead as sums of power-of-two blocks (S2 = v + v(n-1), S4 = S2 + S2(n-2), ...; S30 =
// S16 + S8(n-16) + S4(n-24) + S2(n-28)), the same integers in log2(L) adds, for schedules.
// The decision logic is one scan st(n) over the samples, a Tuple (spk, npk, last QRS, thr,
// qrs flag), each step reading the step before (the initial state from state0): a local
// maximum of mwi above thr and at least REFR samples after the last QRS is a QRS, any other
// local maximum updates the noise level.
// Halide dimension 0 is the last PyTorch dimension: x(n, b) is x[b, n], state0(j, b) is
// state0[b, j].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr int kWindow = 30;      // moving-window integration: 150 ms at 200 Hz
constexpr int kRefractory = 40;  // 200 ms at 200 Hz

struct Algorithm {
    Halide::ImageParam x{Halide::Int(32), 2, "x"};            // [1, T]
    Halide::ImageParam state0{Halide::Int(32), 2, "state0"};  // [1, 2]: spk0, npk0
    Halide::Var n{"n"}, b{"b"};
    Halide::RDom rt;  // the samples, in time order (the scan)
    Halide::Func xi{"xi"}, lp{"lp"}, hp{"hp"}, d{"d"}, sq{"sq"}, mwi_i{"mwi_i"};
    Halide::Func st{"st"};
    Halide::Func mwi{"mwi"}, qrs{"qrs"}, thr{"thr"};
    std::vector<Halide::Func> blocks;  // the power-of-two block sums of Algorithm(true)

    // S_L(v)(n): the direct sum, or (tree) sums of power-of-two blocks.
    Halide::Expr running_sum(Halide::Func v, int L, bool tree, const std::string &name) {
        using namespace Halide;
        if (!tree) {
            Expr s = v(n);
            for (int i = 1; i < L; i++) s = s + v(n - i);
            return s;
        }
        std::vector<Func> pow2 = {v};  // pow2[j] = S_{2^j}
        for (int j = 1; (1 << j) <= L; j++) {
            Func f(name + "_s" + std::to_string(1 << j));
            f(n) = pow2[j - 1](n) + pow2[j - 1](n - (1 << (j - 1)));
            pow2.push_back(f);
            blocks.push_back(f);
        }
        Expr s;
        int off = 0;
        for (int j = int(pow2.size()) - 1; j >= 0; j--) {
            if (!(L & (1 << j))) continue;
            Expr term = pow2[j](n - off);
            s = s.defined() ? s + term : term;
            off += 1 << j;
        }
        return s;
    }

    explicit Algorithm(bool tree = false) {
        using namespace Halide;
        Expr T = x.dim(0).extent();
        rt = RDom(0, T, "rt");
        xi(n) = select(n >= 0 && n < T, cast<int32_t>(x(clamp(n, 0, T - 1), 0)), 0);
        const int c[11] = {1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1};
        Expr l = xi(n);
        for (int i = 1; i < 11; i++) l = l + c[i] * xi(n - i);
        lp(n) = l >> 5;
        hp(n) = (32 * lp(n - 16) - running_sum(lp, 32, tree, "lp")) >> 5;
        d(n) = (2 * hp(n) + hp(n - 1) - hp(n - 3) - 2 * hp(n - 4)) >> 3;
        sq(n) = d(n) * d(n);
        mwi_i(n) = running_sum(sq, kWindow, tree, "sq") / kWindow;
        // The decision scan: (spk, npk, last, thr, qrs) after sample n.
        Expr spk0 = state0(0, 0), npk0 = state0(1, 0);
        st(n) = Tuple(0, 0, 0, 0, 0);
        Expr r = rt;
        Expr first = r == 0, rp = max(r - 1, 0);
        Expr spk = select(first, spk0, st(rp)[0]);
        Expr npk = select(first, npk0, st(rp)[1]);
        Expr last = select(first, -(1 << 20), st(rp)[2]);
        Expr th = select(first, npk0 + ((spk0 - npk0) >> 2), st(rp)[3]);
        Expr m = mwi_i(r);
        Expr peak = r >= 1 && r <= T - 2 && m > mwi_i(r - 1) && m >= mwi_i(r + 1);
        Expr is_qrs = peak && m > th && r - last >= kRefractory;
        Expr is_noise = peak && !is_qrs;
        Expr spk_n = select(is_qrs, (m + 7 * spk) >> 3, spk);
        Expr npk_n = select(is_noise, (m + 7 * npk) >> 3, npk);
        Expr th_n = select(peak, npk_n + ((spk_n - npk_n) >> 2), th);
        st(r) = Tuple(spk_n, npk_n, select(is_qrs, r, last), th_n, select(is_qrs, 1, 0));
        mwi(n, b) = mwi_i(n);
        qrs(n, b) = st(n)[4];
        thr(n, b) = st(n)[3];
    }

    ekb::Kernel kernel() { return {{x, state0}, {mwi, qrs, thr}}; }
};

}  // namespace task
