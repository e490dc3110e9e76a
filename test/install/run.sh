#!/usr/bin/env bash
# Install consumer test (ctest "install-consumer"): installs the build tree
# into a scratch prefix with `cmake --install --prefix`, then builds and runs
# test/install/consumer/consumer.c against the installed copy three ways:
#   1. cc + `pkg-config --cflags --libs dxil-upgrade` (shared library);
#   2. a C-only CMake project, find_package(DXILUpgrade) and
#      DXILUpgrade::dxilupgrade;
#   3. the same project's DXILUpgrade::dxilupgrade_static (must link from C).
# Each consumer raises samples/compute_sine.ll and prints "ok ...". Also
# checks that the installed .so exports nothing but dxil_* (DXIL_API), that
# the Python module works from the prefix, and that the bash completion
# and (when built) man pages are installed.
#
# Usage: run.sh <build-dir> <source-dir> <work-root> <cmake> <cc> <pkg-config> <generator>
set -euo pipefail

build=$1 src=$2 workroot=$3 cmake=$4 cc=$5 pkgconfig=$6 generator=$7
sample=$src/samples/compute_sine.ll

step() { printf '== %s\n' "$*"; }

# A fresh directory per run, so that two ctest runs in one build tree do
# not remove each other's prefix; kept on failure, removed on success.
mkdir -p "$workroot"
work=$(mktemp -d "$workroot/run.XXXXXX")
prefix=$work/prefix
step "work directory $work"

step "cmake --install $build --prefix $prefix"
"$cmake" --install "$build" --prefix "$prefix" >"$work/install.log"

# 1. pkg-config. Only the scratch prefix's .pc may be found for dxil-upgrade.
export PKG_CONFIG_PATH
pcdir=$(dirname "$(find "$prefix" -name dxil-upgrade.pc -print -quit)")
PKG_CONFIG_PATH=$pcdir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
pc_prefix=$("$pkgconfig" --variable=prefix dxil-upgrade)
libdir=$("$pkgconfig" --variable=libdir dxil-upgrade)
step "pkg-config prefix=$pc_prefix libdir=$libdir"
if [ "$(cd "$pc_prefix" && pwd -P)" != "$(cd "$prefix" && pwd -P)" ]; then
  echo "FAIL: the .pc file is not relocatable (prefix $pc_prefix, installed to $prefix)" >&2
  exit 1
fi
[ -e "$libdir/libdxil-upgrade.so" ] || { echo "FAIL: no libdxil-upgrade.so in $libdir" >&2; exit 1; }
# Only the DXIL_API functions (all named dxil_*) may be exported.
if command -v nm >/dev/null; then
  extra=$(nm -D --defined-only "$libdir/libdxil-upgrade.so" | awk '$3 !~ /^(dxil_|_init$|_fini$)/')
  if [ -n "$extra" ]; then
    printf 'FAIL: libdxil-upgrade.so exports internal symbols:\n%s\n' "$extra" >&2
    exit 1
  fi
fi
flags=$("$pkgconfig" --cflags --libs dxil-upgrade)
step "cc consumer.c $flags"
# shellcheck disable=SC2086 # word splitting of the flags is intended
"$cc" -std=c11 -Wall -Wextra -Werror "$src/test/install/consumer/consumer.c" $flags \
  -o "$work/consumer_pc"
export LD_LIBRARY_PATH=$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
# (ldd's output is captured first: `ldd | grep -q` can fail by SIGPIPE
# under pipefail.)
deps=$(ldd "$work/consumer_pc")
case $deps in
  *"libdxil-upgrade.so.0 => $libdir/"*) ;;
  *) printf 'FAIL: consumer_pc does not load %s/libdxil-upgrade.so:\n%s\n' "$libdir" "$deps" >&2
     exit 1 ;;
esac
"$work/consumer_pc" "$sample"
unset LD_LIBRARY_PATH

# 2 + 3. find_package from a C-only project.
step "find_package(DXILUpgrade) consumer project"
"$cmake" -S "$src/test/install/consumer" -B "$work/cmake" -G "$generator" \
  -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE=Release \
  >"$work/cmake-configure.log" || { cat "$work/cmake-configure.log"; exit 1; }
"$cmake" --build "$work/cmake" -j 2 >"$work/cmake-build.log" 2>&1 \
  || { cat "$work/cmake-build.log"; exit 1; }
step "DXILUpgrade::dxilupgrade"
"$work/cmake/consumer_shared" "$sample"
step "DXILUpgrade::dxilupgrade_static"
"$work/cmake/consumer_static" "$sample"

# 4. The Python module finds the installed library relative to itself
# (no LD_LIBRARY_PATH, no DXIL_UPGRADE_LIBRARY).
pymod=$(find "$prefix" -name dxil_upgrade.py -print -quit)
[ -n "$pymod" ] || { echo "FAIL: dxil_upgrade.py not installed" >&2; exit 1; }
if command -v python3 >/dev/null; then
  step "python3 dxil_upgrade from $pymod"
  lib=$(env -u DXIL_UPGRADE_LIBRARY PYTHONPATH="$(dirname "$pymod")" python3 -c \
    'import dxil_upgrade, sys; s = dxil_upgrade.load(sys.argv[1]); assert "define void @main" in s.ir_text(); print(dxil_upgrade._lib._name)' "$sample")
  case $lib in
    "$prefix"/*) ;;
    *) echo "FAIL: the Python module loaded $lib, not the installed library" >&2; exit 1 ;;
  esac
fi

# 5. Bash completion for every tool; man pages when help2man built them.
for tool in dxil-upgrade dxil-lower dxil-ops dxil-roundtrip dxil-run dxil-diffrun; do
  [ -f "$prefix/share/bash-completion/completions/$tool" ] \
    || { echo "FAIL: no bash completion installed for $tool" >&2; exit 1; }
  if [ -f "$build/man/$tool.1" ] && [ ! -f "$prefix/share/man/man1/$tool.1" ]; then
    echo "FAIL: $tool.1 built but not installed" >&2; exit 1
  fi
done

rm -rf "$work"
step "PASS"
