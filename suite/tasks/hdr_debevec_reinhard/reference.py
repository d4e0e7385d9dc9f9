import torch
import torch.nn as nn


class Model(nn.Module):
    """HDR from an exposure bracket, then global tone mapping (OpenCV photo module chain
    MergeDebevec -> TonemapReinhard-style global operator):
      w(z) = z + 1 for z < 128 else 256 - z (triangle weights); per pixel the mean over the
      3 channels: wp[n] = (w(Z_R) + w(Z_G) + w(Z_B)) / 3
      lnE[c] = sum_n wp[n] (resp[c, Z_nc] - log_dt[n]) / sum_n wp[n]; E = exp(lnE)
      L = 0.2126 E_R + 0.7152 E_G + 0.0722 E_B; Lavg = exp(mean(log(L + 1e-6)))
      Lm = 0.18 / Lavg * L; Ld = Lm / (1 + Lm)
      out[c] = clamp(E[c] Ld / L, 0, 1)^(1/2.2)
    imgs [N, 3, H, W] uint8, resp [3, 256] (the camera response, log exposure), log_dt [N];
    returns out [3, H, W] float32."""

    def __init__(self, key: float = 0.18, gamma: float = 2.2):
        super().__init__()
        self.key = key
        self.inv_gamma = 1.0 / gamma

    def forward(self, imgs, resp, log_dt):
        Z = imgs.to(torch.int64)
        n_img = Z.shape[0]
        w = torch.where(Z < 128, Z + 1, 256 - Z).to(torch.float32)
        wp = (w[:, 0] + w[:, 1] + w[:, 2]) / 3.0
        g = resp[torch.arange(3)[None, :, None, None], Z]
        num = wp[0][None] * (g[0] - log_dt[0])
        den = wp[0]
        for i in range(1, n_img):
            num = num + wp[i][None] * (g[i] - log_dt[i])
            den = den + wp[i]
        E = torch.exp(num / den[None])
        L = 0.2126 * E[0] + 0.7152 * E[1] + 0.0722 * E[2]
        lavg = torch.exp(torch.log(L + 1e-6).mean())
        Lm = (self.key / lavg) * L
        Ld = Lm / (1.0 + Lm)
        return torch.pow(torch.clamp(E * (Ld / L)[None], 0.0, 1.0), self.inv_gamma)


N, H, W = 3, 480, 640


def get_inputs():
    return [torch.randint(0, 256, (N, 3, H, W), dtype=torch.uint8), torch.rand(3, 256) * 4 - 2,
            torch.rand(N) * 4 - 2]


def get_init_inputs():
    return [0.18, 2.2]
