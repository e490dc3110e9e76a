/* chk_meta_module.c - DXC's module-level metadata rules, run after the
 * metadata load (DXC's ValidateMetadata): the validator and DXIL versions
 * the module claims (Meta.VersionSupported), the target triple
 * (Meta.Target), named metadata DXC does not know (Meta.Known) and the
 * DXIL version the shader model needs (Sm.DxilVersion). */
#include "chk_facts.h"
#include "families.h"

#include "common/side_metadata.h"
#include "module/md_util.h"

#include <stdio.h>
#include <string.h>

/* The newest validator and DXIL versions this validator implements
 * (DXC 1.10's). */
enum { VAL_MAJOR = 1, VAL_MINOR = 10, DXIL_MAJOR = 1, DXIL_MINOR = 10 };

/* dx.valver / dx.version as a tuple of two integers (the load checked
 * the shape of both; a module without dx.valver is not looked at). */
static bool version_of(chk_ctx *c, const char *name, uint64_t *major, uint64_t *minor)
{
    LLVMValueRef n = md_named_operand(c->mod, name, 0);
    return n && md_operand_uint(n, 0, major) == 0 && md_operand_uint(n, 1, minor) == 0;
}

static void version_unsupported(chk_ctx *c, const char *what, uint64_t major, uint64_t minor,
                                unsigned max_major, unsigned max_minor)
{
    char a[24], b[24], d[24], e[24];
    chk_fail(c, CHK_META_VERSIONSUPPORTED, NULL, what, chk_u64(a, sizeof a, major),
             chk_u64(b, sizeof b, minor), chk_u64(d, sizeof d, max_major),
             chk_u64(e, sizeof e, max_minor), NULL);
}

/* A validator version DXC's validator is not (a newer minor, another
 * major); a DXIL version newer than it knows. */
static void versions(chk_ctx *c)
{
    uint64_t major, minor;
    if (version_of(c, "dx.valver", &major, &minor) &&
        !(major == VAL_MAJOR && minor <= VAL_MINOR))
        version_unsupported(c, "Validator", major, minor, VAL_MAJOR, VAL_MINOR);
    if (version_of(c, "dx.version", &major, &minor) &&
        !(major == DXIL_MAJOR && minor <= DXIL_MINOR))
        version_unsupported(c, "Dxil", major, minor, DXIL_MAJOR, DXIL_MINOR);
}

static void target(chk_ctx *c)
{
    const char *triple = LLVMGetTarget(c->mod);
    if (strcmp(triple ? triple : "", "dxil-ms-dx") != 0)
        chk_fail(c, CHK_META_TARGET, NULL, triple ? triple : "", NULL);
}

/* The named metadata DXC's DxilMDHelper knows, and the two llvm.* ones
 * its validator lets through. */
static bool known_name(const char *name, size_t len)
{
    static const char *const known[] = {
        "dx.version", "dx.shaderModel", "dx.entryPoints", "dx.resources",
        "dx.typeAnnotations", "dx.valver", "dx.viewIdState", "dx.dxrPayloadAnnotations",
        "dx.targetTypes", "llvm.ident", "llvm.module.flags"};
    for (size_t i = 0; i < sizeof known / sizeof *known; i++)
        if (strlen(known[i]) == len && memcmp(known[i], name, len) == 0)
            return true;
    return false;
}

static void named_metadata(chk_ctx *c)
{
    for (LLVMNamedMDNodeRef n = LLVMGetFirstNamedMetadata(c->mod); n;
         n = LLVMGetNextNamedMetadata(n)) {
        size_t len = 0;
        const char *name = LLVMGetNamedMetadataName(n, &len);
        char buf[256];
        snprintf(buf, sizeof buf, "%.*s", (int)len, name);
        /* The loader's own records (dxu.datalayout): never written out. */
        if (known_name(name, len) || side_md_is(buf, DXIL_SIDE_MD_BOOKKEEPING))
            continue;
        chk_fail(c, CHK_META_KNOWN, NULL, buf, NULL);
    }
}

/* Shader model 6.x needs DXIL 1.x (6.15, the offline library model, the
 * newest DXIL). */
static void dxil_for_model(chk_ctx *c)
{
    uint64_t major, minor;
    LLVMValueRef sm = md_named_operand(c->mod, "dx.shaderModel", 0);
    if (!sm || md_operand_uint(sm, 1, &major) != 0 || md_operand_uint(sm, 2, &minor) != 0 ||
        major != 6)
        return;
    unsigned need = minor == 15 ? DXIL_MINOR : (unsigned)minor;
    uint64_t dmajor, dminor;
    if (version_of(c, "dx.version", &dmajor, &dminor) && dmajor == 1 && dminor == need)
        return;
    char a[24], b[24];
    chk_fail(c, CHK_SM_DXILVERSION, NULL, chk_u64(a, sizeof a, 1), chk_u64(b, sizeof b, need),
             NULL);
}

int chk_meta_module(chk_ctx *c)
{
    versions(c);
    target(c);
    named_metadata(c);
    dxil_for_model(c);
    return 0;
}
