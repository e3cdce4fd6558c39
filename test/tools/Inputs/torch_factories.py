"""Factories for tessel-import's error tests: modules it must refuse with a
diagnostic, and one that needs --input-shape."""

import math

import torch
from torch import nn
import torch.nn.functional as F


class SquareRoot(nn.Module):
    def forward(self, x):
        return torch.sqrt(x * x)  # aten.sqrt has no Tessel rule


def unsupported():
    return SquareRoot(), torch.randn(4, 8)


def linear_only():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(8, 4), nn.ReLU())


class Integers(nn.Module):
    def forward(self, x):
        return x + 1


def integer_input():
    return Integers(), torch.arange(8)


class Assorted(nn.Module):
    """The importer's less common rules in one module: a BatchNorm that no
    convolution precedes, a convolution with a bias, average pooling, a
    channel-wise broadcast against NHWC, the elementwise family, reductions
    and a real broadcast (expand)."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1, bias=True)
        self.bn = nn.BatchNorm2d(8)
        self.pool = nn.AvgPool2d(2)
        self.gain = nn.Parameter(torch.rand(8, 1, 1) + 0.5)
        self.norm = nn.LayerNorm(8, elementwise_affine=False)
        with torch.no_grad():
            self.bn.running_mean.uniform_(-0.2, 0.2)
            self.bn.running_var.uniform_(0.5, 1.5)

    def forward(self, x):
        y = self.bn(torch.relu(self.conv(x)))          # BatchNorm unfolded
        y = self.pool(y) * self.gain                   # [8, 1, 1] against NHWC
        y = torch.maximum(y.abs(), torch.sigmoid(y)) - torch.tanh(y).pow(2)
        y = F.hardtanh(y, -0.5, 2.0) + torch.exp(-y)
        rows = y.flatten(2).transpose(1, 2)            # [1, 16, 8]
        rows = F.gelu(self.norm(rows), approximate="tanh")
        peak = rows.amax(dim=1, keepdim=True)          # [1, 1, 8]
        total = rows.sum(dim=-1)                       # [1, 16]
        wide = peak.expand(1, 4, 8)                    # copied, not a view
        return rows[:, 3] + wide[:, 1] * 0.5, total / 8.0


def assorted():
    torch.manual_seed(0)
    return Assorted(), torch.randn(1, 3, 8, 8)


class Compositions(nn.Module):
    """Activations written out as arithmetic, as model code often does:
    GPT-2's tanh GELU, the erf GELU, and SiLU as x * sigmoid(x)."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(16, 16)

    def forward(self, x):
        h = self.fc(x)
        new_gelu = 0.5 * h * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi)
                                               * (h + 0.044715 * torch.pow(h, 3.0))))
        erf_gelu = h * 0.5 * (1.0 + torch.erf(h / math.sqrt(2.0)))
        silu = h * torch.sigmoid(h)
        return new_gelu + erf_gelu + silu


def compositions():
    torch.manual_seed(0)
    return Compositions(), torch.randn(4, 16)


class ValueDependent(nn.Module):
    """Python that branches on a value: no trace can follow it."""

    def forward(self, x):
        if bool((x.abs().sum() > 0).item()):
            return torch.relu(x) * 2.0
        return x


def value_dependent():
    torch.manual_seed(0)
    return ValueDependent(), torch.randn(4, 8)


class Masks(nn.Module):
    """Attention of 4 queries over 16 keys (the latest 4 positions of a
    decode step) under four constant masks: causal with a window of 6
    (each query sees its 6 latest keys), causal alone, a causal mask with
    one more key hidden, which no `causal window` states, and a padding
    mask of zeros broadcast over the queries ([1, 16], hiding nothing: not
    causal). The last two stay added masks."""

    def forward(self, q, k, v):
        sq, skv = q.shape[-2], k.shape[-2]
        i = torch.arange(sq).unsqueeze(1) + (skv - sq)
        j = torch.arange(skv).unsqueeze(0)
        inf = torch.tensor(float("-inf"))
        zero = torch.tensor(0.0)
        window = torch.where((j <= i) & (j > i - 6), zero, inf)
        causal = torch.where(j <= i, zero, inf)
        holed = torch.where((j <= i) & (j != 3), zero, inf)
        padding = torch.zeros(1, skv)
        outs = []
        for mask in (window, causal, holed, padding):
            s = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
            outs.append(F.softmax(s + mask, dim=-1) @ v)
        return tuple(outs)


def masks():
    return Masks(), (torch.randn(2, 4, 8), torch.randn(2, 16, 8), torch.randn(2, 16, 8))
