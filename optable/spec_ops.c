/* spec_ops.c - the third pass of the op spec reader: walks <classes>
 * and <ops> and checks their values (signatures, type codes, versions,
 * flags, overload letters, stages, attributes, duplicates and order);
 * each op's <map> children go to spec_maps.c. */
#include "spec_ops.h"
#include "spec_maps.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- signatures -------------------------------------------------------------- */

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
    int r = optable_cmp_class_name(a, b);
    if (r)
        return r;
    const dxil_op_class *x = *(const dxil_op_class *const *)a, *y = *(const dxil_op_class *const *)b;
    return (x->line > y->line) - (x->line < y->line);
}

static int spec_cmp_class_fn_line(const void *a, const void *b)
{
    int r = optable_cmp_class_fn(a, b);
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
                                      sizeof *c->sorted_classes, optable_cmp_class_name);
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
        int bit = op_flag_from_name(p, len);
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
    if (!s->letters || !overload_letters_parse(s->letters, s, why, sizeof why)) {
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
        int bit = len ? op_attr_from_name(p, len) : -1;
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
    int r = optable_cmp_op_name(a, b);
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
    spec_doc *s = c->spec;
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

void spec_walk(spec_ctx *c, const xmlNode *root)
{
    const char *fmt = spec_attr(c, root, "format");
    if (strcmp((const char *)root->name, "dxil-ops") != 0 || !fmt || strcmp(fmt, "1") != 0) {
        spec_error(c, DXIL_E_SPEC, spec_line(root), "the root element must be <dxil-ops format=\"1\">");
        return;
    }
    const xmlNode *classes = spec_child(root, "classes"), *ops = spec_child(root, "ops");
    const xmlNode *types = spec_child(root, "types");
    if (types)
        c->errors += spec_read_types(c->spec, types, c->diags);
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

