/* lower_entry.c - entry points, the inverse of raise_entry.c. A raised
 * module gets !dx.entryPoints back verbatim from !dxu.entryPoints; modern
 * input gets records built from "hlsl.shader" / "hlsl.numthreads" /
 * "hlsl.wavesize" as LLVM's DXILTranslateMetadata does (tags 4, 8, 11/23
 * and the resource list), with the signatures lower_signature.c built. The hlsl.* attributes go either
 * way: DXIL has none (DXILPrepare strips them too). */
#include "lower_internal.h"

#include "common/abi_names.h"
#include "common/side_metadata.h"

#include <stdio.h>
#include <string.h>

static const char *const entry_attrs[] = {"hlsl.shader", "hlsl.numthreads", "hlsl.wavesize",
                                          "hlsl.export"};

/* Copies string attribute `key` of fn into buf; false when absent. */
static bool entry_attr(LLVMValueRef fn, const char *key, char *buf, size_t size)
{
    LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, key,
                                                       (unsigned)strlen(key));
    unsigned len = 0;
    const char *v = a ? LLVMGetStringAttributeValue(a, &len) : NULL;
    if (!v || len >= size)
        return false;
    memcpy(buf, v, len);
    buf[len] = '\0';
    return true;
}

static void entry_strip(LLVMValueRef fn)
{
    for (size_t i = 0; i < sizeof entry_attrs / sizeof entry_attrs[0]; i++)
        LLVMRemoveStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, entry_attrs[i],
                                         (unsigned)strlen(entry_attrs[i]));
}

/* "a,b,c" -> !{i32 a, i32 b, i32 c}; n values. */
static LLVMValueRef entry_ints(lower_ctx *lc, const char *s, unsigned n)
{
    unsigned v[3] = {0, 0, 0};
    if (sscanf(s, "%u,%u,%u", &v[0], &v[1], &v[2]) < 1)
        return NULL;
    LLVMValueRef ops[3] = {lower_i32(lc, v[0]), lower_i32(lc, v[1]), lower_i32(lc, v[2])};
    return md_make_node(lc->ctx, ops, n);
}

static bool entry_16bit(LLVMTypeRef t)
{
    LLVMTypeKind k = LLVMGetTypeKind(t);
    if (k == LLVMVectorTypeKind || k == LLVMArrayTypeKind)
        return entry_16bit(LLVMGetElementType(t));
    return k == LLVMHalfTypeKind || (k == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 16);
}

/* Whether the module uses native 16-bit types: clang's dx.nativelowprec
 * module flag, or any half or i16 value (clang has them in IR only with
 * native 16-bit types; without, min16float is a float). DXC then declares
 * the NativeLowPrecision option, and its validator reads half as f16 (not
 * as a min precision type a precise instruction may not use). */
static bool entry_native_16bit(lower_ctx *lc)
{
    LLVMMetadataRef f = LLVMGetModuleFlag(lc->mod, "dx.nativelowprec", 16);
    uint64_t v = 0;
    if (f && const_u64(LLVMMetadataAsValue(lc->ctx, f), &v))
        return v != 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                if (entry_16bit(LLVMTypeOf(i)))
                    return true;
                for (int o = 0, n = LLVMGetNumOperands(i); o < n; o++)
                    if (entry_16bit(LLVMTypeOf(LLVMGetOperand(i, (unsigned)o))))
                        return true;
            }
    return false;
}

/* Tag 0, the ShaderFlags, with the option the module's types imply (the
 * flags its instructions use are computed after lowering). */
static unsigned entry_flags(lower_ctx *lc, LLVMValueRef *p)
{
    if (!entry_native_16bit(lc))
        return 0;
    p[0] = lower_i32(lc, DXIL_ENTRY_SHADER_FLAGS);
    p[1] = LLVMConstInt(LLVMInt64TypeInContext(lc->ctx), DXIL_SHADER_FLAG_NATIVE_LOW_PRECISION, 0);
    return 2;
}

static LLVMValueRef entry_props(lower_ctx *lc, LLVMValueRef fn, int kind, bool lib, bool first)
{
    LLVMValueRef p[10];
    unsigned n = first ? entry_flags(lc, p) : 0;
    char buf[64];
    if (lib && kind >= 0) {
        p[n++] = lower_i32(lc, DXIL_ENTRY_SHADER_KIND);
        p[n++] = lower_i32(lc, (unsigned)kind);
    }
    if (entry_attr(fn, "hlsl.numthreads", buf, sizeof buf) && (p[n + 1] = entry_ints(lc, buf, 3))) {
        p[n] = lower_i32(lc, DXIL_ENTRY_NUM_THREADS);
        n += 2;
    }
    int wave_at = -1;
    LLVMMetadataRef wave = NULL;
    if (entry_attr(fn, "hlsl.wavesize", buf, sizeof buf)) {
        bool ranged = lc->sm >= DXIL_VERSION(6, 8);
        if ((p[n + 1] = entry_ints(lc, buf, ranged ? 3 : 1))) {
            p[n] = lower_i32(lc, ranged ? DXIL_ENTRY_RANGED_WAVE_SIZE : DXIL_ENTRY_WAVE_SIZE);
            /* DXC reads tag 11's value as a node, !{i32 32}; LLVM folds a
             * one-constant node made a value back into the constant
             * (MetadataAsValue), so that node goes in as metadata */
            wave_at = (int)n + 1;
            wave = LLVMValueAsMetadata(p[n + 1]);
            if (!ranged) {
                unsigned w = 0;
                sscanf(buf, "%u", &w);
                LLVMMetadataRef one = LLVMValueAsMetadata(lower_i32(lc, w));
                wave = LLVMMDNodeInContext2(lc->ctx, &one, 1);
            }
            n += 2;
        }
    }
    if (!n)
        return NULL;
    LLVMMetadataRef mds[10];
    for (unsigned i = 0; i < n; i++)
        mds[i] = (int)i == wave_at ? wave : LLVMValueAsMetadata(p[i]);
    return LLVMMetadataAsValue(lc->ctx, LLVMMDNodeInContext2(lc->ctx, mds, n));
}

static void entry_add(lower_ctx *lc, LLVMValueRef *f)
{
    LLVMAddNamedMetadataOperand(lc->mod, DXIL_MD_ENTRY_POINTS, md_make_node(lc->ctx, f, 5));
}

static void entry_build(lower_ctx *lc)
{
    bool lib = !strcmp(lc->sm_kind, "lib");
    LLVMValueRef res = md_named_single(lc->mod, DXIL_MD_RESOURCES);
    lc->built_entries = true;
    if (lib) {
        LLVMValueRef flags[2];
        unsigned n = entry_flags(lc, flags);
        LLVMValueRef f[5] = {NULL, md_make_string(lc->ctx, ""), NULL, res,
                             n ? md_make_node(lc->ctx, flags, n) : NULL};
        entry_add(lc, f);
    }
    bool first = !lib;
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        char stage[32];
        if (!entry_attr(fn, "hlsl.shader", stage, sizeof stage))
            continue;
        size_t len = 0;
        const char *name = LLVMGetValueName2(fn, &len);
        int kind = shader_kind_from_env(stage, strlen(stage));
        LLVMValueRef f[5] = {fn, LLVMMDStringInContext(lc->ctx, name, (unsigned)len),
                             lower_signature_of(lc, fn), lib ? NULL : res,
                             entry_props(lc, fn, kind, lib, first)};
        entry_add(lc, f);
        first = false;
    }
}

int lower_entries(lower_ctx *lc)
{
    if (!LLVMGetNamedMetadata(lc->mod, DXIL_MD_ENTRY_POINTS, strlen(DXIL_MD_ENTRY_POINTS)) &&
        md_named_move(lc->mod, DXU_MD_ENTRY_POINTS, DXIL_MD_ENTRY_POINTS) < 0)
        entry_build(lc);
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn))
        entry_strip(fn);
    return 0;
}
