import torch
import torch.nn as nn


def _so3_exp(phi):
    """Rodrigues: R = I + A [phi]x + B [phi]x^2, A = sin(t)/t, B = 2 sin^2(t/2)/t^2 (t = |phi|),
    with the Taylor forms A = 1 - t^2/6, B = 1/2 - t^2/24 where t^2 < 1e-8. phi [K, 3]."""
    t2 = (phi * phi).sum(-1)
    t = torch.sqrt(t2)
    small = t2 < 1e-8
    ts = torch.where(small, torch.ones_like(t), t)
    A = torch.where(small, 1 - t2 / 6, torch.sin(ts) / ts)
    sh = torch.sin(ts * 0.5) / ts
    B = torch.where(small, 0.5 - t2 / 24, 2 * sh * sh)
    x, y, z = phi[:, 0], phi[:, 1], phi[:, 2]
    o = torch.zeros_like(x)
    S = torch.stack([o, -z, y, z, o, -x, -y, x, o], -1).view(-1, 3, 3)
    eye = torch.eye(3, device=S.device).expand_as(S)
    return eye + A[:, None, None] * S + B[:, None, None] * (S @ S)


class Model(nn.Module):
    """IMU preintegration (Forster et al. 2017, on-manifold preintegration) of K keyframe
    intervals of M samples each, as a VIO back end re-preintegrates every keyframe after a
    bias update (ORB-SLAM3, VINS-Mono repropagate): per interval, from dR = I, dv = dp = 0,
    for each sample with w = gyro - bg, a = acc - ba:
      dp += dv dt + 1/2 dR a dt^2;  dv += dR a dt;
      J_p += J_v dt - 1/2 dR dt^2;  J_v -= dR dt     (J_v = d dv / d ba, J_p = d dp / d ba)
      dR = dR Exp(w dt)
    Returns (dR [K, 3, 3], dv [K, 3], dp [K, 3], jac [K, 2, 3, 3] (J_v, J_p))."""

    def __init__(self, dt: float = 0.005):
        super().__init__()
        self.dt = dt

    def forward(self, gyro, acc, bg, ba):
        K, M = gyro.shape[0], gyro.shape[1]
        dt = self.dt
        dR = torch.eye(3, device=gyro.device).repeat(K, 1, 1)
        dv = torch.zeros(K, 3, device=gyro.device)
        dp = torch.zeros(K, 3, device=gyro.device)
        Jv = torch.zeros(K, 3, 3, device=gyro.device)
        Jp = torch.zeros(K, 3, 3, device=gyro.device)
        for i in range(M):
            w = gyro[:, i] - bg
            a = acc[:, i] - ba
            Ra = (dR @ a[:, :, None])[:, :, 0]
            dp = dp + dv * dt + 0.5 * Ra * (dt * dt)
            dv = dv + Ra * dt
            Jp = Jp + Jv * dt - 0.5 * dR * (dt * dt)
            Jv = Jv - dR * dt
            dR = dR @ _so3_exp(w * dt)
        return dR, dv, dp, torch.stack([Jv, Jp], 1)


K, M = 64, 40


def get_inputs():
    return [
        torch.rand(K, M, 3) * 4 - 2,
        torch.rand(K, M, 3) * 30 - 15,
        torch.rand(K, 3) * 0.2 - 0.1,
        torch.rand(K, 3) * 0.4 - 0.2,
    ]


def get_init_inputs():
    return [0.005]
