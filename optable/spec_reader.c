/* spec_reader.c - op spec XML -> dxil_op_info records (see spec_reader.h).
 *
 * Three passes: libxml2 parses (well-formedness errors keep their line),
 * the RelaxNG schema checks structure, then this file checks the values
 * (type codes, overload letters, versions, stages, mappings, duplicates).
 * Records are allocated from an arena owned by the returned dxil_spec.
 */
#include "spec_reader.h"

#include <errno.h>
#include <limits.h>
#include <stdalign.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#if LIBXML_VERSION >= 21200
#define SPEC_XML_ERROR const xmlError
#else
#define SPEC_XML_ERROR xmlError
#endif

/* ---- arena --------------------------------------------------------------- */

typedef struct spec_block {
    struct spec_block *next;
    size_t used, cap;
    alignas(max_align_t) unsigned char data[];
} spec_block;

struct dxil_spec_arena {
    spec_block *head;
};

static void *spec_arena_alloc(dxil_spec_arena *a, size_t size)
{
    const size_t align = alignof(max_align_t);
    size = (size + align - 1) / align * align;
    spec_block *b = a->head;
    if (!b || b->cap - b->used < size) {
        size_t cap = size > 65536 ? size : 65536;
        b = malloc(sizeof(spec_block) + cap);
        if (!b)
            return NULL;
        b->next = a->head;
        b->used = 0;
        b->cap = cap;
        a->head = b;
    }
    void *p = b->data + b->used;
    b->used += size;
    memset(p, 0, size);
    return p;
}

static void spec_arena_free(dxil_spec_arena *a)
{
    while (a && a->head) {
        spec_block *next = a->head->next;
        free(a->head);
        a->head = next;
    }
    free(a);
}

/* ---- reader state -------------------------------------------------------- */

typedef struct spec_ctx {
    dxil_spec *spec;
    dxil_diags *diags;
    const dxil_spec_options *opt;
    size_t errors;
    bool oom;
    size_t cap_ops;
    dxil_op_class **sorted_classes; /* file classes by name, for lookups */
} spec_ctx;

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static void spec_error(spec_ctx *c, int code, long line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    dxil_diags_addv(c->diags, DXIL_SEV_ERROR, code, line > 0 ? DXIL_LOC_LINE : DXIL_LOC_NONE,
                    line > 0 ? (uint64_t)line : 0, fmt, ap);
    va_end(ap);
    c->errors++;
}

static long spec_line(const xmlNode *n)
{
    return xmlGetLineNo(n);
}

static void *spec_alloc(spec_ctx *c, size_t size)
{
    void *p = spec_arena_alloc(c->spec->arena, size ? size : 1);
    if (!p && !c->oom) {
        c->oom = true;
        spec_error(c, DXIL_E_SPEC, 0, "out of memory while reading the spec");
    }
    return p;
}

static char *spec_strdup(spec_ctx *c, const char *s, size_t len)
{
    char *p = spec_alloc(c, len + 1);
    if (p)
        memcpy(p, s, len);
    return p;
}

/* Attribute value copied into the arena, or NULL when absent. */
static const char *spec_attr(spec_ctx *c, const xmlNode *n, const char *name)
{
    xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
    if (!v)
        return NULL;
    const char *s = spec_strdup(c, (const char *)v, strlen((const char *)v));
    xmlFree(v);
    return s;
}

static bool spec_is(const xmlNode *n, const char *name)
{
    return n->type == XML_ELEMENT_NODE && strcmp((const char *)n->name, name) == 0;
}

static size_t spec_count_children(const xmlNode *n, const char *name)
{
    size_t k = 0;
    for (const xmlNode *ch = n->children; ch; ch = ch->next)
        k += spec_is(ch, name);
    return k;
}

static const xmlNode *spec_child(const xmlNode *n, const char *name)
{
    for (const xmlNode *ch = n->children; ch; ch = ch->next) {
        if (spec_is(ch, name))
            return ch;
    }
    return NULL;
}

/* Parses a decimal or 0x-hex integer, optionally negative. */
static bool spec_parse_int(const char *s, int64_t *out)
{
    if (!s || !*s)
        return false;
    const char *p = s;
    bool neg = *p == '-';
    p += neg;
    int base = (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) ? 16 : 10;
    if (base == 16)
        p += 2;
    if (!*p || *p == '-' || *p == '+')
        return false;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(p, &end, base);
    if (errno || *end || v > (unsigned long long)INT64_MAX + (neg ? 1u : 0u))
        return false;
    *out = neg ? (int64_t)(0 - v) : (int64_t)v;
    return true;
}

/* ---- libxml2 error capture ---------------------------------------------- */

static void spec_trim_copy(char *dst, size_t size, const char *src)
{
    snprintf(dst, size, "%s", src ? src : "unknown error");
    size_t n = strlen(dst);
    while (n && (dst[n - 1] == '\n' || dst[n - 1] == ' '))
        dst[--n] = '\0';
}

static void spec_report_xml(spec_ctx *c, SPEC_XML_ERROR *e, int code, const char *what)
{
    if (e->level < XML_ERR_ERROR)
        return;
    long line = e->line;
    if (line <= 0 && e->node)
        line = xmlGetLineNo((const xmlNode *)e->node);
    char msg[512];
    spec_trim_copy(msg, sizeof msg, e->message);
    spec_error(c, code, line, "%s: %s", what, msg);
}

static void spec_on_parse_error(void *data, SPEC_XML_ERROR *e)
{
    xmlParserCtxtPtr pc = data;
    spec_report_xml(pc->_private, e, DXIL_E_SPEC, "malformed XML");
}

static void spec_on_schema_error(void *data, SPEC_XML_ERROR *e)
{
    spec_report_xml(data, e, DXIL_E_SPEC_SCHEMA, "schema");
}

static xmlDocPtr spec_parse_xml(spec_ctx *c, const void *buf, size_t len, const char *name)
{
    if (len > INT_MAX) {
        spec_error(c, DXIL_E_SPEC, 0, "spec too large");
        return NULL;
    }
    xmlParserCtxtPtr pc = xmlNewParserCtxt();
    if (!pc) {
        spec_error(c, DXIL_E_SPEC, 0, "cannot create an XML parser");
        return NULL;
    }
    pc->_private = c;
    pc->sax->serror = spec_on_parse_error;
    int opts = XML_PARSE_NONET | XML_PARSE_BIG_LINES;
    xmlDocPtr doc = xmlCtxtReadMemory(pc, buf, (int)len, name, NULL, opts);
    size_t errors = c->errors;
    xmlFreeParserCtxt(pc);
    if (doc && errors) {
        xmlFreeDoc(doc);
        doc = NULL;
    }
    if (!doc && !c->errors)
        spec_error(c, DXIL_E_SPEC, 0, "malformed XML");
    return doc;
}

static bool spec_validate(spec_ctx *c, xmlDocPtr doc)
{
    const dxil_spec_options *o = c->opt;
    if (!o || !o->schema)
        return true;
    size_t before = c->errors;
    xmlRelaxNGParserCtxtPtr pc = xmlRelaxNGNewMemParserCtxt(o->schema, (int)o->schema_len);
    xmlRelaxNGPtr rng = NULL;
    if (pc) {
        xmlRelaxNGSetParserStructuredErrors(pc, spec_on_schema_error, c);
        rng = xmlRelaxNGParse(pc);
        xmlRelaxNGFreeParserCtxt(pc);
    }
    if (!rng) {
        spec_error(c, DXIL_E_SPEC_SCHEMA, 0, "the op spec schema itself is invalid");
        return false;
    }
    xmlRelaxNGValidCtxtPtr vc = xmlRelaxNGNewValidCtxt(rng);
    int rc = -1;
    if (vc) {
        xmlRelaxNGSetValidStructuredErrors(vc, spec_on_schema_error, c);
        rc = xmlRelaxNGValidateDoc(vc, doc);
        xmlRelaxNGFreeValidCtxt(vc);
    }
    xmlRelaxNGFree(rng);
    if (rc != 0 && c->errors == before)
        spec_error(c, DXIL_E_SPEC_SCHEMA, 0, "the spec does not match the schema");
    return rc == 0;
}

/* ---- versions and signatures -------------------------------------------- */

/* Reads a required (or optional) version attribute. */
static bool spec_version_attr(spec_ctx *c, const xmlNode *n, const char *attr, bool required,
                              dxil_version *out)
{
    const char *v = spec_attr(c, n, attr);
    *out = 0;
    if (!v) {
        if (required)
            spec_error(c, DXIL_E_SPEC, spec_line(n), "<%s> needs a %s= version", (const char *)n->name, attr);
        return !required;
    }
    if (!dxil_version_parse(v, strlen(v), out) || DXIL_VERSION_MAJOR(*out) == 0) {
        spec_error(c, DXIL_E_SPEC, spec_line(n), "bad version string '%s' in %s= (want major.minor, e.g. 1.6)",
                   v, attr);
        return false;
    }
    return true;
}

static bool spec_type_attr(spec_ctx *c, const xmlNode *n, const char *owner, uint8_t *out)
{
    const char *t = spec_attr(c, n, "type");
    int code = t ? dxil_type_code_from_name(t, strlen(t)) : -1;
    if (code < 0) {
        spec_error(c, DXIL_E_SPEC_TYPE, spec_line(n), "%s: unknown type code '%s'", owner, t ? t : "");
        return false;
    }
    *out = (uint8_t)code;
    return true;
}

static bool spec_param(spec_ctx *c, const xmlNode *n, const char *owner, dxil_op_param *p)
{
    const char *name = spec_attr(c, n, "name");
    const char *cst = spec_attr(c, n, "const");
    const char *max = spec_attr(c, n, "max");
    p->name = name ? name : "";
    p->enum_name = spec_attr(c, n, "enum");
    p->is_const = cst && strcmp(cst, "yes") == 0;
    p->max_value = -1;
    int64_t v;
    if (max && (!spec_parse_int(max, &v) || v < 0 || v > INT32_MAX)) {
        spec_error(c, DXIL_E_SPEC, spec_line(n), "%s: bad max='%s' for parameter '%s'", owner, max, p->name);
        return false;
    }
    if (max)
        p->max_value = (int32_t)v;
    char what[160];
    snprintf(what, sizeof what, "%s, parameter '%s'", owner, p->name);
    return spec_type_attr(c, n, what, &p->type);
}

static bool spec_unique_params(spec_ctx *c, const xmlNode *n, const char *owner,
                               const dxil_op_param *ps, size_t np)
{
    for (size_t i = 1; i < np; i++) {
        for (size_t j = 1; j < i; j++) {
            if (strcmp(ps[i].name, ps[j].name) == 0) {
                spec_error(c, DXIL_E_SPEC_CONFLICT, spec_line(n), "%s: parameter '%s' appears twice",
                           owner, ps[i].name);
                return false;
            }
        }
    }
    return true;
}

/* <result/> then <param/>*: fills result and params (params[0] = opcode). */
static bool spec_signature(spec_ctx *c, const xmlNode *n, const char *owner, dxil_op_param *result,
                           const dxil_op_param **params, uint8_t *n_params)
{
    size_t np = spec_count_children(n, "param") + 1;
    if (np > 255) {
        spec_error(c, DXIL_E_SPEC, spec_line(n), "%s: too many parameters", owner);
        return false;
    }
    dxil_op_param *ps = spec_alloc(c, np * sizeof *ps);
    if (!ps)
        return false;
    ps[0] = (dxil_op_param){"opcode", DXIL_TY_I32, 1, NULL, -1};
    bool ok = true;
    size_t k = 1;
    *result = (dxil_op_param){"", DXIL_TY_VOID, 0, NULL, -1};
    for (const xmlNode *ch = n->children; ch; ch = ch->next) {
        if (spec_is(ch, "result")) {
            char what[160];
            snprintf(what, sizeof what, "%s, result", owner);
            ok &= spec_type_attr(c, ch, what, &result->type);
        } else if (spec_is(ch, "param")) {
            ok &= spec_param(c, ch, owner, &ps[k++]);
        }
    }
    ok = ok && spec_unique_params(c, n, owner, ps, np);
    *params = ps;
    *n_params = (uint8_t)np;
    return ok;
}

/* ---- classes ----------------------------------------------------------- */

static dxil_op_class *spec_class(spec_ctx *c, const xmlNode *n)
{
    dxil_op_class *cls = spec_alloc(c, sizeof *cls);
    if (!cls)
        return NULL;
    cls->name = spec_attr(c, n, "name");
    cls->fn = spec_attr(c, n, "fn");
    cls->line = (uint32_t)spec_line(n);
    if (!cls->name || !cls->fn) {
        spec_error(c, DXIL_E_SPEC, spec_line(n), "<class> needs name= and fn=");
        return NULL;
    }
    char owner[160];
    snprintf(owner, sizeof owner, "class '%s'", cls->name);
    if (!spec_signature(c, n, owner, &cls->result, &cls->params, &cls->n_params))
        return NULL;
    return cls;
}

static int spec_cmp_class_line(const void *a, const void *b)
{
    int r = dxil_optable_cmp_class_name(a, b);
    if (r)
        return r;
    const dxil_op_class *x = *(const dxil_op_class *const *)a, *y = *(const dxil_op_class *const *)b;
    return (x->line > y->line) - (x->line < y->line);
}

static int spec_cmp_class_fn_line(const void *a, const void *b)
{
    int r = dxil_optable_cmp_class_fn(a, b);
    if (r)
        return r;
    const dxil_op_class *x = *(const dxil_op_class *const *)a, *y = *(const dxil_op_class *const *)b;
    return (x->line > y->line) - (x->line < y->line);
}

/* Reports classes defined twice (by name or by fn); keeps a name index. */
static void spec_check_classes(spec_ctx *c)
{
    size_t n = c->spec->n_classes;
    dxil_op_class **v = spec_alloc(c, (n + 1) * sizeof *v);
    if (!v)
        return;
    if (n)
        memcpy(v, c->spec->classes, n * sizeof *v);
    qsort(v, n, sizeof *v, spec_cmp_class_fn_line);
    for (size_t i = 1; i < n; i++) {
        if (strcmp(v[i]->fn, v[i - 1]->fn) == 0)
            spec_error(c, DXIL_E_SPEC_CONFLICT, v[i]->line,
                       "class '%s': function name dx.op.%s is already used by class '%s' (line %u)",
                       v[i]->name, v[i]->fn, v[i - 1]->name, v[i - 1]->line);
    }
    qsort(v, n, sizeof *v, spec_cmp_class_line);
    for (size_t i = 1; i < n; i++) {
        if (strcmp(v[i]->name, v[i - 1]->name) == 0)
            spec_error(c, DXIL_E_SPEC_CONFLICT, v[i]->line, "duplicate class '%s' (first defined at line %u)",
                       v[i]->name, v[i - 1]->line);
    }
    c->sorted_classes = v;
}

static const dxil_op_class *spec_find_class(spec_ctx *c, const char *name)
{
    dxil_op_class key = {0};
    key.name = name;
    const dxil_op_class *kp = &key;
    if (c->sorted_classes) {
        dxil_op_class **hit = bsearch(&kp, c->sorted_classes, c->spec->n_classes,
                                      sizeof *c->sorted_classes, dxil_optable_cmp_class_name);
        if (hit)
            return *hit;
    }
    if (c->opt && c->opt->find_class)
        return c->opt->find_class(c->opt->find_class_ctx, name);
    return NULL;
}

/* ---- op attributes ------------------------------------------------------- */

static bool spec_opcode(spec_ctx *c, const xmlNode *n, dxil_op_info *op)
{
    const char *table = spec_attr(c, n, "table");
    const char *index = spec_attr(c, n, "index");
    uint32_t tid = table && strcmp(table, "experimental") == 0 ? DXIL_OPTABLE_EXPERIMENTAL : DXIL_OPTABLE_CORE;
    if (!table || (tid == DXIL_OPTABLE_CORE && strcmp(table, "core") != 0)) {
        spec_error(c, DXIL_E_SPEC, spec_line(n), "op: table= must be core or experimental");
        return false;
    }
    int64_t v;
    if (!index || !spec_parse_int(index, &v) || v < 0 || v > 0xFFFF) {
        spec_error(c, DXIL_E_SPEC, spec_line(n), "op '%s': index='%s' is not a number in 0..65535",
                   op->name ? op->name : "?", index ? index : "");
        return false;
    }
    op->opcode = DXIL_OPCODE(tid, (uint32_t)v);
    return true;
}

static bool spec_flags(spec_ctx *c, const xmlNode *n, dxil_op_info *op)
{
    const char *f = spec_attr(c, n, "flags");
    bool ok = true;
    for (const char *p = f; p && *p;) {
        size_t skip = strspn(p, " \t\r\n");
        p += skip;
        size_t len = strcspn(p, " \t\r\n");
        if (!len)
            break;
        int bit = dxil_op_flag_from_name(p, len);
        if (bit < 0 || (1u << bit) == DXIL_OPF_RESERVED) {
            spec_error(c, DXIL_E_SPEC, spec_line(n), "op '%s': unknown flag '%.*s'", op->name, (int)len, p);
            ok = false;
        } else {
            op->flags |= 1u << bit;
        }
        p += len;
    }
    if (op->cls && strcmp(op->cls->name, "Reserved") == 0)
        op->flags |= DXIL_OPF_RESERVED;
    return ok;
}

static bool spec_desc(spec_ctx *c, const xmlNode *n, dxil_op_info *op)
{
    const xmlNode *d = spec_child(n, "desc");
    xmlChar *text = d ? xmlNodeGetContent(d) : NULL;
    const char *s = text ? (const char *)text : "";
    size_t skip = strspn(s, " \t\r\n");
    size_t len = strlen(s + skip);
    while (len && strchr(" \t\r\n", s[skip + len - 1]))
        len--;
    op->description = spec_strdup(c, s + skip, len);
    if (text)
        xmlFree(text);
    if (!len) {
        spec_error(c, DXIL_E_SPEC, spec_line(d ? d : n), "op '%s': empty <desc>", op->name);
        return false;
    }
    return op->description != NULL;
}

/* Checks that each entry's version is after the previous one and not
 * before the op's own version. */
static bool spec_version_order(spec_ctx *c, const xmlNode *n, const dxil_op_info *op,
                               const char *what, dxil_version prev, dxil_version v, bool first)
{
    if (first && v < op->dxil) {
        spec_error(c, DXIL_E_SPEC, spec_line(n), "op '%s': first <%s> entry is older than the op (dxil=)",
                   op->name, what);
        return false;
    }
    if (!first && v <= prev) {
        spec_error(c, DXIL_E_SPEC, spec_line(n), "op '%s': <%s> entries must have increasing dxil= versions",
                   op->name, what);
        return false;
    }
    return true;
}

/* ---- overloads ------------------------------------------------------------- */

static int spec_max_x_dim(const dxil_op_info *op)
{
    int maxd = -1;
    for (size_t i = 0; i <= op->n_params; i++) {
        unsigned t = i < op->n_params ? op->params[i].type : op->result.type;
        int d = -1;
        if (t >= DXIL_TY_X0 && t <= DXIL_TY_X3)
            d = (int)(t - DXIL_TY_X0);
        else if (t >= DXIL_TY_X_GS0 && t <= DXIL_TY_X_GS3)
            d = (int)(t - DXIL_TY_X_GS0);
        maxd = d > maxd ? d : maxd;
    }
    return maxd;
}

static bool spec_overload_entry(spec_ctx *c, const xmlNode *n, dxil_op_info *op, dxil_overload_set *s)
{
    if (!spec_version_attr(c, n, "dxil", true, &s->dxil))
        return false;
    s->letters = spec_attr(c, n, "types");
    char why[128];
    if (!s->letters || !dxil_overload_letters_parse(s->letters, s, why, sizeof why)) {
        spec_error(c, DXIL_E_SPEC, spec_line(n), "op '%s': bad overload letters '%s': %s", op->name,
                   s->letters ? s->letters : "", s->letters ? why : "types= missing");
        return false;
    }
    int maxd = spec_max_x_dim(op);
    if (s->ndims > 1 && maxd + 1 != s->ndims) {
        spec_error(c, DXIL_E_SPEC, spec_line(n),
                   "op '%s': %u overload dimensions need the signature to use $x0..$x%u", op->name,
                   (unsigned)s->ndims, (unsigned)s->ndims - 1);
        return false;
    }
    return true;
}

static bool spec_overloads(spec_ctx *c, const xmlNode *n, dxil_op_info *op)
{
    size_t k = spec_count_children(n, "overloads");
    dxil_overload_set *v = spec_alloc(c, k * sizeof *v);
    if (!v || k > 255)
        return false;
    bool ok = true;
    size_t i = 0;
    for (const xmlNode *ch = n->children; ch; ch = ch->next) {
        if (!spec_is(ch, "overloads"))
            continue;
        if (!spec_overload_entry(c, ch, op, &v[i])) {
            ok = false;
        } else if (!spec_version_order(c, ch, op, "overloads", i ? v[i - 1].dxil : 0, v[i].dxil, i == 0)) {
            ok = false;
        } else if (i == 0 && v[0].dxil != op->dxil) {
            spec_error(c, DXIL_E_SPEC, spec_line(ch), "op '%s': the first <overloads> must have the op's dxil= version",
                       op->name);
            ok = false;
        }
        i++;
    }
    op->overloads = v;
    op->n_overloads = (uint8_t)k;
    return ok;
}

/* ---- stages and attributes ---------------------------------------------- */

static bool spec_stage_list(spec_ctx *c, const xmlNode *n, const dxil_op_info *op, dxil_stage_set *s)
{
    const char *list = s->list;
    if (strcmp(list, "all") == 0 || strcmp(list, "removed") == 0) {
        s->kind = list[0] == 'a' ? DXIL_STAGES_ALL : DXIL_STAGES_REMOVED;
        s->mask = list[0] == 'a' ? DXIL_STAGE_ALL_MASK : 0;
        return true;
    }
    s->kind = DXIL_STAGES_LIST;
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        int k = dxil_shader_stage_from_name(p, len);
        if (k < 0 || (s->mask & DXIL_STAGE_BIT(k))) {
            spec_error(c, DXIL_E_SPEC, spec_line(n), "op '%s': %s stage '%.*s' in list='%s'", op->name,
                       k < 0 ? "unknown" : "repeated", (int)len, p, list);
            return false;
        }
        s->mask |= DXIL_STAGE_BIT(k);
        p += len + (p[len] == ',');
    }
    if (!s->mask) {
        spec_error(c, DXIL_E_SPEC, spec_line(n), "op '%s': empty stage list", op->name);
        return false;
    }
    return true;
}

static bool spec_stages(spec_ctx *c, const xmlNode *n, dxil_op_info *op)
{
    size_t k = spec_count_children(n, "stages");
    dxil_stage_set *v = spec_alloc(c, k * sizeof *v);
    if (!v || k > 255)
        return false;
    bool ok = true;
    size_t i = 0;
    for (const xmlNode *ch = n->children; ch; ch = ch->next) {
        if (!spec_is(ch, "stages"))
            continue;
        v[i].list = spec_attr(c, ch, "list");
        bool good = spec_version_attr(c, ch, "dxil", true, &v[i].dxil) && v[i].list &&
                    spec_stage_list(c, ch, op, &v[i]);
        ok &= good && spec_version_order(c, ch, op, "stages", i ? v[i - 1].dxil : 0, v[i].dxil, i == 0);
        i++;
    }
    op->stages = v;
    op->n_stages = (uint8_t)k;
    return ok;
}

static bool spec_attr_list(spec_ctx *c, const xmlNode *n, const dxil_op_info *op, const char *list,
                           uint32_t *out)
{
    *out = 0;
    for (const char *p = list; p && *p;) {
        size_t len = strcspn(p, ", ");
        int bit = len ? dxil_op_attr_from_name(p, len) : -1;
        if (bit < 0) {
            spec_error(c, DXIL_E_SPEC, spec_line(n), "op '%s': unknown attribute '%.*s' (want ReadNone, "
                       "ReadOnly, NoDuplicate, NoReturn or ArgMemOnly)", op->name, (int)len, p);
            return false;
        }
        *out |= 1u << bit;
        p += len;
        p += strspn(p, ", ");
    }
    return true;
}

static bool spec_attributes(spec_ctx *c, const xmlNode *n, dxil_op_info *op)
{
    size_t k = spec_count_children(n, "attributes");
    dxil_attr_set *v = spec_alloc(c, k * sizeof *v);
    if (!v || k > 255)
        return false;
    bool ok = true;
    size_t i = 0;
    for (const xmlNode *ch = n->children; ch; ch = ch->next) {
        if (!spec_is(ch, "attributes"))
            continue;
        const char *list = spec_attr(c, ch, "list");
        bool good = spec_version_attr(c, ch, "dxil", true, &v[i].dxil) &&
                    spec_attr_list(c, ch, op, list, &v[i].attrs);
        ok &= good && spec_version_order(c, ch, op, "attributes", i ? v[i - 1].dxil : 0, v[i].dxil, i == 0);
        i++;
    }
    op->attrs = v;
    op->n_attrs = (uint8_t)k;
    return ok;
}

/* ---- intrinsic mappings ------------------------------------------------ */

typedef struct spec_map_build {
    spec_ctx *c;
    const xmlNode *n;
    const dxil_op_info *op;
    dxil_intrinsic_map *m;
} spec_map_build;

static bool spec_map_fail(spec_map_build *b, const xmlNode *at, const char *fmt, const char *arg)
{
    char msg[256];
    snprintf(msg, sizeof msg, fmt, arg);
    spec_error(b->c, DXIL_E_SPEC, spec_line(at ? at : b->n), "op '%s', map %s: %s", b->op->name,
               b->m->intrinsic ? b->m->intrinsic : "(custom)", msg);
    return false;
}

static bool spec_map_keyword(spec_map_build *b, const char *attr, int (*lookup)(const char *, size_t),
                             uint8_t *out)
{
    const char *v = spec_attr(b->c, b->n, attr);
    if (!v)
        return true;
    int k = lookup(v, strlen(v));
    if (k < 0) {
        char fmt[64];
        snprintf(fmt, sizeof fmt, "unknown %s='%%s'", attr);
        return spec_map_fail(b, NULL, fmt, v);
    }
    *out = (uint8_t)k;
    return true;
}

static bool spec_map_overload_item(spec_map_build *b, const char *p, size_t len, dxil_map_overload *o)
{
    int64_t v;
    char tmp[64];
    snprintf(tmp, sizeof tmp, "%.*s", (int)(len < 63 ? len : 63), p);
    if (strcmp(tmp, "result") == 0) {
        o->kind = DXIL_MAP_OV_RESULT;
        return true;
    }
    if (strncmp(tmp, "operand:", 8) == 0 && spec_parse_int(tmp + 8, &v) && v >= 1 &&
        v < b->op->n_params) {
        o->kind = DXIL_MAP_OV_OPERAND;
        o->operand = (uint8_t)v;
        return true;
    }
    int t = strncmp(tmp, "type:", 5) == 0 ? dxil_type_code_from_name(tmp + 5, strlen(tmp + 5)) : -1;
    if (t >= 0) {
        o->kind = DXIL_MAP_OV_FIXED;
        o->type = (uint8_t)t;
        return true;
    }
    return spec_map_fail(b, NULL, "bad overload= item '%s' (want result, operand:N or type:CODE)", tmp);
}

static bool spec_map_overloads(spec_map_build *b)
{
    const char *v = spec_attr(b->c, b->n, "overload");
    for (const char *p = v; p && *p;) {
        size_t len = strcspn(p, ",");
        if (b->m->n_overloads == DXIL_MAX_MAP_OVERLOADS)
            return spec_map_fail(b, NULL, "more than 4 overload= items%s", "");
        if (!spec_map_overload_item(b, p, len, &b->m->overloads[b->m->n_overloads++]))
            return false;
        p += len + (p[len] == ',');
    }
    return true;
}

static bool spec_map_versions(spec_map_build *b)
{
    bool ok = spec_version_attr(b->c, b->n, "dxil-from", false, &b->m->dxil_from);
    ok &= spec_version_attr(b->c, b->n, "dxil-before", false, &b->m->dxil_before);
    const char *only = spec_attr(b->c, b->n, "only-overloads");
    for (const char *p = only; ok && p && *p; p++) {
        int k = dxil_scalar_kind_from_letter(*p);
        if (k <= 0 || k >= DXIL_SCALAR_UDT)
            return spec_map_fail(b, NULL, "bad only-overloads= letters '%s'", only);
        b->m->only_scalars |= DXIL_SCALAR_BIT(k);
    }
    return ok;
}

static bool spec_map_operand(spec_map_build *b, const xmlNode *ch, dxil_map_operand *o)
{
    int64_t idx, v;
    const char *si = spec_attr(b->c, ch, "index");
    const char *sa = spec_attr(b->c, ch, "arg");
    const char *sc = spec_attr(b->c, ch, "const");
    if (!spec_parse_int(si, &idx) || idx < 1 || idx >= b->op->n_params)
        return spec_map_fail(b, ch, "<operand index='%s'> is not an operand of the op", si ? si : "");
    o->operand = (uint8_t)idx;
    if (sa) {
        if (!spec_parse_int(sa, &v) || v < 0 || v > 63)
            return spec_map_fail(b, ch, "bad arg='%s'", sa);
        o->source = DXIL_MAP_FROM_ARG;
        o->arg = (uint8_t)v;
        return true;
    }
    if (!spec_parse_int(sc, &o->value))
        return spec_map_fail(b, ch, "bad const='%s' (want an integer)", sc ? sc : "");
    o->source = DXIL_MAP_CONST;
    return true;
}

static bool spec_map_const_arg(spec_map_build *b, const xmlNode *ch, dxil_map_const_arg *a)
{
    int64_t idx;
    const char *si = spec_attr(b->c, ch, "index");
    const char *sc = spec_attr(b->c, ch, "const");
    if (!spec_parse_int(si, &idx) || idx < 0 || idx > 63)
        return spec_map_fail(b, ch, "bad <arg index='%s'>", si ? si : "");
    a->arg = (uint8_t)idx;
    if (!spec_parse_int(sc, &a->value))
        return spec_map_fail(b, ch, "bad const='%s' (want an integer)", sc ? sc : "");
    char what[200];
    snprintf(what, sizeof what, "op '%s', map %s, constant argument", b->op->name,
             b->m->intrinsic ? b->m->intrinsic : "(custom)");
    return spec_type_attr(b->c, ch, what, &a->type);
}

static bool spec_map_children(spec_map_build *b)
{
    size_t no = spec_count_children(b->n, "operand"), na = spec_count_children(b->n, "arg");
    bool identity = !no && !na && b->m->custom == DXIL_MAP_TABLE;
    if (identity)
        no = b->op->n_params - 1u;
    dxil_map_operand *ops = spec_alloc(b->c, no * sizeof *ops);
    dxil_map_const_arg *args = spec_alloc(b->c, na * sizeof *args);
    if (!ops || !args)
        return false;
    bool ok = true;
    size_t io = 0, ia = 0;
    for (size_t i = 0; identity && i < no; i++)
        ops[i] = (dxil_map_operand){(uint8_t)(i + 1), DXIL_MAP_FROM_ARG, (uint8_t)i, 0};
    for (const xmlNode *ch = b->n->children; !identity && ch; ch = ch->next) {
        if (spec_is(ch, "operand"))
            ok &= spec_map_operand(b, ch, &ops[io++]);
        else if (spec_is(ch, "arg"))
            ok &= spec_map_const_arg(b, ch, &args[ia++]);
    }
    b->m->operands = ops;
    b->m->n_operands = (uint8_t)no;
    b->m->const_args = args;
    b->m->n_const_args = (uint8_t)na;
    return ok;
}

/* Every intrinsic argument is named at most once; table maps name all of
 * them and every dx.op operand exactly once. */
static bool spec_map_coverage(spec_map_build *b)
{
    dxil_intrinsic_map *m = b->m;
    unsigned args[64] = {0}, opers[256] = {0}, nargs = 0;
    for (size_t i = 0; i < m->n_operands; i++) {
        if (opers[m->operands[i].operand]++)
            return spec_map_fail(b, NULL, "operand %s is mapped twice", b->op->params[m->operands[i].operand].name);
        if (m->operands[i].source == DXIL_MAP_FROM_ARG) {
            args[m->operands[i].arg]++;
            nargs = m->operands[i].arg + 1u > nargs ? m->operands[i].arg + 1u : nargs;
        }
    }
    for (size_t i = 0; i < m->n_const_args; i++) {
        args[m->const_args[i].arg]++;
        nargs = m->const_args[i].arg + 1u > nargs ? m->const_args[i].arg + 1u : nargs;
    }
    m->n_args = (uint8_t)nargs;
    for (unsigned a = 0; a < nargs; a++) {
        char num[16];
        snprintf(num, sizeof num, "%u", a);
        if (args[a] > 1)
            return spec_map_fail(b, NULL, "intrinsic argument %s is given twice", num);
        if (!args[a] && m->custom == DXIL_MAP_TABLE)
            return spec_map_fail(b, NULL, "intrinsic argument %s has no source (table maps must name every argument)", num);
    }
    for (unsigned i = 1; m->custom == DXIL_MAP_TABLE && i < b->op->n_params; i++) {
        if (!opers[i])
            return spec_map_fail(b, NULL, "table map does not say where operand '%s' goes", b->op->params[i].name);
    }
    return true;
}

static bool spec_map(spec_ctx *c, const xmlNode *n, const dxil_op_info *op, dxil_intrinsic_map *m)
{
    spec_map_build b = {c, n, op, m};
    const char *llvm22 = spec_attr(c, n, "llvm22");
    m->intrinsic = spec_attr(c, n, "intrinsic");
    m->llvm22 = llvm22 && strcmp(llvm22, "yes") == 0;
    m->note = spec_attr(c, n, "note");
    m->line = (uint32_t)spec_line(n);
    bool ok = spec_map_keyword(&b, "custom", dxil_map_custom_from_name, &m->custom);
    ok &= spec_map_keyword(&b, "result", dxil_map_result_from_name, &m->result);
    ok &= spec_map_keyword(&b, "direction", dxil_map_direction_from_name, &m->direction);
    ok = ok && spec_map_overloads(&b) && spec_map_versions(&b);
    if (ok && !m->intrinsic && (m->custom == DXIL_MAP_TABLE || m->llvm22))
        return spec_map_fail(&b, NULL, "a table map (or llvm22=\"yes\") needs intrinsic=%s", "");
    return ok && spec_map_children(&b) && spec_map_coverage(&b);
}

static bool spec_maps(spec_ctx *c, const xmlNode *n, dxil_op_info *op)
{
    size_t k = spec_count_children(n, "map");
    dxil_intrinsic_map *v = spec_alloc(c, k * sizeof *v);
    if (!v || k > 255)
        return false;
    bool ok = true;
    size_t i = 0;
    for (const xmlNode *ch = n->children; ch; ch = ch->next) {
        if (spec_is(ch, "map"))
            ok &= spec_map(c, ch, op, &v[i++]);
    }
    op->maps = v;
    op->n_maps = (uint8_t)k;
    return ok;
}

/* ---- ops --------------------------------------------------------------- */

static bool spec_op_header(spec_ctx *c, const xmlNode *n, dxil_op_info *op)
{
    op->name = spec_attr(c, n, "name");
    op->line = (uint32_t)spec_line(n);
    const char *cls = spec_attr(c, n, "class");
    const char *cat = spec_attr(c, n, "category");
    op->category = cat ? cat : "";
    if (!op->name || !cls) {
        spec_error(c, DXIL_E_SPEC, spec_line(n), "<op> needs name= and class=");
        return false;
    }
    bool ok = spec_opcode(c, n, op);
    op->cls = spec_find_class(c, cls);
    if (!op->cls) {
        spec_error(c, DXIL_E_SPEC, spec_line(n), "op '%s': unknown class '%s'", op->name, cls);
        ok = false;
    }
    ok &= spec_version_attr(c, n, "sm", true, &op->sm);
    ok &= spec_version_attr(c, n, "sm-translated", false, &op->sm_translated);
    ok &= spec_version_attr(c, n, "dxil", true, &op->dxil);
    return ok;
}

static bool spec_op_signature(spec_ctx *c, const xmlNode *n, dxil_op_info *op)
{
    const xmlNode *sig = spec_child(n, "signature");
    if (!sig) {
        op->result = op->cls->result;
        op->params = op->cls->params;
        op->n_params = op->cls->n_params;
        return true;
    }
    char owner[160];
    snprintf(owner, sizeof owner, "op '%s'", op->name);
    return spec_signature(c, sig, owner, &op->result, &op->params, &op->n_params);
}

static dxil_op_info *spec_op(spec_ctx *c, const xmlNode *n)
{
    dxil_op_info *op = spec_alloc(c, sizeof *op);
    if (!op || !spec_op_header(c, n, op))
        return NULL;
    bool ok = spec_flags(c, n, op);
    ok &= spec_desc(c, n, op);
    if (!spec_op_signature(c, n, op))
        return NULL;
    ok &= spec_overloads(c, n, op);
    ok &= spec_stages(c, n, op);
    ok &= spec_attributes(c, n, op);
    ok &= spec_maps(c, n, op);
    return ok ? op : NULL;
}

static int spec_cmp_op_opcode(const void *a, const void *b)
{
    const dxil_op_info *x = *(const dxil_op_info *const *)a, *y = *(const dxil_op_info *const *)b;
    if (x->opcode != y->opcode)
        return x->opcode < y->opcode ? -1 : 1;
    return (x->line > y->line) - (x->line < y->line);
}

static int spec_cmp_op_name_line(const void *a, const void *b)
{
    int r = dxil_optable_cmp_op_name(a, b);
    if (r)
        return r;
    const dxil_op_info *x = *(const dxil_op_info *const *)a, *y = *(const dxil_op_info *const *)b;
    return (x->line > y->line) - (x->line < y->line);
}

static void spec_check_ops(spec_ctx *c)
{
    size_t n = c->spec->n_ops;
    dxil_op_info **v = malloc((n + 1) * sizeof *v);
    if (!v)
        return;
    if (n)
        memcpy(v, c->spec->ops, n * sizeof *v);
    qsort(v, n, sizeof *v, spec_cmp_op_opcode);
    for (size_t i = 1; i < n; i++) {
        if (v[i]->opcode == v[i - 1]->opcode)
            spec_error(c, DXIL_E_SPEC_CONFLICT, v[i]->line,
                       "duplicate opcode 0x%08X: op '%s' reuses the opcode of '%s' (line %u)",
                       (unsigned)v[i]->opcode, v[i]->name, v[i - 1]->name, v[i - 1]->line);
    }
    qsort(v, n, sizeof *v, spec_cmp_op_name_line);
    for (size_t i = 1; i < n; i++) {
        if (strcmp(v[i]->name, v[i - 1]->name) == 0)
            spec_error(c, DXIL_E_SPEC_CONFLICT, v[i]->line, "duplicate op name '%s' (first defined at line %u)",
                       v[i]->name, v[i - 1]->line);
    }
    free(v);
}

static bool spec_push_op(spec_ctx *c, dxil_op_info *op)
{
    dxil_spec *s = c->spec;
    if (s->n_ops == c->cap_ops) {
        size_t cap = c->cap_ops ? c->cap_ops * 2 : 512;
        dxil_op_info **v = realloc(s->ops, cap * sizeof *v);
        if (!v)
            return false;
        s->ops = v;
        c->cap_ops = cap;
    }
    s->ops[s->n_ops++] = op;
    return true;
}

static void spec_walk(spec_ctx *c, const xmlNode *root)
{
    const char *fmt = spec_attr(c, root, "format");
    if (strcmp((const char *)root->name, "dxil-ops") != 0 || !fmt || strcmp(fmt, "1") != 0) {
        spec_error(c, DXIL_E_SPEC, spec_line(root), "the root element must be <dxil-ops format=\"1\">");
        return;
    }
    const xmlNode *classes = spec_child(root, "classes"), *ops = spec_child(root, "ops");
    const xmlNode *types = spec_child(root, "types");
    if (types)
        c->errors += dxil_spec_read_types(c->spec, types, c->diags);
    size_t nc = classes ? spec_count_children(classes, "class") : 0;
    c->spec->classes = spec_alloc(c, (nc + 1) * sizeof *c->spec->classes);
    for (const xmlNode *ch = classes ? classes->children : NULL; c->spec->classes && ch; ch = ch->next) {
        dxil_op_class *cls = spec_is(ch, "class") ? spec_class(c, ch) : NULL;
        if (cls)
            c->spec->classes[c->spec->n_classes++] = cls;
    }
    spec_check_classes(c);
    for (const xmlNode *ch = ops ? ops->children : NULL; ch; ch = ch->next) {
        dxil_op_info *op = spec_is(ch, "op") ? spec_op(c, ch) : NULL;
        if (op && !spec_push_op(c, op))
            spec_error(c, DXIL_E_SPEC, spec_line(ch), "out of memory");
    }
    spec_check_ops(c);
}

/* ---- entry points -------------------------------------------------------- */

/* Reads a whole file; NULL (with a DXIL_E_IO error) when it cannot. */
static void *spec_read_file(spec_ctx *c, const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t n = 0, cap = 0, got = 1;
    while (f && got) {
        if (n == cap) {
            char *bigger = realloc(buf, cap = cap ? cap * 2 : 65536);
            if (!bigger)
                break;
            buf = bigger;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
    }
    bool ok = f && got == 0 && !ferror(f);
    int err = errno;
    if (f)
        fclose(f);
    if (!ok) {
        free(buf);
        dxil_diags_add(c->diags, DXIL_SEV_ERROR, DXIL_E_IO, DXIL_LOC_NONE, 0, "cannot read %s: %s", path,
                       strerror(err));
        c->errors++;
        return NULL;
    }
    *len = n;
    return buf;
}

dxil_spec *dxil_spec_read(const char *path, const void *buf, size_t len, const char *name,
                          const dxil_spec_options *opt, dxil_diags *diags)
{
    dxil_spec *spec = calloc(1, sizeof *spec);
    if (spec)
        spec->arena = calloc(1, sizeof *spec->arena);
    if (!spec || !spec->arena) {
        dxil_spec_free(spec);
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_SPEC, DXIL_LOC_NONE, 0, "out of memory");
        return NULL;
    }
    spec_ctx c = {spec, diags, opt, 0, false, 0, NULL};
    void *owned = path ? spec_read_file(&c, path, &len) : NULL;
    const void *text = path ? owned : buf;
    xmlDocPtr doc = text ? spec_parse_xml(&c, text, len, path ? path : name) : NULL;
    free(owned);
    if (doc && spec_validate(&c, doc))
        spec_walk(&c, xmlDocGetRootElement(doc));
    if (doc)
        xmlFreeDoc(doc);
    if (c.errors) {
        dxil_spec_free(spec);
        return NULL;
    }
    return spec;
}

void dxil_spec_free(dxil_spec *spec)
{
    if (!spec)
        return;
    free(spec->ops);
    spec_arena_free(spec->arena);
    free(spec);
}

void *dxil_spec_alloc(dxil_spec *spec, size_t size)
{
    return spec_arena_alloc(spec->arena, size ? size : 1);
}
