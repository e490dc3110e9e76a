#!/usr/bin/env bash
# Quick start: install dependencies, build, and raise the shipped sample
# shader (a DXContainer our own DXIL writer made from samples/compute_sine.ll)
# to LLVM 22 IR on stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" >/dev/null
build/tools/dxil-upgrade --verify samples/compute_sine.dxil
