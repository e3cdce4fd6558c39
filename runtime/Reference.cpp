//===- Reference.cpp - Independent reference for Tessel ops
//----------------===//
//
// Direct loops in double precision for every Tessel operator; see
// Reference.h. Kept deliberately simple and separate from the lowering so
// that the two can disagree when one of them is wrong.
//
//===----------------------------------------------------------------------===//

#include "runtime/Reference.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

namespace mlir::tessel::ref {

const char *dtypeName(DType dtype) {
  switch (dtype) {
  case DType::F32:
    return "f32";
  case DType::F16:
    return "f16";
  case DType::BF16:
    return "bf16";
  }
  return "?";
}

namespace {

/// Rounds to a binary format with `mantissaBits` stored fraction bits, whose
/// smallest normal number is 2^(minExp - 1) (frexp convention), and whose
/// largest finite value is `maxFinite`.
double roundToFormat(double x, int mantissaBits, int minExp, double maxFinite) {
  if (x == 0 || !std::isfinite(x))
    return x;
  int exp;
  std::frexp(x, &exp);
  exp = std::max(exp, minExp); // subnormals keep the smallest exponent
  double scale = std::ldexp(1.0, mantissaBits + 1 - exp);
  double r = std::nearbyint(x * scale) / scale; // ties to even
  if (std::fabs(r) > maxFinite)
    return std::copysign(INFINITY, x);
  return r;
}

} // namespace

double roundTo(DType dtype, double value) {
  switch (dtype) {
  case DType::F32:
    return static_cast<double>(static_cast<float>(value));
  case DType::F16:
    return roundToFormat(value, 10, -13, 65504.0);
  case DType::BF16:
    return roundToFormat(value, 7, -125, 3.3895313892515355e38);
  }
  return value;
}

int64_t TensorType::numElements() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

namespace {

std::vector<int64_t> stridesOf(const std::vector<int64_t> &shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t i = int64_t(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

/// Calls `fn(index)` for every multi-index of `shape`, in row-major order.
template <typename Fn>
void forEachIndex(const std::vector<int64_t> &shape, Fn fn) {
  std::vector<int64_t> idx(shape.size(), 0);
  int64_t total = 1;
  for (int64_t d : shape)
    total *= d;
  for (int64_t n = 0; n < total; ++n) {
    fn(idx);
    for (int64_t i = int64_t(shape.size()) - 1; i >= 0; --i) {
      if (++idx[i] < shape[i])
        break;
      idx[i] = 0;
    }
  }
}

int64_t linear(const std::vector<int64_t> &idx,
               const std::vector<int64_t> &strides) {
  int64_t off = 0;
  for (size_t i = 0; i < idx.size(); ++i)
    off += idx[i] * strides[i];
  return off;
}

double nanMax(double a, double b) {
  return (std::isnan(a) || std::isnan(b)) ? NAN : std::max(a, b);
}
double nanMin(double a, double b) {
  return (std::isnan(a) || std::isnan(b)) ? NAN : std::min(a, b);
}

bool flag(const Op &op, const char *name) {
  auto it = op.ints.find(name);
  return it != op.ints.end() && !it->second.empty() && it->second[0] != 0;
}

class Evaluator {
public:
  Evaluator(std::vector<const Tensor *> values, std::string &error)
      : values(std::move(values)), error(error) {}

  /// Computes `op`'s result (unrounded) into `out`; false on error.
  bool run(const Op &op, Tensor &out);

private:
  const Tensor &operand(const Op &op, size_t i) {
    return *values[op.operands[i]];
  }
  bool fail(const Op &op, const std::string &msg) {
    error = "reference: '" + op.kind + "': " + msg;
    return false;
  }

  bool contraction(const Op &op, Tensor &out, int batchRank);
  bool conv2d(const Op &op, Tensor &out);
  bool im2col(const Op &op, Tensor &out);
  bool unary(const Op &op, Tensor &out);
  bool binary(const Op &op, Tensor &out);
  bool reduce(const Op &op, Tensor &out);
  bool softmax(const Op &op, Tensor &out);
  bool norm(const Op &op, Tensor &out, bool centred);
  bool attention(const Op &op, Tensor &out);
  bool transpose(const Op &op, Tensor &out);

  std::vector<const Tensor *> values;
  std::string &error;
};

bool Evaluator::contraction(const Op &op, Tensor &out, int batchRank) {
  const Tensor &a = operand(op, 0), &b = operand(op, 1);
  bool ta = flag(op, "transpose_lhs"), tb = flag(op, "transpose_rhs");
  const auto &as = a.type.shape, &bs = b.type.shape;
  int64_t batch = batchRank ? as[0] : 1;
  int64_t m = ta ? as[batchRank + 1] : as[batchRank];
  int64_t k = ta ? as[batchRank] : as[batchRank + 1];
  int64_t n = tb ? bs[batchRank] : bs[batchRank + 1];
  if ((tb ? bs[batchRank + 1] : bs[batchRank]) != k)
    return fail(op, "contraction sizes differ");
  for (int64_t p = 0; p < batch; ++p)
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        double acc = 0;
        for (int64_t q = 0; q < k; ++q) {
          int64_t ai = ta ? q * m + i : i * k + q;
          int64_t bi = tb ? j * k + q : q * n + j;
          acc += a.data[p * m * k + ai] * b.data[p * k * n + bi];
        }
        out.data[(p * m + i) * n + j] = acc;
      }
  return true;
}

bool Evaluator::conv2d(const Op &op, Tensor &out) {
  const Tensor &x = operand(op, 0), &w = operand(op, 1);
  const auto &s = op.ints.at("strides"), &pad = op.ints.at("padding"),
             &d = op.ints.at("dilations");
  int64_t groups = op.ints.at("groups").at(0);
  int64_t n = x.type.shape[0], h = x.type.shape[1], wd = x.type.shape[2],
          c = x.type.shape[3];
  int64_t kh = w.type.shape[0], kw = w.type.shape[1], cg = w.type.shape[2],
          f = w.type.shape[3];
  int64_t oh = out.type.shape[1], ow = out.type.shape[2], fg = f / groups;
  if (cg * groups != c)
    return fail(op, "filter channels do not match the input");
  for (int64_t b = 0; b < n; ++b)
    for (int64_t y = 0; y < oh; ++y)
      for (int64_t xo = 0; xo < ow; ++xo)
        for (int64_t o = 0; o < f; ++o) {
          int64_t g = o / fg;
          double acc = 0;
          for (int64_t r = 0; r < kh; ++r)
            for (int64_t t = 0; t < kw; ++t) {
              int64_t iy = y * s[0] + r * d[0] - pad[0];
              int64_t ix = xo * s[1] + t * d[1] - pad[2];
              if (iy < 0 || iy >= h || ix < 0 || ix >= wd)
                continue; // zero padding
              for (int64_t ci = 0; ci < cg; ++ci)
                acc += x.data[((b * h + iy) * wd + ix) * c + g * cg + ci] *
                       w.data[((r * kw + t) * cg + ci) * f + o];
            }
          out.data[((b * oh + y) * ow + xo) * f + o] = acc;
        }
  return true;
}

bool Evaluator::im2col(const Op &op, Tensor &out) {
  const Tensor &x = operand(op, 0);
  const auto &s = op.ints.at("strides"), &pad = op.ints.at("padding"),
             &d = op.ints.at("dilations");
  int64_t n = x.type.shape[0], h = x.type.shape[1], wd = x.type.shape[2],
          c = x.type.shape[3];
  const std::vector<int64_t> &o = out.type.shape; // N, OH, OW, KH, KW, C
  int64_t i = 0;
  for (int64_t b = 0; b < n; ++b)
    for (int64_t y = 0; y < o[1]; ++y)
      for (int64_t xo = 0; xo < o[2]; ++xo)
        for (int64_t r = 0; r < o[3]; ++r)
          for (int64_t t = 0; t < o[4]; ++t) {
            int64_t iy = y * s[0] + r * d[0] - pad[0];
            int64_t ix = xo * s[1] + t * d[1] - pad[2];
            bool inside = iy >= 0 && iy < h && ix >= 0 && ix < wd;
            for (int64_t ci = 0; ci < c; ++ci, ++i)
              out.data[i] =
                  inside ? x.data[((b * h + iy) * wd + ix) * c + ci] : 0.0;
          }
  return true;
}

double gelu(double x, bool tanhForm) {
  if (!tanhForm)
    return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0)));
  double inner = std::sqrt(2.0 / M_PI) * (x + 0.044715 * x * x * x);
  return 0.5 * x * (1 + std::tanh(inner));
}

bool Evaluator::unary(const Op &op, Tensor &out) {
  const Tensor &x = operand(op, 0);
  const std::string &k = op.kind;
  bool tanhGelu = false;
  if (k == "gelu") {
    auto it = op.strings.find("approximation");
    if (it == op.strings.end())
      return fail(op, "missing approximation");
    tanhGelu = it->second == "tanh";
  }
  for (size_t i = 0; i < x.data.size(); ++i) {
    double v = x.data[i], r;
    if (k == "neg")
      r = -v;
    else if (k == "exp")
      r = std::exp(v);
    else if (k == "tanh")
      r = std::tanh(v);
    else if (k == "sigmoid")
      r = 1 / (1 + std::exp(-v));
    else if (k == "relu")
      r = nanMax(v, 0.0);
    else if (k == "silu")
      r = v / (1 + std::exp(-v));
    else if (k == "rsqrt")
      r = 1 / std::sqrt(v);
    else if (k == "gelu")
      r = gelu(v, tanhGelu);
    else if (k == "cast")
      r = v;
    else
      return fail(op, "unknown unary op");
    out.data[i] = r;
  }
  return true;
}

bool Evaluator::binary(const Op &op, Tensor &out) {
  const Tensor &a = operand(op, 0), &b = operand(op, 1);
  const auto &rs = out.type.shape;
  auto sa = stridesOf(a.type.shape), sb = stridesOf(b.type.shape);
  size_t rank = rs.size();
  // Broadcast index: trailing alignment, size-1 dims read at 0.
  auto offset = [&](const std::vector<int64_t> &idx, const Tensor &t,
                    const std::vector<int64_t> &st) {
    size_t r = t.type.shape.size();
    int64_t off = 0;
    for (size_t i = 0; i < r; ++i) {
      int64_t size = t.type.shape[i];
      off += (size == 1 ? 0 : idx[rank - r + i]) * st[i];
    }
    return off;
  };
  int64_t n = 0;
  const std::string &k = op.kind;
  bool known = k == "add" || k == "sub" || k == "mul" || k == "div" ||
               k == "max" || k == "min";
  if (!known)
    return fail(op, "unknown binary op");
  forEachIndex(rs, [&](const std::vector<int64_t> &idx) {
    double x = a.data[offset(idx, a, sa)], y = b.data[offset(idx, b, sb)];
    double r = k == "add"   ? x + y
               : k == "sub" ? x - y
               : k == "mul" ? x * y
               : k == "div" ? x / y
               : k == "max" ? nanMax(x, y)
                            : nanMin(x, y);
    out.data[n++] = r;
  });
  return true;
}

bool Evaluator::reduce(const Op &op, Tensor &out) {
  const Tensor &x = operand(op, 0);
  const auto &dims = op.ints.at("dims");
  const std::string &kind = op.strings.at("kind");
  std::vector<bool> reduced(x.type.shape.size(), false);
  int64_t count = 1;
  for (int64_t d : dims) {
    reduced[d] = true;
    count *= x.type.shape[d];
  }
  // Accumulate into the kept positions, enumerated in row-major order.
  std::vector<int64_t> keptShape;
  for (size_t i = 0; i < reduced.size(); ++i)
    if (!reduced[i])
      keptShape.push_back(x.type.shape[i]);
  auto ks = stridesOf(keptShape);
  bool isMax = kind == "max";
  std::fill(out.data.begin(), out.data.end(), isMax ? -INFINITY : 0.0);
  int64_t n = 0;
  forEachIndex(x.type.shape, [&](const std::vector<int64_t> &idx) {
    int64_t off = 0;
    for (size_t i = 0, j = 0; i < idx.size(); ++i)
      if (!reduced[i])
        off += idx[i] * ks[j++];
    double v = x.data[n++];
    out.data[off] = isMax ? nanMax(out.data[off], v) : out.data[off] + v;
  });
  if (kind == "mean")
    for (double &v : out.data)
      v /= double(count);
  else if (kind != "sum" && kind != "max")
    return fail(op, "unknown reduction kind '" + kind + "'");
  return true;
}

/// Softmax of `data` (shape `shape`) along `dim`, in place.
void softmaxInPlace(std::vector<double> &data,
                    const std::vector<int64_t> &shape, int64_t dim) {
  auto st = stridesOf(shape);
  int64_t len = shape[dim], stride = st[dim];
  std::vector<int64_t> outer = shape;
  outer[dim] = 1;
  forEachIndex(outer, [&](const std::vector<int64_t> &idx) {
    int64_t base = linear(idx, st);
    double mx = -INFINITY;
    for (int64_t i = 0; i < len; ++i)
      mx = nanMax(mx, data[base + i * stride]);
    double sum = 0;
    for (int64_t i = 0; i < len; ++i)
      sum += std::exp(data[base + i * stride] - mx);
    for (int64_t i = 0; i < len; ++i)
      data[base + i * stride] = std::exp(data[base + i * stride] - mx) / sum;
  });
}

bool Evaluator::softmax(const Op &op, Tensor &out) {
  out.data = operand(op, 0).data;
  const std::vector<int64_t> &shape = out.type.shape;
  int64_t dim = op.ints.at("dim").at(0);
  auto it = op.floats.find("scale");
  if (it != op.floats.end())
    for (double &v : out.data)
      v *= it->second;
  if (flag(op, "causal")) {
    // Position j along dim is masked where j > i + (len - rows), with i the
    // position along dim - 1 (tessel.attention's causal mask).
    auto st = stridesOf(shape);
    int64_t offset = shape[dim] - shape[dim - 1];
    forEachIndex(shape, [&](const std::vector<int64_t> &idx) {
      if (idx[dim] > idx[dim - 1] + offset)
        out.data[linear(idx, st)] = -INFINITY;
    });
  }
  softmaxInPlace(out.data, shape, dim);
  return true;
}

bool Evaluator::norm(const Op &op, Tensor &out, bool centred) {
  const Tensor &x = operand(op, 0);
  const Tensor *scale =
      op.operands.size() > 1 && op.operands[1] >= 0 ? &operand(op, 1) : nullptr;
  const Tensor *bias =
      op.operands.size() > 2 && op.operands[2] >= 0 ? &operand(op, 2) : nullptr;
  int64_t normRank = op.ints.at("normalized_rank").at(0);
  double eps = op.floats.at("epsilon");
  int64_t inner = 1;
  for (size_t i = x.type.shape.size() - normRank; i < x.type.shape.size(); ++i)
    inner *= x.type.shape[i];
  int64_t rows = x.type.numElements() / inner;
  for (int64_t r = 0; r < rows; ++r) {
    const double *row = &x.data[r * inner];
    double mean = 0;
    if (centred) {
      for (int64_t i = 0; i < inner; ++i)
        mean += row[i];
      mean /= double(inner);
    }
    double sq = 0;
    for (int64_t i = 0; i < inner; ++i)
      sq += (row[i] - mean) * (row[i] - mean);
    double inv = 1 / std::sqrt(sq / double(inner) + eps);
    for (int64_t i = 0; i < inner; ++i) {
      double y = (row[i] - mean) * inv;
      if (scale)
        y *= scale->data[i];
      if (bias)
        y += bias->data[i];
      out.data[r * inner + i] = y;
    }
  }
  return true;
}

bool Evaluator::attention(const Op &op, Tensor &out) {
  const Tensor &q = operand(op, 0), &k = operand(op, 1), &v = operand(op, 2);
  int64_t b = q.type.shape[0], h = q.type.shape[1], sq = q.type.shape[2],
          d = q.type.shape[3];
  int64_t hkv = k.type.shape[1], skv = k.type.shape[2], dv = v.type.shape[3];
  int64_t group = h / hkv;
  auto it = op.floats.find("scale");
  double scale = it != op.floats.end() ? it->second : 1 / std::sqrt(double(d));
  bool causal = flag(op, "causal");
  std::vector<double> scores(skv);
  for (int64_t bb = 0; bb < b; ++bb)
    for (int64_t hh = 0; hh < h; ++hh) {
      int64_t kh = hh / group;
      const double *qb = &q.data[(bb * h + hh) * sq * d];
      const double *kb = &k.data[(bb * hkv + kh) * skv * d];
      const double *vb = &v.data[(bb * hkv + kh) * skv * dv];
      for (int64_t i = 0; i < sq; ++i) {
        for (int64_t j = 0; j < skv; ++j) {
          double s = 0;
          for (int64_t e = 0; e < d; ++e)
            s += qb[i * d + e] * kb[j * d + e];
          bool masked = causal && j > i + (skv - sq);
          scores[j] = masked ? -INFINITY : s * scale;
        }
        softmaxInPlace(scores, {skv}, 0);
        for (int64_t e = 0; e < dv; ++e) {
          double acc = 0;
          for (int64_t j = 0; j < skv; ++j)
            acc += scores[j] * vb[j * dv + e];
          out.data[((bb * h + hh) * sq + i) * dv + e] = acc;
        }
      }
    }
  return true;
}

bool Evaluator::transpose(const Op &op, Tensor &out) {
  const Tensor &x = operand(op, 0);
  const auto &perm = op.ints.at("permutation");
  auto sx = stridesOf(x.type.shape);
  int64_t n = 0;
  forEachIndex(out.type.shape, [&](const std::vector<int64_t> &idx) {
    int64_t off = 0;
    for (size_t i = 0; i < idx.size(); ++i)
      off += idx[i] * sx[perm[i]];
    out.data[n++] = x.data[off];
  });
  return true;
}

bool Evaluator::run(const Op &op, Tensor &out) {
  const std::string &k = op.kind;
  if (k == "matmul")
    return contraction(op, out, 0);
  if (k == "batch_matmul")
    return contraction(op, out, 1);
  if (k == "conv2d")
    return conv2d(op, out);
  if (k == "im2col")
    return im2col(op, out);
  if (k == "neg" || k == "exp" || k == "tanh" || k == "sigmoid" ||
      k == "relu" || k == "silu" || k == "rsqrt" || k == "gelu" || k == "cast")
    return unary(op, out);
  if (k == "add" || k == "sub" || k == "mul" || k == "div" || k == "max" ||
      k == "min")
    return binary(op, out);
  if (k == "reduce")
    return reduce(op, out);
  if (k == "softmax")
    return softmax(op, out);
  if (k == "layer_norm")
    return norm(op, out, /*centred=*/true);
  if (k == "rms_norm")
    return norm(op, out, /*centred=*/false);
  if (k == "attention")
    return attention(op, out);
  if (k == "transpose")
    return transpose(op, out);
  if (k == "reshape") {
    out.data = operand(op, 0).data;
    return true;
  }
  return fail(op, "unknown op");
}

} // namespace

std::optional<std::vector<Tensor>> evaluate(const Graph &graph,
                                            const std::vector<Tensor> &inputs,
                                            std::string &error) {
  if (inputs.size() != graph.inputs.size()) {
    error = "reference: graph '" + graph.name + "' takes " +
            std::to_string(graph.inputs.size()) + " inputs, got " +
            std::to_string(inputs.size());
    return std::nullopt;
  }
  std::vector<Tensor> results(graph.ops.size());
  std::vector<const Tensor *> values;
  for (const Tensor &t : inputs)
    values.push_back(&t);
  for (size_t i = 0; i < graph.ops.size(); ++i) {
    const Op &op = graph.ops[i];
    for (int id : op.operands)
      if (id >= int(values.size())) {
        error = "reference: '" + op.kind + "' uses value " +
                std::to_string(id) + " before it is defined";
        return std::nullopt;
      }
    Tensor &out = results[i];
    out.type = op.result;
    out.data.assign(op.result.numElements(), 0.0);
    Evaluator eval(values, error);
    if (!eval.run(op, out))
      return std::nullopt;
    for (double &v : out.data)
      v = roundTo(out.type.dtype, v);
    values.push_back(&out);
  }
  std::vector<Tensor> outputs;
  for (int id : graph.outputs) {
    if (id < 0 || id >= int(values.size())) {
      error = "reference: output value " + std::to_string(id) + " is undefined";
      return std::nullopt;
    }
    outputs.push_back(*values[id]);
  }
  return outputs;
}

namespace {

/// IEEE binary16 bits of `v`, a value representable in f16.
uint16_t halfBits(double v) {
  if (std::isnan(v))
    return 0x7E00;
  uint16_t sign = std::signbit(v) ? 0x8000 : 0;
  double a = std::fabs(v);
  if (std::isinf(a) || a >= 65520.0)
    return sign | 0x7C00;
  if (a == 0)
    return sign;
  int exp;
  double m = std::frexp(a, &exp); // a = m * 2^exp, m in [0.5, 1)
  int e = exp - 1 + 15;           // biased exponent of 1.xxx * 2^(exp-1)
  if (e <= 0)                     // subnormal: a / 2^-24 is an integer
    return sign | uint16_t(std::lround(a * 16777216.0));
  uint16_t frac = uint16_t(std::lround((m * 2 - 1) * 1024));
  if (frac == 1024) { // rounding carried into the exponent
    frac = 0;
    ++e;
  }
  return sign | uint16_t(e << 10) | frac;
}

double halfValue(uint16_t h) {
  int sign = h & 0x8000 ? -1 : 1;
  int e = (h >> 10) & 0x1F, f = h & 0x3FF;
  if (e == 0x1F)
    return f ? NAN : sign * INFINITY;
  if (e == 0)
    return sign * std::ldexp(f, -24);
  return sign * std::ldexp(1024 + f, e - 25);
}

} // namespace

size_t storageBytes(DType dtype) { return dtype == DType::F32 ? 4 : 2; }

std::vector<unsigned char> toStorage(const Tensor &t) {
  std::vector<unsigned char> bytes(t.data.size() * storageBytes(t.type.dtype));
  for (size_t i = 0; i < t.data.size(); ++i) {
    switch (t.type.dtype) {
    case DType::F32: {
      float f = float(t.data[i]);
      std::memcpy(&bytes[4 * i], &f, 4);
      break;
    }
    case DType::F16: {
      uint16_t h = halfBits(t.data[i]);
      std::memcpy(&bytes[2 * i], &h, 2);
      break;
    }
    case DType::BF16: {
      // The value is a bf16 already: the top half of its f32 bits.
      float f = float(t.data[i]);
      uint32_t u;
      std::memcpy(&u, &f, 4);
      uint16_t b = uint16_t(u >> 16);
      std::memcpy(&bytes[2 * i], &b, 2);
      break;
    }
    }
  }
  return bytes;
}

Tensor fromStorage(const TensorType &type, const unsigned char *bytes) {
  Tensor t{type, std::vector<double>(size_t(type.numElements()))};
  for (size_t i = 0; i < t.data.size(); ++i) {
    if (type.dtype == DType::F32) {
      float f;
      std::memcpy(&f, bytes + 4 * i, 4);
      t.data[i] = f;
      continue;
    }
    uint16_t h;
    std::memcpy(&h, bytes + 2 * i, 2);
    if (type.dtype == DType::F16) {
      t.data[i] = halfValue(h);
    } else {
      uint32_t u = uint32_t(h) << 16;
      float f;
      std::memcpy(&f, &u, 4);
      t.data[i] = f;
    }
  }
  return t;
}

Tensor randomTensor(const TensorType &type, uint64_t seed, double low,
                    double high) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> dist(low, high);
  Tensor t{type, {}};
  t.data.resize(type.numElements());
  for (double &v : t.data)
    v = roundTo(type.dtype, dist(rng));
  return t;
}

double defaultTolerance(DType dtype) {
  switch (dtype) {
  case DType::F32:
    return 2e-5;
  case DType::F16:
    return 4e-3; // 4 ulp at 2^-10
  case DType::BF16:
    return 3e-2; // 4 ulp at 2^-7
  }
  return 0;
}

Comparison compare(const Tensor &actual, const Tensor &expected,
                   double tolerance) {
  Comparison c;
  double scale = 0;
  for (double e : expected.data)
    if (std::isfinite(e))
      scale = std::max(scale, std::fabs(e));
  scale *= 0.1;
  size_t n = std::min(actual.data.size(), expected.data.size());
  if (actual.data.size() != expected.data.size()) {
    c.mismatches = 1;
    c.firstMismatch = int64_t(n);
  }
  for (size_t i = 0; i < n; ++i) {
    double a = actual.data[i], e = expected.data[i];
    bool ok;
    if (std::isnan(a) || std::isnan(e))
      ok = std::isnan(a) && std::isnan(e);
    else if (std::isinf(a) || std::isinf(e))
      ok = a == e;
    else {
      double err = std::fabs(a - e);
      c.maxAbsError = std::max(c.maxAbsError, err);
      double bound = std::fabs(e) + scale;
      double rel = bound > 0 ? err / bound : (err > 0 ? INFINITY : 0.0);
      c.maxRelError = std::max(c.maxRelError, rel);
      ok = rel <= tolerance;
    }
    if (!ok) {
      if (c.mismatches == 0)
        c.firstMismatch = int64_t(i);
      ++c.mismatches;
    }
  }
  return c;
}

} // namespace mlir::tessel::ref
