//===- Manifest.cpp - manifest.json, written and read ---------------------===//
//
// See Manifest.h and docs/manifest.md. JSON is nlohmann::json; this file is
// built with exceptions (runtime/CMakeLists.txt) and catches every one of
// them: a malformed manifest is an error message, never a throw.
//
//===----------------------------------------------------------------------===//

#include "runtime/Manifest.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

using namespace mlir::tessel;
using namespace mlir::tessel::runtime;
using Json = nlohmann::json;

namespace {

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

Json typeToJson(const ref::TensorType &t) {
  return Json::object({{"dtype", ref::dtypeName(t.dtype)}, {"shape", t.shape}});
}

Json graphToJson(const ref::Graph &graph) {
  Json inputs = Json::array(), ops = Json::array();
  for (const ref::TensorType &t : graph.inputs)
    inputs.push_back(typeToJson(t));
  for (const ref::Op &op : graph.ops) {
    Json o = Json::object({{"kind", op.kind},
                           {"operands", op.operands},
                           {"result", typeToJson(op.result)}});
    if (!op.ints.empty())
      o["ints"] = op.ints;
    if (!op.floats.empty())
      o["floats"] = op.floats;
    if (!op.strings.empty())
      o["strings"] = op.strings;
    ops.push_back(std::move(o));
  }
  return Json::object({{"name", graph.name},
                       {"inputs", std::move(inputs)},
                       {"ops", std::move(ops)},
                       {"outputs", graph.outputs}});
}

const char *valueKindName(FunctionValue::Kind kind) {
  switch (kind) {
  case FunctionValue::Kind::Argument:
    return "argument";
  case FunctionValue::Kind::Produced:
    return "kernel";
  case FunctionValue::Kind::View:
    return "view";
  }
  return "kernel";
}

Json functionToJson(const FunctionPlan &f) {
  Json values = Json::array(), steps = Json::array();
  for (const FunctionValue &v : f.values) {
    Json e = typeToJson(v.type);
    e["kind"] = valueKindName(v.kind);
    if (v.kind != FunctionValue::Kind::Produced)
      e["index"] = v.index;
    values.push_back(std::move(e));
  }
  for (const FunctionStep &step : f.steps)
    steps.push_back(Json::object({{"tessel_kernel", step.tesselKernel},
                                  {"inputs", step.inputs},
                                  {"outputs", step.outputs}}));
  Json e = Json::object({{"name", f.name},
                         {"values", std::move(values)},
                         {"steps", std::move(steps)},
                         {"results", f.results}});
  if (f.reference)
    e["reference"] = graphToJson(*f.reference);
  return e;
}

Json kernelToJson(const GpuKernel &k) {
  Json e = Json::object({{"name", k.name},
                         {"entry", k.entry},
                         {"tessel_kernel", k.tesselKernel},
                         {"launch_index", k.launchIndex},
                         {"grid", k.grid},
                         {"block", k.block},
                         {"shared_memory_bytes", k.sharedMemoryBytes},
                         {"schedule", k.schedule}});
  if (k.dynamicSharedMemoryBytes)
    e["dynamic_shared_memory_bytes"] = k.dynamicSharedMemoryBytes;
  if (k.cluster != std::array<unsigned, 3>{1, 1, 1})
    e["cluster"] = k.cluster;
  if (k.predictedUs)
    e["predicted"] = Json::object(
        {{"time_us", *k.predictedUs}, {"bound", k.predictedBound}});
  for (auto [key, file] :
       {std::pair{"ptx", &k.ptx}, std::pair{"llvm_ir", &k.llvmIr},
        std::pair{"binary", &k.binary}})
    if (!file->empty())
      e[key] = *file;
  for (auto [key, value] : {std::pair{"registers", &k.registers},
                            std::pair{"scalar_registers", &k.scalarRegisters},
                            std::pair{"scratch_bytes", &k.scratchBytes}})
    if (*value)
      e[key] = **value;
  Json params = Json::array();
  for (const Param &p : k.params) {
    Json param = Json::object({{"role", p.isOutput ? "output" : "input"},
                               {"position", p.position},
                               {"shape", p.type.shape},
                               {"dtype", ref::dtypeName(p.type.dtype)}});
    if (p.zeroed)
      param["zeroed"] = true;
    if (p.tensorMap)
      param["tensor_map"] =
          Json::object({{"box", p.tensorMap->box},
                        {"swizzle_bytes", p.tensorMap->swizzleBytes},
                        {"l2_promotion_bytes", p.tensorMap->l2PromotionBytes},
                        {"oob", p.tensorMap->oobZero ? "zero" : "nan"}});
    params.push_back(std::move(param));
  }
  e["params"] = std::move(params);
  return e;
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

/// Reads members of one JSON object, remembering the first problem.
class Reader {
public:
  Reader(const Json &v, std::string context, std::string &error)
      : v(v), context(std::move(context)), error(error) {
    if (!v.is_object())
      fail("is not an object");
  }
  bool ok() const { return good; }

  const Json *member(const std::string &key, bool required = true) {
    if (!good)
      return nullptr;
    auto it = v.find(key);
    if (it == v.end()) {
      if (required)
        fail("has no '" + key + "'");
      return nullptr;
    }
    return &*it;
  }
  std::string str(const std::string &key, bool required = true) {
    const Json *m = member(key, required);
    if (!m)
      return "";
    if (!m->is_string()) {
      fail("'" + key + "' is not a string");
      return "";
    }
    return m->get<std::string>();
  }
  int64_t integer(const std::string &key, int64_t otherwise = 0,
                  bool required = true) {
    const Json *m = member(key, required);
    if (!m)
      return otherwise;
    if (!isInteger(*m)) {
      fail("'" + key + "' is not an integer");
      return otherwise;
    }
    return m->get<int64_t>();
  }
  std::optional<double> number(const std::string &key) {
    const Json *m = member(key);
    if (!m)
      return std::nullopt;
    if (!m->is_number()) {
      fail("'" + key + "' is not a number");
      return std::nullopt;
    }
    return m->get<double>();
  }
  std::vector<int64_t> ints(const std::string &key, bool required = true) {
    std::vector<int64_t> out;
    const Json *m = member(key, required);
    if (!m)
      return out;
    if (!m->is_array()) {
      fail("'" + key + "' is not an array");
      return out;
    }
    for (const Json &e : *m) {
      if (!isInteger(e)) {
        fail("'" + key + "' holds a non-integer");
        return {};
      }
      out.push_back(e.get<int64_t>());
    }
    return out;
  }
  /// An optional object whose values are all of one kind (`is`), read into
  /// `dest` with `get`.
  /// `kind` names one value ("float 'epsilon' is not a number").
  template <typename Dest, typename Is, typename Get>
  void named(const std::string &key, const char *kind, const char *expected,
             Is is, Get get, Dest &dest) {
    const Json *m = member(key, false);
    if (!m)
      return;
    if (!m->is_object()) {
      failWhole(context + ": '" + key + "' is not an object");
      return;
    }
    for (const auto &[name, value] : m->items()) {
      if (!is(value)) {
        fail(std::string(kind) + " '" + name + "' is not " + expected);
        return;
      }
      dest[name] = get(value);
    }
  }
  void fail(const std::string &msg) { failWhole(context + " " + msg); }
  void failWhole(const std::string &message) {
    if (good)
      error = message;
    good = false;
  }
  /// A whole number, written with or without a fraction (2 or 2.0).
  static bool isInteger(const Json &j) {
    if (j.is_number_integer())
      return true;
    if (!j.is_number_float())
      return false;
    double d = j.get<double>();
    return std::isfinite(d) && std::abs(d) < 9.2e18 && d == std::trunc(d);
  }

private:
  const Json &v;
  std::string context;
  std::string &error;
  bool good = true;
};

std::optional<ref::TensorType>
typeFromJson(const Json &v, const std::string &context, std::string &error) {
  Reader r(v, context, error);
  if (!r.ok())
    return std::nullopt;
  ref::TensorType t;
  std::string dtype = r.str("dtype");
  t.shape = r.ints("shape");
  if (!r.ok())
    return std::nullopt;
  std::optional<DType> d = parseDType(dtype);
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

/// One op of a reference graph; `defined` values exist before it.
std::optional<ref::Op> opFromJson(const Json &value, const std::string &context,
                                  int64_t defined, std::string &error) {
  Reader o(value, context, error);
  if (!o.ok())
    return std::nullopt;
  ref::Op op;
  op.kind = o.str("kind");
  for (int64_t id : o.ints("operands")) {
    if (id < -1 || id >= defined) {
      error = context + " uses value " + std::to_string(id) +
              ", which is not defined before it";
      return std::nullopt;
    }
    op.operands.push_back(int(id));
  }
  const Json *result = o.member("result");
  if (!o.ok())
    return std::nullopt;
  std::optional<ref::TensorType> t =
      typeFromJson(*result, context + " result", error);
  if (!t)
    return std::nullopt;
  op.result = *t;
  if (const Json *ints = o.member("ints", false)) {
    if (!ints->is_object()) {
      error = context + ": 'ints' is not an object";
      return std::nullopt;
    }
    Reader ir(*ints, context + " ints", error);
    for (const auto &[key, _] : ints->items())
      op.ints[key] = ir.ints(key);
    if (!ir.ok())
      return std::nullopt;
  }
  o.named(
      "floats", "float", "a number",
      [](const Json &j) { return j.is_number(); },
      [](const Json &j) { return j.get<double>(); }, op.floats);
  o.named(
      "strings", "string", "a string",
      [](const Json &j) { return j.is_string(); },
      [](const Json &j) { return j.get<std::string>(); }, op.strings);
  if (!o.ok())
    return std::nullopt;
  return op;
}

std::optional<ref::Graph> graphFromJson(const Json &value, std::string &error) {
  Reader r(value, "reference graph", error);
  if (!r.ok())
    return std::nullopt;
  ref::Graph g;
  g.name = r.str("name");
  const Json *inputs = r.member("inputs");
  const Json *ops = r.member("ops");
  std::vector<int64_t> outputs = r.ints("outputs");
  if (!r.ok())
    return std::nullopt;
  if (!inputs->is_array() || !ops->is_array()) {
    error = "reference graph '" + g.name + "': inputs and ops must be arrays";
    return std::nullopt;
  }
  std::string context = "reference graph '" + g.name + "'";
  for (const Json &in : *inputs) {
    std::optional<ref::TensorType> t =
        typeFromJson(in, context + " input", error);
    if (!t)
      return std::nullopt;
    g.inputs.push_back(*t);
  }
  int64_t defined = int64_t(g.inputs.size());
  for (const Json &ov : *ops) {
    std::optional<ref::Op> op = opFromJson(
        ov, context + " op " + std::to_string(g.ops.size()), defined, error);
    if (!op)
      return std::nullopt;
    g.ops.push_back(std::move(*op));
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

/// Parses `text`; nullopt (with the parser's message, which names the line
/// and column, without its "[json.exception...]" tag) when it is not JSON.
std::optional<Json> parseJson(const std::string &text, std::string &error) {
  try {
    return Json::parse(text);
  } catch (const Json::exception &e) {
    std::string what = e.what();
    size_t tag = what.find("] ");
    error = "not JSON: " +
            (tag == std::string::npos ? what : what.substr(tag + 2));
    return std::nullopt;
  }
}

std::optional<Param> paramFromJson(const Json &value,
                                   const std::string &context,
                                   std::string &error) {
  Reader pr(value, context, error);
  std::string role = pr.str("role");
  Param p;
  p.position = unsigned(pr.integer("position"));
  if (!pr.ok())
    return std::nullopt;
  if (role != "input" && role != "output") {
    error = context + ": unknown parameter role '" + role + "'";
    return std::nullopt;
  }
  p.isOutput = role == "output";
  if (const Json *zeroed = pr.member("zeroed", /*required=*/false)) {
    if (!zeroed->is_boolean() || !p.isOutput) {
      error = context + ": 'zeroed' must be true or false, on an output";
      return std::nullopt;
    }
    p.zeroed = zeroed->get<bool>();
  }
  std::optional<ref::TensorType> t = typeFromJson(value, context, error);
  if (!t)
    return std::nullopt;
  p.type = *t;
  if (const Json *map = pr.member("tensor_map", /*required=*/false)) {
    std::string where = context + ": tensor_map";
    Reader mr(*map, where, error);
    TensorMap tm;
    tm.swizzleBytes = mr.integer("swizzle_bytes");
    tm.l2PromotionBytes = mr.integer("l2_promotion_bytes");
    std::string oob = mr.str("oob");
    if (!mr.ok())
      return std::nullopt;
    const Json *box = mr.member("box");
    if (!box || !box->is_array() || box->size() != p.type.shape.size()) {
      error = where + ": 'box' must list one size per dim of the buffer";
      return std::nullopt;
    }
    for (const Json &d : *box) {
      if (!d.is_number_integer() || d.get<int64_t>() < 1 ||
          d.get<int64_t>() > 256) {
        error = where + ": a box size is not an integer in [1, 256]";
        return std::nullopt;
      }
      tm.box.push_back(d.get<int64_t>());
    }
    if (oob != "zero" && oob != "nan") {
      error = where + ": 'oob' must be zero or nan, not '" + oob + "'";
      return std::nullopt;
    }
    tm.oobZero = oob == "zero";
    p.tensorMap = tm;
  }
  return p;
}

std::optional<GpuKernel> kernelFromJson(const Json &value,
                                        const std::string &context,
                                        std::string &error) {
  GpuKernel k;
  Reader r(value, context, error);
  k.name = r.str("name");
  k.entry = r.str("entry");
  k.tesselKernel = r.str("tessel_kernel");
  k.launchIndex = unsigned(r.integer("launch_index"));
  k.binary = r.str("binary", false);
  k.ptx = r.str("ptx", false);
  k.llvmIr = r.str("llvm_ir", false);
  std::vector<int64_t> grid = r.ints("grid"), block = r.ints("block");
  std::vector<int64_t> cluster = r.ints("cluster", false);
  if (cluster.empty())
    cluster = {1, 1, 1};
  k.sharedMemoryBytes = r.integer("shared_memory_bytes", 0, false);
  k.dynamicSharedMemoryBytes =
      r.integer("dynamic_shared_memory_bytes", 0, false);
  for (auto [key, dest] : {std::pair{"registers", &k.registers},
                           std::pair{"scalar_registers", &k.scalarRegisters},
                           std::pair{"scratch_bytes", &k.scratchBytes}})
    if (r.member(key, false))
      *dest = r.integer(key);
  k.schedule = r.str("schedule", false);
  if (const Json *p = r.member("predicted", false)) {
    Reader pr(*p, context + " " + k.name + " predicted", error);
    k.predictedUs = pr.number("time_us");
    k.predictedBound = pr.str("bound");
    if (!pr.ok())
      return std::nullopt;
  }
  const Json *params = r.member("params");
  if (!r.ok())
    return std::nullopt;
  auto positive = [](int64_t d) { return d >= 1; };
  if (grid.size() != 3 || block.size() != 3 ||
      !std::all_of(grid.begin(), grid.end(), positive) ||
      !std::all_of(block.begin(), block.end(), positive)) {
    error = context + ": " + k.name + ": grid and block need 3 positive sizes";
    return std::nullopt;
  }
  for (int i = 0; i < 3; ++i) {
    k.grid[i] = unsigned(grid[i]);
    k.block[i] = unsigned(block[i]);
  }
  // A grid that is not a multiple of its clusters does not launch
  // (CUDA_ERROR_INVALID_CLUSTER_SIZE): say so when the manifest is read.
  if (cluster.size() != 3 ||
      !std::all_of(cluster.begin(), cluster.end(), positive)) {
    error = context + ": " + k.name + ": 'cluster' needs 3 positive sizes";
    return std::nullopt;
  }
  for (int i = 0; i < 3; ++i) {
    if (grid[i] % cluster[i] != 0) {
      error = context + ": " + k.name + ": grid dim " + std::to_string(i) +
              " (" + std::to_string(grid[i]) +
              ") is not a multiple of the cluster's (" +
              std::to_string(cluster[i]) + ")";
      return std::nullopt;
    }
    k.cluster[i] = unsigned(cluster[i]);
  }
  if (!params->is_array()) {
    error = context + ": " + k.name + ": 'params' is not an array";
    return std::nullopt;
  }
  for (const Json &pv : *params) {
    std::optional<Param> p =
        paramFromJson(pv, context + ": " + k.name + " param", error);
    if (!p)
      return std::nullopt;
    k.params.push_back(std::move(*p));
  }
  return k;
}

/// A function's plan; checks that every value it names exists (and that a
/// view names an earlier value of as many elements) and every step's
/// tessel.kernel is in the manifest.
std::optional<FunctionPlan> functionFromJson(const Json &value,
                                             const Manifest &m,
                                             const std::string &context,
                                             std::string &error) {
  Reader r(value, context, error);
  FunctionPlan f;
  f.name = r.str("name");
  const Json *values = r.member("values");
  const Json *steps = r.member("steps");
  f.results = r.ints("results");
  if (!r.ok())
    return std::nullopt;
  std::string where = context + " '" + f.name + "'";
  if (!values->is_array() || !steps->is_array()) {
    error = where + ": 'values' and 'steps' are arrays";
    return std::nullopt;
  }
  auto known = [&](int64_t id) {
    return id >= 0 && id < int64_t(f.values.size());
  };
  for (const Json &v : *values) {
    std::string at = where + " value " + std::to_string(f.values.size());
    std::optional<ref::TensorType> type = typeFromJson(v, at, error);
    if (!type)
      return std::nullopt;
    Reader vr(v, at, error);
    FunctionValue fv;
    fv.type = *type;
    std::string kind = vr.str("kind");
    if (kind == "argument")
      fv.kind = FunctionValue::Kind::Argument;
    else if (kind == "view")
      fv.kind = FunctionValue::Kind::View;
    else if (kind != "kernel")
      vr.fail("has kind '" + kind + "' (argument, kernel or view)");
    if (fv.kind != FunctionValue::Kind::Produced)
      fv.index = vr.integer("index");
    if (!vr.ok())
      return std::nullopt;
    if (fv.kind == FunctionValue::Kind::View &&
        (!known(fv.index) ||
         f.values[fv.index].type.numElements() != fv.type.numElements())) {
      error = at + ": views value " + std::to_string(fv.index) +
              ", which is not an earlier value of as many elements";
      return std::nullopt;
    }
    f.values.push_back(std::move(fv));
  }
  for (const Json &sv : *steps) {
    std::string at = where + " step " + std::to_string(f.steps.size());
    Reader sr(sv, at, error);
    FunctionStep step;
    step.tesselKernel = sr.str("tessel_kernel");
    step.inputs = sr.ints("inputs");
    step.outputs = sr.ints("outputs");
    if (!sr.ok())
      return std::nullopt;
    if (std::none_of(m.tesselKernels.begin(), m.tesselKernels.end(),
                     [&](const TesselKernel &t) {
                       return t.name == step.tesselKernel;
                     })) {
      error = at + ": tessel.kernel '" + step.tesselKernel +
              "' has no GPU kernel in the manifest";
      return std::nullopt;
    }
    for (int64_t id : step.inputs)
      if (!known(id))
        sr.fail("reads value " + std::to_string(id) + ", which does not exist");
    for (int64_t id : step.outputs)
      if (!known(id) || f.values[id].kind != FunctionValue::Kind::Produced)
        sr.fail("writes value " + std::to_string(id) +
                ", which is not a kernel's result");
    if (!sr.ok())
      return std::nullopt;
    f.steps.push_back(std::move(step));
  }
  for (int64_t id : f.results)
    if (!known(id)) {
      error = where + ": returns value " + std::to_string(id) +
              ", which does not exist";
      return std::nullopt;
    }
  if (auto ref = value.find("reference"); ref != value.end()) {
    std::optional<ref::Graph> graph = graphFromJson(*ref, error);
    if (!graph) {
      error = where + ": " + error;
      return std::nullopt;
    }
    f.reference = std::move(*graph);
  }
  return f;
}

/// The launches grouped by tessel.kernel, each group in launch order, with
/// its reference graph from `graphs` (a member of the document, or null).
bool groupLaunches(Manifest &m, const Json *graphs, const std::string &path,
                   std::string &error) {
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
  for (TesselKernel &t : m.tesselKernels) {
    std::sort(t.launches.begin(), t.launches.end(),
              [](const GpuKernel *a, const GpuKernel *b) {
                return a->launchIndex < b->launchIndex;
              });
    if (!graphs || !graphs->is_object() || !graphs->contains(t.name))
      continue;
    std::optional<ref::Graph> graph = graphFromJson((*graphs)[t.name], error);
    if (!graph) {
      error = path + ": " + error;
      return false;
    }
    t.reference = std::move(*graph);
  }
  return true;
}

} // namespace

std::string runtime::writeManifest(const Manifest &m) {
  Json kernels = Json::array();
  for (const GpuKernel &k : m.kernels)
    kernels.push_back(kernelToJson(k));
  Json references = Json::object();
  for (const TesselKernel &t : m.tesselKernels)
    if (t.reference)
      references[t.name] = graphToJson(*t.reference);
  Json doc = Json::object({{"format_version", 1},
                           {"source", m.source},
                           {"target", Json::object({{"name", m.targetName},
                                                    {"vendor", m.vendor},
                                                    {"arch", m.arch}})},
                           {"kernels", std::move(kernels)},
                           {"reference_graphs", std::move(references)}});
  if (!m.functions.empty()) {
    Json functions = Json::array();
    for (const FunctionPlan &f : m.functions)
      functions.push_back(functionToJson(f));
    doc["functions"] = std::move(functions);
  }
  return doc.dump(2) + "\n";
}

std::string runtime::graphToJsonText(const ref::Graph &graph) {
  return graphToJson(graph).dump();
}

std::optional<ref::Graph> runtime::graphFromJsonText(const std::string &text,
                                                     std::string &error) {
  std::optional<Json> doc = parseJson(text, error);
  if (!doc)
    return std::nullopt;
  return graphFromJson(*doc, error);
}

std::optional<Manifest> runtime::readManifest(const std::string &directory,
                                              std::string &error) {
  std::string path = directory + "/manifest.json";
  std::optional<std::string> text = readFile(path, error);
  if (!text)
    return std::nullopt;
  std::optional<Json> doc = parseJson(*text, error);
  if (!doc) {
    error = path + ": " + error;
    return std::nullopt;
  }
  Manifest m;
  m.directory = directory;
  Reader top(*doc, path + ":", error);
  if (!top.ok())
    return std::nullopt;
  int64_t version = top.integer("format_version");
  if (!top.ok())
    return std::nullopt;
  if (version != 1) {
    error = path + ": format_version " + std::to_string(version) +
            " is not 1, the one this runtime reads";
    return std::nullopt;
  }
  m.source = top.str("source", false);
  const Json *target = top.member("target");
  const Json *kernels = top.member("kernels");
  if (!top.ok())
    return std::nullopt;
  Reader tr(*target, path + ": target", error);
  m.targetName = tr.str("name");
  m.vendor = tr.str("vendor");
  m.arch = tr.str("arch");
  if (!tr.ok())
    return std::nullopt;
  if (!kernels->is_array()) {
    error = path + ": 'kernels' is not an array";
    return std::nullopt;
  }
  for (const Json &kv : *kernels) {
    std::optional<GpuKernel> k = kernelFromJson(
        kv, path + ": kernel " + std::to_string(m.kernels.size()), error);
    if (!k)
      return std::nullopt;
    m.kernels.push_back(std::move(*k));
  }
  auto graphs = doc->find("reference_graphs");
  if (!groupLaunches(m, graphs == doc->end() ? nullptr : &*graphs, path, error))
    return std::nullopt;
  if (auto functions = doc->find("functions"); functions != doc->end()) {
    if (!functions->is_array()) {
      error = path + ": 'functions' is not an array";
      return std::nullopt;
    }
    for (const Json &fv : *functions) {
      std::optional<FunctionPlan> f =
          functionFromJson(fv, m, path + ": function", error);
      if (!f)
        return std::nullopt;
      m.functions.push_back(std::move(*f));
    }
  }
  return m;
}

std::vector<ref::TensorType> FunctionPlan::argumentTypes() const {
  std::vector<ref::TensorType> types;
  for (const FunctionValue &v : values)
    if (v.kind == FunctionValue::Kind::Argument) {
      if (size_t(v.index) >= types.size())
        types.resize(size_t(v.index) + 1);
      types[size_t(v.index)] = v.type;
    }
  return types;
}
