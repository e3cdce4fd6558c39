//===- Json.cpp - A small JSON reader and writer for the runtime ----------===//

#include "runtime/Json.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

using namespace mlir::tessel::json;

std::optional<double> Value::number() const {
  if (kind_ != Kind::Number)
    return std::nullopt;
  return number_;
}

std::optional<int64_t> Value::integer() const {
  if (kind_ != Kind::Number || std::floor(number_) != number_ ||
      std::fabs(number_) > 9.007199254740992e15)
    return std::nullopt;
  return int64_t(number_);
}

std::optional<bool> Value::boolean() const {
  if (kind_ != Kind::Bool)
    return std::nullopt;
  return number_ != 0;
}

const std::string *Value::string() const {
  return kind_ == Kind::String ? &string_ : nullptr;
}
const Value::Array *Value::array() const {
  return kind_ == Kind::Array ? array_.get() : nullptr;
}
const Value::Object *Value::object() const {
  return kind_ == Kind::Object ? object_.get() : nullptr;
}
Value::Array *Value::array() {
  return kind_ == Kind::Array ? array_.get() : nullptr;
}
Value::Object *Value::object() {
  return kind_ == Kind::Object ? object_.get() : nullptr;
}

const Value *Value::get(const std::string &key) const {
  const Object *o = object();
  if (!o)
    return nullptr;
  auto it = o->find(key);
  return it == o->end() ? nullptr : &it->second;
}

namespace {

class Parser {
public:
  Parser(const std::string &text, std::string &error)
      : text(text), error(error) {}

  std::optional<Value> document() {
    std::optional<Value> v = value(0);
    if (!v)
      return std::nullopt;
    skipSpace();
    if (pos != text.size())
      return fail("unexpected text after the value");
    return v;
  }

private:
  const std::string &text;
  std::string &error;
  size_t pos = 0;

  std::nullopt_t fail(const std::string &msg) {
    size_t line = 1, col = 1;
    for (size_t i = 0; i < pos && i < text.size(); ++i) {
      if (text[i] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
    error =
        "JSON " + std::to_string(line) + ":" + std::to_string(col) + ": " + msg;
    return std::nullopt;
  }

  void skipSpace() {
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\n' ||
                                 text[pos] == '\t' || text[pos] == '\r'))
      ++pos;
  }

  bool literal(const char *word) {
    size_t n = std::char_traits<char>::length(word);
    if (text.compare(pos, n, word) != 0)
      return false;
    pos += n;
    return true;
  }

  std::optional<Value> value(int depth) {
    if (depth > 256)
      return fail("nested too deeply");
    skipSpace();
    if (pos >= text.size())
      return fail("unexpected end of input");
    char c = text[pos];
    if (c == '{')
      return object(depth);
    if (c == '[')
      return array(depth);
    if (c == '"') {
      std::optional<std::string> s = string();
      if (!s)
        return std::nullopt;
      return Value(std::move(*s));
    }
    if (literal("true"))
      return Value(true);
    if (literal("false"))
      return Value(false);
    if (literal("null"))
      return Value();
    if (c == '-' || (c >= '0' && c <= '9'))
      return number();
    return fail(std::string("unexpected character '") + c + "'");
  }

  std::optional<Value> number() {
    size_t start = pos;
    if (text[pos] == '-')
      ++pos;
    auto digits = [&] {
      size_t s = pos;
      while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9')
        ++pos;
      return pos > s;
    };
    if (!digits())
      return fail("bad number");
    if (pos < text.size() && text[pos] == '.') {
      ++pos;
      if (!digits())
        return fail("bad number");
    }
    if (pos < text.size() && (text[pos] == 'e' || text[pos] == 'E')) {
      ++pos;
      if (pos < text.size() && (text[pos] == '+' || text[pos] == '-'))
        ++pos;
      if (!digits())
        return fail("bad number");
    }
    return Value(std::strtod(text.substr(start, pos - start).c_str(), nullptr));
  }

  static void appendUtf8(std::string &out, unsigned cp) {
    if (cp < 0x80) {
      out += char(cp);
    } else if (cp < 0x800) {
      out += char(0xC0 | (cp >> 6));
      out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += char(0xE0 | (cp >> 12));
      out += char(0x80 | ((cp >> 6) & 0x3F));
      out += char(0x80 | (cp & 0x3F));
    } else {
      out += char(0xF0 | (cp >> 18));
      out += char(0x80 | ((cp >> 12) & 0x3F));
      out += char(0x80 | ((cp >> 6) & 0x3F));
      out += char(0x80 | (cp & 0x3F));
    }
  }

  std::optional<unsigned> hex4() {
    if (pos + 4 > text.size())
      return std::nullopt;
    unsigned v = 0;
    for (int i = 0; i < 4; ++i) {
      char c = text[pos++];
      v <<= 4;
      if (c >= '0' && c <= '9')
        v |= c - '0';
      else if (c >= 'a' && c <= 'f')
        v |= c - 'a' + 10;
      else if (c >= 'A' && c <= 'F')
        v |= c - 'A' + 10;
      else
        return std::nullopt;
    }
    return v;
  }

  std::optional<std::string> string() {
    ++pos; // the opening quote
    std::string out;
    while (true) {
      if (pos >= text.size())
        return fail("unterminated string");
      char c = text[pos++];
      if (c == '"')
        return out;
      if (static_cast<unsigned char>(c) < 0x20)
        return fail("control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos >= text.size())
        return fail("unterminated string");
      char e = text[pos++];
      switch (e) {
      case '"':
      case '\\':
      case '/':
        out += e;
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'u': {
        std::optional<unsigned> cp = hex4();
        if (!cp)
          return fail("bad \\u escape");
        if (*cp >= 0xD800 && *cp < 0xDC00 && literal("\\u")) {
          std::optional<unsigned> low = hex4();
          if (!low || *low < 0xDC00 || *low >= 0xE000)
            return fail("bad surrogate pair");
          *cp = 0x10000 + ((*cp - 0xD800) << 10) + (*low - 0xDC00);
        }
        appendUtf8(out, *cp);
        break;
      }
      default:
        return fail(std::string("bad escape '\\") + e + "'");
      }
    }
  }

  std::optional<Value> array(int depth) {
    ++pos;
    Value::Array items;
    skipSpace();
    if (pos < text.size() && text[pos] == ']') {
      ++pos;
      return Value(std::move(items));
    }
    while (true) {
      std::optional<Value> v = value(depth + 1);
      if (!v)
        return std::nullopt;
      items.push_back(std::move(*v));
      skipSpace();
      if (pos < text.size() && text[pos] == ',') {
        ++pos;
        continue;
      }
      if (pos < text.size() && text[pos] == ']') {
        ++pos;
        return Value(std::move(items));
      }
      return fail("expected ',' or ']'");
    }
  }

  std::optional<Value> object(int depth) {
    ++pos;
    Value::Object members;
    skipSpace();
    if (pos < text.size() && text[pos] == '}') {
      ++pos;
      return Value(std::move(members));
    }
    while (true) {
      skipSpace();
      if (pos >= text.size() || text[pos] != '"')
        return fail("expected a key");
      std::optional<std::string> key = string();
      if (!key)
        return std::nullopt;
      skipSpace();
      if (pos >= text.size() || text[pos] != ':')
        return fail("expected ':'");
      ++pos;
      std::optional<Value> v = value(depth + 1);
      if (!v)
        return std::nullopt;
      members[*key] = std::move(*v);
      skipSpace();
      if (pos < text.size() && text[pos] == ',') {
        ++pos;
        continue;
      }
      if (pos < text.size() && text[pos] == '}') {
        ++pos;
        return Value(std::move(members));
      }
      return fail("expected ',' or '}'");
    }
  }
};

void writeString(std::string &out, const std::string &s) {
  out += '"';
  for (char c : s) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    case '\r':
      out += "\\r";
      break;
    default:
      if (static_cast<unsigned char>(c) < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof(buf), "\\u%04x", c);
        out += buf;
      } else {
        out += c;
      }
    }
  }
  out += '"';
}

void writeValue(std::string &out, const Value &v, int indent, int level) {
  auto newline = [&](int l) {
    if (indent == 0)
      return;
    out += '\n';
    out.append(size_t(indent * l), ' ');
  };
  switch (v.kind()) {
  case Value::Kind::Null:
    out += "null";
    return;
  case Value::Kind::Bool:
    out += *v.boolean() ? "true" : "false";
    return;
  case Value::Kind::Number: {
    double d = *v.number();
    if (!std::isfinite(d)) {
      out += "null"; // JSON has no NaN or infinity
      return;
    }
    char buf[32];
    if (v.integer())
      std::snprintf(buf, sizeof(buf), "%lld", (long long)*v.integer());
    else
      std::snprintf(buf, sizeof(buf), "%.9g", d);
    out += buf;
    return;
  }
  case Value::Kind::String:
    writeString(out, *v.string());
    return;
  case Value::Kind::Array: {
    const Value::Array &a = *v.array();
    if (a.empty()) {
      out += "[]";
      return;
    }
    // Arrays of numbers stay on one line: shapes and samples read better.
    bool flat = true;
    for (const Value &e : a)
      flat &= e.kind() == Value::Kind::Number;
    out += '[';
    for (size_t i = 0; i < a.size(); ++i) {
      if (i)
        out += flat || indent == 0 ? ", " : ",";
      if (!flat)
        newline(level + 1);
      writeValue(out, a[i], indent, level + 1);
    }
    if (!flat)
      newline(level);
    out += ']';
    return;
  }
  case Value::Kind::Object: {
    const Value::Object &o = *v.object();
    if (o.empty()) {
      out += "{}";
      return;
    }
    out += '{';
    bool first = true;
    for (const auto &[key, member] : o) {
      if (!first)
        out += ',';
      first = false;
      newline(level + 1);
      writeString(out, key);
      out += indent ? ": " : ":";
      writeValue(out, member, indent, level + 1);
    }
    newline(level);
    out += '}';
    return;
  }
  }
}

} // namespace

std::optional<Value> mlir::tessel::json::parse(const std::string &text,
                                               std::string &error) {
  return Parser(text, error).document();
}

std::string mlir::tessel::json::write(const Value &value, int indent) {
  std::string out;
  writeValue(out, value, indent, 0);
  out += '\n';
  return out;
}
