import torch
import torch.nn as nn


def _shift(v, k):
    """v delayed by k samples, zeros before the start: out[n] = v[n - k]."""
    if k == 0:
        return v
    return torch.cat([torch.zeros_like(v[..., :k]), v[..., :-k]], dim=-1)


class Model(nn.Module):
    """Pan-Tompkins QRS detection (Pan and Tompkins 1985) on one ECG lead at 200 Hz, in the
    integer arithmetic of the paper's filters (all int64 here, results int32):
      lp[n]  = (sum_{i=0}^{10} c_i x[n-i]) >> 5, c = 1 2 3 4 5 6 5 4 3 2 1
               (the exact FIR of y[n] = 2y[n-1] - y[n-2] + x[n] - 2x[n-6] + x[n-12])
      hp[n]  = (32 lp[n-16] - sum_{i=0}^{31} lp[n-i]) >> 5
               (the exact FIR of the paper's 32-point running-sum high-pass)
      d[n]   = (2 hp[n] + hp[n-1] - hp[n-3] - 2 hp[n-4]) >> 3
      mwi[n] = (sum_{i=0}^{W-1} d[n-i]^2) // W          (moving-window integration, W = 30)
    samples before the start are 0. A sample 1 <= n <= T-2 is a peak when mwi[n] > mwi[n-1]
    and mwi[n] >= mwi[n+1]. Then the adaptive threshold, in time order from (spk0, npk0):
    a peak above thr at least REFR samples after the last QRS is a QRS
    (spk = (mwi + 7 spk) >> 3), any other peak is noise (npk = (mwi + 7 npk) >> 3);
    thr = npk + ((spk - npk) >> 2) after every step (the initial thr from spk0, npk0).
    Returns (mwi [1, T], qrs [1, T] (1 at a detected QRS), thr [1, T]), int32."""

    def __init__(self, window: int = 30, refractory: int = 40):
        super().__init__()
        self.window = window
        self.refractory = refractory

    def forward(self, x, state0):
        x = x.to(torch.int64)
        lp = sum(c * _shift(x, i) for i, c in enumerate([1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1])) >> 5
        hp = (32 * _shift(lp, 16) - sum(_shift(lp, i) for i in range(32))) >> 5
        d = (2 * hp + _shift(hp, 1) - _shift(hp, 3) - 2 * _shift(hp, 4)) >> 3
        sq = d * d
        mwi = torch.div(sum(_shift(sq, i) for i in range(self.window)), self.window, rounding_mode="floor")
        T = x.shape[-1]
        m = mwi[0].tolist()
        spk, npk = int(state0[0, 0]), int(state0[0, 1])
        thr = npk + ((spk - npk) >> 2)
        last = -(1 << 20)
        qrs = [0] * T
        thr_out = [0] * T
        for n in range(T):
            if 1 <= n <= T - 2 and m[n] > m[n - 1] and m[n] >= m[n + 1]:
                if m[n] > thr and n - last >= self.refractory:
                    spk = (m[n] + 7 * spk) >> 3
                    last = n
                    qrs[n] = 1
                else:
                    npk = (m[n] + 7 * npk) >> 3
                thr = npk + ((spk - npk) >> 2)
            thr_out[n] = thr
        return (mwi.to(torch.int32), torch.tensor([qrs], dtype=torch.int32, device=x.device),
                torch.tensor([thr_out], dtype=torch.int32, device=x.device))


T = 2000


def get_inputs():
    return [
        torch.randint(-1024, 1024, (1, T), dtype=torch.int32),
        torch.randint(0, 8001, (1, 2), dtype=torch.int32),
    ]


def get_init_inputs():
    return [30, 40]
