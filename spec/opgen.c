/* opgen.c - dxil-opgen: validates spec/dxil-ops.xml and writes the op
 * table as static const C data (dxil_optable_gen.c / dxil_optable_gen.h).
 *
 *   dxil-opgen --spec dxil-ops.xml --schema dxil-ops.rng
 *              [--out-c dxil_optable_gen.c --out-h dxil_optable_gen.h]
 *
 * Without --out-* it only checks the spec. Errors are printed as
 * "file:line: error: message [DXIL4xxx]"; exit 0 ok, 1 bad spec, 2 usage.
 * The XML reading is optable/spec_reader.c, the same code the library uses
 * for run-time overlays.
 */
#include "optable/spec_reader.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>

typedef struct gen_args {
    const char *spec, *schema, *out_c, *out_h;
} gen_args;

typedef struct gen_ctx {
    FILE *f;
    const spec_doc *spec;
    dxil_op_info **ops;      /* sorted by opcode */
    size_t n_ops;
    uint32_t slots[DXIL_OPTABLE_PARTS];
} gen_ctx;

/* ---- small output helpers ----------------------------------------------- */

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void gen_printf(gen_ctx *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(g->f, fmt, ap);
    va_end(ap);
}

/* Writes s as a C string literal, or NULL. */
static void gen_str(gen_ctx *g, const char *s)
{
    if (!s) {
        fputs("NULL", g->f);
        return;
    }
    fputc('"', g->f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(g->f, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", g->f);
        else if (*p < 0x20 || *p >= 0x7F || *p == '?')
            fprintf(g->f, "\\%03o", *p);
        else
            fputc(*p, g->f);
    }
    fputc('"', g->f);
}

static size_t gen_op_index(const gen_ctx *g, const dxil_op_info *op)
{
    for (size_t i = 0; i < g->n_ops; i++) {
        if (g->ops[i] == op)
            return i;
    }
    return 0;
}

static size_t gen_class_index(const gen_ctx *g, const dxil_op_class *cls)
{
    for (size_t i = 0; i < g->spec->n_classes; i++) {
        if (g->spec->classes[i] == cls)
            return i;
    }
    return 0;
}

/* ---- parameters and classes -------------------------------------------- */

static void gen_param(gen_ctx *g, const dxil_op_param *p)
{
    gen_printf(g, "{");
    gen_str(g, p->name);
    gen_printf(g, ", %u /* %s */, %u, ", (unsigned)p->type, dxil_type_code_name(p->type),
               (unsigned)p->is_const);
    gen_str(g, p->enum_name);
    gen_printf(g, ", %ld}", (long)p->max_value);
}

static void gen_param_array(gen_ctx *g, const char *name, const dxil_op_param *ps, size_t n)
{
    gen_printf(g, "static const dxil_op_param %s[%zu] = {\n", name, n);
    for (size_t i = 0; i < n; i++) {
        gen_printf(g, "    ");
        gen_param(g, &ps[i]);
        gen_printf(g, ",\n");
    }
    gen_printf(g, "};\n");
}

static void gen_classes(gen_ctx *g)
{
    const spec_doc *s = g->spec;
    for (size_t i = 0; i < s->n_classes; i++) {
        char name[48];
        snprintf(name, sizeof name, "gen_cp%zu", i);
        gen_param_array(g, name, s->classes[i]->params, s->classes[i]->n_params);
    }
    gen_printf(g, "\nstatic const dxil_op_class gen_classes[%zu] = {\n", s->n_classes ? s->n_classes : 1);
    for (size_t i = 0; i < s->n_classes; i++) {
        const dxil_op_class *c = s->classes[i];
        gen_printf(g, "    {");
        gen_str(g, c->name);
        gen_printf(g, ", ");
        gen_str(g, c->fn);
        gen_printf(g, ", ");
        gen_param(g, &c->result);
        gen_printf(g, ", %u, gen_cp%zu, %u},\n", (unsigned)c->n_params, i, (unsigned)c->line);
    }
    gen_printf(g, "};\n\n");
}

/* ---- per-op arrays ---------------------------------------------------- */

static void gen_overloads(gen_ctx *g, size_t i, const dxil_op_info *op)
{
    gen_printf(g, "static const dxil_overload_set gen_ov%zu[%u] = {\n", i, (unsigned)op->n_overloads);
    for (size_t k = 0; k < op->n_overloads; k++) {
        const dxil_overload_set *s = &op->overloads[k];
        gen_printf(g, "    {0x%X, ", (unsigned)s->dxil);
        gen_str(g, s->letters);
        gen_printf(g, ", %u, {", (unsigned)s->ndims);
        for (size_t d = 0; d < DXIL_MAX_OVERLOAD_DIMS; d++)
            gen_printf(g, "{0x%X, 0x%X}%s", (unsigned)s->dims[d].scalars, (unsigned)s->dims[d].vectors,
                       d + 1 < DXIL_MAX_OVERLOAD_DIMS ? ", " : "");
        gen_printf(g, "}},\n");
    }
    gen_printf(g, "};\n");
}

static void gen_stages(gen_ctx *g, size_t i, const dxil_op_info *op)
{
    if (!op->n_stages)
        return;
    gen_printf(g, "static const dxil_stage_set gen_st%zu[%u] = {\n", i, (unsigned)op->n_stages);
    for (size_t k = 0; k < op->n_stages; k++) {
        const dxil_stage_set *s = &op->stages[k];
        gen_printf(g, "    {0x%X, %u, 0x%X, ", (unsigned)s->dxil, (unsigned)s->kind, (unsigned)s->mask);
        gen_str(g, s->list);
        gen_printf(g, "},\n");
    }
    gen_printf(g, "};\n");
}

static void gen_attrs(gen_ctx *g, size_t i, const dxil_op_info *op)
{
    if (!op->n_attrs)
        return;
    gen_printf(g, "static const dxil_attr_set gen_at%zu[%u] = {", i, (unsigned)op->n_attrs);
    for (size_t k = 0; k < op->n_attrs; k++)
        gen_printf(g, "{0x%X, 0x%X}, ", (unsigned)op->attrs[k].dxil, (unsigned)op->attrs[k].attrs);
    gen_printf(g, "};\n");
}

static void gen_map_parts(gen_ctx *g, size_t i, size_t k, const dxil_intrinsic_map *m)
{
    if (m->n_operands) {
        gen_printf(g, "static const dxil_map_operand gen_mo%zu_%zu[%u] = {", i, k, (unsigned)m->n_operands);
        for (size_t j = 0; j < m->n_operands; j++) {
            const dxil_map_operand *o = &m->operands[j];
            gen_printf(g, "{%u, %u, %u, %lld}, ", (unsigned)o->operand, (unsigned)o->source,
                       (unsigned)o->arg, (long long)o->value);
        }
        gen_printf(g, "};\n");
    }
    if (m->n_const_args) {
        gen_printf(g, "static const dxil_map_const_arg gen_ma%zu_%zu[%u] = {", i, k, (unsigned)m->n_const_args);
        for (size_t j = 0; j < m->n_const_args; j++) {
            const dxil_map_const_arg *a = &m->const_args[j];
            gen_printf(g, "{%u, %u, %lld}, ", (unsigned)a->arg, (unsigned)a->type, (long long)a->value);
        }
        gen_printf(g, "};\n");
    }
}

static void gen_map(gen_ctx *g, size_t i, size_t k, const dxil_intrinsic_map *m)
{
    gen_printf(g, "    {");
    gen_str(g, m->intrinsic);
    gen_printf(g, ", %u, %u, %u, %u, 0x%X, 0x%X, 0x%X, %u, {", (unsigned)m->llvm22, (unsigned)m->custom,
               (unsigned)m->result, (unsigned)m->direction, (unsigned)m->dxil_from,
               (unsigned)m->dxil_before, (unsigned)m->only_scalars, (unsigned)m->n_overloads);
    for (size_t j = 0; j < DXIL_MAX_MAP_OVERLOADS; j++)
        gen_printf(g, "{%u, %u, %u}%s", (unsigned)m->overloads[j].kind, (unsigned)m->overloads[j].operand,
                   (unsigned)m->overloads[j].type, j + 1 < DXIL_MAX_MAP_OVERLOADS ? ", " : "");
    gen_printf(g, "}, %u, ", (unsigned)m->n_operands);
    if (m->n_operands)
        gen_printf(g, "gen_mo%zu_%zu", i, k);
    else
        gen_printf(g, "NULL");
    gen_printf(g, ", %u, ", (unsigned)m->n_const_args);
    if (m->n_const_args)
        gen_printf(g, "gen_ma%zu_%zu", i, k);
    else
        gen_printf(g, "NULL");
    gen_printf(g, ", %u, ", (unsigned)m->n_args);
    gen_str(g, m->note);
    gen_printf(g, ", %u},\n", (unsigned)m->line);
}

static void gen_maps(gen_ctx *g, size_t i, const dxil_op_info *op)
{
    if (!op->n_maps)
        return;
    for (size_t k = 0; k < op->n_maps; k++)
        gen_map_parts(g, i, k, &op->maps[k]);
    gen_printf(g, "static const dxil_intrinsic_map gen_mp%zu[%u] = {\n", i, (unsigned)op->n_maps);
    for (size_t k = 0; k < op->n_maps; k++)
        gen_map(g, i, k, &op->maps[k]);
    gen_printf(g, "};\n");
}

static void gen_op_arrays(gen_ctx *g)
{
    for (size_t i = 0; i < g->n_ops; i++) {
        const dxil_op_info *op = g->ops[i];
        gen_printf(g, "/* %s */\n", op->name);
        if (op->params != op->cls->params) {
            char name[48];
            snprintf(name, sizeof name, "gen_op%zu_params", i);
            gen_param_array(g, name, op->params, op->n_params);
        }
        gen_overloads(g, i, op);
        gen_stages(g, i, op);
        gen_attrs(g, i, op);
        gen_maps(g, i, op);
    }
}

/* ---- the op records and indexes ----------------------------------------- */

static void gen_array_ref(gen_ctx *g, const char *prefix, size_t i, size_t n)
{
    if (n)
        gen_printf(g, "%u, %s%zu, ", (unsigned)n, prefix, i);
    else
        gen_printf(g, "0, NULL, ");
}

static void gen_op_record(gen_ctx *g, size_t i, const dxil_op_info *op)
{
    gen_printf(g, "    {0x%08X, ", (unsigned)op->opcode);
    gen_str(g, op->name);
    gen_printf(g, ", &gen_classes[%zu], ", gen_class_index(g, op->cls));
    gen_str(g, op->category);
    gen_printf(g, ",\n     ");
    gen_str(g, op->description);
    gen_printf(g, ",\n     0x%X, 0x%X, 0x%X, 0x%X, ", (unsigned)op->dxil, (unsigned)op->sm,
               (unsigned)op->sm_translated, (unsigned)op->flags);
    gen_param(g, &op->result);
    if (op->params != op->cls->params)
        gen_printf(g, ", %u, gen_op%zu_params,\n     ", (unsigned)op->n_params, i);
    else
        gen_printf(g, ", %u, gen_cp%zu,\n     ", (unsigned)op->n_params, gen_class_index(g, op->cls));
    gen_array_ref(g, "gen_ov", i, op->n_overloads);
    gen_array_ref(g, "gen_st", i, op->n_stages);
    gen_array_ref(g, "gen_at", i, op->n_attrs);
    gen_array_ref(g, "gen_mp", i, op->n_maps);
    gen_printf(g, "%u},\n", (unsigned)op->line);
}

static void gen_slots(gen_ctx *g, int part)
{
    uint32_t n = g->slots[part];
    if (!n)
        return;
    gen_printf(g, "static const dxil_op_info *const gen_slots%d[%u] = {\n", part, (unsigned)n);
    size_t k = 0;
    uint32_t tid = optable_part_id(part);
    for (uint32_t idx = 0; idx < n; idx++) {
        while (k < g->n_ops && g->ops[k]->opcode < DXIL_OPCODE(tid, idx))
            k++;
        if (k < g->n_ops && g->ops[k]->opcode == DXIL_OPCODE(tid, idx))
            gen_printf(g, "    &gen_ops[%zu],\n", k);
        else
            gen_printf(g, "    NULL,\n");
    }
    gen_printf(g, "};\n");
}

static void gen_op_lists(gen_ctx *g)
{
    size_t n = g->n_ops;
    gen_printf(g, "static const dxil_op_info *const gen_ops_ptrs[%zu] = {\n", n ? n : 1);
    for (size_t i = 0; i < n; i++)
        gen_printf(g, "    &gen_ops[%zu],\n", i);
    gen_printf(g, "};\n");
    dxil_op_info **by = malloc((n + 1) * sizeof *by);
    if (!by)
        return;
    if (n)
        memcpy(by, g->ops, n * sizeof *by);
    qsort(by, n, sizeof *by, optable_cmp_op_name);
    gen_printf(g, "static const dxil_op_info *const gen_ops_by_name[%zu] = {\n", n ? n : 1);
    for (size_t i = 0; i < n; i++)
        gen_printf(g, "    &gen_ops[%zu], /* %s */\n", gen_op_index(g, by[i]), by[i]->name);
    gen_printf(g, "};\n");
    free(by);
}

static void gen_class_lists(gen_ctx *g)
{
    size_t n = g->spec->n_classes;
    dxil_op_class **by = malloc((n + 1) * sizeof *by);
    if (!by)
        return;
    const char *names[2] = {"gen_classes_by_name", "gen_classes_by_fn"};
    int (*cmp[2])(const void *, const void *) = {optable_cmp_class_name, optable_cmp_class_fn};
    for (int pass = 0; pass < 2; pass++) {
        if (n)
            memcpy(by, g->spec->classes, n * sizeof *by);
        qsort(by, n, sizeof *by, cmp[pass]);
        gen_printf(g, "static const dxil_op_class *const %s[%zu] = {\n", names[pass], n ? n : 1);
        for (size_t i = 0; i < n; i++)
            gen_printf(g, "    &gen_classes[%zu],\n", gen_class_index(g, by[i]));
        gen_printf(g, "};\n");
    }
    free(by);
}

static size_t gen_refs(gen_ctx *g)
{
    size_t n = 0;
    for (size_t i = 0; i < g->n_ops; i++) {
        for (size_t k = 0; k < g->ops[i]->n_maps; k++)
            n += g->ops[i]->maps[k].intrinsic != NULL;
    }
    dxil_intrinsic_ref *refs = malloc((n + 1) * sizeof *refs);
    if (!refs)
        return 0;
    size_t j = 0;
    for (size_t i = 0; i < g->n_ops; i++) {
        for (size_t k = 0; k < g->ops[i]->n_maps; k++) {
            const dxil_intrinsic_map *m = &g->ops[i]->maps[k];
            if (m->intrinsic)
                refs[j++] = (dxil_intrinsic_ref){m->intrinsic, g->ops[i], m};
        }
    }
    qsort(refs, n, sizeof *refs, optable_cmp_ref);
    gen_printf(g, "static const dxil_intrinsic_ref gen_refs[%zu] = {\n", n ? n : 1);
    for (size_t r = 0; r < n; r++) {
        size_t i = gen_op_index(g, refs[r].op);
        gen_printf(g, "    {");
        gen_str(g, refs[r].intrinsic);
        gen_printf(g, ", &gen_ops[%zu], &gen_mp%zu[%zu]},\n", i, i, (size_t)(refs[r].map - refs[r].op->maps));
    }
    gen_printf(g, "};\n");
    free(refs);
    return n;
}

static void gen_table(gen_ctx *g, size_t n_refs)
{
    gen_printf(g, "\nconst dxil_optable optable_builtin_table = {\n");
    gen_printf(g, "    {%u, %u},\n", (unsigned)g->slots[0], (unsigned)g->slots[1]);
    gen_printf(g, "    {%s, %s},\n", g->slots[0] ? "gen_slots0" : "NULL", g->slots[1] ? "gen_slots1" : "NULL");
    gen_printf(g, "    %zu, gen_ops_ptrs, gen_ops_by_name,\n", g->n_ops);
    gen_printf(g, "    %zu, gen_classes_by_name, gen_classes_by_fn,\n", g->spec->n_classes);
    gen_printf(g, "    %zu, gen_refs,\n    NULL,\n};\n", n_refs);
}

static bool gen_schema(gen_ctx *g, const char *text, size_t len)
{
    gen_printf(g, "\nconst char optable_schema_rng[] =\n    \"");
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)text[i];
        if (ch == '\n')
            gen_printf(g, "\\n\"\n    \"");
        else if (ch == '"' || ch == '\\')
            gen_printf(g, "\\%c", ch);
        else if (ch < 0x20 || ch >= 0x7F || ch == '?')
            gen_printf(g, "\\%03o", ch);
        else
            fputc(ch, g->f);
    }
    gen_printf(g, "\";\nconst size_t optable_schema_rng_len = %zu;\n", len);
    return true;
}

/* type_descs[]: the <types> section, indexed by type code. */
static void gen_types(gen_ctx *g)
{
    gen_printf(g, "\nconst type_desc type_descs[DXIL_TY_COUNT] = {\n");
    for (unsigned code = 0; code < DXIL_TY_COUNT; code++) {
        const type_desc *d = &g->spec->types[code];
        gen_printf(g, "    /* %s */ {%u, %u, %u, {", dxil_type_code_name(code), (unsigned)d->form,
                   (unsigned)d->scalar, (unsigned)d->count);
        for (unsigned i = 0; i < DXIL_TYPE_MAX_FIELDS; i++)
            gen_printf(g, "%u%s", (unsigned)d->fields[i], i + 1 < DXIL_TYPE_MAX_FIELDS ? ", " : "");
        gen_printf(g, "}, ");
        gen_str(g, d->name);
        gen_printf(g, ", %u},\n", (unsigned)d->line);
    }
    gen_printf(g, "};\n");
}

static void gen_source(gen_ctx *g, const gen_args *a, const char *schema, size_t schema_len)
{
    gen_printf(g, "/* Generated by dxil-opgen from %s. Do not edit: change spec/dxil-ops.xml. */\n", a->spec);
    gen_printf(g, "#include \"dxil_optable_gen.h\"\n#include \"optable/optable_internal.h\"\n\n");
    gen_classes(g);
    gen_op_arrays(g);
    gen_printf(g, "\nstatic const dxil_op_info gen_ops[%zu] = {\n", g->n_ops ? g->n_ops : 1);
    for (size_t i = 0; i < g->n_ops; i++)
        gen_op_record(g, i, g->ops[i]);
    gen_printf(g, "};\n\n");
    gen_slots(g, 0);
    gen_slots(g, 1);
    gen_op_lists(g);
    gen_class_lists(g);
    size_t n_refs = gen_refs(g);
    gen_table(g, n_refs);
    gen_types(g);
    gen_schema(g, schema, schema_len);
}

/* DXIL_OP_<Name>: the one place code outside the spec gets an opcode
 * from (macros, since experimental opcodes do not fit an int enum). */
static void gen_opcode_names(gen_ctx *g)
{
    gen_printf(g, "/* Opcodes by DXC op name: (table id << 16) | index. */\n");
    for (size_t i = 0; i < g->n_ops; i++) {
        const dxil_op_info *op = g->ops[i];
        gen_printf(g, "#define DXIL_OP_%s 0x%08Xu /* %s %u */\n", op->name, (unsigned)op->opcode,
                   DXIL_OPCODE_TABLE(op->opcode) == DXIL_OPTABLE_EXPERIMENTAL ? "experimental" : "core",
                   (unsigned)DXIL_OPCODE_INDEX(op->opcode));
    }
    gen_printf(g, "\n");
}

static void gen_header(gen_ctx *g)
{
    gen_printf(g, "/* Generated by dxil-opgen. Do not edit. */\n");
    gen_printf(g, "#ifndef DXIL_OPTABLE_GEN_H\n#define DXIL_OPTABLE_GEN_H\n\n");
    gen_printf(g, "#include \"dxil-upgrade/dxil_optable.h\"\n\n");
    gen_printf(g, "#define DXIL_OPTABLE_GEN_OPS %zuu\n", g->n_ops);
    gen_printf(g, "#define DXIL_OPTABLE_GEN_CLASSES %zuu\n", g->spec->n_classes);
    gen_printf(g, "#define DXIL_OPTABLE_GEN_CORE_SLOTS %uu\n", (unsigned)g->slots[0]);
    gen_printf(g, "#define DXIL_OPTABLE_GEN_EXPERIMENTAL_SLOTS %uu\n\n", (unsigned)g->slots[1]);
    gen_opcode_names(g);
    gen_printf(g, "extern const struct dxil_optable optable_builtin_table;\n");

    gen_printf(g, "/* spec/dxil-ops.rng, for validating overlays at run time. */\n");
    gen_printf(g, "extern const char optable_schema_rng[];\n");
    gen_printf(g, "extern const size_t optable_schema_rng_len;\n\n#endif\n");
}

/* ---- driver ---------------------------------------------------------------- */

static int gen_cmp_opcode(const void *a, const void *b)
{
    const dxil_op_info *x = *(const dxil_op_info *const *)a, *y = *(const dxil_op_info *const *)b;
    return (x->opcode > y->opcode) - (x->opcode < y->opcode);
}

static char *gen_read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf) {
        buf[n] = '\0';
        *len = (size_t)n;
    }
    return buf;
}

/* Writes through a temporary file so a failed run leaves no half file. */
static bool gen_write(const char *path, gen_ctx *g, void (*body)(gen_ctx *, const void *), const void *arg)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    g->f = fopen(tmp, "w");
    if (!g->f) {
        fprintf(stderr, "dxil-opgen: cannot write %s\n", tmp);
        return false;
    }
    body(g, arg);
    bool ok = !ferror(g->f);
    ok &= fclose(g->f) == 0;
    if (ok && rename(tmp, path) != 0)
        ok = false;
    if (!ok)
        fprintf(stderr, "dxil-opgen: cannot write %s\n", path);
    return ok;
}

typedef struct gen_source_arg {
    const gen_args *a;
    const char *schema;
    size_t schema_len;
} gen_source_arg;

static void gen_source_body(gen_ctx *g, const void *arg)
{
    const gen_source_arg *s = arg;
    gen_source(g, s->a, s->schema, s->schema_len);
}

static void gen_header_body(gen_ctx *g, const void *arg)
{
    (void)arg;
    gen_header(g);
}

static void gen_count_slots(gen_ctx *g)
{
    for (size_t i = 0; i < g->n_ops; i++) {
        int part = optable_part_of(DXIL_OPCODE_TABLE(g->ops[i]->opcode));
        uint32_t idx = DXIL_OPCODE_INDEX(g->ops[i]->opcode) + 1;
        if (part >= 0 && idx > g->slots[part])
            g->slots[part] = idx;
    }
}

static int gen_usage(void)
{
    fprintf(stderr, "usage: dxil-opgen --spec FILE.xml --schema FILE.rng [--out-c FILE.c --out-h FILE.h]\n");
    return 2;
}

static bool gen_parse_args(int argc, char **argv, gen_args *a)
{
    const char *keys[] = {"--spec", "--schema", "--out-c", "--out-h"};
    const char **vals[] = {&a->spec, &a->schema, &a->out_c, &a->out_h};
    for (int i = 1; i < argc; i++) {
        size_t k = 0;
        while (k < 4 && strcmp(argv[i], keys[k]) != 0)
            k++;
        if (k == 4 || i + 1 >= argc)
            return false;
        *vals[k] = argv[++i];
    }
    return a->spec && a->schema && !a->out_c == !a->out_h;
}

static int gen_generate(const gen_args *a, const spec_doc *spec, const char *schema, size_t schema_len)
{
    gen_ctx g = {NULL, spec, NULL, spec->n_ops, {0, 0}};
    g.ops = malloc((spec->n_ops + 1) * sizeof *g.ops);
    if (!g.ops)
        return 1;
    if (spec->n_ops)
        memcpy(g.ops, spec->ops, spec->n_ops * sizeof *g.ops);
    qsort(g.ops, g.n_ops, sizeof *g.ops, gen_cmp_opcode);
    gen_count_slots(&g);
    gen_source_arg sa = {a, schema, schema_len};
    bool ok = !a->out_c || (gen_write(a->out_c, &g, gen_source_body, &sa) &&
                            gen_write(a->out_h, &g, gen_header_body, NULL));
    free(g.ops);
    return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
    gen_args a = {0};
    if (!gen_parse_args(argc, argv, &a))
        return gen_usage();
    size_t schema_len = 0;
    char *schema = gen_read_all(a.schema, &schema_len);
    if (!schema) {
        fprintf(stderr, "%s: error: cannot read the schema\n", a.schema);
        return 1;
    }
    dxil_diags *diags = dxil_diags_create();
    spec_read_options opt = {schema, schema_len, NULL, NULL};
    spec_doc *spec = spec_doc_read(a.spec, NULL, 0, a.spec, &opt, diags);
    /* The built-in spec must say what every type code is; overlays may not. */
    if (spec && spec_types_complete(spec, diags)) {
        spec_doc_free(spec);
        spec = NULL;
    }
    dxil_diags_print(diags, stderr, a.spec);
    int rc = spec ? gen_generate(&a, spec, schema, schema_len) : 1;
    spec_doc_free(spec);
    dxil_diags_destroy(diags);
    free(schema);
    xmlCleanupParser();
    return rc;
}
