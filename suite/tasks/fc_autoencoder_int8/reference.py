import torch
import torch.nn as nn

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1


def srdhm(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """SaturatingRoundingDoublingHighMul of int32 values held in int64 tensors."""
    ab = a * b
    nudge = torch.where(ab >= 0, torch.full_like(ab, 2**30), torch.full_like(ab, 1 - 2**30))
    q = torch.div(ab + nudge, 2**31, rounding_mode="trunc")
    overflow = (a == b) & (a == INT32_MIN)
    return torch.where(overflow, torch.full_like(q, INT32_MAX), q)


def rounding_divide_by_pot(x: torch.Tensor, e: torch.Tensor) -> torch.Tensor:
    """RoundingDivideByPOT of int32 values held in int64 tensors by 2^e (e a tensor)."""
    mask = torch.bitwise_left_shift(torch.ones_like(e), e) - 1
    rem = torch.bitwise_and(x, mask)
    threshold = torch.bitwise_right_shift(mask, 1) + (x < 0).to(torch.int64)
    return torch.bitwise_right_shift(x, e) + (rem > threshold).to(torch.int64)


class Model(nn.Module):
    """The MLPerf Tiny anomaly-detection autoencoder (DCASE 2020 Task 2 baseline) as TFLite's
    integer FullyConnected kernel runs it after full-integer quantization, per-channel weights:
    10 dense layers D -> HD -> HD -> HD -> HD -> Z -> HD -> HD -> HD -> HD -> D, each
      acc[b, o] = bias[o] + sum_i (a[b, i] - zp_in) * W[o, i]                 (int32)
      out[b, o] = clamp(zp_out + RDivPOT(SRDHM(acc, M[o]), s[o]), lo, 127)
    with lo = zp_h = -128 (the fused ReLU) on the 9 hidden layers and lo = -128 on the linear
    output layer (zero point zp_y). The 3 HD -> HD layers of the encoder and of the decoder
    are stacked along dim 0 (weights, biases, multipliers and shifts)."""

    def __init__(self, zp_x, zp_h, zp_y):
        super().__init__()
        self.zp_x, self.zp_h, self.zp_y = zp_x, zp_h, zp_y

    def dense(self, a, zp_a, w, b, m, s, zp_out):
        # The integer GEMV exactly in float64 (every partial sum is far below 2^53).
        acc = torch.matmul((a - zp_a).to(torch.float64), w.to(torch.float64).t()).to(torch.int64)
        acc = acc + b.to(torch.int64)
        q = rounding_divide_by_pot(srdhm(acc, m.to(torch.int64)), s.to(torch.int64)) + zp_out
        return torch.clamp(q, -128, 127)

    def forward(self, x, w_in, b_in, m_in, s_in, w_enc, b_enc, m_enc, s_enc, w_z, b_z, m_z, s_z,
                w_dec_in, b_dec_in, m_dec_in, s_dec_in, w_dec, b_dec, m_dec, s_dec,
                w_out, b_out, m_out, s_out):
        zh = self.zp_h
        a = self.dense(x.to(torch.int64), self.zp_x, w_in, b_in, m_in, s_in, zh)
        for i in range(3):
            a = self.dense(a, zh, w_enc[i], b_enc[i], m_enc[i], s_enc[i], zh)
        a = self.dense(a, zh, w_z, b_z, m_z, s_z, zh)
        a = self.dense(a, zh, w_dec_in, b_dec_in, m_dec_in, s_dec_in, zh)
        for i in range(3):
            a = self.dense(a, zh, w_dec[i], b_dec[i], m_dec[i], s_dec[i], zh)
        y = self.dense(a, zh, w_out, b_out, m_out, s_out, self.zp_y)
        return y.to(torch.int8)


B, D, HD, Z = 8, 640, 128, 8


def _ri(lo, hi, shape, dtype):
    return torch.randint(lo, hi + 1, shape, dtype=dtype)


def _layer(o, i, blo, bhi, slo, shi):
    return [_ri(-127, 127, (o, i), torch.int8), _ri(blo, bhi, (o,), torch.int32),
            _ri(2**30, 2**31 - 1, (o,), torch.int32), _ri(slo, shi, (o,), torch.int32)]


def _stack(o, i, blo, bhi, slo, shi):
    return [_ri(-127, 127, (3, o, i), torch.int8), _ri(blo, bhi, (3, o), torch.int32),
            _ri(2**30, 2**31 - 1, (3, o), torch.int32), _ri(slo, shi, (3, o), torch.int32)]


def get_inputs():
    return ([_ri(-128, 127, (B, D), torch.int8)]
            + _layer(HD, D, -30000, 60000, 10, 11)
            + _stack(HD, HD, -30000, 60000, 9, 10)
            + _layer(Z, HD, -30000, 60000, 9, 10)
            + _layer(HD, Z, -8000, 16000, 7, 8)
            + _stack(HD, HD, -30000, 60000, 9, 10)
            + _layer(D, HD, -30000, 30000, 10, 11))


def get_init_inputs():
    return [12, -128, 9]
