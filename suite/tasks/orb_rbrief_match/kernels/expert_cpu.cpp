// Expert cpu schedule for `orb_rbrief_match`. Per frame: the 5x5 box sums of the whole image
// once (parallel over rows, vectorized over columns: the 3000-odd tests per keypoint read them
// instead of re-summing); the moments per keypoint in parallel; each descriptor a vector of
// its 32 bytes whose 8 bits are gathered tests against the box-sum image. Matching (below):
// the distance matrix, frame-1 keypoints in parallel, each row vectorized over the frame-2
// keypoints (8 XOR + popcount of uint32 words), then the first minimum over each row.
// Tails GuardWithIf, so any sizes work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var ko{"ko"}, ki{"ki"}, yo{"yo"}, yi{"yi"};
    // @layer compute
    // The matching rewritten as ORB-SLAM2's DescriptorDistance: each descriptor packed into
    // eight little-endian uint32 words once, the frame-2 words transposed (keypoint innermost),
    // the distance a sum of 8 popcounts of XORs; the first minimum as before.
    Var k = a.k, j = a.j, w{"w"};
    RDom rw(0, 8, "rw"), rm(1, a.kp2.dim(1).extent() - 1, "rm");
    Func words1("words1"), words2("words2"), hd("hd"), bst("bst"), match("match"), mdist("mdist"), desc1("desc1");
    auto pack = [&](Func desc, Expr wi, Expr kk) {
        return cast<uint32_t>(desc(4 * wi, kk)) | (cast<uint32_t>(desc(4 * wi + 1, kk)) << 8) |
               (cast<uint32_t>(desc(4 * wi + 2, kk)) << 16) | (cast<uint32_t>(desc(4 * wi + 3, kk)) << 24);
    };
    words1(w, k) = pack(a.f1.desc, w, k);
    words2(j, w) = pack(a.f2.desc, w, j);
    hd(j, k) = 0;
    hd(j, k) += task::swar_popcount(words1(rw, k) ^ words2(j, rw));
    bst(k) = Tuple(hd(0, k), 0);
    bst(k) = Tuple(select(hd(rm, k) < bst(k)[0], hd(rm, k), bst(k)[0]), select(hd(rm, k) < bst(k)[0], rm, bst(k)[1]));
    match(k) = bst(k)[1];
    mdist(k) = bst(k)[0];
    desc1(j, k) = a.f1.desc(j, k);
    for (task::Algorithm::Frame *f : {&a.f1, &a.f2}) {
        f->box.compute_root();
        f->mom.compute_root();
        f->bin.compute_root();
        f->desc.compute_root();
    }
    words1.compute_root();
    words2.compute_root();
    bst.compute_root();
    // @layer loops
    for (task::Algorithm::Frame *f : {&a.f1, &a.f2}) {
        f->box.split(a.y, yo, yi, 16, guard).parallel(yo);
        f->box.update().reorder(a.x, a.rbox.x, a.rbox.y, a.y).split(a.y, yo, yi, 16, guard).parallel(yo);
        f->mom.update().split(k, ko, ki, 16, guard).parallel(ko);
        f->desc.split(k, ko, ki, 16, guard).parallel(ko);
    }
    hd.compute_root();
    hd.split(k, ko, ki, 8, guard).parallel(ko);
    hd.update().reorder(j, rw.x, k).split(k, ko, ki, 8, guard).parallel(ko);
    // @layer memory
    // @layer vector
    for (task::Algorithm::Frame *f : {&a.f1, &a.f2}) {
        f->box.vectorize(a.x, vec, guard);
        f->box.update().vectorize(a.x, vec, guard);
        f->desc.vectorize(j, vec, guard);
    }
    words1.vectorize(w, 8);
    words2.vectorize(j, vec, guard);
    hd.vectorize(j, vec, guard);
    hd.update().vectorize(j, vec, guard);
    desc1.vectorize(j, vec, guard);
    // @end
    return {{a.img1, a.img2, a.kp1, a.kp2, a.pattern}, {desc1, match, mdist}};
}
