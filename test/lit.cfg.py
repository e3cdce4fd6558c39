# lit configuration for Tessel's FileCheck suite. Tests run tessel-opt and the
# other tools from the build tree; features name optional tools (tessel-ptxas)
# so tests that need them are skipped, visibly, where they are absent.
import os
import shutil

import lit.formats
from lit.llvm import llvm_config

config.name = "Tessel"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "unit",
                   "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tessel_obj_root, "test")

config.substitutions.append(("%tessel_src", config.tessel_src_root))
config.substitutions.append(("%tessel_bin", config.tessel_tools_dir))

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.tessel_tools_dir, append_path=True)
llvm_config.add_tool_substitutions(
    ["tessel-compile", "tessel-fuzz-run", "tessel-import", "tessel-opt",
     "tessel-run", "tessel-run-device", "tessel-target"],
    [config.tessel_tools_dir])

# ptxas checks the PTX we emit when a CUDA toolkit is present.
ptxas = shutil.which("ptxas") or (
    "/usr/local/cuda/bin/ptxas" if os.access("/usr/local/cuda/bin/ptxas", os.X_OK)
    else None)
if ptxas:
    config.available_features.add("tessel-ptxas")
    config.substitutions.append(("%ptxas", ptxas))
else:
    lit_config.note("ptxas not found: tests that need feature 'tessel-ptxas' "
                    "will be reported UNSUPPORTED")

# tessel-import needs PyTorch and torchvision (Debian's python3-torch and
# python3-torchvision, which `make check` installs) in the Python its script
# names on its first line.
import subprocess
with open(os.path.join(config.tessel_src_root, "tools", "tessel-import",
                       "tessel-import")) as script:
    tessel_import_python = script.readline()[2:].strip()
if subprocess.run([tessel_import_python, "-c", "import torch, torchvision, numpy"],
                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
    config.available_features.add("tessel-torch")
else:
    lit_config.note(f"{tessel_import_python} cannot import torch and torchvision: "
                    "tests that need feature 'tessel-torch' will be reported "
                    "UNSUPPORTED")

# Checks of full-size problems take minutes to an hour on the CPU path; they
# run only when asked for (TESSEL_LONG_TESTS=1), e.g. before a GPU run.
if os.environ.get("TESSEL_LONG_TESTS") == "1":
    config.available_features.add("tessel-long")
