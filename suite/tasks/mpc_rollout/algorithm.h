// Halide reference algorithm for task `mpc_rollout`: a linear MPC rollout of N candidate
// control sequences:
//   drive(t) = B u_t,  traj(0) = x0,  traj(t+1) = A traj(t) + drive(t)
//   states(t) = traj(t+1),  cost = sum_t traj(t+1)^T Q traj(t+1) + u_t^T R u_t
// Halide dimension 0 is the last PyTorch dimension: U(m, t, n) is U[n, t, m], A(j, i) is
// A[i, j], states(i, t, n) is states[n, t, i].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x0{Halide::Float(32), 1, "x0"};  // [S]
    Halide::ImageParam A{Halide::Float(32), 2, "A"};    // [S, S]
    Halide::ImageParam B{Halide::Float(32), 2, "B"};    // [S, M]
    Halide::ImageParam U{Halide::Float(32), 3, "U"};    // [N, T, M]
    Halide::ImageParam Q{Halide::Float(32), 2, "Q"};    // [S, S]
    Halide::ImageParam R{Halide::Float(32), 2, "R"};    // [M, M]
    Halide::Var i{"i"}, t{"t"}, n{"n"};  // state component (S), time step, sample (N)
    Halide::RDom rm;     // drive: the controls (M)
    Halide::RDom rstep;  // the rollout: rstep.x = j (S), rstep.y = i (S), rstep.z = t (1..T)
    Halide::RDom rq;     // the state cost: rq.x = j, rq.y = i (S), rq.z = t (0..T-1)
    Halide::RDom rr;     // the control cost: rr.x, rr.y (M), rr.z = t (0..T-1)
    Halide::Func drive{"drive"};    // drive(i, t, n) = (B u_t)[i]
    Halide::Func traj{"traj"};      // traj(i, t, n) = x_t for t = 0..T: the recurrence
    Halide::Func states{"states"};  // x_1..x_T: an output
    Halide::Func cost{"cost"};      // the quadratic cost per sample: an output

    Algorithm() {
        using namespace Halide;
        Expr S = x0.dim(0).extent(), M = U.dim(0).extent(), T = U.dim(1).extent();
        rm = RDom(0, M, "rm");
        drive(i, t, n) = 0.0f;
        drive(i, t, n) += B(rm, i) * U(rm, t, n);
        // x_t starts as x0 (t = 0) or B u_{t-1}; then A x_{t-1} is added, t outermost, so that
        // every x_{t-1} is complete before x_t reads it.
        traj(i, t, n) = select(t == 0, x0(i), drive(i, max(t - 1, 0), n));
        rstep = RDom(0, S, 0, S, 1, T, "rstep");
        traj(rstep.y, rstep.z, n) += A(rstep.x, rstep.y) * traj(rstep.x, rstep.z - 1, n);
        states(i, t, n) = traj(i, t + 1, n);
        rq = RDom(0, S, 0, S, 0, T, "rq");
        rr = RDom(0, M, 0, M, 0, T, "rr");
        cost(n) = 0.0f;
        cost(n) += traj(rq.y, rq.z + 1, n) * Q(rq.x, rq.y) * traj(rq.x, rq.z + 1, n);
        cost(n) += U(rr.y, rr.z, n) * R(rr.x, rr.y) * U(rr.x, rr.z, n);
    }

    ekb::Kernel kernel() { return {{x0, A, B, U, Q, R}, {states, cost}}; }
};

}  // namespace task
