// Expert cpu schedule for `ekf_imu_predict`: filters in parallel chunks of 16; each 4x4
// matrix of a filter (F, F P, F P F^T, P_pred) is one 16-lane vector (row and column fused,
// dense since the matrices are contiguous), computed per filter with the 4-term sums unrolled
// so that they stay in registers: each term is a vector multiply-add of two shuffled 16-float
// blocks. The quaternion path is the same with 4-lane vectors: a copy of F per filter
// (clone_in), F q unrolled, |F q|^2 and the renormalization in registers.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var ji{"ji"}, bo{"bo"}, bi{"bi"};
    // @layer compute
    // Contiguous PyTorch tensors: quaternions 4 apart, gyro rates 3 apart, 4x4 matrices with
    // rows 4 apart and matrices 16 apart.
    a.q.dim(0).set_bounds(0, 4).dim(1).set_stride(4);
    a.gyro.dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    a.P.dim(0).set_bounds(0, 4).dim(1).set_bounds(0, 4).set_stride(4).dim(2).set_stride(16);
    a.Qn.dim(0).set_bounds(0, 4).dim(1).set_bounds(0, 4).set_stride(4);
    a.q_pred.output_buffer().dim(0).set_bounds(0, 4).dim(1).set_stride(4);
    a.P_pred.output_buffer().dim(0).set_bounds(0, 4).dim(1).set_bounds(0, 4).set_stride(4).dim(2).set_stride(16);
    Func Fq = a.F.clone_in(a.qp);  // F of the quaternion path, computed in its own loop nest
    // @layer loops
    a.P_pred.bound(a.j, 0, 4).bound(a.i, 0, 4)
        .fuse(a.j, a.i, ji)
        .split(a.b, bo, bi, 16, TailStrategy::GuardWithIf)
        .parallel(bo);
    a.q_pred.bound(a.i, 0, 4).split(a.b, bo, bi, 16, TailStrategy::GuardWithIf).parallel(bo);
    // @layer memory
    a.F.compute_at(a.P_pred, bi);
    a.FP.compute_at(a.P_pred, bi);
    a.FPFt.compute_at(a.P_pred, bi);
    Fq.compute_at(a.q_pred, bi);
    a.qp.compute_at(a.q_pred, bi);
    a.sum_sq.compute_at(a.q_pred, bi);
    // @layer vector
    a.P_pred.vectorize(ji);
    a.F.fuse(a.j, a.i, ji).vectorize(ji);
    a.FP.fuse(a.j, a.i, ji).vectorize(ji);
    a.FP.update().reorder(a.j, a.i, a.k).fuse(a.j, a.i, ji).vectorize(ji).unroll(a.k);
    a.FPFt.fuse(a.j, a.i, ji).vectorize(ji);
    a.FPFt.update().reorder(a.j, a.i, a.k).fuse(a.j, a.i, ji).vectorize(ji).unroll(a.k);
    a.q_pred.vectorize(a.i);
    Fq.fuse(a.j, a.i, ji).vectorize(ji);
    a.qp.vectorize(a.i);
    a.qp.update().vectorize(a.i).unroll(a.k);
    a.sum_sq.update().unroll(a.k);
    // @end
    return a.kernel();
}
