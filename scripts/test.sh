#!/usr/bin/env bash
# Builds (warnings as errors) and runs the whole test suite through ctest.
# Installs missing dependencies first so it works on a fresh machine.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build-test -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDXIL_WERROR=ON >/dev/null
cmake --build build-test -j"$(nproc)"
cd build-test
ctest --output-on-failure -j"$(nproc)"
