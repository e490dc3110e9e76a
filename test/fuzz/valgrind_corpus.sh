#!/bin/sh
# valgrind_corpus.sh <dxil-upgrade CLI> <shared dir> [count]
# Runs the CLI under valgrind memcheck over `count` corpus shaders spread
# over the manifest; any invalid access or definite/indirect leak fails.
# (LLVM's static allocations are "still reachable" and not counted.)
set -eu
cli=$1 shared=$2 count=${3:-10}
manifest=$shared/corpus/MANIFEST.tsv
if [ ! -f "$manifest" ]; then
    echo "SKIP: $manifest not found" >&2
    exit 77
fi
total=$(($(wc -l < "$manifest") - 1))
step=$((total / count))
[ "$step" -ge 1 ] || step=1
failed=0
for rel in $(tail -n +2 "$manifest" | cut -f1 | awk -v s="$step" 'NR % s == 1' | head -n "$count"); do
    if ! valgrind -q --error-exitcode=99 --leak-check=full \
        --errors-for-leak-kinds=definite,indirect \
        "$cli" --verify -o /dev/null "$shared/corpus/$rel" >/dev/null 2>"${TMPDIR:-/tmp}/vg.$$"; then
        status=$?
        if grep -q "==[0-9]*==" "${TMPDIR:-/tmp}/vg.$$" || [ "$status" -eq 99 ]; then
            echo "valgrind: errors in $rel" >&2
            cat "${TMPDIR:-/tmp}/vg.$$" >&2
            failed=1
        fi
    fi
    echo "ok $rel"
done
rm -f "${TMPDIR:-/tmp}/vg.$$"
exit $failed
