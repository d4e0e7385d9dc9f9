import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A YOLOv3-style detection head on one feature map at inference (as the YOLOLayer of
    YOLOv3-tiny / YOLO-Fastest): a 1x1 conv to na * (NC + 5) channels, viewed as
    [1, na, NC + 5, H, W] and permuted to [1, na, H, W, NC + 5], then
    xy = (sigmoid + grid) * stride, wh = exp * anchor (pixels), objectness and classes = sigmoid."""

    def __init__(self, num_anchors: int = 3, stride: float = 32.0):
        super().__init__()
        self.na = num_anchors
        self.stride = stride

    def forward(self, x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor, anchors: torch.Tensor) -> torch.Tensor:
        bs, _, ny, nx = x.shape
        no = weight.shape[0] // self.na
        p = F.conv2d(x, weight, bias).view(bs, self.na, no, ny, nx).permute(0, 1, 3, 4, 2).contiguous()
        yv, xv = torch.meshgrid(torch.arange(ny, device=x.device), torch.arange(nx, device=x.device), indexing="ij")
        grid = torch.stack((xv, yv), 2).view(1, 1, ny, nx, 2).float()
        anchor_wh = anchors.view(1, self.na, 1, 1, 2)
        xy = (torch.sigmoid(p[..., :2]) + grid) * self.stride
        wh = torch.exp(p[..., 2:4]) * anchor_wh
        rest = torch.sigmoid(p[..., 4:])
        return torch.cat((xy, wh, rest), dim=-1)


CI, NC, H, W = 512, 80, 13, 13


def get_inputs():
    return [
        torch.rand(1, CI, H, W) * 2 - 0.5,
        torch.rand(3 * (NC + 5), CI, 1, 1) * 0.2 - 0.1,
        torch.rand(3 * (NC + 5)) * 2 - 1,
        torch.rand(3, 2) * 110 + 10,
    ]


def get_init_inputs():
    return [3, 32.0]
