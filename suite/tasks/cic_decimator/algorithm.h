// Halide reference algorithm for task `cic_decimator`: a 3-stage CIC (Hogenauer) decimator
// by R = 8, differential delay 1, in the recursive form: three integrators at the input rate,
// keep every 8th sample, three combs at the output rate:
//   v1[n] = v1[n-1] + x[n], v2[n] = v2[n-1] + v1[n], v3[n] = v3[n-1] + v2[n]   (zero state)
//   w[j] = v3[8j + 7],  y = comb(comb(comb(w))),  comb(u)[j] = u[j] - u[j-1] (u[-1] = 0)
// The integrators wrap around in two's-complement 32-bit arithmetic (Hogenauer's register
// growth argument: the output, at most 32768 * 8^3 in magnitude, is exact modulo 2^32), so
// they are computed in uint32 (defined wrap-around) and the result reinterpreted as int32.
// Halide dimension 0 is the last PyTorch dimension: x(n, c) is x[c, n]; y(j, c) is y[c, j].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int R = 8;  // decimation factor = get_init_inputs() in reference.py

    Halide::ImageParam x{Halide::Int(16), 2, "x"};  // [C, L]
    Halide::Var n{"n"}, j{"j"}, c{"c"};  // n: input sample, j: output sample, c: channel
    Halide::RDom r;                     // over the input samples 1 .. L-1
    Halide::Func v1{"v1"}, v2{"v2"}, v3{"v3"};        // the integrators (scans over n)
    Halide::Func w{"w"};                              // v3 at every 8th sample
    Halide::Func c1{"c1"}, c2{"c2"}, c3{"c3"};        // the combs
    Halide::Func y{"y"};                              // the output, int32

    Algorithm() {
        using namespace Halide;
        Expr L = x.dim(0).extent();
        r = RDom(1, L - 1, "r");
        Expr xin = cast<uint32_t>(cast<int32_t>(x(clamp(n, 0, L - 1), c)));
        v1(n, c) = xin;
        v1(r, c) = v1(r - 1, c) + v1(r, c);
        v2(n, c) = v1(n, c);
        v2(r, c) = v2(r - 1, c) + v2(r, c);
        v3(n, c) = v2(n, c);
        v3(r, c) = v3(r - 1, c) + v3(r, c);
        w(j, c) = select(j >= 0, v3(clamp(R * j + R - 1, 0, L - 1), c), cast<uint32_t>(0));
        c1(j, c) = w(j, c) - select(j >= 1, w(j - 1, c), cast<uint32_t>(0));
        c2(j, c) = c1(j, c) - select(j >= 1, c1(j - 1, c), cast<uint32_t>(0));
        c3(j, c) = c2(j, c) - select(j >= 1, c2(j - 1, c), cast<uint32_t>(0));
        y(j, c) = reinterpret<int32_t>(c3(j, c));
    }

    ekb::Kernel kernel() { return {{x}, {y}}; }
};

}  // namespace task
