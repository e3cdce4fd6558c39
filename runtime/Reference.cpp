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
#include <atomic>
#include <cmath>
#include <cstring>
#include <random>
#include <thread>

namespace mlir::tessel::ref {

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

//===----------------------------------------------------------------------===//
// Error bounds
//
// Each value the reference computes carries the scale of how far a
// kernel's value of it may be, from a forward error analysis (Higham,
// "Accuracy and Stability of Numerical Algorithms", 2nd ed., ch. 2-4) of
// the kernel's arithmetic, f32 whatever the storage type, run alongside the
// reference's own exact (double) arithmetic. Errors are modelled as Higham
// and Mary do ("A New Approach to Probabilistic Rounding Error Analysis",
// SIAM J. Sci. Comput. 41(5), 2019): independent, of mean zero, each no
// larger than its worst case, so that errors of many terms add in
// quadrature; `s` is such an error's scale, and a kernel's value is checked
// against lambda s. By Hoeffding's inequality a sum of independent,
// mean-zero, bounded errors of scale s exceeds lambda s with probability at
// most 2 exp(-lambda^2 / 2): 5e-11 per element with lambda = 7.
// - an inexact operation of a kernel (+, -, *, /) rounds its result by up
//   to u, u = 2^-24 (f32 round to nearest); a sum's roundings are relative
//   to its magnitude (the sum of its terms' absolute values, which bounds
//   every partial sum in any order): n - 1 roundings of scale u |m|;
// - a math function (exp, tanh, rsqrt, ...) carries its argument's error
//   through (the function's change over one scale of its argument) and adds
//   kMathRoundoffs u of its result: kernels use the targets' approximations
//   (ex2.approx, LLVM's expansions), a few ulp;
// - a value stored in a narrower type is rounded by the kernel and by the
//   reference: as an input of later ops this is noise of scale u_s |v|
//   (u_s = 2^-11 for f16, 2^-8 for bf16); at an output compared, the two
//   roundings may differ by a whole ulp, so the check adds 2 u_s |v|
//   outright (and the smallest normal number, where GPUs flush
//   subnormals).
// The bound thus grows with the reduction length (sqrt(n) u) and the depth
// of the computation, and stays 0 where nothing rounds (a transpose, a
// gather, a max of exact values), where any wrong element fails.
//===----------------------------------------------------------------------===//

constexpr double kRoundoff = 0x1p-24;
constexpr double kMathRoundoffs = 16;
constexpr double kLambda = 7;

/// A reference value, the scale of a kernel's error on it, and its
/// magnitude.
struct Bounded {
  double v = 0; // the value (exact arithmetic on the operands' values)
  double s = 0; // the scale of how far a kernel's value may be from v
  double m = 0; // the computation on absolute values (rounding scale)
  /// Set where the value is stored: how far the kernel's stored value may be
  /// from the reference's (what a check compares), kept by data movement.
  double b = 0;
  /// Of the error of scale s, a part of scale hs that is also surely at most
  /// h (roundings of few terms, where a worst case is the tighter bound).
  double h = 0, hs = 0;
};

/// An exact value; an infinity (the start of a max, a masked score) takes
/// part in no rounding.
Bounded exact(double x) { return {x, 0, std::isfinite(x) ? std::fabs(x) : 0}; }

/// Independent errors of scales a, b, c together.
double quadrature(double a, double b, double c = 0) {
  return std::sqrt(a * a + b * b + c * c);
}

Bounded operator+(Bounded a, Bounded b) {
  double m = a.m + b.m;
  return {a.v + b.v, quadrature(a.s, b.s, kRoundoff * m), m};
}
Bounded operator-(Bounded a, Bounded b) {
  double m = a.m + b.m;
  return {a.v - b.v, quadrature(a.s, b.s, kRoundoff * m), m};
}
Bounded operator-(Bounded a) { return {-a.v, a.s, a.m, a.b}; }
Bounded operator*(Bounded a, Bounded b) {
  double m = a.m * b.m;
  return {a.v * b.v,
          quadrature(std::fabs(b.v) * a.s, std::fabs(a.v) * b.s, kRoundoff * m),
          m};
}
Bounded operator/(Bounded a, Bounded b) {
  double v = a.v / b.v;
  // A divisor within its error of 0 bounds nothing.
  double s = std::fabs(b.v) > kLambda * b.s
                 ? quadrature(a.s / std::fabs(b.v),
                              std::fabs(v) * b.s / std::fabs(b.v),
                              kRoundoff * std::fabs(v))
                 : INFINITY;
  return {v, s, std::max(std::fabs(v), a.m / std::fabs(b.v))};
}

/// max and min are exact: the result is off by no more than the operand
/// it picks.
Bounded bmax(Bounded a, Bounded b) {
  if (std::isnan(a.v) || std::isnan(b.v))
    return {NAN, 0, NAN};
  return {std::max(a.v, b.v), std::max(a.s, b.s), std::max(a.m, b.m),
          std::max(a.b, b.b)};
}
Bounded bmin(Bounded a, Bounded b) {
  if (std::isnan(a.v) || std::isnan(b.v))
    return {NAN, 0, NAN};
  return {std::min(a.v, b.v), std::max(a.s, b.s), std::max(a.m, b.m),
          std::max(a.b, b.b)};
}

/// A math function `f` of `x`: x's error carried through f (its change
/// over one error scale of x, either way), plus the function's own error,
/// kMathRoundoffs u of |f| + `absolute` (for expansions that cancel near
/// zero, of the order of |x|).
template <typename F> Bounded math(F f, Bounded x, double absolute = 0) {
  double v = f(x.v), carried = 0;
  if (x.s > 0) {
    if (!std::isfinite(x.s))
      carried = INFINITY;
    else
      for (double end : {x.v - x.s, x.v + x.s})
        if (double d = std::fabs(f(end) - v); !std::isnan(d))
          carried = std::max(carried, d);
  }
  double own = kMathRoundoffs * kRoundoff * (std::fabs(v) + absolute);
  return {v, std::isfinite(v) ? quadrature(carried, own) : 0, std::fabs(v)};
}

/// A sum of terms in any order: the terms' errors in quadrature, and n - 1
/// roundings of scale u times the sum's magnitude.
struct Sum {
  double v = 0, s2 = 0, m = 0;
  int64_t n = 0;
  void add(Bounded x) {
    v += x.v;
    s2 += x.s * x.s;
    m += x.m;
    ++n;
  }
  Bounded result() const {
    double adds = n > 1 ? double(n - 1) : 0.0;
    return {v, std::sqrt(s2 + adds * kRoundoff * kRoundoff * m * m), m};
  }
};

double storageRoundoff(DType dtype) {
  switch (dtype) {
  case DType::F32:
    return 0x1p-24;
  case DType::F16:
    return 0x1p-11;
  case DType::BF16:
    return 0x1p-8;
  }
  return 0;
}

/// The absolute error a store may add near zero: the smallest normal f32
/// (GPUs flush f32 and bf16 subnormals), or f16's subnormal spacing.
double storageFloor(DType dtype) {
  return dtype == DType::F16 ? 0x1p-24 : 0x1p-126;
}

/// `x` stored as `dtype` by both the kernel and the reference, with its
/// bound as compared; `rounds` is false where the kernel stores a value it
/// read (data movement), which keeps its bound.
Bounded store(DType dtype, Bounded x, bool rounds) {
  double v = roundTo(dtype, x.v);
  // An infinity (a mask's -inf added to a score) takes part in no rounding,
  // as exact()'s does: the exp of a masked score is an exact 0.
  if (!std::isfinite(v))
    return {v, 0, 0, 0};
  if (!rounds)
    return x;
  // An f32 result is the kernel's own f32 (its last rounding counted in
  // its operation); the reference rounds its exact value once more. A
  // narrower result is rounded by both.
  double u = storageRoundoff(dtype);
  double flip =
      dtype == DType::F32 ? u * std::fabs(x.v) : 2 * u * std::fabs(x.v);
  double noise = dtype == DType::F32 ? 0.0 : u * std::fabs(v);
  // The error as compared: lambda scales, or where part of it has a sure
  // bound, the rest's lambda scales and that bound, whichever is less.
  double error = kLambda * x.s;
  if (x.h > 0)
    error = std::min(
        error,
        kLambda * std::sqrt(std::max(0.0, x.s * x.s - x.hs * x.hs)) + x.h);
  return {v, quadrature(x.s, noise, storageFloor(dtype)), std::fabs(v),
          error + flip + storageFloor(dtype)};
}

/// A tensor of bounded values.
struct BTensor {
  TensorType type;
  std::vector<Bounded> data;
};

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

bool flag(const Op &op, const char *name) {
  auto it = op.ints.find(name);
  return it != op.ints.end() && !it->second.empty() && it->second[0] != 0;
}

/// A causal mask's sliding window (`window = W`), or 0 where there is none.
int64_t windowOf(const Op &op) {
  auto it = op.ints.find("window");
  return it != op.ints.end() && !it->second.empty() ? it->second[0] : 0;
}

/// Whether a causal mask, with `window` (0: none), hides position j of a
/// row whose last visible position is `last`.
bool causallyMasked(int64_t j, int64_t last, int64_t window) {
  return j > last || (window > 0 && j <= last - window);
}

class Evaluator {
public:
  Evaluator(std::vector<const BTensor *> values, std::string &error)
      : values(std::move(values)), error(error) {}

  /// Computes `op`'s result (not yet stored in its type) into `out`; false
  /// on error.
  bool run(const Op &op, BTensor &out);

private:
  const BTensor &operand(const Op &op, size_t i) {
    return *values[op.operands[i]];
  }
  bool fail(const Op &op, const std::string &msg) {
    error = "reference: '" + op.kind + "': " + msg;
    return false;
  }

  bool contraction(const Op &op, BTensor &out, int batchRank);
  bool conv2d(const Op &op, BTensor &out);
  bool im2col(const Op &op, BTensor &out);
  bool unary(const Op &op, BTensor &out);
  bool binary(const Op &op, BTensor &out);
  bool reduce(const Op &op, BTensor &out);
  bool softmax(const Op &op, BTensor &out);
  bool norm(const Op &op, BTensor &out, bool centred);
  bool attention(const Op &op, BTensor &out);
  bool attentionPartial(const Op &op, BTensor &out);
  bool attentionCombine(const Op &op, BTensor &out);
  bool transpose(const Op &op, BTensor &out);
  bool slice(const Op &op, BTensor &out);
  bool concat(const Op &op, BTensor &out);
  bool pool2d(const Op &op, BTensor &out);

  std::vector<const BTensor *> values;
  std::string &error;
};

bool Evaluator::contraction(const Op &op, BTensor &out, int batchRank) {
  const BTensor &a = operand(op, 0), &b = operand(op, 1);
  bool ta = flag(op, "transpose_lhs"), tb = flag(op, "transpose_rhs");
  const auto &as = a.type.shape, &bs = b.type.shape;
  // A batch of 1 is broadcast: read for every batch of the result.
  int64_t batch = batchRank ? out.type.shape[0] : 1;
  int64_t aBatchStride = batchRank && as[0] == 1 ? 0 : 1;
  int64_t bBatchStride = batchRank && bs[0] == 1 ? 0 : 1;
  int64_t m = ta ? as[batchRank + 1] : as[batchRank];
  int64_t k = ta ? as[batchRank] : as[batchRank + 1];
  int64_t n = tb ? bs[batchRank] : bs[batchRank + 1];
  if ((tb ? bs[batchRank + 1] : bs[batchRank]) != k)
    return fail(op, "contraction sizes differ");
  // Workers take blocks of B's columns, copy each block's columns into
  // contiguous rows and compute them for every row of A, so that the inner
  // loop reads both operands in order (a column of a large B read in place
  // misses the cache at every element). Each output element is one
  // worker's, summed in the same order: the result does not depend on the
  // number of workers.
  constexpr int64_t kColumns = 16;
  const int64_t blocks = (n + kColumns - 1) / kColumns;
  std::vector<Bounded> aRows;
  for (int64_t p = 0; p < batch; ++p) {
    const Bounded *pa = a.data.data() + p * aBatchStride * m * k;
    const Bounded *pb = b.data.data() + p * bBatchStride * k * n;
    if (ta) {
      aRows.resize(size_t(m * k));
      for (int64_t q = 0; q < k; ++q)
        for (int64_t i = 0; i < m; ++i)
          aRows[size_t(i * k + q)] = pa[q * m + i];
      pa = aRows.data();
    }
    std::atomic<int64_t> next{0};
    auto work = [&] {
      std::vector<Bounded> columns(size_t(kColumns * k));
      for (int64_t block; (block = next++) < blocks;) {
        int64_t j0 = block * kColumns, j1 = std::min(n, j0 + kColumns);
        for (int64_t j = j0; j < j1; ++j)
          for (int64_t q = 0; q < k; ++q)
            columns[size_t((j - j0) * k + q)] = pb[tb ? j * k + q : q * n + j];
        for (int64_t i = 0; i < m; ++i)
          for (int64_t j = j0; j < j1; ++j) {
            const Bounded *x = pa + i * k, *y = columns.data() + (j - j0) * k;
            Sum acc;
            for (int64_t q = 0; q < k; ++q)
              acc.add(x[q] * y[q]);
            out.data[size_t((p * m + i) * n + j)] = acc.result();
          }
      }
    };
    // Threads only where they pay (a large GEMM's check on a GPU machine).
    int64_t workers =
        m * n * k < (int64_t(1) << 24)
            ? 1
            : std::min<int64_t>(blocks,
                                std::max(1u, std::thread::hardware_concurrency()));
    std::vector<std::thread> threads;
    for (int64_t w = 1; w < workers; ++w)
      threads.emplace_back(work);
    work();
    for (std::thread &t : threads)
      t.join();
  }
  return true;
}

bool Evaluator::conv2d(const Op &op, BTensor &out) {
  const BTensor &x = operand(op, 0), &w = operand(op, 1);
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
          Sum acc;
          for (int64_t r = 0; r < kh; ++r)
            for (int64_t t = 0; t < kw; ++t) {
              int64_t iy = y * s[0] + r * d[0] - pad[0];
              int64_t ix = xo * s[1] + t * d[1] - pad[2];
              if (iy < 0 || iy >= h || ix < 0 || ix >= wd)
                continue; // zero padding
              for (int64_t ci = 0; ci < cg; ++ci)
                acc.add(x.data[((b * h + iy) * wd + ix) * c + g * cg + ci] *
                        w.data[((r * kw + t) * cg + ci) * f + o]);
            }
          out.data[((b * oh + y) * ow + xo) * f + o] = acc.result();
        }
  return true;
}

bool Evaluator::im2col(const Op &op, BTensor &out) {
  const BTensor &x = operand(op, 0);
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
              out.data[i] = inside ? x.data[((b * h + iy) * wd + ix) * c + ci]
                                   : exact(0.0);
          }
  return true;
}

bool Evaluator::pool2d(const Op &op, BTensor &out) {
  const BTensor &x = operand(op, 0);
  auto kind = op.strings.find("kind");
  if (kind == op.strings.end() ||
      (kind->second != "max" && kind->second != "mean"))
    return fail(op, "pool2d needs kind max or mean");
  bool max = kind->second == "max";
  const auto &win = op.ints.at("window"), &s = op.ints.at("strides"),
             &pad = op.ints.at("padding");
  int64_t h = x.type.shape[1], wd = x.type.shape[2], c = x.type.shape[3];
  const std::vector<int64_t> &o = out.type.shape; // N, OH, OW, C
  int64_t i = 0;
  for (int64_t b = 0; b < o[0]; ++b)
    for (int64_t y = 0; y < o[1]; ++y)
      for (int64_t xo = 0; xo < o[2]; ++xo)
        for (int64_t ci = 0; ci < c; ++ci, ++i) {
          Bounded acc = exact(max ? -INFINITY : 0.0);
          for (int64_t r = 0; r < win[0]; ++r)
            for (int64_t t = 0; t < win[1]; ++t) {
              int64_t iy = y * s[0] + r - pad[0], ix = xo * s[1] + t - pad[2];
              if (iy < 0 || iy >= h || ix < 0 || ix >= wd)
                continue; // -inf for max, 0 for mean
              const Bounded &v = x.data[((b * h + iy) * wd + ix) * c + ci];
              acc = max ? bmax(acc, v) : acc + v;
            }
          out.data[i] = max ? acc : acc / exact(double(win[0] * win[1]));
        }
  return true;
}

double gelu(double x, bool tanhForm) {
  if (!tanhForm)
    return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0)));
  double inner = std::sqrt(2.0 / M_PI) * (x + 0.044715 * x * x * x);
  return 0.5 * x * (1 + std::tanh(inner));
}

double sigmoid(double x) { return 1 / (1 + std::exp(-x)); }

bool Evaluator::unary(const Op &op, BTensor &out) {
  const BTensor &x = operand(op, 0);
  const std::string &k = op.kind;
  bool tanhGelu = false;
  if (k == "gelu") {
    auto it = op.strings.find("approximation");
    if (it == op.strings.end())
      return fail(op, "missing approximation");
    tanhGelu = it->second == "tanh";
  }
  for (size_t i = 0; i < x.data.size(); ++i) {
    Bounded v = x.data[i], r;
    if (k == "neg")
      r = -v;
    else if (k == "exp")
      r = math([](double a) { return std::exp(a); }, v);
    else if (k == "tanh")
      r = math([](double a) { return std::tanh(a); }, v);
    else if (k == "sigmoid")
      r = math(sigmoid, v);
    else if (k == "relu")
      r = bmax(v, exact(0.0));
    else if (k == "silu")
      r = math([](double a) { return a * sigmoid(a); }, v);
    else if (k == "rsqrt")
      r = math([](double a) { return 1 / std::sqrt(a); }, v);
    else if (k == "gelu")
      // 0.5 x (1 + tanh or erf): the sum cancels for negative x, where the
      // kernel's error is of the order of u |x|.
      r = math([&](double a) { return gelu(a, tanhGelu); }, v, std::fabs(v.v));
    else if (k == "cast")
      r = v;
    else if (k == "clamp") {
      // The kernels compare with the bounds as f32.
      r = v;
      if (auto lo = op.floats.find("min"); lo != op.floats.end())
        r = bmax(r, exact(double(float(lo->second))));
      if (auto hi = op.floats.find("max"); hi != op.floats.end())
        r = bmin(r, exact(double(float(hi->second))));
    } else
      return fail(op, "unknown unary op");
    out.data[i] = r;
  }
  return true;
}

bool Evaluator::binary(const Op &op, BTensor &out) {
  const BTensor &a = operand(op, 0), &b = operand(op, 1);
  const auto &rs = out.type.shape;
  auto sa = stridesOf(a.type.shape), sb = stridesOf(b.type.shape);
  size_t rank = rs.size();
  // Broadcast index: trailing alignment, size-1 dims read at 0.
  auto offset = [&](const std::vector<int64_t> &idx, const BTensor &t,
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
    Bounded x = a.data[offset(idx, a, sa)], y = b.data[offset(idx, b, sb)];
    Bounded r = k == "add"   ? x + y
                : k == "sub" ? x - y
                : k == "mul" ? x * y
                : k == "div" ? x / y
                : k == "max" ? bmax(x, y)
                             : bmin(x, y);
    out.data[n++] = r;
  });
  return true;
}

bool Evaluator::reduce(const Op &op, BTensor &out) {
  const BTensor &x = operand(op, 0);
  const auto &dims = op.ints.at("dims");
  const std::string &kind = op.strings.at("kind");
  if (kind != "sum" && kind != "mean" && kind != "max")
    return fail(op, "unknown reduction kind '" + kind + "'");
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
  std::vector<Sum> sums(out.data.size());
  std::fill(out.data.begin(), out.data.end(), exact(-INFINITY));
  int64_t n = 0;
  forEachIndex(x.type.shape, [&](const std::vector<int64_t> &idx) {
    int64_t off = 0;
    for (size_t i = 0, j = 0; i < idx.size(); ++i)
      if (!reduced[i])
        off += idx[i] * ks[j++];
    const Bounded &v = x.data[n++];
    if (isMax)
      out.data[off] = bmax(out.data[off], v);
    else
      sums[off].add(v);
  });
  if (!isMax)
    for (size_t i = 0; i < out.data.size(); ++i)
      out.data[i] = kind == "mean" ? sums[i].result() / exact(double(count))
                                   : sums[i].result();
  return true;
}

/// Softmax of `data` (shape `shape`) along `dim`, in place.
void softmaxInPlace(std::vector<Bounded> &data,
                    const std::vector<int64_t> &shape, int64_t dim) {
  auto st = stridesOf(shape);
  int64_t len = shape[dim], stride = st[dim];
  std::vector<int64_t> outer = shape;
  outer[dim] = 1;
  auto exp = [](double a) { return std::exp(a); };
  forEachIndex(outer, [&](const std::vector<int64_t> &idx) {
    int64_t base = linear(idx, st);
    Bounded mx = exact(-INFINITY);
    for (int64_t i = 0; i < len; ++i)
      mx = bmax(mx, data[base + i * stride]);
    Sum sum;
    for (int64_t i = 0; i < len; ++i)
      sum.add(math(exp, data[base + i * stride] - mx));
    Bounded total = sum.result();
    for (int64_t i = 0; i < len; ++i)
      data[base + i * stride] = math(exp, data[base + i * stride] - mx) / total;
  });
}

bool Evaluator::softmax(const Op &op, BTensor &out) {
  out.data = operand(op, 0).data;
  const std::vector<int64_t> &shape = out.type.shape;
  int64_t dim = op.ints.at("dim").at(0);
  auto it = op.floats.find("scale");
  if (it != op.floats.end())
    for (Bounded &v : out.data)
      v = v * exact(it->second);
  if (flag(op, "causal")) {
    // Position j along dim is masked where j > i + (len - rows), with i the
    // position along dim - 1 (tessel.attention's causal mask), and with a
    // window W where j <= i + (len - rows) - W.
    auto st = stridesOf(shape);
    int64_t offset = shape[dim] - shape[dim - 1], window = windowOf(op);
    forEachIndex(shape, [&](const std::vector<int64_t> &idx) {
      if (causallyMasked(idx[dim], idx[dim - 1] + offset, window))
        out.data[linear(idx, st)] = exact(-INFINITY);
    });
  }
  softmaxInPlace(out.data, shape, dim);
  return true;
}

bool Evaluator::norm(const Op &op, BTensor &out, bool centred) {
  const BTensor &x = operand(op, 0);
  const BTensor *scale =
      op.operands.size() > 1 && op.operands[1] >= 0 ? &operand(op, 1) : nullptr;
  const BTensor *bias =
      op.operands.size() > 2 && op.operands[2] >= 0 ? &operand(op, 2) : nullptr;
  int64_t normRank = op.ints.at("normalized_rank").at(0);
  Bounded eps = exact(op.floats.at("epsilon"));
  int64_t inner = 1;
  for (size_t i = x.type.shape.size() - normRank; i < x.type.shape.size(); ++i)
    inner *= x.type.shape[i];
  Bounded count = exact(double(inner));
  int64_t rows = x.type.numElements() / inner;
  auto rsqrt = [](double a) { return 1 / std::sqrt(a); };
  for (int64_t r = 0; r < rows; ++r) {
    const Bounded *row = &x.data[r * inner];
    Bounded mean = exact(0.0);
    if (centred) {
      Sum sum;
      for (int64_t i = 0; i < inner; ++i)
        sum.add(row[i]);
      mean = sum.result() / count;
    }
    Sum sq;
    for (int64_t i = 0; i < inner; ++i) {
      Bounded d = centred ? row[i] - mean : row[i];
      sq.add(d * d);
    }
    Bounded inv = math(rsqrt, sq.result() / count + eps);
    for (int64_t i = 0; i < inner; ++i) {
      Bounded y = (centred ? row[i] - mean : row[i]) * inv;
      if (scale)
        y = y * scale->data[i];
      if (bias)
        y = y + bias->data[i];
      out.data[r * inner + i] = y;
    }
  }
  return true;
}

/// An attention's operands (attention, attention_partial) and, for one
/// query row, its scaled scores against keys [first, end), -inf where the
/// causal mask (and its window) hides a key.
struct AttentionRows {
  AttentionRows(const Op &op, const BTensor &q, const BTensor &k,
                const BTensor &v)
      : q(q), k(k), v(v) {
    b = q.type.shape[0], h = q.type.shape[1], sq = q.type.shape[2],
    d = q.type.shape[3];
    hkv = k.type.shape[1], skv = k.type.shape[2], dv = v.type.shape[3];
    auto it = op.floats.find("scale");
    scale =
        exact(it != op.floats.end() ? it->second : 1 / std::sqrt(double(d)));
    causal = flag(op, "causal");
    window = windowOf(op);
    // P enters the product with v in the operands' type (FlashAttention's
    // P; tessel.attention's description): a rounding of each probability.
    if (q.type.dtype != DType::F32) {
      probRoundoff = storageRoundoff(q.type.dtype);
      probFloor = storageFloor(q.type.dtype);
    }
  }
  /// Query i of head hh of batch bb.
  std::vector<Bounded> scores(int64_t bb, int64_t hh, int64_t i, int64_t first,
                              int64_t end) const {
    const Bounded *qb = &q.data[((bb * h + hh) * sq + i) * d];
    const Bounded *kb = &k.data[(bb * hkv + hh / (h / hkv)) * skv * d];
    std::vector<Bounded> row;
    for (int64_t j = first; j < end; ++j) {
      Sum s;
      for (int64_t e = 0; e < d; ++e)
        s.add(qb[e] * kb[j * d + e]);
      bool masked = causal && causallyMasked(j, i + (skv - sq), window);
      row.push_back(masked ? exact(-INFINITY) : s.result() * scale);
    }
    return row;
  }
  /// Value column e weighted by `probs` over keys [first, ...).
  Bounded weighted(int64_t bb, int64_t hh, const std::vector<Bounded> &probs,
                   int64_t first, int64_t e) const {
    const Bounded *vb = &v.data[(bb * hkv + hh / (h / hkv)) * skv * dv];
    // P's roundings: noise of scale c_j = (u p_j + floor) |v_j| each, and
    // surely at most their sum (the tighter bound where few keys weigh).
    Sum acc;
    double hard = 0, hard2 = 0;
    for (size_t j = 0; j < probs.size(); ++j) {
      Bounded p = probs[j];
      const Bounded &x = vb[(first + int64_t(j)) * dv + e];
      double rounding = probRoundoff * std::fabs(p.v) + probFloor;
      p.s = quadrature(p.s, rounding);
      double c = rounding * std::fabs(x.v);
      hard += c;
      hard2 += c * c;
      acc.add(p * x);
    }
    Bounded result = acc.result();
    result.h = hard;
    result.hs = std::sqrt(hard2);
    return result;
  }

  const BTensor &q, &k, &v;
  int64_t b, h, sq, d, hkv, skv, dv;
  Bounded scale;
  bool causal;
  int64_t window;
  /// The rounding of P to the operands' type, and its floor near zero.
  double probRoundoff = 0, probFloor = 0;
};

bool Evaluator::attention(const Op &op, BTensor &out) {
  AttentionRows a(op, operand(op, 0), operand(op, 1), operand(op, 2));
  for (int64_t bb = 0; bb < a.b; ++bb)
    for (int64_t hh = 0; hh < a.h; ++hh)
      for (int64_t i = 0; i < a.sq; ++i) {
        std::vector<Bounded> probs = a.scores(bb, hh, i, 0, a.skv);
        softmaxInPlace(probs, {a.skv}, 0);
        for (int64_t e = 0; e < a.dv; ++e)
          out.data[((bb * a.h + hh) * a.sq + i) * a.dv + e] =
              a.weighted(bb, hh, probs, 0, e);
      }
  return true;
}

/// tessel.attention_partial's result `result_index` (0: the partials
/// [S, B, H, Sq, Dv], 1: the log-sum-exps [S, B, H, Sq]).
bool Evaluator::attentionPartial(const Op &op, BTensor &out) {
  AttentionRows a(op, operand(op, 0), operand(op, 1), operand(op, 2));
  int64_t splits = op.ints.at("splits").at(0);
  bool lse = op.ints.at("result_index").at(0) == 1;
  // The slices cut the keys some query attends to: the last
  // min(Skv, Sq - 1 + window) with a window.
  int64_t read = a.window > 0 ? std::min(a.skv, a.sq - 1 + a.window) : a.skv;
  int64_t slice = (read + splits - 1) / splits;
  int64_t row = 0;
  for (int64_t s = 0; s < splits; ++s)
    for (int64_t bb = 0; bb < a.b; ++bb)
      for (int64_t hh = 0; hh < a.h; ++hh)
        for (int64_t i = 0; i < a.sq; ++i, ++row) {
          int64_t first = a.skv - read + s * slice,
                  end = std::min(first + slice, a.skv);
          std::vector<Bounded> probs = a.scores(bb, hh, i, first, end);
          Bounded mx = exact(-INFINITY);
          for (const Bounded &x : probs)
            mx = bmax(mx, x);
          // A query that sees none of the slice's keys: 0 and -inf.
          bool none = mx.v == -INFINITY;
          if (lse) {
            if (none) {
              out.data[row] = exact(-INFINITY);
              continue;
            }
            Sum sum;
            for (const Bounded &x : probs)
              sum.add(math(exp, x - mx));
            out.data[row] = mx + math(log, sum.result());
            continue;
          }
          if (!none)
            softmaxInPlace(probs, {int64_t(probs.size())}, 0);
          for (int64_t e = 0; e < a.dv; ++e)
            out.data[row * a.dv + e] =
                none ? exact(0.0) : a.weighted(bb, hh, probs, first, e);
        }
  return true;
}

/// tessel.attention_combine: each row's partials weighted by exp(lse - max).
bool Evaluator::attentionCombine(const Op &op, BTensor &out) {
  const BTensor &partial = operand(op, 0), &lse = operand(op, 1);
  int64_t splits = partial.type.shape[0], dv = partial.type.shape[4];
  int64_t rows = lse.type.numElements() / splits;
  for (int64_t r = 0; r < rows; ++r) {
    // A slice the row attends to no key of (an lse of -inf, whose stored
    // value carries no usable bound) weighs exactly nothing, and takes no
    // part in the maximum.
    auto none = [&](int64_t s) {
      return lse.data[s * rows + r].v == -INFINITY;
    };
    Bounded mx = exact(-INFINITY);
    for (int64_t s = 0; s < splits; ++s)
      if (!none(s))
        mx = bmax(mx, lse.data[s * rows + r]);
    std::vector<Bounded> weights;
    Sum total;
    for (int64_t s = 0; s < splits; ++s) {
      weights.push_back(none(s) ? exact(0)
                                : math(exp, lse.data[s * rows + r] - mx));
      total.add(weights.back());
    }
    Bounded sum = total.result();
    for (int64_t e = 0; e < dv; ++e) {
      Sum acc;
      for (int64_t s = 0; s < splits; ++s)
        acc.add(weights[s] * partial.data[(s * rows + r) * dv + e]);
      out.data[r * dv + e] = acc.result() / sum;
    }
  }
  return true;
}

bool Evaluator::transpose(const Op &op, BTensor &out) {
  const BTensor &x = operand(op, 0);
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

bool Evaluator::slice(const Op &op, BTensor &out) {
  const BTensor &x = operand(op, 0);
  const auto &offsets = op.ints.at("offsets");
  const auto &steps = op.ints.at("strides");
  auto sx = stridesOf(x.type.shape);
  int64_t n = 0;
  forEachIndex(out.type.shape, [&](const std::vector<int64_t> &idx) {
    int64_t off = 0;
    for (size_t i = 0; i < idx.size(); ++i)
      off += (offsets[i] + steps[i] * idx[i]) * sx[i];
    out.data[n++] = x.data[off];
  });
  return true;
}

bool Evaluator::concat(const Op &op, BTensor &out) {
  auto dim = size_t(op.ints.at("dim").at(0));
  int64_t n = 0;
  forEachIndex(out.type.shape, [&](const std::vector<int64_t> &idx) {
    int64_t along = idx[dim];
    for (size_t k = 0; k < op.operands.size(); ++k) {
      const BTensor &x = operand(op, k);
      if (along >= x.type.shape[dim]) {
        along -= x.type.shape[dim];
        continue;
      }
      auto sx = stridesOf(x.type.shape);
      int64_t off = 0;
      for (size_t i = 0; i < idx.size(); ++i)
        off += (i == dim ? along : idx[i]) * sx[i];
      out.data[n++] = x.data[off];
      return;
    }
  });
  return true;
}

bool Evaluator::run(const Op &op, BTensor &out) {
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
      k == "relu" || k == "silu" || k == "rsqrt" || k == "gelu" ||
      k == "cast" || k == "clamp")
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
  if (k == "attention_partial")
    return attentionPartial(op, out);
  if (k == "attention_combine")
    return attentionCombine(op, out);
  if (k == "transpose")
    return transpose(op, out);
  if (k == "slice")
    return slice(op, out);
  if (k == "concat")
    return concat(op, out);
  if (k == "pool2d")
    return pool2d(op, out);
  if (k == "constant") {
    auto value = op.floats.find("value");
    if (value == op.floats.end())
      return fail(op, "constant needs a value");
    // The kernels compute in f32.
    for (Bounded &v : out.data)
      v = exact(double(float(value->second)));
    return true;
  }
  if (k == "reshape") {
    out.data = operand(op, 0).data;
    return true;
  }
  return fail(op, "unknown op");
}

} // namespace

std::optional<std::vector<Tensor>>
evaluateAll(const Graph &graph, const std::vector<Tensor> &inputs,
            std::string &error) {
  if (inputs.size() != graph.inputs.size()) {
    error = "reference: graph '" + graph.name + "' takes " +
            std::to_string(graph.inputs.size()) + " inputs, got " +
            std::to_string(inputs.size());
    return std::nullopt;
  }
  // Inputs are exact unless they carry a bound (values of a computation
  // fed on); every op's result is stored in its type.
  std::vector<BTensor> all(inputs.size() + graph.ops.size());
  for (size_t i = 0; i < inputs.size(); ++i) {
    BTensor &t = all[i];
    t.type = inputs[i].type;
    t.data.resize(inputs[i].data.size());
    for (size_t j = 0; j < t.data.size(); ++j) {
      t.data[j] = exact(inputs[i].data[j]);
      // A bound fed in is lambda scales.
      if (!inputs[i].bound.empty()) {
        t.data[j].b = inputs[i].bound[j];
        t.data[j].s = inputs[i].bound[j] / kLambda;
      }
    }
  }
  std::vector<const BTensor *> values;
  for (size_t i = 0; i < inputs.size(); ++i)
    values.push_back(&all[i]);
  for (size_t i = 0; i < graph.ops.size(); ++i) {
    const Op &op = graph.ops[i];
    for (int id : op.operands)
      if (id >= int(values.size())) {
        error = "reference: '" + op.kind + "' uses value " +
                std::to_string(id) + " before it is defined";
        return std::nullopt;
      }
    BTensor &out = all[inputs.size() + i];
    out.type = op.result;
    out.data.assign(op.result.numElements(), exact(0.0));
    Evaluator eval(values, error);
    if (!eval.run(op, out))
      return std::nullopt;
    // Data movement and exact ops store a value they read (a cast only
    // where it widens or keeps the type; neg, relu, max and min pick or
    // negate one), which rounds nothing.
    const std::string &k = op.kind;
    bool moves = k == "reshape" || k == "transpose" || k == "slice" ||
                 k == "concat" ||
                 (k == "pool2d" && op.strings.count("kind") &&
                  op.strings.at("kind") == "max") ||
                 k == "im2col" || k == "neg" || k == "relu" || k == "max" ||
                 k == "min" ||
                 (k == "reduce" && op.strings.count("kind") &&
                  op.strings.at("kind") == "max") ||
                 (k == "cast" &&
                  storageRoundoff(out.type.dtype) <=
                      storageRoundoff(values[op.operands[0]]->type.dtype));
    for (Bounded &v : out.data)
      v = store(out.type.dtype, v, !moves);
    values.push_back(&out);
  }
  std::vector<Tensor> result(all.size());
  for (size_t i = 0; i < all.size(); ++i) {
    result[i].type = all[i].type;
    for (const Bounded &v : all[i].data) {
      result[i].data.push_back(v.v);
      result[i].bound.push_back(v.b);
    }
  }
  return result;
}

std::optional<std::vector<Tensor>> evaluate(const Graph &graph,
                                            const std::vector<Tensor> &inputs,
                                            std::string &error) {
  std::optional<std::vector<Tensor>> all = evaluateAll(graph, inputs, error);
  if (!all)
    return std::nullopt;
  std::vector<Tensor> outputs;
  for (int id : graph.outputs) {
    if (id < 0 || id >= int(all->size())) {
      error = "reference: output value " + std::to_string(id) + " is undefined";
      return std::nullopt;
    }
    outputs.push_back((*all)[id]);
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
  Tensor t{type, std::vector<double>(size_t(type.numElements())), {}};
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
  Tensor t{type, {}, {}};
  t.data.resize(type.numElements());
  for (double &v : t.data)
    v = roundTo(type.dtype, dist(rng));
  return t;
}

namespace {

/// The shape of value `id` of `graph` (an input or an op's result).
const std::vector<int64_t> &shapeOf(const Graph &graph, int id) {
  size_t base = graph.inputs.size();
  return id < int(base) ? graph.inputs[id].shape
                        : graph.ops[id - base].result.shape;
}

/// What `at(op, j)` answers for the first use of `value` as operand j of an
/// op it answers for, looking through casts, reshapes, transposes and
/// slices to their results' uses; nullopt if none.
template <typename T, typename F>
std::optional<T> throughMovement(const Graph &graph, int value, F at) {
  size_t base = graph.inputs.size();
  for (size_t i = 0; i < graph.ops.size(); ++i) {
    const Op &op = graph.ops[i];
    for (size_t j = 0; j < op.operands.size(); ++j) {
      if (op.operands[j] != value)
        continue;
      const std::string &k = op.kind;
      if (k == "cast" || k == "reshape" || k == "transpose" || k == "slice") {
        if (std::optional<T> r = throughMovement<T>(graph, int(base + i), at))
          return r;
        continue;
      }
      if (std::optional<T> r = at(op, j))
        return r;
    }
  }
  return std::nullopt;
}

/// The contraction size a weight operand `value` of `graph` is reduced
/// over, through casts, reshapes and transposes (0 if it is no weight).
int64_t fanInOf(const Graph &graph, int value) {
  return throughMovement<int64_t>(
             graph, value,
             [&](const Op &op, size_t j) -> std::optional<int64_t> {
               if (j != 1)
                 return std::nullopt;
               if (op.kind == "matmul" || op.kind == "batch_matmul") {
                 // K: the lhs's last dim (its second last when transposed).
                 const std::vector<int64_t> &a = shapeOf(graph, op.operands[0]);
                 return flag(op, "transpose_lhs") ? a[a.size() - 2] : a.back();
               }
               if (op.kind == "conv2d") {
                 const std::vector<int64_t> &w = shapeOf(graph, op.operands[j]);
                 return w[0] * w[1] * w[2]; // KH x KW x C of a group
               }
               return std::nullopt;
             })
      .value_or(0);
}

/// The spread of the scores of an attention on random data: their standard
/// deviation. A trained model's attention is peaked, not near uniform, and
/// a check on near-uniform weights could not tell a wrong scale (1 %) from
/// P's rounding to the operands' type.
constexpr double kScoreDeviation = 3;

/// Where `value` reaches an attention's queries or keys (directly or
/// through casts, reshapes, transposes and slices), the variance they need
/// for kScoreDeviation: a score is scale times a sum of d products of two
/// values of variance c each, so its deviation is scale sqrt(d) c.
std::optional<double> scoreVarianceOf(const Graph &graph, int value) {
  return throughMovement<double>(
      graph, value, [&](const Op &op, size_t j) -> std::optional<double> {
        if ((op.kind != "attention" && op.kind != "attention_partial") || j > 1)
          return std::nullopt;
        double d = double(shapeOf(graph, op.operands[0]).back());
        auto it = op.floats.find("scale");
        double scale =
            it != op.floats.end() ? std::fabs(it->second) : 1 / std::sqrt(d);
        if (scale > 0)
          return kScoreDeviation / (scale * std::sqrt(d));
        return std::nullopt;
      });
}

} // namespace

std::vector<double> inputScales(const Graph &graph) {
  std::vector<double> scales;
  for (size_t i = 0; i < graph.inputs.size(); ++i) {
    // Uniform in +-a: a variance of a^2 / 3.
    if (std::optional<double> c = scoreVarianceOf(graph, int(i))) {
      scales.push_back(std::sqrt(3 * *c));
      continue;
    }
    int64_t fanIn = fanInOf(graph, int(i));
    scales.push_back(fanIn > 0 ? std::sqrt(3.0 / double(fanIn)) : 1.0);
  }
  return scales;
}

std::vector<Tensor> randomInputs(const Graph &graph, uint64_t seed) {
  std::vector<double> scales = inputScales(graph);
  std::vector<Tensor> inputs;
  for (size_t i = 0; i < graph.inputs.size(); ++i)
    inputs.push_back(randomTensor(graph.inputs[i], seed * 1000003 + i,
                                  -scales[i], scales[i]));
  return inputs;
}

Comparison compare(const Tensor &actual, const Tensor &expected,
                   double boundScale) {
  Comparison c;
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
      double bound =
          boundScale * (expected.bound.empty() ? 0.0 : expected.bound[i]);
      c.maxAbsError = std::max(c.maxAbsError, err);
      double ratio = err == 0 ? 0.0 : bound > 0 ? err / bound : INFINITY;
      c.worstRatio = std::max(c.worstRatio, ratio);
      ok = std::isfinite(bound) && err <= bound;
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
