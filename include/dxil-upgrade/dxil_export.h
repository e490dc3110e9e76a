/* dxil_export.h - symbol visibility of the dxil-upgrade public API.
 *
 * The library is compiled with -fvisibility=hidden, so only the functions
 * declared with DXIL_API in the headers of include/dxil-upgrade/ are
 * exported from libdxil-upgrade.so; every internal helper stays private.
 * Visibility does not affect static linking, so the static library and the
 * internal test library still reach the internal functions.
 */
#ifndef DXIL_UPGRADE_EXPORT_H
#define DXIL_UPGRADE_EXPORT_H

#if defined(__GNUC__) || defined(__clang__)
#define DXIL_API __attribute__((visibility("default")))
#else
#define DXIL_API
#endif

#endif
