#!/bin/sh
# Runs a link command and drops exactly one kind of linker warning from its
# output: glibc's "Using 'dlopen' (getpwnam_r, getaddrinfo, ...) in
# statically linked applications requires at runtime the shared libraries
# from the glibc version used for linking", with the "in function" line
# before each. The -static tools (tools/CMakeLists.txt) get it for code they
# never reach: LLVM's ~ expansion and plugin loading, libxml2's HTTP fetch,
# ICU's data loading. Nine such lines per build hid real warnings; any other
# linker message still shows, and the exit status is the linker's.
out=$(mktemp) || exec "$@"
"$@" 2>"$out"
rc=$?
awk '
/in statically linked applications requires at runtime the shared libraries/ { held = ""; next }
{ if (held != "") print held; held = "" }
/: in function `.*'"'"':$/ { held = $0; next }
{ print }
END { if (held != "") print held }
' "$out" >&2
rm -f "$out"
exit $rc
