// Halide reference algorithm for task `particle_integrate`: the new positions of a
// semi-implicit Euler step, out = pos + (vel + acc * dt) * dt, the velocity updated first.
// Halide dimension 0 is the last PyTorch dimension: pos(i, p) is pos[p, i] (i coordinate,
// p particle), likewise vel, acc and out.
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr float kDt = 0.01f;  // the time step (= get_init_inputs() in reference.py)

struct Algorithm {
    Halide::ImageParam pos{Halide::Float(32), 2, "pos"};  // [P, 3]
    Halide::ImageParam vel{Halide::Float(32), 2, "vel"};  // [P, 3]
    Halide::ImageParam acc{Halide::Float(32), 2, "acc"};  // [P, 3]
    Halide::Var i{"i"}, p{"p"};  // i coordinate, p particle
    Halide::Func vnew{"vnew"};   // the updated velocity vel + acc * dt
    Halide::Func out{"out"};     // the output: pos + vnew * dt

    Algorithm() {
        vnew(i, p) = vel(i, p) + acc(i, p) * kDt;
        out(i, p) = pos(i, p) + vnew(i, p) * kDt;
    }

    ekb::Kernel kernel() { return {{pos, vel, acc}, {out}}; }
};

}  // namespace task
