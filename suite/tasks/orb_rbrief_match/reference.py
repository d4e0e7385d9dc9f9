import torch
import torch.nn as nn
import torch.nn.functional as F

# ORB's 30 orientation bins (12 degrees): round(2^14 cos), round(2^14 sin) of 2 pi k / 30.
COS = [16384, 16026, 14968, 13255, 10963, 8192, 5063, 1713, -1713, -5063, -8192, -10963, -13255, -14968, -16026,
       -16384, -16026, -14968, -13255, -10963, -8192, -5063, -1713, 1713, 5063, 8192, 10963, 13255, 14968, 16026]
SIN = [0, 3406, 6664, 9630, 12176, 14189, 15582, 16294, 16294, 15582, 14189, 12176, 9630, 6664, 3406,
       0, -3406, -6664, -9630, -12176, -14189, -15582, -16294, -16294, -15582, -14189, -12176, -9630, -6664, -3406]
# ORB-SLAM2's umax: the half-width of the radius-15 circular patch at each row offset.
UMAX = [15, 15, 15, 15, 14, 14, 14, 13, 13, 12, 11, 10, 9, 8, 6, 3]


class Model(nn.Module):
    """ORB (oriented FAST, rotated BRIEF) descriptors of two frames' keypoints and brute-force
    Hamming matching, all in integers:
      orientation: intensity-centroid moments m10, m01 over the radius-15 circular patch of the
        raw image, quantized to the nearest of ORB's 30 angle bins (largest dot product with the
        bin's fixed-point direction); the 256 pattern pairs rotated by the bin in 2^14 fixed point
      bits: 5x5 sub-window sums (the ORB paper's smoothing), bit = S(p1) < S(p2), LSB first
      matching: for each keypoint of frame 1 the frame-2 descriptor at the smallest Hamming
        distance (the first on ties).
    All coordinates clamped to the image. Returns (desc1 [K1, 32] uint8, match [K1] int32,
    dist [K1] int32)."""

    def __init__(self):
        super().__init__()
        pts = [(u, v) for v in range(-15, 16) for u in range(-UMAX[abs(v)], UMAX[abs(v)] + 1)]
        self.register_buffer("patch", torch.tensor(pts, dtype=torch.long))       # [Q, 2]
        self.register_buffer("cs", torch.tensor([COS, SIN], dtype=torch.long))    # [2, 30]
        self.register_buffer("popc", torch.tensor([bin(i).count("1") for i in range(256)], dtype=torch.long))

    def describe(self, img, kp, pattern):
        H, W = img.shape
        im = img.long()
        kx, ky = kp[:, 0].long() % W, kp[:, 1].long() % H
        px = (kx[:, None] + self.patch[None, :, 0]).clamp(0, W - 1)
        py = (ky[:, None] + self.patch[None, :, 1]).clamp(0, H - 1)
        val = im[py, px]                                              # [K, Q]
        m10 = (val * self.patch[None, :, 0]).sum(dim=1)
        m01 = (val * self.patch[None, :, 1]).sum(dim=1)
        dots = m10[:, None] * self.cs[0][None, :] + m01[:, None] * self.cs[1][None, :]   # [K, 30]
        bins = torch.argmax(dots, dim=1)                              # the first maximum
        c, s = self.cs[0][bins][:, None], self.cs[1][bins][:, None]  # [K, 1]
        p = pattern.long()
        # 5x5 box sums of the image with clamped coordinates.
        box = F.avg_pool2d(F.pad(im.double()[None, None], (2, 2, 2, 2), mode="replicate"), 5, stride=1,
                           divisor_override=1)[0, 0].long()

        def sample(ox, oy):
            rx = torch.div(ox[None, :] * c - oy[None, :] * s + 8192, 16384, rounding_mode="floor")
            ry = torch.div(ox[None, :] * s + oy[None, :] * c + 8192, 16384, rounding_mode="floor")
            return box[(ky[:, None] + ry).clamp(0, H - 1), (kx[:, None] + rx).clamp(0, W - 1)]   # [K, 256]

        bits = (sample(p[:, 0], p[:, 1]) < sample(p[:, 2], p[:, 3])).long().view(-1, 32, 8)
        weights = torch.tensor([1, 2, 4, 8, 16, 32, 64, 128], dtype=torch.long, device=img.device)
        return (bits * weights).sum(dim=2)                           # [K, 32] in 0..255

    def forward(self, img1, img2, kp1, kp2, pattern):
        d1 = self.describe(img1, kp1, pattern)
        d2 = self.describe(img2, kp2, pattern)
        dist = torch.zeros(d1.shape[0], d2.shape[0], dtype=torch.long, device=d1.device)
        for b in range(32):
            dist += self.popc[torch.bitwise_xor(d1[:, None, b], d2[None, :, b])]
        best, idx = dist.min(dim=1)                                   # the first minimum
        return d1.to(torch.uint8), idx.to(torch.int32), best.to(torch.int32)


H, W, K1, K2 = 480, 752, 1000, 1000


def get_inputs():
    return [torch.randint(0, 256, (H, W), dtype=torch.uint8), torch.randint(0, 256, (H, W), dtype=torch.uint8),
            torch.randint(0, 65536, (K1, 2), dtype=torch.int32), torch.randint(0, 65536, (K2, 2), dtype=torch.int32),
            torch.randint(-13, 14, (256, 4), dtype=torch.int32)]


def get_init_inputs():
    return []
