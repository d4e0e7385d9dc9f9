import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """YOLOv5 Detect (v6.2) inference over three levels:
      p = conv1x1(x_l, w_l, b_l).view(1, 3, no, ny, nx).permute(0, 1, 3, 4, 2)
      s = p.sigmoid(); xy, wh, conf = s.split((2, 2, no - 4), 4)
      xy = (xy * 2 + grid - 0.5) * stride;  wh = (wh * 2) ** 2 * anchor_grid
      y = cat over levels of cat(xy, wh, conf).view(1, -1, no)
    """

    def __init__(self, strides=(8.0, 16.0, 32.0),
                 anchors=((10, 13, 16, 30, 33, 23), (30, 61, 62, 45, 59, 119), (116, 90, 156, 198, 373, 326))):
        super().__init__()
        self.strides = strides
        # a buffer, so that .to(device) moves it: anchors[i] is level i's [1, 3, 1, 1, 2]
        self.register_buffer("anchors", torch.tensor(anchors, dtype=torch.float32).view(len(anchors), 1, 3, 1, 1, 2),
                             persistent=False)

    def forward(self, x3, x4, x5, w3, b3, w4, b4, w5, b5):
        z = []
        for i, (x, w, b) in enumerate(((x3, w3, b3), (x4, w4, b4), (x5, w5, b5))):
            no = w.shape[0] // 3
            _, _, ny, nx = x.shape
            p = F.conv2d(x, w, b).view(1, 3, no, ny, nx).permute(0, 1, 3, 4, 2).contiguous()
            yv, xv = torch.meshgrid(torch.arange(ny, device=x.device), torch.arange(nx, device=x.device), indexing="ij")
            grid = torch.stack((xv, yv), 2).expand(1, 3, ny, nx, 2).float() - 0.5
            anchor_grid = self.anchors[i].expand(1, 3, ny, nx, 2)
            s = p.sigmoid()
            xy, wh, conf = s.split((2, 2, no - 4), 4)
            xy = (xy * 2 + grid) * self.strides[i]
            wh = (wh * 2) ** 2 * anchor_grid
            z.append(torch.cat((xy, wh, conf), 4).view(1, 3 * ny * nx, no))
        return torch.cat(z, 1)


C3, C4, C5, NC, H, W = 64, 128, 256, 80, 80, 80
H2, W2 = (H + 1) // 2, (W + 1) // 2
H4, W4 = (H2 + 1) // 2, (W2 + 1) // 2


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    no3 = 3 * (NC + 5)
    return [
        _uniform((1, C3, H, W), -0.3, 1.5),
        _uniform((1, C4, H2, W2), -0.3, 1.5),
        _uniform((1, C5, H4, W4), -0.3, 1.5),
        _uniform((no3, C3, 1, 1), -0.25, 0.25),
        _uniform((no3,), -1.0, 1.0),
        _uniform((no3, C4, 1, 1), -0.2, 0.2),
        _uniform((no3,), -1.0, 1.0),
        _uniform((no3, C5, 1, 1), -0.15, 0.15),
        _uniform((no3,), -1.0, 1.0),
    ]


def get_init_inputs():
    return []
