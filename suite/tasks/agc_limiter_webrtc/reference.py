import torch
import torch.nn as nn


class Model(nn.Module):
    """Fixed digital AGC with limiter in the style of WebRTC's AGC2 (GainController2: fixed
    digital gain, FixedDigitalLevelEstimator with instant attack and exponential decay per
    sub-frame, a compressing limiter gain per sub-frame, the scaling factors linearly
    interpolated per sample) on a mono block x [S, M] (S sub-frames of M samples):
      y = x * 10^(12/20)                                  (fixed digital gain, 12 dB)
      env[s] = max_j |y[s, j]|
      level[s] = env[s] if env[s] > level[s-1] else 0.5 level[s-1] + 0.5 env[s]
                 (level[-1] = state[0])
      g[s] = min(level >= 0.5 ? (0.5 / level)^(1/2) : 1, 0.98 / level)
                 (threshold 0.5 = -6 dBFS, ratio 2, ceiling 0.98 = -0.18 dBFS)
      G = [state[1], g[0], .., g[S-1]]
      out[s, j] = clamp(y[s, j] (G[s] + j (G[s+1] - G[s]) / M), -1, 1)
    Returns (out [S, M], g [S])."""

    def __init__(self, gain: float = 3.9810717055349722, thr: float = 0.5, expo: float = 0.5,
                 ceil: float = 0.98, decay: float = 0.5, rise: float = 0.5):
        super().__init__()
        self.gain, self.thr, self.expo, self.ceil = gain, thr, expo, ceil
        self.decay, self.rise = decay, rise

    def forward(self, x, state):
        S, M = x.shape
        y = x * self.gain
        env = y.abs().amax(1)
        lv = state[0]
        levels = []
        for s in range(S):
            e = env[s]
            lv = e if bool(e > lv) else self.decay * lv + self.rise * e
            levels.append(lv)
        level = torch.stack(levels)
        comp = torch.where(level >= self.thr, torch.pow(self.thr / level, self.expo), torch.ones_like(level))
        g = torch.minimum(comp, self.ceil / level)
        G = torch.cat([state[1:2], g])
        j = torch.arange(M, dtype=torch.float32, device=x.device)[None, :]
        ramp = G[:-1, None] + j * (G[1:] - G[:-1])[:, None] / M
        out = torch.clamp(y * ramp, -1.0, 1.0)
        return out, g


S, M = 20, 24


def get_inputs():
    return [torch.rand(S, M) - 0.5, torch.rand(2) * 0.5 + 0.5]


def get_init_inputs():
    return [3.9810717055349722, 0.5, 0.5, 0.98, 0.5, 0.5]
