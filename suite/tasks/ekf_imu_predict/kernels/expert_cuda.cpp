// Expert cuda schedule for `ekf_imu_predict`: two kernels.
//   P_pred: blocks of 16 filters x 16 matrix entries, one thread per entry (row i, column j),
//     so the loads of P and the stores of P_pred are coalesced (a block covers 256
//     contiguous floats): each thread computes row i of F P in registers (16 FMAs, F's
//     entries built from the gyro rates on the fly, constant-folded where k is unrolled),
//     then its entry of F P F^T (4 FMAs) and adds Qn. The row is recomputed by the 4 threads
//     of a row, which costs less than staging it through shared memory with a barrier;
//   q_pred: one thread per filter, F q, |F q|^2 and the renormalization in registers.
// Tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var jo{"jo"}, io{"io"}, bo{"bo"}, ji{"ji"}, ii{"ii"}, bi{"bi"};
    // @layer compute
    // F is inlined (each entry a select on the thread's row and column); FP, FPFt, qp
    // and sum_sq live in registers (below).
    // @layer loops
    a.P_pred.bound(a.j, 0, 4)
        .bound(a.i, 0, 4)
        .gpu_tile(a.j, a.i, a.b, jo, io, bo, ji, ii, bi, 4, 4, 16, TailStrategy::GuardWithIf);
    a.q_pred.bound(a.i, 0, 4).reorder(a.i, a.b).gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
    // @layer memory
    a.FP.compute_at(a.P_pred, ji).store_in(MemoryType::Register);
    a.FPFt.compute_at(a.P_pred, ji).store_in(MemoryType::Register);
    a.qp.compute_at(a.q_pred, bi).store_in(MemoryType::Register);
    a.sum_sq.compute_at(a.q_pred, bi).store_in(MemoryType::Register);
    // @layer vector
    a.FP.unroll(a.j);
    a.FP.update().unroll(a.j).unroll(a.k);
    a.FPFt.update().unroll(a.k);
    a.q_pred.unroll(a.i);
    a.qp.unroll(a.i);
    a.qp.update().unroll(a.i).unroll(a.k);
    a.sum_sq.update().unroll(a.k);
    // @end
    return a.kernel();
}
