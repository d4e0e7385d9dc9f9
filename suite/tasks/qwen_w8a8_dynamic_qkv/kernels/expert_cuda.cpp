// Expert cuda schedule for `qwen_w8a8_dynamic_qkv`: three kernels, every stage on the device.
// The token absmax and 127 / absmax one thread per token (registers; both stored, a Tuple),
// the quantized row one thread per element, the int8 GEMM one thread per (output channel,
// 4 tokens) with the 4 int32 sums in registers (an int8 weight load feeds 4 multiply-adds)
// and the dequantization fused into the store. 32 threads along the channels of a group;
// all tails GuardWithIf, so any T, N and K work.
// inv, xq, acc and y are the algorithm's, rewritten with the exact helpers below (the same
// values): with the algorithm's expressions NVIDIA GPUs flipped the rounding of an activation
// now and then (a float division that is not correctly rounded on NVIDIA's OpenCL, and the
// rounding's floor(v) < v - 0.5 contracted with v = x * inv into an fma), which moves most
// of the token's outputs by about 1e-3.
#include <ekb/kernel.h>

#include "algorithm.h"

namespace {
// Exact on every device (NVIDIA GPUs included), the same values as the algorithm's:
//  * div127(a) = the float32 127 / a, correctly rounded, from integer steps (the 24-bit
//    significand of a, one 64-bit integer division, round half to even on the quotient's
//    bits): NVIDIA's OpenCL divides with an error of up to 2.5 ulp (a plain `/`), and a CUDA
//    `/` is div.rn only as long as LLVM lowers it so.
//  * round_even(v) = round_half_even(v) (saturating at 2^24) from the bits of v, integer steps
//    only: the algorithm's v - floor(v) > 0.5 is simplified to floor(v) < v - 0.5, which
//    NVIDIA's compilers contract with the product v = x * inv into one fma (the exact product,
//    not the float32 one), so float32 ties of the product could round the wrong way.
Halide::Expr div127(const Halide::Expr &a) {  // a > 0 and finite
    using namespace Halide;
    Expr sub = (reinterpret<uint32_t>(a) >> 23) == 0;  // subnormal: scaled by 2^32 first (exact)
    Expr bits = reinterpret<uint32_t>(select(sub, a * 4294967296.0f, a));
    Expr ma = cast<int64_t>((bits & 0x7fffff) | 0x800000);  // a = ma * 2^ea, ma in [2^23, 2^24)
    Expr ea = cast<int32_t>(bits >> 23) - select(sub, 182, 150);
    Expr num = cast<int64_t>(127) << 48;
    Expr qi = num / ma, rem = num - qi * ma;            // qi in (2^30, 2^32)
    Expr len = select(qi >= (cast<int64_t>(1) << 31), 32, 31);  // its bit length
    Expr sh = len - 24;                                 // 7 or 8
    Expr m24 = qi >> cast<int64_t>(sh);
    Expr low = qi & ((cast<int64_t>(1) << cast<int64_t>(sh)) - 1);
    Expr halfbit = cast<int64_t>(1) << cast<int64_t>(sh - 1);
    Expr up = low > halfbit || (low == halfbit && (rem != 0 || (m24 & 1) == 1));
    Expr m = m24 + select(up, cast<int64_t>(1), cast<int64_t>(0));  // <= 2^24, exact in float
    Expr e2 = sh - 48 - ea;                             // 127 / a = m * 2^e2
    Expr e2a = e2 / 2, e2b = e2 - e2a;                  // two normal powers of two
    Expr p2a = reinterpret<float>(cast<uint32_t>(clamp(e2a + 127, 1, 254)) << 23);
    Expr p2b = reinterpret<float>(cast<uint32_t>(clamp(e2b + 127, 1, 254)) << 23);
    return (cast<float>(m) * p2a) * p2b;
}
Halide::Expr round_even(const Halide::Expr &v) {
    using namespace Halide;
    Expr bits = reinterpret<uint32_t>(v);
    Expr e = cast<int32_t>((bits >> 23) & 0xff);           // |v| = mant * 2^(e - 150)
    Expr mant = (bits & 0x7fffff) | 0x800000;
    Expr sh = cast<uint32_t>(clamp(150 - e, 1, 31));       // the fraction's bits
    Expr ip = mant >> sh;                                  // floor(|v|)
    Expr rem = mant & ((cast<uint32_t>(1) << sh) - 1);
    Expr half = cast<uint32_t>(1) << (sh - 1);
    Expr up = rem > half || (rem == half && (ip & 1) == 1);
    Expr r = select(e >= 150, 1 << 24, cast<int32_t>(ip) + select(up, 1, 0));  // |v| >= 2^23: saturates
    return select((bits >> 31) == 1, -r, r);
}
}  // namespace

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int tx = 32;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, tv{"tv"};
    Func tok("tok"), xq("xq"), acc("acc"), y("y");
    // @layer compute
    // tok(t) = {absmax, 127 / absmax (0 for an all-zero token)}; then xq, acc and y as the
    // algorithm defines them, the rounding exact.
    Expr amax = a.absmax(a.t);
    tok(a.t) = Tuple(amax, select(amax > 0.0f, div127(select(amax > 0.0f, amax, 1.0f)), 0.0f));
    xq(a.k, a.t) = cast<int8_t>(clamp(round_even(a.x(a.k, a.t) * tok(a.t)[1]), -127, 127));
    acc(a.n, a.t) = 0;
    acc(a.n, a.t) += cast<int32_t>(xq(a.rk, a.t)) * cast<int32_t>(a.Wq(a.rk, a.n));
    y(a.n, a.t) = (cast<float>(acc(a.n, a.t)) * (tok(a.t)[0] / 127.0f)) * a.w_scale(a.n) + a.bias(a.n);
    tok.compute_root();
    xq.compute_root();
    // @layer loops
    tok.gpu_tile(a.t, xo, xi, 8, guard);
    xq.gpu_tile(a.k, a.t, xo, yo, xi, yi, tx, 4, guard);
    y.split(a.t, a.t, tv, 4, guard).reorder(tv, a.n, a.t).gpu_tile(a.n, a.t, xo, yo, xi, yi, tx, 1, guard);
    // @layer memory
    a.absmax.compute_at(tok, xi).store_in(MemoryType::Register);
    acc.compute_at(y, xi).store_in(MemoryType::Register);
    // @layer vector
    y.unroll(tv);
    acc.unroll(a.t);
    acc.update().reorder(a.t, a.n, a.rk.x).unroll(a.t);
    // @end
    return {{a.x, a.Wq, a.w_scale, a.bias}, {y}};
}
