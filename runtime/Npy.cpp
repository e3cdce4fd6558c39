//===- Npy.cpp - Tensors in NumPy's .npy files ----------------------------===//
//
// See Npy.h. The format: the magic "\x93NUMPY", a major and a minor version
// byte, the header's length (2 bytes in version 1, 4 in versions 2 and 3),
// then the header, a Python dict literal such as
// "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }" padded with
// spaces and a newline so that the data starts on a 64-byte boundary, then
// the elements.
//
//===----------------------------------------------------------------------===//

#include "runtime/Npy.h"
#include "runtime/Support.h"

#include <cctype>
#include <cstring>
#include <fstream>

using namespace mlir::tessel;

namespace {

const char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicBytes = 6;

/// The value of `key` in the header dict: the text after "'key':" up to
/// the next top-level comma or the closing brace (a tuple kept whole).
std::optional<std::string> field(const std::string &header,
                                 const std::string &key) {
  size_t at = header.find("'" + key + "'");
  if (at == std::string::npos)
    return std::nullopt;
  at = header.find(':', at);
  if (at == std::string::npos)
    return std::nullopt;
  int depth = 0;
  std::string value;
  for (size_t i = at + 1; i < header.size(); ++i) {
    char c = header[i];
    if (c == '(')
      ++depth;
    if (c == ')')
      --depth;
    if (depth == 0 && (c == ',' || c == '}'))
      break;
    value += c;
  }
  size_t b = value.find_first_not_of(" "), e = value.find_last_not_of(" ");
  return b == std::string::npos ? "" : value.substr(b, e - b + 1);
}

/// "(2, 3)", "(5,)" or "()" as a shape.
std::optional<std::vector<int64_t>> parseShape(const std::string &text) {
  if (text.size() < 2 || text.front() != '(' || text.back() != ')')
    return std::nullopt;
  std::vector<int64_t> shape;
  std::string inner = text.substr(1, text.size() - 2);
  size_t i = 0;
  while (i < inner.size()) {
    while (i < inner.size() && (inner[i] == ' ' || inner[i] == ','))
      ++i;
    if (i == inner.size())
      break;
    if (!std::isdigit(static_cast<unsigned char>(inner[i])))
      return std::nullopt;
    int64_t v = 0;
    while (i < inner.size() &&
           std::isdigit(static_cast<unsigned char>(inner[i])))
      v = v * 10 + (inner[i++] - '0');
    shape.push_back(v);
  }
  return shape;
}

std::string shapeText(const std::vector<int64_t> &shape) {
  std::string s = "(";
  for (int64_t d : shape)
    s += std::to_string(d) + ", ";
  if (shape.size() > 1)
    s.resize(s.size() - 2);
  else if (shape.size() == 1)
    s.resize(s.size() - 1); // "(5,)"
  return s + ")";
}

/// The .npy dtype a tensor of `dtype` is written as.
const char *descrOf(DType dtype) {
  switch (dtype) {
  case DType::F32:
    return "'<f4'";
  case DType::F16:
    return "'<f2'";
  case DType::BF16:
    return "'<u2'";
  }
  return "'<f4'";
}

} // namespace

std::optional<ref::Tensor> npy::read(const std::string &path,
                                     const ref::TensorType &type,
                                     std::string &error) {
  std::optional<std::string> file = readFile(path, error);
  if (!file)
    return std::nullopt;
  const std::string &bytes = *file;
  auto fail = [&](const std::string &why) -> std::optional<ref::Tensor> {
    error = path + ": " + why;
    return std::nullopt;
  };
  if (bytes.size() < kMagicBytes + 4 ||
      std::memcmp(bytes.data(), kMagic, kMagicBytes) != 0)
    return fail("not a .npy file (no \\x93NUMPY magic)");
  auto major = static_cast<unsigned char>(bytes[6]);
  if (major < 1 || major > 3)
    return fail("unknown .npy version " + std::to_string(major));
  size_t lengthBytes = major == 1 ? 2 : 4;
  size_t headerLength = 0;
  for (size_t i = 0; i < lengthBytes; ++i)
    headerLength |= size_t(static_cast<unsigned char>(bytes[8 + i])) << (8 * i);
  size_t dataAt = 8 + lengthBytes + headerLength;
  if (dataAt > bytes.size())
    return fail("truncated header");
  std::string header = bytes.substr(8 + lengthBytes, headerLength);
  std::optional<std::string> descr = field(header, "descr");
  std::optional<std::string> order = field(header, "fortran_order");
  std::optional<std::string> shapeField = field(header, "shape");
  std::optional<std::vector<int64_t>> shape =
      shapeField ? parseShape(*shapeField) : std::nullopt;
  if (!descr || !order || !shape)
    return fail("header without descr, fortran_order and shape: " + header);
  if (*order != "False")
    return fail("Fortran-ordered data; save it in C order");
  if (*shape != type.shape)
    return fail("holds shape " + shapeText(*shape) + ", expected " +
                shapeText(type.shape) + " (" + dtypeName(type.dtype) + ")");
  bool asF32 = *descr == "'<f4'";
  if (!asF32 && *descr != descrOf(type.dtype))
    return fail("holds " + *descr + " data; a " +
                std::string(dtypeName(type.dtype)) + " tensor is read from " +
                descrOf(type.dtype) +
                (type.dtype == DType::F32 ? "" : " or '<f4' (rounded)") +
                (type.dtype == DType::BF16 ? " (bf16 bits)" : ""));
  ref::TensorType stored{asF32 ? DType::F32 : type.dtype, type.shape};
  size_t need = size_t(stored.numElements()) * ref::storageBytes(stored.dtype);
  if (bytes.size() - dataAt < need)
    return fail("holds " + std::to_string(bytes.size() - dataAt) +
                " bytes of data, expected " + std::to_string(need));
  ref::Tensor t = ref::fromStorage(
      stored, reinterpret_cast<const unsigned char *>(bytes.data() + dataAt));
  t.type = type;
  if (asF32 && type.dtype != DType::F32)
    for (double &v : t.data)
      v = ref::roundTo(type.dtype, v);
  return t;
}

bool npy::write(const std::string &path, const ref::Tensor &tensor,
                std::string &error) {
  std::string header =
      std::string("{'descr': ") + descrOf(tensor.type.dtype) +
      ", 'fortran_order': False, 'shape': " + shapeText(tensor.type.shape) +
      ", }";
  // Magic, version, length, header and its newline: a multiple of 64.
  size_t unpadded = kMagicBytes + 2 + 2 + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header += '\n';
  std::ofstream out(path, std::ios::binary);
  if (!out) {
    error = "cannot write '" + path + "'";
    return false;
  }
  out.write(kMagic, kMagicBytes);
  out.put(1);
  out.put(0);
  out.put(char(header.size() & 0xFF));
  out.put(char(header.size() >> 8));
  out << header;
  std::vector<unsigned char> data = ref::toStorage(tensor);
  out.write(reinterpret_cast<const char *>(data.data()),
            std::streamsize(data.size()));
  if (!out) {
    error = "cannot write '" + path + "'";
    return false;
  }
  return true;
}
