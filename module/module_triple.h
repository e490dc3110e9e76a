/* module_triple.h - the parts of a target triple ("arch-vendor-os-env"),
 * for the loader and the SPIR-V emission, which both need to know a module
 * already in SPIR-V form for Vulkan (clang's `spirv-unknown-vulkan1.3-
 * compute`) from a DXIL one. */
#ifndef DXIL_MODULE_TRIPLE_H
#define DXIL_MODULE_TRIPLE_H

#include <stdbool.h>

typedef struct triple_parts {
    char arch[32], vendor[32], os[32], env[32]; /* "" when absent */
} triple_parts;

/* Splits triple at '-' into its four components (a fifth and later ones
 * stay in env). Returns 0, or -1 for a NULL triple or a component that
 * does not fit. */
int triple_split(const char *triple, triple_parts *out);

/* The arch is spirv or spirv1.N (Vulkan's logical SPIR-V; spirv32 and
 * spirv64 are OpenCL's) and the OS vulkan or vulkan1.N. */
bool triple_is_vulkan_spirv(const char *triple);

#endif
