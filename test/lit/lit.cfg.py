# lit configuration for dxil-upgrade's IR-level and CLI tests.
import os
import lit.formats

config.name = "dxil-upgrade"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "expect_exit.py"]
config.test_source_root = os.path.dirname(__file__)

site = lit_config.params.get("site")
if not site:
    lit_config.fatal("run through ctest, or pass --param site=<build>/test/lit/lit.site.cfg.py")
exec(open(site).read())  # defines the config.dxil_* paths
# Keep %t and other outputs in the build tree, not beside the tests.
config.test_exec_root = config.dxil_lit_exec_root

def tool(name, directory):
    return os.path.join(directory, name)

config.substitutions.append(("%dxil-upgrade", tool("dxil-upgrade", config.dxil_tools_dir)))
config.substitutions.append(("%dxil-lower", tool("dxil-lower", config.dxil_tools_dir)))
config.substitutions.append(("%dxil-roundtrip", tool("dxil-roundtrip", config.dxil_tools_dir)))
config.substitutions.append(("%dxil-ops", tool("dxil-ops", config.dxil_tools_dir)))
config.substitutions.append(("%dxil-run", tool("dxil-run", config.dxil_tools_dir)))
config.substitutions.append(("%dxil-diffrun", tool("dxil-diffrun", config.dxil_tools_dir)))
config.substitutions.append(("%dxil-bench", tool("dxil-bench", config.dxil_bench_dir)))
config.substitutions.append(("%FileCheck", config.dxil_filecheck))
config.substitutions.append(("%opt", config.dxil_opt))
config.substitutions.append(("%expect-exit", "%s %s" % (config.dxil_python,
    os.path.join(config.test_source_root, "expect_exit.py"))))
config.substitutions.append(("%python", config.dxil_python))
config.substitutions.append(("%bcdiff", "%s %s" % (config.dxil_python,
    os.path.join(config.dxil_source_dir, "test", "tools", "bcdiff.py"))))
config.substitutions.append(("%srcroot", config.dxil_source_dir))
# One mutant of a container: %mutate-one --kind K [--seed N] IN OUT.
config.substitutions.append(("%mutate-one", "%s %s one --tools %s" % (config.dxil_python,
    os.path.join(config.dxil_source_dir, "test", "tools", "mutate.py"), config.dxil_tools_dir)))
# A stand-in for DXC's validator library (test/mockdxv), for --validator.
config.substitutions.append(("%mock-dxv", config.dxil_mock_dxv))
corpus = os.path.join(config.dxil_shared_dir, "corpus")
config.substitutions.append(("%corpus", corpus))
if os.path.isfile(os.path.join(corpus, "MANIFEST.tsv")):
    config.available_features.add("corpus")
else:
    lit_config.note("../shared/corpus not found: tests that need the corpus are skipped")
# clang 22 (beside FileCheck, or clang-22 on PATH), for comparisons with
# its HLSL output; tests that need it say REQUIRES: clang.
import shutil
clang = shutil.which("clang", path=os.path.dirname(config.dxil_filecheck)) or shutil.which("clang-22")
if clang:
    config.substitutions.append(("%clang", clang))
    config.available_features.add("clang")
# llc 22 and spirv-val (SPIRV-Tools), for the retarget's output: LLVM's
# SPIR-V backend must take it and spirv-val accept what it makes. Tests
# that run them say REQUIRES: spirv-val.
llc = shutil.which("llc", path=os.path.dirname(config.dxil_filecheck)) or shutil.which("llc-22")
spirv_val = shutil.which("spirv-val")
spirv_dis = shutil.which("spirv-dis")
if llc and spirv_val and spirv_dis:
    config.substitutions.append(("%llc", llc))
    config.substitutions.append(("%spirv-val", spirv_val))
    config.substitutions.append(("%spirv-dis", spirv_dis))
    config.available_features.add("spirv-val")
else:
    lit_config.note("llc or spirv-val not found: tests of the SPIR-V the retarget makes are skipped")
# llvm-stress (beside FileCheck, or llvm-stress-22 on PATH), for the
# hostile-input driver test/fuzz/stress_lower.py: REQUIRES: llvm-stress.
stress = shutil.which("llvm-stress", path=os.path.dirname(config.dxil_filecheck)) or \
    shutil.which("llvm-stress-22")
if stress:
    config.substitutions.append(("%llvm-stress", stress))
    config.available_features.add("llvm-stress")
# dxil-run's tests (test/lit/run): llc 22 with its SPIR-V backend compiles
# clang's HLSL output to SPIR-V (REQUIRES: llc), spirv-val and spirv-as
# from spirv-tools check and assemble SPIR-V, and a Vulkan device runs it
# (REQUIRES: vulkan: one that `dxil-run --list-devices` lists without
# "no robustBufferAccess2", such as Mesa's lavapipe).
llc = shutil.which("llc", path=os.path.dirname(config.dxil_filecheck)) or shutil.which("llc-22")
if llc:
    config.substitutions.append(("%llc", llc))
    config.available_features.add("llc")
for name in ("spirv-val", "spirv-as"):
    found = shutil.which(name)
    if found:
        config.substitutions.append(("%" + name, found))
        config.available_features.add(name)
if clang and llc:
    config.substitutions.append(("%hlsl-spv", "%s %s --clang %s --llc %s%s --prelude %s" % (
        config.dxil_python, os.path.join(config.test_source_root, "run", "Inputs", "hlsl_spv.py"),
        clang, llc, " --spirv-val " + shutil.which("spirv-val") if shutil.which("spirv-val") else "",
        os.path.join(config.test_source_root, "lower", "clang", "Inputs", "prelude.h"))))
def vulkan_devices():
    import subprocess
    try:
        r = subprocess.run([tool("dxil-run", config.dxil_tools_dir), "--list-devices"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return []
    return [l for l in r.stdout.splitlines() if l and "no robustBufferAccess2" not in l]
usable = vulkan_devices()
if usable:
    config.available_features.add("vulkan")
    if any("llvmpipe" in l for l in usable):
        config.available_features.add("lavapipe")
else:
    lit_config.note("no Vulkan device with robustBufferAccess2 (dxil-run --list-devices): the "
                    "tests that run shaders (REQUIRES: vulkan) are skipped; Mesa's lavapipe is in "
                    "mesa-vulkan-drivers")
config.environment["LC_ALL"] = "C"
# LLVM's test helpers (count, not, FileCheck) live beside FileCheck.
config.environment["PATH"] = os.pathsep.join(
    [os.path.dirname(config.dxil_filecheck), os.environ.get("PATH", "")])
import shutil
if shutil.which("gnuplot"):
    config.available_features.add("gnuplot")
# Man pages are built only when help2man is installed (tools/CMakeLists.txt).
config.substitutions.append(("%mandir", config.dxil_man_dir))
if os.path.isfile(os.path.join(config.dxil_man_dir, "dxil-upgrade.1")):
    config.available_features.add("man-pages")
