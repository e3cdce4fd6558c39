//===- Json.h - A small JSON reader and writer for the runtime --*- C++ -*-===//
//
// The GPU-side runner links neither LLVM nor MLIR (docs/benchmarks.md), so it
// cannot use llvm::json. This is enough JSON for manifest.json and for the
// results the runner writes: null, booleans, numbers (as double), strings
// (UTF-8, \uXXXX escapes decoded), arrays and objects with ordered keys.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_RUNTIME_JSON_H
#define TESSEL_RUNTIME_JSON_H

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tessel::json {

class Value {
public:
  enum class Kind { Null, Bool, Number, String, Array, Object };
  using Array = std::vector<Value>;
  using Object = std::map<std::string, Value>;

  Value() = default;
  Value(std::nullptr_t) {}
  Value(bool b) : kind_(Kind::Bool), number_(b) {}
  Value(double d) : kind_(Kind::Number), number_(d) {}
  Value(int i) : kind_(Kind::Number), number_(i) {}
  Value(int64_t i) : kind_(Kind::Number), number_(double(i)) {}
  Value(unsigned i) : kind_(Kind::Number), number_(i) {}
  Value(uint64_t i) : kind_(Kind::Number), number_(double(i)) {}
  Value(const char *s) : kind_(Kind::String), string_(s) {}
  Value(std::string s) : kind_(Kind::String), string_(std::move(s)) {}
  Value(Array a)
      : kind_(Kind::Array), array_(std::make_shared<Array>(std::move(a))) {}
  Value(Object o)
      : kind_(Kind::Object), object_(std::make_shared<Object>(std::move(o))) {}

  Kind kind() const { return kind_; }
  bool isNull() const { return kind_ == Kind::Null; }
  /// Typed views: nullptr / nullopt when the value is of another kind.
  std::optional<double> number() const;
  std::optional<int64_t> integer() const; // numbers with no fraction only
  std::optional<bool> boolean() const;
  const std::string *string() const;
  const Array *array() const;
  const Object *object() const;
  Array *array();
  Object *object();
  /// The member `key` of an object; nullptr when absent or not an object.
  const Value *get(const std::string &key) const;

private:
  Kind kind_ = Kind::Null;
  double number_ = 0;
  std::string string_;
  std::shared_ptr<Array> array_;
  std::shared_ptr<Object> object_;
};

/// Parses `text`; on failure returns nullopt and sets `error` (with the
/// line and column).
std::optional<Value> parse(const std::string &text, std::string &error);

/// Writes `value`, indented by `indent` spaces per level (0: one line).
std::string write(const Value &value, int indent = 1);

} // namespace mlir::tessel::json

#endif // TESSEL_RUNTIME_JSON_H
