import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """OpenCV StereoBM (ROS stereo_image_proc defaults): x-Sobel prefilter clipped to +-cap,
    SAD over a win x win window for D disparities (clamped coordinates), winner-take-all (first
    minimum), uniqueness check, parabolic sub-pixel disparity in 1/16 px (int16, -16 rejected)."""

    def __init__(self, D, win, cap, uniqueness):
        super().__init__()
        self.D, self.win, self.cap, self.uniq = D, win, cap, uniqueness

    def prefilter(self, img):
        H, W = img.shape
        x = F.pad(img.float()[None, None], (1, 1, 1, 1), mode="replicate")[0, 0].long()
        gx = lambda dy: x[1 + dy:1 + dy + H, 2:2 + W] - x[1 + dy:1 + dy + H, 0:W]
        s = gx(-1) + 2 * gx(0) + gx(1)
        return s.clamp(-self.cap, self.cap) + self.cap

    def forward(self, left, right):
        H, W = left.shape
        D, h = self.D, self.win // 2
        fl, fr = self.prefilter(left), self.prefilter(right)
        costs = []
        for d in range(D):
            xs = (torch.arange(W, device=fr.device) - d).clamp(min=0)
            diff = (fl - fr[:, xs]).abs().float()
            padded = F.pad(diff[None, None], (h, h, h, h), mode="replicate")
            costs.append(F.avg_pool2d(padded, self.win, stride=1, divisor_override=1)[0, 0].long())
        cost = torch.stack(costs)                                  # [D, H, W], exact integers
        c0, m = cost.min(dim=0)                                    # first minimum
        thresh = c0 + torch.div(c0 * self.uniq, 100, rounding_mode="floor")
        dd = torch.arange(D, device=cost.device)[:, None, None]
        rejected = (((dd < m - 1) | (dd > m + 1)) & (cost <= thresh)).any(dim=0)
        mm = torch.where(m == 0, torch.ones_like(m), m - 1)
        mp = torch.where(m == D - 1, torch.full_like(m, D - 2), m + 1)
        cm = cost.gather(0, mm[None])[0]
        cp = cost.gather(0, mp[None])[0]
        den = cm + cp - 2 * c0 + (cm - cp).abs()
        frac = torch.where(den > 0, torch.div((cm - cp) * 256, den.clamp(min=1), rounding_mode="floor"),
                           torch.zeros_like(den))
        disp = torch.div(m * 256 + frac + 15, 16, rounding_mode="floor")
        disp = torch.where(rejected, torch.full_like(disp, -16), disp)
        return disp.to(torch.int16)


H, W = 240, 320


def get_inputs():
    return [torch.randint(0, 256, (H, W), dtype=torch.uint8), torch.randint(0, 256, (H, W), dtype=torch.uint8)]


def get_init_inputs():
    return [64, 15, 31, 15]
