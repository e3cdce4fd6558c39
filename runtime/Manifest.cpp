//===- Manifest.cpp - manifest.json as the runtime reads it ---------------===//

#include "runtime/Manifest.h"

#include <algorithm>
#include <fstream>
#include <sstream>

using namespace mlir::tessel;
using namespace mlir::tessel::runtime;
using json::Value;

std::optional<ref::DType> runtime::parseDType(const std::string &name) {
  if (name == "f32")
    return ref::DType::F32;
  if (name == "f16")
    return ref::DType::F16;
  if (name == "bf16")
    return ref::DType::BF16;
  return std::nullopt;
}

std::optional<std::string> runtime::readFile(const std::string &path,
                                             std::string &error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot read '" + path + "'";
    return std::nullopt;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

namespace {

Value typeToJson(const ref::TensorType &t) {
  Value::Array shape;
  for (int64_t d : t.shape)
    shape.push_back(Value(d));
  return Value(Value::Object{{"dtype", Value(ref::dtypeName(t.dtype))},
                             {"shape", Value(std::move(shape))}});
}

/// Reads members of one JSON object, remembering the first problem.
class Reader {
public:
  Reader(const Value &v, std::string context, std::string &error)
      : v(v), context(std::move(context)), error(error) {
    if (!v.object())
      fail("is not an object");
  }
  bool ok() const { return good; }

  const Value *member(const std::string &key, bool required = true) {
    const Value *m = v.get(key);
    if (!m && required && good)
      fail("has no '" + key + "'");
    return m;
  }
  std::string str(const std::string &key, bool required = true) {
    const Value *m = member(key, required);
    if (!m)
      return "";
    if (!m->string()) {
      fail("'" + key + "' is not a string");
      return "";
    }
    return *m->string();
  }
  int64_t integer(const std::string &key, int64_t otherwise = 0,
                  bool required = true) {
    const Value *m = member(key, required);
    if (!m)
      return otherwise;
    if (!m->integer()) {
      fail("'" + key + "' is not an integer");
      return otherwise;
    }
    return *m->integer();
  }
  std::vector<int64_t> ints(const std::string &key, bool required = true) {
    std::vector<int64_t> out;
    const Value *m = member(key, required);
    if (!m)
      return out;
    if (!m->array()) {
      fail("'" + key + "' is not an array");
      return out;
    }
    for (const Value &e : *m->array()) {
      if (!e.integer()) {
        fail("'" + key + "' holds a non-integer");
        return {};
      }
      out.push_back(*e.integer());
    }
    return out;
  }
  void fail(const std::string &msg) {
    if (good)
      error = context + " " + msg;
    good = false;
  }

private:
  const Value &v;
  std::string context;
  std::string &error;
  bool good = true;
};

std::optional<ref::TensorType>
typeFromJson(const Value &v, const std::string &context, std::string &error) {
  Reader r(v, context, error);
  if (!r.ok())
    return std::nullopt;
  ref::TensorType t;
  std::string dtype = r.str("dtype");
  t.shape = r.ints("shape");
  if (!r.ok())
    return std::nullopt;
  std::optional<ref::DType> d = parseDType(dtype);
  if (!d) {
    error = context + " has unknown dtype '" + dtype + "'";
    return std::nullopt;
  }
  for (int64_t s : t.shape)
    if (s < 0) {
      error = context + " has a negative dimension";
      return std::nullopt;
    }
  t.dtype = *d;
  return t;
}

} // namespace

Value runtime::graphToJson(const ref::Graph &graph) {
  Value::Array inputs, ops, outputs;
  for (const ref::TensorType &t : graph.inputs)
    inputs.push_back(typeToJson(t));
  for (const ref::Op &op : graph.ops) {
    Value::Array operands;
    for (int o : op.operands)
      operands.push_back(Value(o));
    Value::Object o{{"kind", Value(op.kind)},
                    {"operands", Value(std::move(operands))},
                    {"result", typeToJson(op.result)}};
    if (!op.ints.empty()) {
      Value::Object ints;
      for (const auto &[key, list] : op.ints) {
        Value::Array a;
        for (int64_t i : list)
          a.push_back(Value(i));
        ints[key] = Value(std::move(a));
      }
      o["ints"] = Value(std::move(ints));
    }
    if (!op.floats.empty()) {
      Value::Object floats;
      for (const auto &[key, f] : op.floats)
        floats[key] = Value(f);
      o["floats"] = Value(std::move(floats));
    }
    if (!op.strings.empty()) {
      Value::Object strings;
      for (const auto &[key, s] : op.strings)
        strings[key] = Value(s);
      o["strings"] = Value(std::move(strings));
    }
    ops.push_back(Value(std::move(o)));
  }
  for (int o : graph.outputs)
    outputs.push_back(Value(o));
  return Value(Value::Object{{"name", Value(graph.name)},
                             {"inputs", Value(std::move(inputs))},
                             {"ops", Value(std::move(ops))},
                             {"outputs", Value(std::move(outputs))}});
}

std::optional<ref::Graph> runtime::graphFromJson(const Value &value,
                                                 std::string &error) {
  Reader r(value, "reference graph", error);
  if (!r.ok())
    return std::nullopt;
  ref::Graph g;
  g.name = r.str("name");
  const Value *inputs = r.member("inputs");
  const Value *ops = r.member("ops");
  std::vector<int64_t> outputs = r.ints("outputs");
  if (!r.ok())
    return std::nullopt;
  if (!inputs->array() || !ops->array()) {
    error = "reference graph '" + g.name + "': inputs and ops must be arrays";
    return std::nullopt;
  }
  std::string context = "reference graph '" + g.name + "'";
  for (const Value &in : *inputs->array()) {
    std::optional<ref::TensorType> t =
        typeFromJson(in, context + " input", error);
    if (!t)
      return std::nullopt;
    g.inputs.push_back(*t);
  }
  int64_t defined = int64_t(g.inputs.size());
  for (const Value &ov : *ops->array()) {
    std::string opContext = context + " op " + std::to_string(g.ops.size());
    Reader o(ov, opContext, error);
    if (!o.ok())
      return std::nullopt;
    ref::Op op;
    op.kind = o.str("kind");
    for (int64_t id : o.ints("operands")) {
      if (id < -1 || id >= defined) {
        error = opContext + " uses value " + std::to_string(id) +
                ", which is not defined before it";
        return std::nullopt;
      }
      op.operands.push_back(int(id));
    }
    const Value *result = o.member("result");
    if (!o.ok())
      return std::nullopt;
    std::optional<ref::TensorType> t =
        typeFromJson(*result, opContext + " result", error);
    if (!t)
      return std::nullopt;
    op.result = *t;
    if (const Value *ints = o.member("ints", false)) {
      if (!ints->object()) {
        error = opContext + ": 'ints' is not an object";
        return std::nullopt;
      }
      Reader ir(*ints, opContext + " ints", error);
      for (const auto &[key, _] : *ints->object())
        op.ints[key] = ir.ints(key);
      if (!ir.ok())
        return std::nullopt;
    }
    // An optional object of named values of one kind into `dest`; false
    // (with `error` set) when it or one of its values is of the wrong kind.
    auto readNamed = [&](const char *member, const char *kind,
                         const char *expected, auto get, auto &dest) {
      const Value *named = o.member(member, false);
      if (!named)
        return true;
      if (!named->object()) {
        error = opContext + ": '" + member + "' is not an object";
        return false;
      }
      for (const auto &[key, v] : *named->object()) {
        auto got = get(v);
        if (!got) {
          error = opContext + " " + kind + " '" + key + "' is not " + expected;
          return false;
        }
        dest[key] = *got;
      }
      return true;
    };
    if (!readNamed(
            "floats", "float", "a number",
            [](const Value &v) { return v.number(); }, op.floats) ||
        !readNamed(
            "strings", "string", "a string",
            [](const Value &v) { return v.string(); }, op.strings))
      return std::nullopt;
    g.ops.push_back(std::move(op));
    ++defined;
  }
  for (int64_t id : outputs) {
    if (id < 0 || id >= defined) {
      error = context + " returns undefined value " + std::to_string(id);
      return std::nullopt;
    }
    g.outputs.push_back(int(id));
  }
  return g;
}

std::optional<Manifest> runtime::readManifest(const std::string &directory,
                                              std::string &error) {
  std::string path = directory + "/manifest.json";
  std::optional<std::string> text = readFile(path, error);
  if (!text)
    return std::nullopt;
  std::optional<Value> doc = json::parse(*text, error);
  if (!doc) {
    error = path + ": " + error;
    return std::nullopt;
  }
  Manifest m;
  m.directory = directory;
  Reader top(*doc, path + ":", error);
  if (!top.ok())
    return std::nullopt;
  if (top.integer("format_version") != 1) {
    if (top.ok())
      error = path + ": format_version " +
              std::to_string(*doc->get("format_version")->integer()) +
              " is not 1, the one this runtime reads";
    return std::nullopt;
  }
  m.source = top.str("source", false);
  const Value *target = top.member("target");
  const Value *kernels = top.member("kernels");
  if (!top.ok())
    return std::nullopt;
  Reader tr(*target, path + ": target", error);
  m.targetName = tr.str("name");
  m.vendor = tr.str("vendor");
  m.arch = tr.str("arch");
  if (!tr.ok())
    return std::nullopt;
  if (!kernels->array()) {
    error = path + ": 'kernels' is not an array";
    return std::nullopt;
  }
  for (const Value &kv : *kernels->array()) {
    GpuKernel k;
    Reader r(kv, path + ": kernel " + std::to_string(m.kernels.size()), error);
    k.name = r.str("name");
    k.entry = r.str("entry");
    k.tesselKernel = r.str("tessel_kernel");
    k.launchIndex = unsigned(r.integer("launch_index"));
    k.binary = r.str("binary", false);
    k.ptx = r.str("ptx", false);
    std::vector<int64_t> grid = r.ints("grid"), block = r.ints("block");
    k.sharedMemoryBytes = r.integer("shared_memory_bytes", 0, false);
    if (r.member("registers", false))
      k.registers = r.integer("registers");
    k.schedule = r.str("schedule", false);
    if (const Value *p = r.member("predicted", false)) {
      Reader pr(*p, path + ": " + k.name + " predicted", error);
      const Value *t = pr.member("time_us");
      k.predictedBound = pr.str("bound");
      if (!pr.ok())
        return std::nullopt;
      k.predictedUs = t->number();
    }
    const Value *params = r.member("params");
    if (!r.ok())
      return std::nullopt;
    if (grid.size() != 3 || block.size() != 3 ||
        std::any_of(grid.begin(), grid.end(),
                    [](int64_t d) { return d < 1; }) ||
        std::any_of(block.begin(), block.end(),
                    [](int64_t d) { return d < 1; })) {
      error = path + ": " + k.name + ": grid and block need 3 positive sizes";
      return std::nullopt;
    }
    for (int i = 0; i < 3; ++i) {
      k.grid[i] = unsigned(grid[i]);
      k.block[i] = unsigned(block[i]);
    }
    if (!params->array()) {
      error = path + ": " + k.name + ": 'params' is not an array";
      return std::nullopt;
    }
    for (const Value &pv : *params->array()) {
      Reader pr(pv, path + ": " + k.name + " param", error);
      std::string role = pr.str("role");
      Param p;
      p.position = unsigned(pr.integer("position"));
      if (!pr.ok())
        return std::nullopt;
      if (role != "input" && role != "output") {
        error =
            path + ": " + k.name + ": unknown parameter role '" + role + "'";
        return std::nullopt;
      }
      p.isOutput = role == "output";
      std::optional<ref::TensorType> t =
          typeFromJson(pv, path + ": " + k.name + " param", error);
      if (!t)
        return std::nullopt;
      p.type = *t;
      k.params.push_back(std::move(p));
    }
    m.kernels.push_back(std::move(k));
  }
  // Group the launches by tessel.kernel, each group in launch order.
  for (const GpuKernel &k : m.kernels) {
    auto it = std::find_if(
        m.tesselKernels.begin(), m.tesselKernels.end(),
        [&](const TesselKernel &t) { return t.name == k.tesselKernel; });
    if (it == m.tesselKernels.end()) {
      m.tesselKernels.push_back(TesselKernel{k.tesselKernel, {}, {}});
      it = std::prev(m.tesselKernels.end());
    }
    it->launches.push_back(&k);
  }
  const Value *graphs = doc->get("reference_graphs");
  for (TesselKernel &t : m.tesselKernels) {
    std::sort(t.launches.begin(), t.launches.end(),
              [](const GpuKernel *a, const GpuKernel *b) {
                return a->launchIndex < b->launchIndex;
              });
    const Value *g = graphs ? graphs->get(t.name) : nullptr;
    if (!g)
      continue;
    std::optional<ref::Graph> graph = graphFromJson(*g, error);
    if (!graph) {
      error = path + ": " + error;
      return std::nullopt;
    }
    t.reference = std::move(*graph);
  }
  return m;
}
