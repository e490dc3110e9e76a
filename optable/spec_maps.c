/* spec_maps.c - an op's <map> children in the op spec: the LLVM
 * intrinsic each op raises to and lowers from, its versions, overloads,
 * operands and constant arguments, and that the maps together cover the
 * op. */
#include "spec_maps.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
        int k = scalar_kind_from_letter(*p);
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
    bool ok = spec_map_keyword(&b, "custom", map_custom_from_name, &m->custom);
    ok &= spec_map_keyword(&b, "result", map_result_from_name, &m->result);
    ok &= spec_map_keyword(&b, "direction", map_direction_from_name, &m->direction);
    ok = ok && spec_map_overloads(&b) && spec_map_versions(&b);
    if (ok && !m->intrinsic && (m->custom == DXIL_MAP_TABLE || m->llvm22))
        return spec_map_fail(&b, NULL, "a table map (or llvm22=\"yes\") needs intrinsic=%s", "");
    return ok && spec_map_children(&b) && spec_map_coverage(&b);
}

bool spec_maps(spec_ctx *c, const xmlNode *n, dxil_op_info *op)
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

