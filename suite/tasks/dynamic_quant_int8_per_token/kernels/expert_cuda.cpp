// Expert cuda schedule for `dynamic_quant_int8_per_token`: the absmax of each token is one
// block of 256 threads (each thread reduces every 256th element into a register, the
// partials are combined in shared memory after a barrier), stored once per token; then the
// quantization runs one element per thread, 256 threads per block along the row
// (coalesced), and the scales one token per thread.
// The rounding is written with the helper below (the same values as the algorithm's).
#include <ekb/kernel.h>

#include "algorithm.h"

namespace {
// round_even(v) = round_half_even(v) (saturating at 2^24) from the bits of v, integer steps only: the
// algorithm's v - floor(v) > 0.5 is simplified to floor(v) < v - 0.5, which LLVM's NVPTX
// backend contracts with the product v = x * inv into one fma (the exact product, not the
// float32 one), so float32 ties of the product could round the wrong way. (The division
// 127 / absmax is PTX's div.rn, correctly rounded.)
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
    Func q("q");
    q(a.k, a.m) = cast<int8_t>(clamp(round_even(a.x(a.k, a.m) * a.inv(a.m)), -127, 127));
    // @layer loops
    amax_out.gpu_blocks(a.m);
    q.gpu_tile(a.k, a.m, ko, mo, ki, mi, lanes, 1, TailStrategy::GuardWithIf);
    a.scale.gpu_tile(a.m, mo, mi, 64, TailStrategy::GuardWithIf);
    // @layer memory
    a.absmax.compute_at(amax_out, a.m);
    part.compute_at(amax_out, a.m).store_in(MemoryType::GPUShared).gpu_threads(u);
    part.update().gpu_threads(u);
    // @end
    return {{a.x}, {q, a.scale}};
}
