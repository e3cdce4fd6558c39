//===- HoistAccumulators.cpp - tessel-hoist-accumulators ------------------===//
//
// A tensor-core K step (tessel-lower-mma) loads each lane's fragments of the
// accumulator from the block's shared-memory tile, runs its mma.sync or MFMA
// and stores the fragments back, once per step of the K loop. After
// tessel-map-to-gpu the loop is one thread's straight-line code and the
// fragments' addresses do not change with the step: this pass loads them
// once before the loop, carries them through it as loop-carried values
// (registers) and stores them once after it, followed by a barrier that
// publishes them to the epilogue.
//
// Why it is sound: within the loop, the accumulator's buffer is only read
// and written by these accesses, all between the same two barriers, so a
// location two threads shared would be a data race in the original kernel.
// The locations are therefore the thread's own during the loop, and one
// thread's locations are checked to be either equal or disjoint.
//
// Where all the launch does to the buffer before the loop is fill it with
// zeros (a matmul's accumulator), the fragments start at zero instead of
// being loaded, and the fill moves after the loop, before the fragments'
// stores (between barriers, after the thread's cp.async copies are
// complete): the buffer is then untouched until the loop is over, and
// tessel-dynamic-shared-memory may place it over the K step's stage
// buffers. Where the fragments' stores cover everything the fill writes
// (a tensor-core step's block tile: the threads times each one's stored
// elements are the tile's), the fill is dropped instead.
//
//===----------------------------------------------------------------------===//

#include "passes/IndexRange.h"
#include "passes/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::tessel {
#define GEN_PASS_DEF_TESSELHOISTACCUMULATORS
#include "passes/Passes.h.inc"
} // namespace mlir::tessel

using namespace mlir;
using namespace mlir::tessel;

namespace {

/// The buffer a memref views (through subviews and casts).
Value rootBuffer(Value memref) {
  return memref::skipViewLikeOps(cast<MemrefValue>(memref));
}

/// An index as {its terms, a constant}: the sum of the terms (values that
/// are not additions, in a fixed order) and the constant, so that indices
/// built in different orders (a strip's row plus a lane's, plus 8) compare
/// equal when they are.
using Offset = std::pair<SmallVector<Value>, int64_t>;

/// `v`'s value where it is computed from constants alone (by additions,
/// subtractions and multiplications: a fully unrolled loop's induction
/// variable, lb + i * step, before canonicalization folds it).
std::optional<int64_t> constantIndex(Value v) {
  if (std::optional<int64_t> constant = getConstantIntValue(v))
    return constant;
  Operation *def = v.getDefiningOp();
  if (!isa_and_present<arith::AddIOp, arith::SubIOp, arith::MulIOp>(def))
    return std::nullopt;
  std::optional<int64_t> x = constantIndex(def->getOperand(0));
  std::optional<int64_t> y = constantIndex(def->getOperand(1));
  if (!x || !y)
    return std::nullopt;
  if (isa<arith::AddIOp>(def))
    return *x + *y;
  if (isa<arith::SubIOp>(def))
    return *x - *y;
  return *x * *y;
}

Offset offsetOf(Value index) {
  Offset offset;
  SmallVector<Value> pending = {index};
  while (!pending.empty()) {
    auto [term, constant] = splitConstantOffset(pending.pop_back_val());
    offset.second += constant;
    if (!term)
      continue;
    if (std::optional<int64_t> value = constantIndex(term)) {
      offset.second += *value;
      continue;
    }
    if (auto add = term.getDefiningOp<arith::AddIOp>()) {
      pending.push_back(add.getLhs());
      pending.push_back(add.getRhs());
    } else {
      offset.first.push_back(term);
    }
  }
  llvm::sort(offset.first, [](Value x, Value y) {
    return x.getAsOpaquePointer() < y.getAsOpaquePointer();
  });
  return offset;
}

/// The sum of two offsets.
Offset plus(const Offset &x, const Offset &y) {
  Offset sum = x;
  llvm::append_range(sum.first, y.first);
  llvm::sort(sum.first, [](Value a, Value b) {
    return a.getAsOpaquePointer() < b.getAsOpaquePointer();
  });
  sum.second += y.second;
  return sum;
}

/// A load or store of the accumulator: `length` elements along the last
/// dim of `view` from `at`. `view` is `base`, or where `base` is a view of
/// one element (a subview of unit sizes and strides, as a SIMT step's
/// copies take each element of a thread's tile; through several), the view
/// it is cut from, `at` then counting the subviews' offsets.
struct Access {
  Operation *op = nullptr;
  bool isLoad = false;
  Value base;
  SmallVector<Value> indices;
  Value view;
  SmallVector<Offset> at;
  Type type; // the value loaded or stored
  int64_t length = 1;
  Value stored; // for a store
};

std::optional<Access> accessOf(Operation *op) {
  Access a;
  a.op = op;
  if (auto load = dyn_cast<memref::LoadOp>(op)) {
    a.isLoad = true;
    a.base = load.getMemRef();
    a.indices = llvm::to_vector(load.getIndices());
    a.type = load.getType();
  } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
    a.base = store.getMemRef();
    a.indices = llvm::to_vector(store.getIndices());
    a.stored = store.getValueToStore();
  } else if (auto load = dyn_cast<vector::LoadOp>(op)) {
    a.isLoad = true;
    a.base = load.getBase();
    a.indices = llvm::to_vector(load.getIndices());
    a.type = load.getVectorType();
  } else if (auto store = dyn_cast<vector::StoreOp>(op)) {
    a.base = store.getBase();
    a.indices = llvm::to_vector(store.getIndices());
    a.stored = store.getValueToStore();
  } else {
    return std::nullopt;
  }
  if (a.stored)
    a.type = a.stored.getType();
  if (auto vector = dyn_cast<VectorType>(a.type)) {
    if (vector.getRank() != 1)
      return std::nullopt;
    a.length = vector.getNumElements();
  }
  for (Value index : a.indices)
    a.at.push_back(offsetOf(index));
  a.view = a.base;
  while (auto element = a.view.getDefiningOp<memref::SubViewOp>()) {
    if (element.getSourceType().getRank() != element.getType().getRank() ||
        !llvm::all_of(element.getStaticSizes(),
                      [](int64_t size) { return size == 1; }) ||
        !llvm::all_of(element.getStaticStrides(),
                      [](int64_t stride) { return stride == 1; }))
      break;
    for (auto [at, offset] : llvm::zip(a.at, element.getMixedOffsets())) {
      if (std::optional<int64_t> constant = getConstantIntValue(offset))
        at.second += *constant;
      else
        at = plus(at, offsetOf(cast<Value>(offset)));
    }
    a.view = element.getSource();
  }
  return a;
}

bool sameLocation(const Access &x, const Access &y) {
  return x.view == y.view && x.type == y.type && x.at == y.at;
}

/// Whether two accesses of one thread provably touch different elements:
/// different shared-memory buffers, or the same view and a dim where their
/// offsets from the same terms differ (by at least the length along the
/// last dim).
bool disjoint(const Access &x, const Access &y) {
  // Views of different shared-memory buffers (the register-resident
  // attention's O and its statistics: distinct allocations) share no
  // element; kernel arguments may alias.
  auto shared = [](Value buffer) {
    return gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(
        cast<MemRefType>(buffer.getType()));
  };
  Value xRoot = rootBuffer(x.base), yRoot = rootBuffer(y.base);
  if (xRoot != yRoot && shared(xRoot) && shared(yRoot))
    return true;
  if (x.view != y.view || x.at.size() != y.at.size())
    return false;
  size_t last = x.at.size() - 1;
  for (size_t d = 0; d <= last; ++d) {
    if (x.at[d].first != y.at[d].first)
      continue;
    int64_t cx = x.at[d].second, cy = y.at[d].second;
    int64_t lx = d == last ? x.length : 1, ly = d == last ? y.length : 1;
    if (cx + lx <= cy || cy + ly <= cx)
      return true;
  }
  return false;
}

/// Whether one of `op`'s own operands views one of `buffers`.
bool viewsOneOf(Operation *op, const SetVector<Value> &buffers) {
  return llvm::any_of(op->getOperands(), [&](Value v) {
    return isa<MemRefType>(v.getType()) && buffers.contains(rootBuffer(v));
  });
}

/// Whether `a`'s memref and indices are defined outside `loop`.
bool invariantIn(const Access &a, scf::ForOp loop) {
  return loop.isDefinedOutsideOfLoop(a.base) &&
         llvm::all_of(a.indices,
                      [&](Value v) { return loop.isDefinedOutsideOfLoop(v); });
}

/// Whether `op` is a warpgroup MMA: tessel-lower-mma issues wgmma as
/// inline PTX (its accumulators tied operands, as `inlinePtx` writes them),
/// tagged WgmmaAsm::Mma.
bool isWgmma(Operation *op) { return wgmmaAsmKind(op) == WgmmaAsm::Mma; }

/// The operands of inline assembly `op` tied to its results: for each
/// result, the operand whose constraint names it, or null.
SmallVector<Value> tiedOperands(LLVM::InlineAsmOp op) {
  SmallVector<StringRef> constraints;
  StringRef(op.getConstraints()).split(constraints, ',');
  int64_t outputs = llvm::count_if(
      constraints, [](StringRef c) { return c.starts_with("="); });
  SmallVector<Value> tied(outputs);
  for (auto [i, operand] : llvm::enumerate(op.getOperands())) {
    int64_t result;
    if (outputs + i < constraints.size() &&
        !constraints[outputs + i].getAsInteger(10, result) && result >= 0 &&
        result < outputs)
      tied[result] = operand;
  }
  return tied;
}

/// Whether the loop's body issues mma.sync, MFMA or wgmma.
bool hasMatrixInstructions(scf::ForOp loop) {
  return !loop.getBody()->getOps<NVVM::MmaOp>().empty() ||
         !loop.getBody()->getOps<amdgpu::MFMAOp>().empty() ||
         llvm::any_of(loop.getBody()->getOperations(),
                      [](Operation &op) { return isWgmma(&op); });
}

/// The buffers the loop's mma.sync, MFMA or wgmma ops accumulate into: those
/// their C operands are loaded from in the loop's body (directly or as
/// elements of a loaded vector, or through arithmetic in the body: the
/// register-resident attention rescales O by a factor computed from its
/// rows' maxima, which it keeps in a buffer as well), those a wgmma's A
/// registers are (the overlapped attention's P, which waits a step in a
/// buffer), and those whose loads feed what the loop stores into any of
/// them (O's rescale after its product); none once the accumulators are
/// carried in registers.
SetVector<Value> accumulatorsOf(scf::ForOp loop) {
  SetVector<Value> buffers;
  // The accumulator values the matrix instructions read: mma.sync's four
  // f32, MFMA's elements of its C vector, wgmma's registers (tied, and A's).
  SmallVector<Value> operands;
  for (auto mma : loop.getBody()->getOps<NVVM::MmaOp>())
    llvm::append_range(operands, mma.getOperandC());
  for (auto mfma : loop.getBody()->getOps<amdgpu::MFMAOp>()) {
    if (auto elements = mfma.getDestC().getDefiningOp<vector::FromElementsOp>())
      llvm::append_range(operands, elements.getElements());
  }
  for (auto inlineAsm : loop.getBody()->getOps<LLVM::InlineAsmOp>())
    if (isWgmma(inlineAsm))
      for (Value operand : inlineAsm.getOperands())
        if (operand.getType().isF32() || operand.getType().isInteger(32))
          operands.push_back(operand);
  // Back from the C operands through the body's side-effect-free ops, up
  // to loads; a matrix instruction's result is an accumulator value, not
  // one loaded (mma.sync's and MFMA's A and B operands are not followed).
  DenseSet<Operation *> seen, storedFollowed;
  // What the loop stores into a buffer found so far comes from the same
  // accumulators: followed back too, once a store.
  auto storedValues = [&] {
    for (Operation &op : loop.getBody()->getOperations()) {
      Value stored, base;
      if (auto store = dyn_cast<vector::StoreOp>(op)) {
        stored = store.getValueToStore();
        base = store.getBase();
      } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
        stored = store.getValueToStore();
        base = store.getMemRef();
      }
      if (stored && buffers.contains(rootBuffer(base)) &&
          storedFollowed.insert(&op).second)
        operands.push_back(stored);
    }
    return !operands.empty();
  };
  // What the loop stores into a buffer computed from the accumulators (a
  // row's sum, rescaled by a factor from its maximum): that buffer is
  // carried too.
  auto fedStores = [&] {
    bool added = false;
    for (Operation &op : loop.getBody()->getOperations()) {
      std::optional<Access> store = accessOf(&op);
      if (!store || store->isLoad || buffers.contains(rootBuffer(store->base)))
        continue;
      SetVector<Operation *> slice;
      BackwardSliceOptions options;
      options.omitBlockArguments = true;
      options.filter = [&](Operation *def) {
        return def->getBlock() == loop.getBody();
      };
      if (failed(getBackwardSlice(store->stored, &slice, options)))
        continue;
      bool fed = llvm::any_of(slice, [&](Operation *def) {
        if (auto load = dyn_cast<vector::LoadOp>(def))
          return buffers.contains(rootBuffer(load.getBase()));
        if (auto load = dyn_cast<memref::LoadOp>(def))
          return buffers.contains(rootBuffer(load.getMemRef()));
        return false;
      });
      if (fed) {
        buffers.insert(rootBuffer(store->base));
        added = true;
      }
    }
    return added;
  };
  while (!operands.empty() || storedValues() ||
         (fedStores() && storedValues())) {
    Value c = operands.pop_back_val();
    Operation *def = c.getDefiningOp();
    if (!def || def->getBlock() != loop.getBody() || !seen.insert(def).second)
      continue;
    if (auto load = dyn_cast<vector::LoadOp>(def))
      buffers.insert(rootBuffer(load.getBase()));
    else if (auto load = dyn_cast<memref::LoadOp>(def))
      buffers.insert(rootBuffer(load.getMemRef()));
    else if (auto extract = dyn_cast<LLVM::ExtractValueOp>(def)) {
      // A matrix instruction's result (mma.sync's, a wgmma's) is an
      // accumulator value; through other inline PTX (the fence before a
      // wgmma chain, tied to the registers it orders), the operand tied to
      // the result; through anything else, the value it is taken from.
      Operation *container = extract.getContainer().getDefiningOp();
      auto inlineAsm = dyn_cast_if_present<LLVM::InlineAsmOp>(container);
      if (isa_and_present<NVVM::MmaOp>(container) ||
          (inlineAsm && isWgmma(inlineAsm)))
        continue;
      if (!inlineAsm) {
        operands.push_back(extract.getContainer());
        continue;
      }
      SmallVector<Value> tied = tiedOperands(inlineAsm);
      ArrayRef<int64_t> position = extract.getPosition();
      if (position.size() == 1 && position[0] < int64_t(tied.size()) &&
          tied[position[0]])
        operands.push_back(tied[position[0]]);
    } else if (isPure(def) && !isa<NVVM::MmaOp, amdgpu::MFMAOp>(def))
      llvm::append_range(operands, def->getOperands());
  }
  return buffers;
}

/// Whether `buffer` (a root buffer) is a thread's own: a memref.alloca in
/// no address space or the private one.
bool isPrivate(Value buffer) {
  auto alloca = buffer.getDefiningOp<memref::AllocaOp>();
  if (!alloca)
    return false;
  auto space = dyn_cast_or_null<gpu::AddressSpaceAttr>(
      alloca.getType().getMemorySpace());
  return !space || space.getValue() == gpu::AddressSpace::Private;
}

/// The root buffer a load's value is loaded from, where `v` is a load's
/// result; null otherwise.
Value loadedFrom(Value v) {
  Operation *def = v.getDefiningOp();
  std::optional<Access> load = def ? accessOf(def) : std::nullopt;
  return load && load->isLoad ? rootBuffer(load->base) : Value();
}

/// A SIMT K step's accumulator (tessel-tile-and-fuse's tileContractionK:
/// each thread copies its part of the block's tile from shared memory into
/// its own buffer, runs the step's k loop on that, and copies it back, in
/// every step): the workgroup buffers that the loop's body, at its top
/// level (tessel-unroll-private-buffers has unrolled the copies), loads
/// only to store into a thread's own buffer and stores only from loads of
/// one; none where any other op of the loop touches them, or any of these
/// is at an address that changes with the loop (a ragged tile's guarded
/// copies), so that such a loop keeps its copies. With `candidates`, the
/// buffers the top-level loads and stores name, before anything is
/// checked (the loops' invariant code is still in them).
SetVector<Value> simtAccumulatorsOf(scf::ForOp loop, bool candidates = false) {
  SetVector<Value> buffers;
  auto workgroup = [](Value buffer) {
    return gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(
        cast<MemRefType>(buffer.getType()));
  };
  for (Operation &op : *loop.getBody()) {
    std::optional<Access> store = accessOf(&op);
    if (!store || store->isLoad)
      continue;
    Value into = rootBuffer(store->base), from = loadedFrom(store->stored);
    if (from && isPrivate(into) && workgroup(from))
      buffers.insert(from);
    else if (from && isPrivate(from) && workgroup(into))
      buffers.insert(into);
  }
  if (buffers.empty() || candidates)
    return buffers;
  WalkResult walked = loop.getBody()->walk([&](Operation *op) {
    if (isa<ViewLikeOpInterface>(op) || !viewsOneOf(op, buffers))
      return WalkResult::advance();
    std::optional<Access> access = accessOf(op);
    if (!access || op->getBlock() != loop.getBody() ||
        !invariantIn(*access, loop))
      return WalkResult::interrupt();
    if (access->isLoad) {
      // Only into a thread's own buffer.
      for (Operation *user : op->getResult(0).getUsers()) {
        std::optional<Access> store = accessOf(user);
        if (!store || store->isLoad || store->stored != op->getResult(0) ||
            !isPrivate(rootBuffer(store->base)))
          return WalkResult::interrupt();
      }
    } else {
      Value from = loadedFrom(access->stored);
      if (!from || !isPrivate(from))
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (walked.wasInterrupted())
    return {};
  return buffers;
}

/// One location's accesses, in program order.
struct Group {
  SmallVector<Access *> accesses;
  bool stored() const {
    return llvm::any_of(accesses, [](Access *a) { return !a->isLoad; });
  }
};

/// The locations the hoisted loops of one block carry in registers (each a
/// thread's own: the loop stores it), and their buffers.
struct Carried {
  SetVector<Value> buffers;
  std::vector<Access> locations;
};

/// Whether `op` touches (has an operand that views) one of `buffers`.
bool touches(Operation *op, const SetVector<Value> &buffers) {
  bool found = false;
  op->walk([&](Operation *inner) {
    if (!isa<ViewLikeOpInterface>(inner))
      found |= viewsOneOf(inner, buffers);
  });
  return found;
}

/// Whether `op` only fills some of `buffers`, each with one constant: loop
/// nests whose only effects are stores of a constant, the same one for all
/// of a buffer's elements. Adds each buffer's constant to `fills`.
bool constantFill(Operation *op, const SetVector<Value> &buffers,
                  DenseMap<Value, Attribute> &fills) {
  DenseMap<Value, Attribute> found;
  WalkResult walked = op->walk([&](Operation *inner) {
    if (isa<ViewLikeOpInterface>(inner) || isPure(inner) ||
        isa<scf::ForOp, scf::YieldOp>(inner))
      return WalkResult::advance();
    std::optional<Access> store = accessOf(inner);
    Attribute value;
    if (!store || store->isLoad || !buffers.contains(rootBuffer(store->base)) ||
        !matchPattern(store->stored, m_Constant(&value)))
      return WalkResult::interrupt();
    if (auto splat = dyn_cast<SplatElementsAttr>(value))
      value = splat.getSplatValue<Attribute>();
    Attribute &known = found[rootBuffer(store->base)];
    if (known && known != value)
      return WalkResult::interrupt();
    known = value;
    return WalkResult::advance();
  });
  if (walked.wasInterrupted() || found.empty())
    return false;
  for (auto [buffer, value] : found) {
    Attribute &known = fills[buffer];
    if (known && known != value)
      return false;
    known = value;
  }
  return true;
}

/// The ops of the launch body before `loop` (which must lie directly in it)
/// that touch `buffers`, when each of them only fills them with zeros (a
/// constantFill of zero). None when anything else before the loop touches
/// the buffers.
std::optional<SmallVector<Operation *>>
zeroFills(scf::ForOp loop, const SetVector<Value> &buffers) {
  if (!isa<gpu::LaunchOp>(loop->getParentOp()))
    return std::nullopt;
  SmallVector<Operation *> fills;
  for (Operation &op : *loop->getBlock()) {
    if (&op == loop.getOperation())
      break;
    if (!touches(&op, buffers))
      continue;
    DenseMap<Value, Attribute> values;
    if (!constantFill(&op, buffers, values) ||
        !llvm::all_of(values, [](auto &fill) {
          auto value = dyn_cast<FloatAttr>(fill.second);
          return value && value.getValue().isZero();
        }))
      return std::nullopt;
    fills.push_back(&op);
  }
  return fills;
}

/// Whether `v` is the same in every thread of `launch`: computed, without
/// regions, from constants, the block's ids and sizes and values from
/// outside the launch, never from a thread's id (or a loop's variable).
bool sameInEveryThread(Value v, gpu::LaunchOp launch) {
  SmallVector<Value> pending = {v};
  DenseSet<Value> seen;
  while (!pending.empty()) {
    Value x = pending.pop_back_val();
    if (!seen.insert(x).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(x)) {
      if (!launch->isAncestor(arg.getOwner()->getParentOp()))
        continue;
      gpu::KernelDim3 ids = launch.getThreadIds();
      if (arg.getOwner() != &launch.getBody().front() || arg == ids.x ||
          arg == ids.y || arg == ids.z)
        return false;
      continue;
    }
    Operation *def = x.getDefiningOp();
    if (!launch->isAncestor(def))
      continue;
    if (isa<gpu::ThreadIdOp, gpu::LaneIdOp>(def) || def->getNumRegions() != 0)
      return false;
    llvm::append_range(pending, def->getOperands());
  }
  return true;
}

/// The view `memref` is cut from: a subview's source, or the view an
/// expand_shape expands (it views all of it); null for anything else.
Value viewSource(Value memref) {
  if (auto subview = memref.getDefiningOp<memref::SubViewOp>())
    return subview.getSource();
  if (auto expand = memref.getDefiningOp<memref::ExpandShapeOp>())
    return expand.getSrc();
  return Value();
}

/// The view that `memref` (a thread's access) is cut from that is the same
/// in every thread of `launch` (sameInEveryThread): the first such on its
/// chain of subviews (a thread's own part of a tile is cut from the tile,
/// the same for all), through expand_shapes to the view they expand (they
/// view all of it: a SIMT step's chunked accumulator, simtColumnChunk).
/// Null where the chain has none.
Value sharedView(Value memref, gpu::LaunchOp launch) {
  while (memref && !sameInEveryThread(memref, launch))
    memref = viewSource(memref);
  while (auto expand = memref ? memref.getDefiningOp<memref::ExpandShapeOp>()
                              : memref::ExpandShapeOp())
    memref = expand.getSrc();
  return memref;
}

/// Whether a chain of subviews (and expand_shapes) leads from `memref`
/// through `view`.
bool cutFrom(Value memref, Value view) {
  for (; memref; memref = viewSource(memref))
    if (memref == view)
      return true;
  return false;
}

/// Whether the accumulator's stores after the loop cover the whole view of
/// the buffer that they and `fills` write, so that the fills are dead: the
/// stores are each thread's own locations (the pass's header: a location
/// two threads shared would be a race), in bounds of one static view, the
/// same in every thread (sharedView), and the launch's threads times the
/// elements each thread stores are that view's elements; every fill stays
/// inside the view. (A tensor-core
/// step's fragments cover its block tile by construction: MmaLayout's and
/// MfmaLayout's unit tests; this checks the instance.)
bool storesCoverFills(gpu::LaunchOp launch, ArrayRef<Group> groups,
                      ArrayRef<Operation *> fills) {
  int64_t threads = 1;
  for (Value size : {launch.getBlockSizeX(), launch.getBlockSizeY(),
                     launch.getBlockSizeZ()}) {
    APInt value;
    if (!matchPattern(size, m_ConstantInt(&value)))
      return false;
    threads *= value.getSExtValue();
  }
  Value view;
  int64_t stored = 0;
  for (const Group &group : groups) {
    if (!group.stored())
      continue;
    const Access &a = *group.accesses.front();
    Value outer = sharedView(a.base, launch);
    if (!outer || (view && outer != view))
      return false;
    view = outer;
    stored += a.length;
  }
  auto viewType = view ? dyn_cast<MemRefType>(view.getType()) : MemRefType();
  if (!viewType || !viewType.hasStaticShape() ||
      threads * stored != viewType.getNumElements())
    return false;
  for (Operation *fill : fills) {
    WalkResult inside = fill->walk([&](Operation *op) {
      std::optional<Access> store = accessOf(op);
      if (store && !store->isLoad && !cutFrom(store->base, view))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (inside.wasInterrupted())
      return false;
  }
  return true;
}

/// A constant of `type` (a scalar or a vector) whose elements are `value`.
Value constantOf(OpBuilder &b, Location loc, Type type, Attribute value) {
  auto element = cast<TypedAttr>(value);
  if (auto vector = dyn_cast<VectorType>(type))
    return arith::ConstantOp::create(b, loc,
                                     DenseElementsAttr::get(vector, element));
  return arith::ConstantOp::create(b, loc, element);
}

/// After the block's loops carry its accumulators in registers: their
/// loads and stores that remain in the block (before the first loop,
/// between two loops, after the last: the two key loops of a causal
/// attention and its last product) are each a thread's own locations, the
/// loops' (see the pass's header). A load takes the value last stored there
/// in the block, or the constant the buffer was filled with before; the
/// stores go after all of it, with the fills (between barriers, once the
/// thread's copies are complete), where the rest of the block reads the
/// buffers. Until then the buffers are untouched, and
/// tessel-dynamic-shared-memory may place them over the loops' stage
/// buffers. Where an access is not one of these (the epilogue, which reads
/// other threads' locations), what follows keeps its loads and stores.
void forward(RewriterBase &rewriter, Block &block, const Carried &carried) {
  if (carried.locations.empty())
    return;
  const SetVector<Value> &buffers = carried.buffers;
  DenseMap<Value, Attribute> fillValues;
  SmallVector<Operation *> fills;
  // Each location's value so far, and whether the block stored it.
  struct Slot {
    const Access *at;
    Value value;
  };
  SmallVector<Slot> slots;
  SmallVector<std::pair<Operation *, Value>> loads; // a load, its value
  SmallVector<std::pair<Operation *, Attribute>> filledLoads;
  SmallVector<Operation *> stores;
  Operation *end = block.getTerminator();
  for (Operation &op : block) {
    if (&op == end)
      break;
    if (!touches(&op, buffers))
      continue;
    std::optional<Access> access = accessOf(&op);
    const Access *at = nullptr;
    if (access)
      for (const Access &location : carried.locations)
        if (sameLocation(*access, location))
          at = &location;
    if (!at) {
      // Fills come before any access.
      if (loads.empty() && filledLoads.empty() && stores.empty() &&
          constantFill(&op, buffers, fillValues)) {
        fills.push_back(&op);
        continue;
      }
      end = &op;
      break;
    }
    Slot *slot = nullptr;
    for (Slot &s : slots)
      if (s.at == at)
        slot = &s;
    if (access->isLoad) {
      Value root = rootBuffer(access->base);
      if (slot) {
        loads.push_back({&op, slot->value});
      } else if (Attribute fill = fillValues.lookup(root)) {
        filledLoads.push_back({&op, fill});
      } else {
        end = &op;
        break;
      }
      continue;
    }
    if (slot)
      slot->value = access->stored;
    else
      slots.push_back({at, access->stored});
    stores.push_back(&op);
  }
  // Nothing read from registers instead of memory: leave the block as is.
  if (loads.empty() && filledLoads.empty())
    return;
  // The buffers the rest of the launch touches: anywhere but in the
  // block's ops before `end`.
  SetVector<Value> readLater;
  auto launch = block.getParentOp()->getParentOfType<gpu::LaunchOp>();
  if (auto direct = dyn_cast<gpu::LaunchOp>(block.getParentOp()))
    launch = direct;
  launch.getBody().walk([&](Operation *op) {
    if (isa<ViewLikeOpInterface>(op))
      return;
    Operation *ancestor = block.findAncestorOpInBlock(*op);
    if (ancestor && ancestor->isBeforeInBlock(end))
      return;
    for (Value v : op->getOperands())
      if (isa<MemRefType>(v.getType()) && buffers.contains(rootBuffer(v)))
        readLater.insert(rootBuffer(v));
  });

  for (auto [load, value] : loads)
    rewriter.replaceAllUsesWith(load->getResult(0), value);
  for (auto [load, fill] : filledLoads) {
    rewriter.setInsertionPoint(load);
    rewriter.replaceAllUsesWith(load->getResult(0),
                                constantOf(rewriter, load->getLoc(),
                                           load->getResult(0).getType(), fill));
  }
  for (auto [load, value] : loads)
    rewriter.eraseOp(load);
  for (auto [load, fill] : filledLoads)
    rewriter.eraseOp(load);
  for (Operation *store : stores)
    rewriter.eraseOp(store);

  // Where the rest of the block reads them: once the thread's copies are
  // complete and every thread is past the block's last use of the stage
  // buffers, the fills, then (after a barrier: other threads fill) each
  // location's last value.
  // (A barrier already there, which published the stores just erased,
  // serves: the wait for the copies goes before it.)
  Location loc = end->getLoc();
  auto before = dyn_cast_if_present<gpu::BarrierOp>(end->getPrevNode());
  bool copies = false;
  block.getParentOp()->walk([&](nvgpu::DeviceAsyncCopyOp) { copies = true; });
  if (copies) {
    rewriter.setInsertionPoint(before ? before.getOperation() : end);
    Value group = nvgpu::DeviceAsyncCreateGroupOp::create(
        rewriter, loc, nvgpu::DeviceAsyncTokenType::get(rewriter.getContext()),
        ValueRange());
    nvgpu::DeviceAsyncWaitOp::create(rewriter, loc, group,
                                     rewriter.getI32IntegerAttr(0));
  }
  rewriter.setInsertionPoint(end);
  if (!before)
    gpu::BarrierOp::create(rewriter, loc);
  bool filled = false;
  for (Operation *fill : fills) {
    if (!touches(fill, readLater)) {
      rewriter.eraseOp(fill);
      continue;
    }
    rewriter.moveOpBefore(fill, end);
    filled = true;
  }
  if (filled)
    gpu::BarrierOp::create(rewriter, loc);
  for (const Slot &slot : slots) {
    const Access &a = *slot.at;
    // (What nothing reads later need not be stored: the overlapped
    // attention's pending P.)
    if (!readLater.contains(rootBuffer(a.base)))
      continue;
    if (isa<VectorType>(a.type))
      vector::StoreOp::create(rewriter, loc, slot.value, a.base, a.indices);
    else
      memref::StoreOp::create(rewriter, loc, slot.value, a.base, a.indices);
  }
  if (!isa<gpu::BarrierOp>(end))
    gpu::BarrierOp::create(rewriter, loc);
}

/// On MFMA, a lane's loads in the loop's body of a workgroup buffer that
/// nothing in the loop writes, at addresses defined outside the loop (a
/// fused attention's query tile, the A fragments of S = Q K^T every step),
/// move out of it: read once and held in registers, as the cost model
/// prices them. They go right after the barrier that publishes the
/// buffer's last write before the loop (walking back in the block that
/// holds the loop, the earliest barrier with no use of the buffer but
/// loads after it), with the side-effect-free index arithmetic they need,
/// and one barrier follows them (and the loads other loops move there):
/// the buffer is then done before anything after it is written (the first
/// key tiles' copies), and tessel-dynamic-shared-memory may place the key
/// and value tiles over it (the cost model's layout counts its bytes so).
/// Without such a barrier they stay; where the arithmetic cannot move
/// (side effects), they go right before the loop. mma.sync keeps
/// reloading: there the register-resident attention is at ptxas's limit,
/// on MFMA the block's LDS binds first.
void hoistReadOnlyLoads(scf::ForOp loop,
                        DenseMap<Operation *, Operation *> &closing) {
  if (loop.getBody()->getOps<amdgpu::MFMAOp>().empty())
    return;
  auto launch = loop->getParentOfType<gpu::LaunchOp>();
  auto isAttribution = [&](Value buffer) {
    return llvm::is_contained(launch.getWorkgroupAttributions(), buffer);
  };
  // Whether `op` (with what it holds) uses `buffer` other than by loads.
  auto writes = [](Operation *op, Value buffer) {
    WalkResult found = op->walk([&](Operation *inner) {
      if (isa<ViewLikeOpInterface>(inner))
        return WalkResult::advance();
      std::optional<Access> access = accessOf(inner);
      if (access && access->isLoad)
        return WalkResult::advance();
      for (Value v : inner->getOperands())
        if (isa<MemRefType>(v.getType()) && rootBuffer(v) == buffer)
          return WalkResult::interrupt();
      return WalkResult::advance();
    });
    return found.wasInterrupted();
  };
  // The buffers the loop reads with such loads, in order.
  llvm::MapVector<Value, SmallVector<Operation *>> loads;
  for (Operation &op : *loop.getBody()) {
    std::optional<Access> access = accessOf(&op);
    if (!access || !access->isLoad ||
        !loop.isDefinedOutsideOfLoop(access->base))
      continue;
    Value buffer = rootBuffer(access->base);
    if (isAttribution(buffer) &&
        llvm::all_of(access->indices, [&](Value index) {
          return loop.isDefinedOutsideOfLoop(index);
        }))
      loads[buffer].push_back(&op);
  }
  for (auto &[buffer, reads] : loads) {
    if (writes(loop, buffer))
      continue;
    // The publishing barrier.
    gpu::BarrierOp publish;
    for (Operation *op = loop->getPrevNode(); op; op = op->getPrevNode()) {
      if (auto barrier = dyn_cast<gpu::BarrierOp>(op))
        publish = barrier;
      else if (writes(op, buffer))
        break;
    }
    if (!publish)
      continue;
    // After the barrier, before the one that closes what an earlier loop's
    // loads of it moved there (and the arithmetic they needed).
    Operation *&close = closing[publish];
    bool created = !close;
    if (created) {
      OpBuilder b(loop->getContext());
      b.setInsertionPointAfter(publish);
      close = gpu::BarrierOp::create(b, loop.getLoc());
    }
    // What the loads' indices need between there and the loop, in program
    // order; all of it must be free of side effects.
    llvm::SetVector<Operation *> needed;
    SmallVector<Value> pending;
    for (Operation *read : reads)
      llvm::append_range(pending, read->getOperands());
    bool movable = true;
    while (!pending.empty() && movable) {
      Operation *def = pending.pop_back_val().getDefiningOp();
      if (!def || def->getBlock() != loop->getBlock() ||
          def->isBeforeInBlock(close) || needed.contains(def))
        continue;
      if (!isMemoryEffectFree(def) || def->getNumRegions() != 0) {
        movable = false;
        break;
      }
      needed.insert(def);
      llvm::append_range(pending, def->getOperands());
    }
    if (!movable) {
      // Right before the loop, where the indices are.
      if (created) {
        close->erase();
        closing.erase(publish);
      }
      for (Operation *read : reads)
        read->moveBefore(loop);
      continue;
    }
    SmallVector<Operation *> inOrder = needed.takeVector();
    llvm::sort(inOrder, [](Operation *x, Operation *y) {
      return x->isBeforeInBlock(y);
    });
    for (Operation *op : inOrder)
      op->moveBefore(close);
    for (Operation *read : reads)
      read->moveBefore(close);
  }
}

/// The attribute scf-to-cf moves from an scf.for onto its latch branch
/// (and convert-to-LLVM into the branch's llvm.loop metadata).
constexpr StringLiteral kLoopAnnotation = "loop_annotation";

struct HoistAccumulatorsPass
    : public tessel::impl::TesselHoistAccumulatorsBase<HoistAccumulatorsPass> {
  using Base::Base;

  void runOnOperation() override {
    Operation *root = getOperation();
    SmallVector<scf::ForOp> loops;
    root->walk([&](scf::ForOp loop) {
      if (loop->getParentOfType<gpu::LaunchOp>() &&
          !loop->hasAttr(TesselDialect::kSharedAccumulatorsAttrName) &&
          (hasMatrixInstructions(loop) ||
           (simtAccumulators &&
            !simtAccumulatorsOf(loop, /*candidates=*/true).empty())))
        loops.push_back(loop);
    });
    if (loops.empty())
      return;
    // The fragments' addresses are computed in the loop from the lane's
    // ids: move what does not change with the step out of it, and merge
    // equal index computations so that equal addresses are equal values.
    DenseMap<Operation *, Operation *> closing;
    for (scf::ForOp loop : loops) {
      moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
      hoistReadOnlyLoads(loop, closing);
    }
    IRRewriter rewriter(&getContext());
    DominanceInfo dominance(root);
    eliminateCommonSubExpressions(rewriter, dominance, root);
    llvm::MapVector<Block *, Carried> carried;
    for (scf::ForOp loop : loops)
      if (failed(
              hoist(rewriter, loop, carried[loop->getBlock()], rollSimtLoops)))
        return signalPassFailure();
    for (auto &[block, locations] : carried)
      forward(rewriter, *block, locations);
  }

  static LogicalResult hoist(RewriterBase &rewriter, scf::ForOp loop,
                             Carried &inRegisters, bool rollSimtLoops) {
    // A SIMT K step's copies are found by their pattern alone
    // (simtAccumulatorsOf): where a check below refuses them, the loop
    // keeps them, with no error (the cost model then counts them copied;
    // tessel-hoist-accumulators-simt.mlir pins where they go).
    bool simt = !hasMatrixInstructions(loop);
    SetVector<Value> buffers =
        simt ? simtAccumulatorsOf(loop) : accumulatorsOf(loop);
    if (buffers.empty())
      return success();
    auto fail = [&](Operation *op, const Twine &why) -> LogicalResult {
      if (simt)
        return success();
      return op->emitOpError()
             << "accumulates into a buffer that cannot be kept in registers "
                "across the loop: "
             << why;
    };
    for (Operation *parent = loop->getParentOp(); !isa<gpu::LaunchOp>(parent);
         parent = parent->getParentOp())
      if (!isa<scf::ForOp>(parent))
        return fail(loop, "the loop is nested in " +
                              parent->getName().getStringRef() +
                              ", not directly in the launch or its loops");
    // Every access of the buffers in the loop, in program order.
    std::vector<Access> accesses;
    Operation *first = nullptr, *last = nullptr;
    WalkResult walked = loop.getBody()->walk([&](Operation *op) {
      if (isa<ViewLikeOpInterface>(op) || !viewsOneOf(op, buffers))
        return WalkResult::advance();
      std::optional<Access> access = accessOf(op);
      if (!access || op->getBlock() != loop.getBody()) {
        (void)fail(op, "the loop accesses it other than by loads and stores "
                       "in its body");
        return WalkResult::interrupt();
      }
      if (!invariantIn(*access, loop)) {
        (void)fail(op, "at an address that changes with the loop");
        return WalkResult::interrupt();
      }
      accesses.push_back(*access);
      first = first ? first : op;
      last = op;
      return WalkResult::advance();
    });
    if (walked.wasInterrupted())
      return simt ? success() : failure();
    // All of them between the same two barriers.
    for (Operation *op = first->getNextNode(); op && op != last;
         op = op->getNextNode()) {
      WalkResult barrier =
          op->walk([](gpu::BarrierOp) { return WalkResult::interrupt(); });
      if (barrier.wasInterrupted())
        return fail(op, "a barrier lies between its loads and stores in the "
                        "loop (another thread may read them there)");
    }
    // Group them by location; different locations must not overlap.
    std::vector<Group> groups;
    for (Access &access : accesses) {
      Group *home = nullptr;
      for (Group &group : groups) {
        const Access &other = *group.accesses.front();
        if (sameLocation(access, other))
          home = &group;
        else if (!disjoint(access, other))
          return fail(access.op, "its accesses may overlap without being "
                                 "the same elements");
      }
      if (!home)
        home = &groups.emplace_back();
      home->accesses.push_back(&access);
    }

    // Load each location before the loop (or start it at zero after a
    // zero fill), carry it through the loop, store it after.
    std::optional<SmallVector<Operation *>> fills = zeroFills(loop, buffers);
    bool zeroStart = fills && !fills->empty();
    Location loc = loop.getLoc();
    rewriter.setInsertionPoint(loop);
    SmallVector<Value> inits;
    DenseMap<Type, Value> zeros;
    for (Group &group : groups) {
      const Access &a = *group.accesses.front();
      if (zeroStart) {
        Value &zero = zeros[a.type];
        if (!zero)
          zero = arith::ConstantOp::create(rewriter, loc, a.type,
                                           rewriter.getZeroAttr(a.type));
        inits.push_back(zero);
      } else if (auto vectorType = dyn_cast<VectorType>(a.type))
        inits.push_back(vector::LoadOp::create(rewriter, loc, vectorType,
                                               a.base, a.indices));
      else
        inits.push_back(
            memref::LoadOp::create(rewriter, loc, a.base, a.indices));
    }
    unsigned carried = loop.getNumRegionIterArgs();
    FailureOr<LoopLikeOpInterface> replaced = loop.replaceWithAdditionalYields(
        rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
        [](OpBuilder &, Location, ArrayRef<BlockArgument> args) {
          return SmallVector<Value>(args.begin(), args.end());
        });
    if (failed(replaced))
      return fail(loop, "the loop could not carry the values");
    auto newLoop = cast<scf::ForOp>(replaced->getOperation());
    if (simt && rollSimtLoops) {
      // LLVM is not to unroll the loop (a ragged K's loop of a few steps
      // it would unroll whole, interleaving the steps' loads until the
      // carried accumulators spill): `llvm.loop.unroll.disable` on its
      // latch, through scf-to-cf's loop_annotation.
      MLIRContext *ctx = rewriter.getContext();
      auto unroll = LLVM::LoopUnrollAttr::get(
          ctx, /*disable=*/rewriter.getBoolAttr(true), {}, {}, {}, {}, {}, {});
      newLoop->setAttr(kLoopAnnotation, LLVM::LoopAnnotationAttr::get(
                                            ctx, {}, {}, {}, unroll, {}, {}, {},
                                            {}, {}, {}, {}, {}, {}, {}, {}));
    }
    auto yield = cast<scf::YieldOp>(newLoop.getBody()->getTerminator());
    for (auto [index, group] : llvm::enumerate(groups)) {
      // A lambda cannot capture a structured binding before C++20.
      size_t i = index;
      Value current = newLoop.getRegionIterArgs()[carried + i];
      for (Access *a : group.accesses) {
        if (a->isLoad)
          rewriter.replaceAllUsesWith(a->op->getResult(0), current);
        else
          current = a->stored;
      }
      rewriter.modifyOpInPlace(
          yield, [&] { yield->setOperand(carried + i, current); });
    }
    for (Group &group : groups) {
      if (!group.stored())
        continue;
      inRegisters.buffers.insert(rootBuffer(group.accesses.front()->base));
      inRegisters.locations.push_back(*group.accesses.front());
      inRegisters.locations.back().op = nullptr;
      inRegisters.locations.back().stored = nullptr;
    }
    for (Access &a : accesses)
      rewriter.eraseOp(a.op);
    rewriter.setInsertionPointAfter(newLoop);
    if (zeroStart) {
      // The fill after the loop: once this thread's copies into the stage
      // buffers are complete and every thread is past the loop (the buffer
      // may overlay the stages), and before the fragments' stores. Where
      // the stores cover all the fill writes, it goes: they overwrite it.
      bool fillsDead = storesCoverFills(
          cast<gpu::LaunchOp>(newLoop->getParentOp()), groups, *fills);
      bool copies = false;
      newLoop->getParentOp()->walk(
          [&](nvgpu::DeviceAsyncCopyOp) { copies = true; });
      if (copies) {
        Value group = nvgpu::DeviceAsyncCreateGroupOp::create(
            rewriter, loc,
            nvgpu::DeviceAsyncTokenType::get(rewriter.getContext()),
            ValueRange());
        nvgpu::DeviceAsyncWaitOp::create(rewriter, loc, group,
                                         rewriter.getI32IntegerAttr(0));
      }
      gpu::BarrierOp::create(rewriter, loc);
      if (fillsDead) {
        for (Operation *fill : *fills)
          rewriter.eraseOp(fill);
      } else {
        for (Operation *fill : *fills)
          rewriter.moveOpBefore(fill, rewriter.getInsertionBlock(),
                                rewriter.getInsertionPoint());
        gpu::BarrierOp::create(rewriter, loc);
      }
    }
    bool stored = false;
    for (auto [i, group] : llvm::enumerate(groups)) {
      if (!group.stored())
        continue;
      const Access &a = *group.accesses.front();
      Value result = newLoop.getResult(carried + i);
      if (isa<VectorType>(a.type))
        vector::StoreOp::create(rewriter, loc, result, a.base, a.indices);
      else
        memref::StoreOp::create(rewriter, loc, result, a.base, a.indices);
      stored = true;
    }
    // The stores now follow the loop's last barrier: publish them to the
    // rest of the block.
    if (stored)
      gpu::BarrierOp::create(rewriter, loc);
    return success();
  }
};

} // namespace
