/* spec_types.c - the <types> section of the op spec: what LLVM type each
 * type code stands for (see type_desc in optable_internal.h).
 *
 *   <type code="dims" form="struct" name="dx.types.Dimensions" fields="i32 i32 i32 i32"/>
 *
 * The schema fixes which attributes each form takes; this file checks the
 * values (known code, described once, known scalars, field count), so a
 * spec read without the schema is still rejected cleanly.
 */
#include "spec_doc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

typedef struct types_ctx {
    spec_doc *spec;
    dxil_diags *diags;
    size_t errors;
} types_ctx;

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static void types_error(types_ctx *c, int code, const xmlNode *n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    long line = n ? xmlGetLineNo(n) : 0;
    dxil_diags_addv(c->diags, DXIL_SEV_ERROR, code, line > 0 ? DXIL_LOC_LINE : DXIL_LOC_NONE,
                    line > 0 ? (uint64_t)line : 0, fmt, ap);
    va_end(ap);
    c->errors++;
}

/* Attribute value (caller frees with xmlFree), or NULL. */
static char *types_attr(const xmlNode *n, const char *name)
{
    return (char *)xmlGetProp(n, (const xmlChar *)name);
}

static bool types_scalar(types_ctx *c, const xmlNode *n, const char *text, size_t len, uint8_t *out)
{
    int s = text ? llvm_scalar_from_name(text, len) : -1;
    if (s < 0) {
        types_error(c, DXIL_E_SPEC_TYPE, n, "<type>: unknown LLVM scalar '%.*s'", (int)len, text ? text : "");
        return false;
    }
    *out = (uint8_t)s;
    return true;
}

static bool types_fields(types_ctx *c, const xmlNode *n, const char *list, type_desc *d)
{
    const char *p = list ? list : "";
    while (*p) {
        size_t skip = strspn(p, " \t\r\n"), len = strcspn(p + skip, " \t\r\n");
        p += skip;
        if (!len)
            break;
        if (d->count == DXIL_TYPE_MAX_FIELDS) {
            types_error(c, DXIL_E_SPEC, n, "<type>: more than %d fields", DXIL_TYPE_MAX_FIELDS);
            return false;
        }
        if (!types_scalar(c, n, p, len, &d->fields[d->count++]))
            return false;
        p += len;
    }
    if (!d->count)
        types_error(c, DXIL_E_SPEC, n, "<type>: a struct needs fields");
    return d->count > 0;
}

static bool types_count(types_ctx *c, const xmlNode *n, const char *text, type_desc *d)
{
    char *end = NULL;
    long v = text ? strtol(text, &end, 10) : 0;
    if (!text || *end || v < 1 || v > 255) {
        types_error(c, DXIL_E_SPEC, n, "<type>: count must be 1..255");
        return false;
    }
    d->count = (uint8_t)v;
    return true;
}

static bool types_name(types_ctx *c, const char *name, type_desc *d)
{
    if (!name)
        return true;
    size_t len = strlen(name);
    char *copy = spec_doc_alloc(c->spec, len + 1);
    if (copy)
        memcpy(copy, name, len + 1);
    d->name = copy;
    return copy != NULL;
}

/* The form-dependent attributes of one <type>. */
static bool types_body(types_ctx *c, const xmlNode *n, type_desc *d)
{
    char *form = types_attr(n, "form"), *of = types_attr(n, "scalar"), *count = types_attr(n, "count");
    char *fields = types_attr(n, "fields"), *name = types_attr(n, "name");
    int f = form ? type_form_from_name(form, strlen(form)) : -1;
    bool ok = f >= 0;
    if (!ok)
        types_error(c, DXIL_E_SPEC, n, "<type>: unknown form '%s'", form ? form : "");
    d->form = (uint8_t)(ok ? f : 0);
    if (ok && (f == DXIL_FORM_SCALAR || f == DXIL_FORM_VECTOR))
        ok = types_scalar(c, n, of, of ? strlen(of) : 0, &d->scalar);
    if (ok && f == DXIL_FORM_VECTOR)
        ok = types_count(c, n, count, d);
    if (ok && f == DXIL_FORM_STRUCT)
        ok = types_fields(c, n, fields, d) && types_name(c, name, d);
    xmlFree(form);
    xmlFree(of);
    xmlFree(count);
    xmlFree(fields);
    xmlFree(name);
    return ok;
}

static void types_one(types_ctx *c, const xmlNode *n)
{
    char *code_name = types_attr(n, "code");
    int code = code_name ? dxil_type_code_from_name(code_name, strlen(code_name)) : -1;
    if (code < 0)
        types_error(c, DXIL_E_SPEC_TYPE, n, "<type>: unknown type code '%s'", code_name ? code_name : "");
    else if (c->spec->types[code].line)
        types_error(c, DXIL_E_SPEC_CONFLICT, n, "<type>: type code '%s' already described on line %u",
                    code_name, (unsigned)c->spec->types[code].line);
    xmlFree(code_name);
    if (code < 0 || c->spec->types[code].line)
        return;
    type_desc d = {0};
    if (types_body(c, n, &d)) {
        long line = xmlGetLineNo(n);
        d.line = line > 0 ? (uint32_t)line : 1;
        c->spec->types[code] = d;
    }
}

size_t spec_read_types(spec_doc *spec, const void *types, dxil_diags *diags)
{
    types_ctx c = {spec, diags, 0};
    spec->types = spec_doc_alloc(spec, DXIL_TY_COUNT * sizeof *spec->types);
    if (!spec->types) {
        types_error(&c, DXIL_E_SPEC, NULL, "out of memory while reading the spec");
        return c.errors;
    }
    long line = xmlGetLineNo((const xmlNode *)types);
    spec->types_line = line > 0 ? (uint32_t)line : 0;
    for (const xmlNode *ch = ((const xmlNode *)types)->children; ch; ch = ch->next) {
        if (ch->type == XML_ELEMENT_NODE && strcmp((const char *)ch->name, "type") == 0)
            types_one(&c, ch);
    }
    return c.errors;
}

size_t spec_types_complete(const spec_doc *spec, dxil_diags *diags)
{
    if (!spec->types) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_SPEC_TYPE, DXIL_LOC_NONE, 0,
                       "the spec has no <types> section");
        return 1;
    }
    size_t errors = 0;
    dxil_loc_kind loc = spec->types_line ? DXIL_LOC_LINE : DXIL_LOC_NONE;
    for (unsigned code = 0; code < DXIL_TY_COUNT; code++) {
        if (spec->types[code].line)
            continue;
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_SPEC_TYPE, loc, spec->types_line,
                       "<types>: type code '%s' has no <type>", dxil_type_code_name(code));
        errors++;
    }
    return errors;
}
