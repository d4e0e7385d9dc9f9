// Expert cpu schedule for `lstm_step`: the gate GEMV streams W_ih and W_hh once, in strips of
// 8 gate rows (in parallel once there are 128 cells or more; a smaller step is a few
// microseconds, less than waking the thread pool). Each strip keeps 8 vector accumulators
// (one per row, lanes of partial sums over the inputs, rfactor) in registers across the x
// loop and then 8 more across the h loop: one load of x (or h) shared by 8 dense weight-row
// loads and FMAs. The lanes are summed and the biases added as the 8 gates are stored. The
// cell update runs vectorized over the cells, with sigmoid and tanh both written with Halide's
// vectorizable exp (tanh(v) = 2 / (1 + exp(-2v)) - 1) instead of the scalar libm tanh; this
// redefines the two outputs (the same math).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 8;
    const Expr H = a.h.dim(0).extent();
    Var jo{"jo"}, ji{"ji"}, u{"u"};
    RVar ko{"ko"}, ku{"ku"};
    // @layer compute
    auto vtanh = [](Expr v) { return 2.0f / (1.0f + exp(-2.0f * v)) - 1.0f; };
    Func c_new("c_new"), h_new("h_new");
    Expr i = task::sigmoid(a.gates(a.n, a.b)), f = task::sigmoid(a.gates(H + a.n, a.b));
    Expr g = vtanh(a.gates(2 * H + a.n, a.b)), o = task::sigmoid(a.gates(3 * H + a.n, a.b));
    c_new(a.n, a.b) = f * a.c(a.n, a.b) + i * g;
    h_new(a.n, a.b) = o * vtanh(c_new(a.n, a.b));
    a.gates.compute_root();
    // ih_dot and hh_dot each sum the lanes of an rfactor stage, per strip of gates (below).
    // @layer loops
    a.gates.split(a.j, jo, ji, rows, TailStrategy::GuardWithIf);
    a.gates.specialize(H >= 128).parallel(jo);
    std::vector<Func> lanes;
    for (auto [dot, r] : {std::pair{a.ih_dot, a.ri}, std::pair{a.hh_dot, a.rh}}) {
        lanes.push_back(dot.update().split(r.x, ko, ku, vec).rfactor(ku, u));
    }
    // @layer memory
    for (Func dot : {a.ih_dot, a.hh_dot}) dot.compute_at(a.gates, jo);
    for (Func l : lanes) {
        l.compute_at(a.gates, jo).reorder_storage(u, a.j, a.b).bound_storage(a.j, rows);  // in registers
    }
    // @layer vector
    for (Func l : lanes) {
        l.vectorize(u).unroll(a.j);
        l.update().reorder(u, a.j, ko, a.b).vectorize(u).unroll(a.j);
    }
    for (Func dot : {a.ih_dot, a.hh_dot}) {
        dot.unroll(a.j);
        dot.update().reorder(ku, a.j).atomic().vectorize(ku).unroll(a.j);
    }
    a.gates.vectorize(ji);
    c_new.vectorize(a.n, vec, TailStrategy::GuardWithIf);
    h_new.vectorize(a.n, vec, TailStrategy::GuardWithIf);
    // @end
    return {{a.x, a.h, a.c, a.W_ih, a.W_hh, a.b_ih, a.b_hh}, {h_new, c_new}};
}
