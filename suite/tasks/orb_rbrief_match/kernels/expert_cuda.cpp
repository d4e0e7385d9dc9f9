// Expert cuda schedule for `orb_rbrief_match`, as GPU ORB extractors run it: per frame the
// 5x5 box sums of the image one thread per pixel; the moments and the orientation bin one thread
// per keypoint; the descriptors one thread per (byte, keypoint), its 8 tests gathered from the
// box sums. Matching (below): the descriptors packed into uint32 words, the distance matrix
// one thread per (frame-2, frame-1 keypoint) pair with 8 XOR + popcount, adjacent threads on
// adjacent frame-2 keypoints (the words transposed so their loads coalesce), then the first
// minimum one thread per frame-1 keypoint. Tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
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
    std::vector<Func> perk;
    for (task::Algorithm::Frame *f : {&a.f1, &a.f2}) {
        for (Func g : {f->box, f->mom, f->bin, f->desc}) g.compute_root();
        perk.push_back(f->mom);
        perk.push_back(f->bin);
    }
    for (Func g : {words1, words2, hd, bst}) g.compute_root();
    perk.push_back(bst);
    // @layer loops
    for (task::Algorithm::Frame *f : {&a.f1, &a.f2}) {
        f->box.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, guard);
        f->box.update().gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, guard);
        f->desc.gpu_tile(j, k, xo, yo, xi, yi, 32, 4, guard);
    }
    for (Func g : perk) {
        g.gpu_tile(k, xo, xi, 64, guard);
        g.update().gpu_tile(k, xo, xi, 64, guard);
    }
    words1.gpu_tile(w, k, xo, yo, xi, yi, 8, 16, guard);
    words2.gpu_tile(j, w, xo, yo, xi, yi, 32, 8, guard);
    hd.gpu_tile(j, k, xo, yo, xi, yi, 32, 4, guard);
    hd.update().gpu_tile(j, k, xo, yo, xi, yi, 32, 4, guard);
    for (Func g : {match, mdist}) g.gpu_tile(k, xo, xi, 64, guard);
    desc1.gpu_tile(j, k, xo, yo, xi, yi, 32, 4, guard);
    // @end
    return {{a.img1, a.img2, a.kp1, a.kp2, a.pattern}, {desc1, match, mdist}};
}
