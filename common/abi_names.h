/* abi_names.h - internal look-ups over the shader-kind table of
 * abi_names.c, the one place that spells a shader kind. DXIL names a
 * module's kind with a short string in dx.shaderModel ("cs") and an
 * entry's kind with DXIL::ShaderKind (entry tag 8); LLVM names both with a
 * Triple environment ("compute"). Kinds are dxil_shader_kind values; -1
 * stands for "unknown" both ways. */
#ifndef DXIL_ABI_NAMES_H
#define DXIL_ABI_NAMES_H

#include <stddef.h>

/* Kind of a dx.shaderModel kind name: only the nine a module can be (ps,
 * vs, gs, hs, ds, cs, lib, ms, as); -1 otherwise or for NULL. */
int sm_kind_from_name(const char *sm_kind);
/* The static dx.shaderModel name of a module kind ("cs"), or NULL for a
 * kind no module has (ray tracing, node) and for -1. */
const char *sm_kind_name(int kind);
/* LLVM 22's Triple environment of a kind ("compute"), or NULL where LLVM
 * 22 has none (node, invalid, -1). */
const char *shader_kind_env(int kind);
/* Kind of the first len bytes of an LLVM 22 Triple environment, or -1. */
int shader_kind_from_env(const char *env, size_t len);

#endif
