import torch
import torch.nn as nn


class Model(nn.Module):
    """Semi-global matching (Hirschmueller 2008) over 4 paths (left-right, right-left,
    top-bottom, bottom-top) on a matching-cost volume, then winner-take-all:
      L_r(p, d) = C(p, d) + min(L_r(p-r, d), L_r(p-r, d-1) + P1, L_r(p-r, d+1) + P1,
                                min_k L_r(p-r, k) + P2) - min_k L_r(p-r, k)
    (L_r = C at the path's first pixel; d - 1 and d + 1 only inside 0..D-1), S = sum over the
    paths, disp = the first d with the smallest S. Returns disp [H, W] int32."""

    def __init__(self, p1, p2):
        super().__init__()
        self.p1, self.p2 = p1, p2

    def path(self, C):
        # C [D, A, B]: aggregate along the last dimension, from index 0 upwards.
        D, A, B = C.shape
        big = torch.full((1, A), 1 << 20, dtype=torch.long, device=C.device)
        L = torch.empty_like(C)
        L[:, :, 0] = C[:, :, 0]
        for b in range(1, B):
            prev = L[:, :, b - 1]
            m = prev.min(dim=0).values
            up = torch.cat([big, prev[:-1]]) + self.p1
            dn = torch.cat([prev[1:], big]) + self.p1
            t = torch.minimum(torch.minimum(prev, torch.minimum(up, dn)), (m + self.p2)[None])
            L[:, :, b] = C[:, :, b] + t - m[None]
        return L

    def forward(self, cost):
        C = cost.long()                                         # [D, H, W]
        S = self.path(C)                                        # left to right
        S = S + self.path(C.flip(2)).flip(2)                    # right to left
        Ct = C.transpose(1, 2)                                  # [D, W, H]
        S = S + self.path(Ct).transpose(1, 2)                   # top to bottom
        S = S + self.path(Ct.flip(2)).flip(2).transpose(1, 2)   # bottom to top
        return S.argmin(dim=0).to(torch.int32)


D, H, W = 64, 240, 320


def get_inputs():
    return [torch.randint(0, 25, (D, H, W), dtype=torch.uint8)]


def get_init_inputs():
    return [6, 48]  # P1, P2
