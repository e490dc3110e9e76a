/* module_read.c - the facts of the unraised DXIL module the part writers
 * share: dx.shaderModel, dx.version, dx.valver, the entry's properties and
 * its three signatures, read once and checked field by field (a writer
 * must never guess a part's contents from a malformed record). */
#include "write_internal.h"
#include "dxil-upgrade/dxil_abi.h"
#include "module/md_util.h"
#include "module/sig_semantics.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const wm_sig_parts[3] = {"ISG1", "OSG1", "PSG1"};

int wm_fail(write_module *wm, const char *part, const char *field, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    dxil_diags_add(wm->diags, DXIL_SEV_ERROR, DXIL_E_PART_WRITE, DXIL_LOC_NONE, 0, "%s: %s: %s",
                   part, field, msg);
    wm->errors++;
    return -1;
}

bool wm_val_at_least(const write_module *wm, uint32_t major, uint32_t minor)
{
    return wm->val_major > major || (wm->val_major == major && wm->val_minor >= minor);
}

bool wm_is_lib(const write_module *wm)
{
    return wm->kind == DXIL_SHADER_LIBRARY;
}

LLVMValueRef wm_prop(const write_module *wm, unsigned tag)
{
    return wm->props ? md_tag_value(wm->props, tag, NULL) : NULL;
}

/* Keeps a string for the lifetime of wm; NULL without memory. */
static const char *wm_keep(write_module *wm, char *s)
{
    char **v = s ? realloc(wm->strings, (wm->string_count + 1) * sizeof *v) : NULL;
    if (!v) {
        free(s);
        return NULL;
    }
    wm->strings = v;
    v[wm->string_count++] = s;
    return s;
}

static int wm_version_pair(write_module *wm, const char *name, uint32_t *major,
                           uint32_t *minor, bool required)
{
    LLVMValueRef n = md_named_operand(wm->m, name, 0);
    uint64_t a = 0, b = 0;
    if (!n && !required)
        return 0;
    if (!n || md_operand_uint(n, 0, &a) || md_operand_uint(n, 1, &b))
        return wm_fail(wm, "container", name, "missing or not !{i32 major, i32 minor}");
    *major = (uint32_t)a;
    *minor = (uint32_t)b;
    return 0;
}

static int wm_shader_model(write_module *wm)
{
    LLVMValueRef sm = md_named_operand(wm->m, "dx.shaderModel", 0);
    char kind[16];
    uint64_t major = 0, minor = 0;
    if (!sm)
        return wm_fail(wm, "DXIL", "dx.shaderModel",
                       "missing: the module names no shader model, and a DXIL container's "
                       "program header and parts need one (write .ll or .bc instead)");
    if (!md_string(md_operand(sm, 0), kind, sizeof kind) ||
        md_operand_uint(sm, 1, &major) || md_operand_uint(sm, 2, &minor))
        return wm_fail(wm, "DXIL", "dx.shaderModel", "not !{!\"kind\", i32, i32}");
    for (uint32_t k = 0; k < 32; k++) {
        const char *name = dxil_shader_kind_short_name(k);
        if (name && strcmp(name, kind) == 0) {
            wm->kind = k;
            wm->sm_major = (uint32_t)major;
            wm->sm_minor = (uint32_t)minor;
            return 0;
        }
    }
    return wm_fail(wm, "DXIL", "dx.shaderModel", "unknown shader kind \"%s\"", kind);
}

static uint32_t wm_u(LLVMValueRef rec, unsigned i, bool *ok)
{
    uint64_t v = 0;
    if (md_operand_uint(rec, i, &v))
        *ok = false;
    return (uint32_t)v;
}

/* Extended properties: 0 OutputStream, 2 DynIdxCompMask, 3 UsageCompMask. */
static void wm_sig_ext(LLVMValueRef ext, wsig_elem *e)
{
    uint64_t v;
    if (const_u64(md_tag_value(ext, 0, NULL), &v))
        e->stream = (uint32_t)v;
    if (const_u64(md_tag_value(ext, 2, NULL), &v))
        e->dyn_mask = (uint32_t)v;
    if (const_u64(md_tag_value(ext, 3, NULL), &v))
        e->usage_mask = (uint32_t)v;
}

/* The element as DXC's loader sees it: the kind it has at its point
 * (arbitrary, invalid or the record's), named with DXC's spelling of a
 * system value ("SV_POSITION" is written "SV_Position"), and a system
 * value without semantic indices has index 0. The parts are built from
 * what DXC's validator rebuilds them from. */
static void wm_sig_dxc_view(int point, wsig_elem *e)
{
    e->kind = e->kind < DXIL_SEMANTIC_INVALID ? sem_element_kind(e->kind, point)
                                              : DXIL_SEMANTIC_INVALID;
    e->name = sem_element_name(e->kind, point, e->name);
    if (!e->index_count && e->kind != DXIL_SEMANTIC_ARBITRARY)
        e->index_count = 1; /* indices[0] is 0 (calloc) */
    e->in_part = sem_in_part(e->kind, point);
}

static int wm_sig_elem(write_module *wm, const char *part, int point, LLVMValueRef rec,
                       wsig_elem *e)
{
    bool ok = true;
    e->name = wm_keep(wm, md_string_dup(md_operand(rec, 1)));
    e->comp_type = wm_u(rec, 2, &ok);
    e->kind = wm_u(rec, 3, &ok);
    e->interp = wm_u(rec, 5, &ok);
    e->rows = wm_u(rec, 6, &ok);
    e->cols = wm_u(rec, 7, &ok);
    e->start_row = wm_u(rec, 8, &ok);
    e->start_col = wm_u(rec, 9, &ok) & 0xFF;
    if (!e->name || !ok || md_num_operands(rec) < 10)
        return wm_fail(wm, part, "signature element", "record is not {id, !name, i8 type, "
                       "i8 kind, !indices, i8 interp, rows, cols, startRow, startCol, ...}");
    LLVMValueRef idx = md_operand(rec, 4);
    e->index_count = md_num_operands(idx);
    e->indices = calloc(e->index_count + 1, sizeof *e->indices);
    if (!e->indices || !wm_keep(wm, (char *)e->indices))
        return wm_fail(wm, part, e->name, "out of memory");
    for (uint32_t i = 0; i < e->index_count; i++)
        e->indices[i] = wm_u(idx, i, &ok);
    if (!ok)
        return wm_fail(wm, part, e->name, "semantic index list holds a non-integer");
    if (e->cols > 4 || e->cols == 0 || (e->start_col != 0xFF && e->start_col + e->cols > 4))
        return wm_fail(wm, part, e->name, "%u columns from column %u do not fit 4", e->cols,
                       e->start_col);
    wm_sig_ext(md_operand(rec, 10), e);
    wm_sig_dxc_view(point, e);
    return 0;
}

static int wm_signatures(write_module *wm)
{
    LLVMValueRef sigs = md_operand(wm->entry, 2);
    for (int s = 0; s < 3; s++) {
        LLVMValueRef list = md_operand(sigs, (unsigned)s);
        wsig *w = &wm->sig[s];
        w->count = md_num_operands(list);
        w->elems = calloc(w->count + 1, sizeof *w->elems);
        if (!w->elems || !wm_keep(wm, (char *)w->elems))
            return wm_fail(wm, wm_sig_parts[s], "signature", "out of memory");
        for (uint32_t i = 0; i < w->count; i++)
            if (wm_sig_elem(wm, wm_sig_parts[s], sem_point(wm->kind, (unsigned)s),
                            md_operand(list, i), &w->elems[i]))
                return -1;
    }
    return 0;
}

static int wm_entry(write_module *wm)
{
    wm->entry = md_named_operand(wm->m, "dx.entryPoints", 0);
    wm->props = md_operand(wm->entry, 4);
    char *name = wm->entry ? md_string_dup(md_operand(wm->entry, 1)) : NULL;
    wm->entry_name = (char *)wm_keep(wm, name ? name : strdup(""));
    if (!wm->entry_name)
        return wm_fail(wm, "container", "dx.entryPoints", "out of memory");
    LLVMValueRef flags = wm_prop(wm, 0);
    if (flags && !const_u64(flags, &wm->flags))
        return wm_fail(wm, "SFI0", "ShaderFlags", "entry property 0 is not an integer");
    return wm->entry && !wm_is_lib(wm) ? wm_signatures(wm) : 0;
}

int wm_read(write_module *wm, LLVMModuleRef m, dxil_diags *diags)
{
    *wm = (write_module){.m = m, .diags = diags, .val_major = 1, .val_minor = 0};
    if (!m)
        return wm_fail(wm, "container", "module", "no module");
    if (wm_shader_model(wm) ||
        wm_version_pair(wm, "dx.version", &wm->dxil_major, &wm->dxil_minor, true) ||
        wm_version_pair(wm, "dx.valver", &wm->val_major, &wm->val_minor, false) || wm_entry(wm))
        return -1;
    return 0;
}

void wm_free(write_module *wm)
{
    for (size_t i = 0; i < wm->string_count; i++)
        free(wm->strings[i]);
    free(wm->strings);
    *wm = (write_module){0};
}

/* HSState operand 3 / DSState operand 0 (DxilMetadataHelper). */
uint32_t wm_tess_domain(const write_module *wm)
{
    uint64_t d = 0;
    if (wm->kind == DXIL_SHADER_HULL)
        md_operand_uint(wm_prop(wm, 3), 3, &d);
    else if (wm->kind == DXIL_SHADER_DOMAIN)
        md_operand_uint(wm_prop(wm, 2), 0, &d);
    return (uint32_t)d;
}
