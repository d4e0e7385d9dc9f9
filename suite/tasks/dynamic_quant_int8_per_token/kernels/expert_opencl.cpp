// Expert opencl schedule for `dynamic_quant_int8_per_token`: the absmax of each token is one
// block of 256 threads (each thread reduces every 256th element into a register, the
// partials are combined in shared memory after a barrier), stored once per token; then the
// quantization runs one element per thread, 256 threads per block along the row
// (coalesced), and the scales one token per thread.
// The quantization is written with the exact helpers below (the same values as the
// algorithm's): NVIDIA's OpenCL gave one element in 262144 off by one. The exact 127 / absmax
// is one small kernel, one token per work-item.
#include <ekb/kernel.h>

#include "algorithm.h"

namespace {
// Exact on every device (NVIDIA GPUs included), the same values as the algorithm's:
//  * div127(a) = the float32 127 / a, correctly rounded, from integer steps (the 24-bit
//    significand of a, one 64-bit integer division, round half to even on the quotient's
//    bits): NVIDIA's OpenCL divides with an error of up to 2.5 ulp.
//  * round_even(v) = round_half_even(v) (saturating at 2^24) from the bits of v, integer steps only: the
//    algorithm's v - floor(v) > 0.5 is simplified to floor(v) < v - 0.5, which NVIDIA's
//    compilers contract with the product v = x * inv into one fma (the exact product, not the
//    float32 one), so float32 ties of the product rounded the wrong way.
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
    const int lanes = 256;
    Var u{"u"}, ko{"ko"}, ki{"ki"}, mo{"mo"}, mi{"mi"};
    RVar rw{"rw"}, rl{"rl"};
    // @layer compute
    Func amax_out = a.absmax.in();  // one value per token
    amax_out.compute_root();
    Func part = a.absmax.update().split(a.r, rw, rl, lanes, TailStrategy::GuardWithIf).rfactor(rl, u);
    Func inv("inv"), q("q");
    Expr amax = a.absmax(a.m);
    inv(a.m) = select(amax > 0.0f, div127(select(amax > 0.0f, amax, 1.0f)), 0.0f);
    q(a.k, a.m) = cast<int8_t>(clamp(round_even(a.x(a.k, a.m) * inv(a.m)), -127, 127));
    inv.compute_root();
    // @layer loops
    amax_out.gpu_blocks(a.m);
    inv.gpu_tile(a.m, mo, mi, 64, TailStrategy::GuardWithIf);
    q.gpu_tile(a.k, a.m, ko, mo, ki, mi, lanes, 1, TailStrategy::GuardWithIf);
    a.scale.gpu_tile(a.m, mo, mi, 64, TailStrategy::GuardWithIf);
    // @layer memory
    a.absmax.compute_at(amax_out, a.m);
    part.compute_at(amax_out, a.m).store_in(MemoryType::GPUShared).gpu_threads(u);
    part.update().gpu_threads(u);
    // @end
    return {{a.x}, {q, a.scale}};
}
