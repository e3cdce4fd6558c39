"""Model factories for `tessel-import tessel_import.zoo:NAME`: the five
models the importer is checked on, each returning (module, input) with
PyTorch's own initialization. The `_small` variants keep every layer type
but shrink the input (and, for the transformers, the width) so the lit
tests' CPU checks stay short; the full ones are what the importer's
benchmark and `make demo` use."""

import math

import torch
import torch.nn.functional as F
from torch import nn


def _vision(name, size, **kwargs):
    import torchvision
    model = getattr(torchvision.models, name)(**kwargs)
    _nontrivial_batchnorm(model)
    _nonzero_classifier(model)
    return model, torch.randn(1, 3, size, size)


def _nonzero_classifier(model):
    """torchvision starts ViT's classifier at zero, which would make every
    output 0 whatever the layers before it compute: draw it like nn.Linear."""
    g = torch.Generator().manual_seed(2)
    for m in model.modules():
        if isinstance(m, nn.Linear) and not m.weight.any():
            with torch.no_grad():
                bound = 1 / math.sqrt(m.in_features)
                m.weight.uniform_(-bound, bound, generator=g)


def _nontrivial_batchnorm(model):
    """Fresh BatchNorm layers hold mean 0, variance 1, weight 1, bias 0, so a
    wrong fold would go unseen: give them statistics of a real model's size."""
    g = torch.Generator().manual_seed(1)
    for m in model.modules():
        if isinstance(m, nn.BatchNorm2d):
            c = m.num_features
            m.running_mean.copy_(torch.randn(c, generator=g) * 0.1)
            m.running_var.copy_(torch.rand(c, generator=g) * 0.5 + 0.75)
            with torch.no_grad():
                m.weight.copy_(torch.rand(c, generator=g) * 0.5 + 0.75)
                m.bias.copy_(torch.randn(c, generator=g) * 0.1)


def resnet50():
    return _vision("resnet50", 224)


def resnet50_small():
    return _vision("resnet50", 64)


def mobilenet_v2():
    return _vision("mobilenet_v2", 224)


def mobilenet_v2_small():
    return _vision("mobilenet_v2", 64)


def vit_b_16():
    return _vision("vit_b_16", 224)


def vit_b_16_small():
    """ViT-B/16's layers (768 wide, 12 heads, MLP 3072, 16 x 16 patches) on
    a 64 x 64 image (16 patches + the class token), two encoder layers of
    the twelve."""
    import torchvision
    model = torchvision.models.VisionTransformer(
        image_size=64, patch_size=16, num_layers=2, num_heads=12,
        hidden_dim=768, mlp_dim=3072)
    _nonzero_classifier(model)
    return model, torch.randn(1, 3, 64, 64)


def transformer_encoder_layer(seq=128):
    layer = nn.TransformerEncoderLayer(768, 12, batch_first=True)
    return layer, torch.randn(1, seq, 768)


def transformer_encoder_layer_small():
    return transformer_encoder_layer(seq=32)


class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim) + 0.1 * torch.randn(dim))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


def rotate_half(x):
    x1, x2 = x[..., : x.shape[-1] // 2], x[..., x.shape[-1] // 2:]
    return torch.cat((-x2, x1), dim=-1)


class LlamaBlock(nn.Module):
    """A LLaMA-style decoder block: RMSNorm, grouped-query attention with
    rotary embeddings and a causal mask, SwiGLU feed-forward. With a
    `window` (Mistral's sliding window), a query attends to its `window`
    latest keys, itself included."""

    def __init__(self, dim, heads, kv_heads, hidden, seq, window=None):
        super().__init__()
        self.heads, self.kv_heads, self.head_dim = heads, kv_heads, dim // heads
        self.window = window
        hd = self.head_dim
        self.wq = nn.Linear(dim, heads * hd, bias=False)
        self.wk = nn.Linear(dim, kv_heads * hd, bias=False)
        self.wv = nn.Linear(dim, kv_heads * hd, bias=False)
        self.wo = nn.Linear(heads * hd, dim, bias=False)
        self.w1 = nn.Linear(dim, hidden, bias=False)
        self.w3 = nn.Linear(dim, hidden, bias=False)
        self.w2 = nn.Linear(hidden, dim, bias=False)
        self.attention_norm = RMSNorm(dim)
        self.ffn_norm = RMSNorm(dim)
        inv = 1.0 / (10000 ** (torch.arange(0, hd, 2).float() / hd))
        angles = torch.outer(torch.arange(seq).float(), inv)
        emb = torch.cat((angles, angles), -1)
        self.register_buffer("cos", emb.cos())
        self.register_buffer("sin", emb.sin())

    def forward(self, x):
        b, s, d = x.shape
        hd = self.head_dim
        h = self.attention_norm(x)
        q = self.wq(h).view(b, s, self.heads, hd).transpose(1, 2)
        k = self.wk(h).view(b, s, self.kv_heads, hd).transpose(1, 2)
        v = self.wv(h).view(b, s, self.kv_heads, hd).transpose(1, 2)
        q = q * self.cos + rotate_half(q) * self.sin
        k = k * self.cos + rotate_half(k) * self.sin
        rep = self.heads // self.kv_heads
        k = k[:, :, None].expand(b, self.kv_heads, rep, s, hd).reshape(b, self.heads, s, hd)
        v = v[:, :, None].expand(b, self.kv_heads, rep, s, hd).reshape(b, self.heads, s, hd)
        scores = q @ k.transpose(-2, -1) / math.sqrt(hd)
        mask = torch.full((s, s), float("-inf"), dtype=x.dtype,
                          device=x.device).triu(1)
        if self.window is not None:
            mask = mask + torch.full((s, s), float("-inf"), dtype=x.dtype,
                                     device=x.device).tril(-self.window)
        p = F.softmax(scores + mask, dim=-1)
        o = (p @ v).transpose(1, 2).reshape(b, s, d)
        x = x + self.wo(o)
        h = self.ffn_norm(x)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


def llama_block(seq=128):
    """LLaMA-7B-like proportions at a quarter of the width: 1024 wide, 16
    query heads of 64, 4 KV heads, SwiGLU 2816."""
    return LlamaBlock(1024, 16, 4, 2816, seq), torch.randn(1, seq, 1024)


def llama_block_small():
    return LlamaBlock(256, 8, 2, 512, 32), torch.randn(1, 32, 256)


def mistral_block_small():
    """llama_block_small with Mistral's sliding window: each of the 32
    tokens attends to its 8 latest (Mistral-7B: 4096 of up to 32768)."""
    return LlamaBlock(256, 8, 2, 512, 32, window=8), torch.randn(1, 32, 256)
