#!/bin/sh
# run.sh <target> <seconds> [extra libFuzzer args...]
# Runs one fuzz target (container, bitstream, load, write, bcwrite, validate, run, spirv, retarget) for a set
# time. Seeds are built from ../shared/corpus at run time, plus seeds/<target>
# when the repository has it; inputs libFuzzer finds are
# kept in $DXIL_FUZZ_WORK/corpus-<target> across runs; crashes land in
# $DXIL_FUZZ_WORK/crashes-<target>/. Exit status is libFuzzer's (0: no
# crash found).
#   DXIL_FUZZ_BIN    directory holding the fuzz_<target> binaries
#                    (default: build-fuzz/test/fuzz beside this script's repo)
#   DXIL_SHARED_DIR  the shared/ folder (default: <repo>/../shared)
#   DXIL_FUZZ_WORK   work directory (default: $DXIL_FUZZ_BIN/work)
set -eu
if [ $# -lt 2 ]; then
    echo "usage: $0 <container|bitstream|load|write|bcwrite|validate|run|spirv|retarget> <seconds> [libFuzzer args]" >&2
    exit 2
fi
target=$1 seconds=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
bin=${DXIL_FUZZ_BIN:-$repo/build-fuzz/test/fuzz}
shared=${DXIL_SHARED_DIR:-$repo/../shared}
work=${DXIL_FUZZ_WORK:-$bin/work}
exe=$bin/fuzz_$target
if [ ! -x "$exe" ]; then
    echo "run.sh: $exe not built (configure with CC=clang-22 CXX=clang++-22 -DDXIL_FUZZ=ON)" >&2
    exit 2
fi
mkdir -p "$work/corpus-$target" "$work/crashes-$target"
seeds=$work/seeds-$target
if [ ! -d "$seeds" ]; then
    if [ -f "$shared/corpus/MANIFEST.tsv" ]; then
        python3 "$here/make_seeds.py" "$target" "$shared" "$seeds"
    else
        echo "run.sh: no corpus at $shared/corpus; fuzzing from the regression inputs only" >&2
        mkdir -p "$seeds"
    fi
fi
regress=$here/regress/$target
[ -d "$regress" ] || regress=
# Hand-written seeds kept in the repository (bcwrite: small modern .ll;
# spirv: clang's Vulkan IR and the backend's failures, test/lit/spirv/Inputs).
extra=$here/seeds/$target
[ -d "$extra" ] || extra=
# LLVM's own leaks on rejected input are suppressed; ours are not.
export LSAN_OPTIONS="suppressions=$here/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export ASAN_OPTIONS="fast_unwind_on_malloc=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
# -rss_limit_mb also catches a tiny input making us allocate gigabytes.
exec "$exe" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 -artifact_prefix="$work/crashes-$target/" "$@" \
    "$work/corpus-$target" "$seeds" $extra $regress
