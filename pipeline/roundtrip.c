/* roundtrip.c - the dxil and modern round-trip checks, in memory: load,
 * raise and lower through the public pipeline, then compare
 * (module/ir_compare.c). The binary one is roundtrip_binary.c. */
#include "dxil-upgrade/dxil_lower.h"
#include "dxil-upgrade/dxil_upgrade.h"
#include "module/ir_compare.h"
#include "roundtrip.h"

#include <stdio.h>
#include <string.h>

/* What the modern direction must preserve (RT_DXIL_FLAGS: the other). It
 * cannot check the datalayout: lowering installs DXC's, and raising keeps
 * it. */
#define RT_MODERN_FLAGS (DXIL_CMP_CALLS | DXIL_CMP_FN_ATTRS | DXIL_CMP_TRIPLE)

const char *dxil_roundtrip_kind_name(unsigned kind)
{
    if (kind == RT_KIND_PART)
        return "part";
    if (kind == RT_KIND_DIGEST)
        return "digest";
    if (kind == RT_KIND_TEXT)
        return "text";
    return cmp_kind_name(kind);
}

static dxil_module *rt_load(const char *path, bool raise, dxil_diags *d)
{
    dxil_options o;
    dxil_options_init(&o);
    o.raise = raise;
    return dxil_module_load_file(path, &o, d);
}

int rt_error(dxil_diags *d, const char *what, char *msg, size_t size)
{
    const dxil_diag *first = NULL;
    for (size_t i = 0; i < dxil_diags_count(d) && !first; i++)
        if (dxil_diags_get(d, i)->severity == DXIL_SEV_ERROR)
            first = dxil_diags_get(d, i);
    if (msg && size)
        snprintf(msg, size, "%s%s%s", what, first ? ": " : "", first ? first->message : "");
    return -1;
}

int rt_compare(dxil_module *a, dxil_module *b, unsigned flags, bool layout, char *msg,
               size_t size, unsigned *kind)
{
    dxil_cmp_kind k = ir_compare(dxil_module_llvm(a), dxil_module_llvm(b), flags, msg, size);
    if (k == DXIL_CMP_SAME && layout) {
        const char *la = dxil_module_original_datalayout(a);
        const char *lb = dxil_module_original_datalayout(b);
        la = la ? la : "";
        lb = lb ? lb : "";
        if (strcmp(la, lb)) {
            k = DXIL_CMP_DIFF_TRIPLE;
            if (msg && size)
                snprintf(msg, size, "datalayout %s vs %s", la, lb);
        }
    }
    if (kind)
        *kind = (unsigned)k;
    return k == DXIL_CMP_SAME ? 0 : 1;
}

int dxil_roundtrip_dxil(const char *path, char *msg, size_t msg_size, unsigned *kind)
{
    dxil_diags *d = dxil_diags_create();
    dxil_module *orig = rt_load(path, false, d);
    dxil_module *rt = orig ? rt_load(path, true, d) : NULL;
    int rv;
    if (!orig || !rt)
        rv = rt_error(d, "load failed", msg, msg_size);
    else if (dxil_module_lower(rt, NULL, d) != 0)
        rv = rt_error(d, "lowering failed", msg, msg_size);
    else
        rv = rt_compare(orig, rt, RT_DXIL_FLAGS, true, msg, msg_size, kind);
    dxil_module_destroy(orig);
    dxil_module_destroy(rt);
    dxil_diags_destroy(d);
    return rv;
}

int dxil_roundtrip_modern(const char *path, char *msg, size_t msg_size, unsigned *kind)
{
    dxil_diags *d = dxil_diags_create();
    dxil_module *orig = rt_load(path, false, d);
    dxil_module *rt = orig ? rt_load(path, false, d) : NULL;
    int rv;
    if (!orig || !rt)
        rv = rt_error(d, "load failed", msg, msg_size);
    else if (dxil_module_lower(rt, NULL, d) != 0)
        rv = rt_error(d, "lowering failed", msg, msg_size);
    else if (dxil_module_raise(rt, d) != 0)
        rv = rt_error(d, "raising the lowered module failed", msg, msg_size);
    else
        rv = rt_compare(orig, rt, RT_MODERN_FLAGS, false, msg, msg_size, kind);
    dxil_module_destroy(orig);
    dxil_module_destroy(rt);
    dxil_diags_destroy(d);
    return rv;
}
