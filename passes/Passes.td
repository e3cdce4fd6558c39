//===- Passes.td - Tessel pass declarations --------------------------------===//
//
// Every Tessel pass is declared here (summary, description, typed options,
// dependent dialects) and defined in its own .cpp with GEN_PASS_DEF_*.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PASSES_TD
#define TESSEL_PASSES_TD

include "mlir/Pass/PassBase.td"

def TesselSetTarget : Pass<"tessel-set-target", "mlir::ModuleOp"> {
  let summary = "Attach the GPU target to a module";
  let description = [{
    Resolves `target` (a built-in name such as `h100` or `mi300x`, or the
    path of a JSON target file ending in `.json`) and attaches it to the
    module as `tessel.target = #tessel.target<...>`, where every later pass
    and `tessel-compile` look for it. An unknown name or a bad file is an
    error that lists the known targets. A module that already names a
    different target is an error unless `override` is set.

    ```
    tessel-opt --tessel-set-target=target=h100 model.mlir
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"",
           "GPU name from the target table, or a .json target file">,
    Option<"replaceExisting", "override", "bool", /*default=*/"false",
           "replace a target the module already names">,
  ];
  let dependentDialects = ["mlir::tessel::TesselDialect"];
}

#endif // TESSEL_PASSES_TD
