#!/usr/bin/env bash
# Installs what dxil-upgrade needs to build and test on Debian 12 (bookworm),
# where LLVM 22 comes from Debian's bookworm-security/backports packages.
# Run as root (or through sudo). Safe to run again.
set -euo pipefail

packages=(
  cmake make gcc g++ pkg-config python3
  llvm-22-dev llvm-22-tools          # LLVM-C, static component libs, FileCheck, lit, opt-22
  libzstd-dev libz3-dev              # LLVM's static libraries link these
  libxml2-dev libxml2-utils          # op spec (libxml2) and xmllint
  libcunit1-dev                      # unit tests
  libjson-c-dev                      # --stats=json and batch reports
  spirv-tools                        # --emit=spirv: spirv-val's library (libSPIRV-Tools.a) and commands
  zlib1g-dev liblzma-dev libicu-dev  # static archives for the -static tool link (libxml2's deps)
  gnuplot-nox                        # dxil-bench --plot
  help2man                           # man pages from the tools' --help (skipped without it)
  clang-22 libclang-rt-22-dev valgrind  # scripts/test-hardening.sh: ASan/UBSan, libFuzzer, memcheck
  libvulkan-dev mesa-vulkan-drivers  # dxil-run: the Vulkan loader, and lavapipe (Mesa's CPU device)
  libspirv-cross-c-shared-dev        # dxil-run: SPIR-V reflection (SPIRV-Cross's C API)
  spirv-tools                        # dxil-run: SPIR-V validation (libSPIRV-Tools); spirv-val/-as in tests
)

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# stderr: the quick start prints IR on stdout right after this.
echo "dependencies installed" >&2
