import torch
import torch.nn as nn

CONST_BITS, PASS1_BITS = 13, 2
F0298, F0390, F0541, F0765 = 2446, 3196, 4433, 6270
F0899, F1175, F1501, F1847 = 7373, 9633, 12299, 15137
F1961, F2053, F2562, F3072 = 16069, 16819, 20995, 25172


def _descale(x, n):
    return (x + (1 << (n - 1))) >> n


def _dct_1d(d, first):
    """libjpeg jfdctint.c (jpeg_fdct_islow) butterfly on the 8 values d[0..7] (int64
    tensors); first = pass 1 (rows: even outputs << PASS1_BITS, odd descaled by
    CONST_BITS - PASS1_BITS), else pass 2 (columns: descaled by PASS1_BITS and
    CONST_BITS + PASS1_BITS)."""
    tmp0, tmp7 = d[0] + d[7], d[0] - d[7]
    tmp1, tmp6 = d[1] + d[6], d[1] - d[6]
    tmp2, tmp5 = d[2] + d[5], d[2] - d[5]
    tmp3, tmp4 = d[3] + d[4], d[3] - d[4]
    tmp10, tmp13 = tmp0 + tmp3, tmp0 - tmp3
    tmp11, tmp12 = tmp1 + tmp2, tmp1 - tmp2
    sh = CONST_BITS - PASS1_BITS if first else CONST_BITS + PASS1_BITS
    o = [None] * 8
    if first:
        o[0] = (tmp10 + tmp11) << PASS1_BITS
        o[4] = (tmp10 - tmp11) << PASS1_BITS
    else:
        o[0] = _descale(tmp10 + tmp11, PASS1_BITS)
        o[4] = _descale(tmp10 - tmp11, PASS1_BITS)
    z1 = (tmp12 + tmp13) * F0541
    o[2] = _descale(z1 + tmp13 * F0765, sh)
    o[6] = _descale(z1 + tmp12 * (-F1847), sh)
    z1, z2, z3, z4 = tmp4 + tmp7, tmp5 + tmp6, tmp4 + tmp6, tmp5 + tmp7
    z5 = (z3 + z4) * F1175
    tmp4, tmp5, tmp6, tmp7 = tmp4 * F0298, tmp5 * F2053, tmp6 * F3072, tmp7 * F1501
    z1, z2, z3, z4 = z1 * (-F0899), z2 * (-F2562), z3 * (-F1961), z4 * (-F0390)
    z3 = z3 + z5
    z4 = z4 + z5
    o[7] = _descale(tmp4 + z1 + z3, sh)
    o[5] = _descale(tmp5 + z2 + z4, sh)
    o[3] = _descale(tmp6 + z2 + z3, sh)
    o[1] = _descale(tmp7 + z1 + z4, sh)
    return o


def _fdct_quant(plane, qt):
    """plane [h, w] int64 (multiples of 8) -> quantized coefficients [h/8, w/8, 64] in
    natural (row-major) order: level shift, islow DCT (rows, then columns), libjpeg's
    quantization by 8 * qt (round half away from zero)."""
    h, w = plane.shape
    blk = (plane - 128).reshape(h // 8, 8, w // 8, 8).permute(0, 2, 1, 3)   # [by, bx, v, u]
    rows = _dct_1d([blk[..., u] for u in range(8)], True)
    blk = torch.stack(rows, -1)
    cols = _dct_1d([blk[..., v, :] for v in range(8)], False)
    coef = torch.stack(cols, -2)                                            # [by, bx, v, u]
    q = (qt.to(torch.int64) * 8).reshape(8, 8)
    a = coef.abs() + (q >> 1)
    quant = torch.div(a, q, rounding_mode="floor")
    quant = torch.where(coef < 0, -quant, quant)
    return quant.reshape(h // 8, w // 8, 64)


class Model(nn.Module):
    """The front half of libjpeg's baseline encoder (jpeg-6b / libjpeg-turbo C paths) for an
    interleaved RGB frame [H, W, 3] uint8, 4:2:0:
      jccolor.c  Y = (19595 R + 38470 G + 7471 B + 32768) >> 16
                 Cb = (-11059 R - 21709 G + 32768 B + (128 << 16) + 32767) >> 16
                 Cr = (32768 R - 27439 G - 5329 B + (128 << 16) + 32767) >> 16
      jcsample.c h2v2: (sum of the 2x2 block + bias) >> 2, bias 1, 2, 1, 2, ... along a row
      jcdctmgr.c level shift by 128, jfdctint.c islow 8x8 DCT, quantization by 8 qt
                 (round half away from zero)
    qt [2, 64] (luma, chroma quant tables, natural order). Returns (y_coef [H/8, W/8, 64],
    c_coef [2, H/16, W/16, 64]) int16."""

    def __init__(self):
        super().__init__()

    def forward(self, rgb, qt):
        p = rgb.to(torch.int64)
        R, G, B = p[..., 0], p[..., 1], p[..., 2]
        Y = (19595 * R + 38470 * G + 7471 * B + 32768) >> 16
        Cb = (-11059 * R - 21709 * G + 32768 * B + (128 << 16) + 32767) >> 16
        Cr = (32768 * R - 27439 * G - 5329 * B + (128 << 16) + 32767) >> 16
        H, W = Y.shape
        bias = (torch.arange(W // 2, device=rgb.device) % 2 + 1)[None, :]

        def down(c):
            s = c[0::2, 0::2] + c[0::2, 1::2] + c[1::2, 0::2] + c[1::2, 1::2]
            return (s + bias) >> 2

        yc = _fdct_quant(Y, qt[0])
        cc = torch.stack([_fdct_quant(down(Cb), qt[1]), _fdct_quant(down(Cr), qt[1])])
        return yc.to(torch.int16), cc.to(torch.int16)


H16, W16 = 30, 40


def get_inputs():
    return [torch.randint(0, 256, (16 * H16, 16 * W16, 3), dtype=torch.uint8),
            torch.randint(2, 51, (2, 64), dtype=torch.int32)]


def get_init_inputs():
    return []
