/* dxil_ops.c - dxil-ops: query the DXIL op table from the command line.
 *
 *   dxil-ops 13 | Sin | 0x80000001 | dx.op.unary.f32
 *   dxil-ops --class unary
 *   dxil-ops --stage pixel --dxil 1.6
 *   dxil-ops --tsv
 *   dxil-ops --overlay vendor.xml ...
 *
 * Exit status: 0 success, 1 nothing found or a bad overlay, 2 usage.
 */
#include "cli_common.h"
#include "dxil-upgrade/dxil_optable.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define OPS_MAX_OVERLAYS 8

static const char ops_tool[] = "dxil-ops";

typedef struct ops_args {
    const char *query;
    const char *cls;
    const char *stage;
    const char *dxil;
    const char *overlays[OPS_MAX_OVERLAYS];
    int n_overlays;
    int tsv;
    int help;
} ops_args;

static const char ops_usage_text[] =
    "usage: dxil-ops [--overlay FILE.xml]... QUERY\n"
    "       dxil-ops [--overlay FILE.xml]... --class CLASS\n"
    "       dxil-ops [--overlay FILE.xml]... [--stage STAGE] [--dxil X.Y]\n"
    "       dxil-ops [--overlay FILE.xml]... --tsv\n"
    "\n"
    "QUERY is an opcode (13, 0x80000001, -2147483647), an op name (Sin or sin;\n"
    "case does not matter) or a dx.op function name (dx.op.unary.f32); a name\n"
    "that matches nothing gets the closest one suggested. --class takes a class\n"
    "name or its dx.op part (Unary or unary). --stage/--dxil list the ops allowed in a\n"
    "stage and/or present at a DXIL version. --tsv prints one row per op:\n"
    "opcode, name, class, overloads, shader_model, stages, attribute.\n"
    "Options take --opt=value or --opt value; -h/--help, --version.\n"
    "Exit status: 0 ok, 1 not found or bad overlay, 2 usage.\n";

/* ---- formatting helpers -------------------------------------------------- */

static const char *ops_ver(dxil_version v, char *buf, size_t size)
{
    if (!v)
        return "-";
    dxil_version_format(v, buf, size);
    return buf;
}

static void ops_attr_short(uint32_t attrs, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (unsigned b = 0; b < DXIL_ATTR_COUNT; b++) {
        if (attrs & (1u << b))
            n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s", n ? "," : "", dxil_op_attr_short_name(b));
    }
}

static void ops_attr_long(uint32_t attrs, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (unsigned b = 0; b < DXIL_ATTR_COUNT; b++) {
        if (attrs & (1u << b))
            n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s", n ? "," : "", dxil_op_attr_name(b));
    }
    if (!n)
        snprintf(buf, size, "none");
}

static void ops_print_param(const dxil_op_param *p, int first)
{
    printf("%s%s%s %s", first ? "" : ", ", p->is_const ? "const " : "", dxil_type_code_name(p->type), p->name);
    if (p->enum_name)
        printf(" (%s)", p->enum_name);
}

/* ---- one op in detail ---------------------------------------------------- */

static void ops_print_versions(const dxil_op_info *op)
{
    char v[16];
    printf("  overloads  ");
    for (size_t i = 0; i < op->n_overloads; i++)
        printf("%s%s: %s", i ? "; " : "", ops_ver(op->overloads[i].dxil, v, sizeof v), op->overloads[i].letters);
    printf("\n  stages     ");
    if (!op->n_stages)
        printf("all");
    for (size_t i = 0; i < op->n_stages; i++)
        printf("%s%s: %s", i ? "; " : "", ops_ver(op->stages[i].dxil, v, sizeof v), op->stages[i].list);
    printf("\n  attributes ");
    if (!op->n_attrs)
        printf("none");
    for (size_t i = 0; i < op->n_attrs; i++) {
        char a[96];
        ops_attr_long(op->attrs[i].attrs, a, sizeof a);
        printf("%s%s: %s", i ? "; " : "", ops_ver(op->attrs[i].dxil, v, sizeof v), a);
    }
    printf("\n");
}

static void ops_print_flags(uint32_t flags)
{
    printf("  flags      ");
    int any = 0;
    for (unsigned b = 0; b < DXIL_OPF_COUNT; b++) {
        if (flags & (1u << b))
            printf("%s%s", any++ ? " " : "", dxil_op_flag_name(b));
    }
    printf("%s\n", any ? "" : "-");
}

static void ops_print_map_args(const dxil_intrinsic_map *m)
{
    for (size_t i = 0; i < m->n_operands; i++) {
        const dxil_map_operand *o = &m->operands[i];
        if (o->source == DXIL_MAP_FROM_ARG)
            printf(" op%u=arg%u", (unsigned)o->operand, (unsigned)o->arg);
        else
            printf(" op%u==%lld", (unsigned)o->operand, (long long)o->value);
    }
    for (size_t i = 0; i < m->n_const_args; i++)
        printf(" arg%u=%s %lld", (unsigned)m->const_args[i].arg, dxil_type_code_name(m->const_args[i].type),
               (long long)m->const_args[i].value);
}

static void ops_print_map_overloads(const dxil_intrinsic_map *m)
{
    for (size_t i = 0; i < m->n_overloads; i++) {
        const dxil_map_overload *o = &m->overloads[i];
        printf("%s", i ? "," : " overload=");
        if (o->kind == DXIL_MAP_OV_RESULT)
            printf("result");
        else if (o->kind == DXIL_MAP_OV_OPERAND)
            printf("operand:%u", (unsigned)o->operand);
        else
            printf("type:%s", dxil_type_code_name(o->type));
    }
}

static void ops_print_map(const dxil_intrinsic_map *m)
{
    char v[16];
    printf("  map        %s%s", m->intrinsic ? m->intrinsic : "(no intrinsic)", m->llvm22 ? "" : " [not in LLVM 22]");
    if (m->custom)
        printf(" custom=%s", dxil_map_custom_name(m->custom));
    ops_print_map_overloads(m);
    if (m->result)
        printf(" result=%s", dxil_map_result_name(m->result));
    if (m->direction)
        printf(" %s-only", dxil_map_direction_name(m->direction));
    if (m->dxil_from)
        printf(" dxil>=%s", ops_ver(m->dxil_from, v, sizeof v));
    if (m->dxil_before)
        printf(" dxil<%s", ops_ver(m->dxil_before, v, sizeof v));
    ops_print_map_args(m);
    printf("\n");
    if (m->note)
        printf("             (%s)\n", m->note);
}

static void ops_print_op(const dxil_op_info *op)
{
    char v1[16], v2[16];
    uint32_t tid = DXIL_OPCODE_TABLE(op->opcode);
    printf("%s: opcode %u (0x%08X), %s table index %u\n", op->name, (unsigned)op->opcode, (unsigned)op->opcode,
           dxil_optable_id_name(tid) ? dxil_optable_id_name(tid) : "?", (unsigned)DXIL_OPCODE_INDEX(op->opcode));
    printf("  %s\n", op->description);
    printf("  class      %s (dx.op.%s)\n", op->cls->name, op->cls->fn);
    printf("  category   %s\n", op->category[0] ? op->category : "-");
    printf("  dxil       %s, shader model %s", ops_ver(op->dxil, v1, sizeof v1), ops_ver(op->sm, v2, sizeof v2));
    if (op->sm_translated)
        printf(" (translated %s)", ops_ver(op->sm_translated, v1, sizeof v1));
    printf("\n  signature  %s dx.op.%s(", dxil_type_code_name(op->result.type), op->cls->fn);
    for (size_t i = 0; i < op->n_params; i++)
        ops_print_param(&op->params[i], i == 0);
    printf(")\n");
    ops_print_versions(op);
    ops_print_flags(op->flags);
    for (size_t i = 0; i < op->n_maps; i++)
        ops_print_map(&op->maps[i]);
}

static void ops_print_row(const dxil_op_info *op)
{
    char v[16];
    printf("%-10u %-45s %-28s %s\n", (unsigned)op->opcode, op->name, op->cls->name,
           ops_ver(op->sm, v, sizeof v));
}

/* ---- queries ------------------------------------------------------------- */

static int ops_query_fn(const dxil_optable *t, const char *q)
{
    dxil_overload ov;
    const dxil_op_class *cls = dxil_op_class_by_fn_name(t, q, &ov);
    if (!cls) {
        fprintf(stderr, "dxil-ops: no op class for '%s'\n", q);
        return 1;
    }
    printf("%s: class %s, %u overload dimension(s)\n", q, cls->name, ov.ndims);
    for (size_t i = 0; i < dxil_optable_op_count(t); i++) {
        const dxil_op_info *op = dxil_optable_op_at(t, i);
        if (op->cls != cls)
            continue;
        const dxil_overload_set *s = dxil_op_overloads_latest(op);
        printf("  %-10u %-40s overload %s\n", (unsigned)op->opcode, op->name,
               dxil_overload_set_allows(s, &ov) ? "valid" : "not valid");
    }
    return 0;
}

/* Decimal, 0x-hex, or negative as IR prints experimental opcodes
 * (i32 -2147483647 is 0x80000001). "010" is ten, not octal. */
static bool ops_parse_opcode(const char *q, uint32_t *out)
{
    char *end;
    int neg = q[0] == '-';
    int hex = !neg && q[0] == '0' && (q[1] == 'x' || q[1] == 'X');
    if (q[neg] < '0' || q[neg] > '9')
        return false;
    if (neg) {
        long long v = strtoll(q, &end, 10);
        *out = (uint32_t)v;
        return !*end && v >= -2147483648LL;
    }
    unsigned long long v = strtoull(q, &end, hex ? 16 : 10);
    *out = (uint32_t)v;
    return !*end && v <= 0xFFFFFFFFull;
}

/* "no op 'sinn'", with the closest name when one is near enough. */
static int ops_not_found(const char *what, const char *q, const char *hint)
{
    fprintf(stderr, "dxil-ops: error: no %s '%s'", what, q);
    if (hint)
        fprintf(stderr, "; did you mean '%s'?", hint);
    fputc('\n', stderr);
    return 1;
}

/* Op names as users type them: "sin" finds Sin; else *hint is the
 * closest name (or NULL). */
static const dxil_op_info *ops_op_by_name(const dxil_optable *t, const char *q, const char **hint)
{
    const dxil_op_info *op = dxil_op_by_name(t, q);
    cli_suggest s;
    cli_suggest_init(&s, q);
    for (size_t i = 0; !op && i < dxil_optable_op_count(t); i++) {
        const dxil_op_info *o = dxil_optable_op_at(t, i);
        if (strcasecmp(o->name, q) == 0)
            op = o;
        cli_suggest_offer(&s, o->name);
    }
    *hint = s.best;
    return op;
}

/* A class by name or dx.op part, case-insensitively, like ops_op_by_name. */
static const dxil_op_class *ops_class_by_name(const dxil_optable *t, const char *q, const char **hint)
{
    const dxil_op_class *cls = dxil_op_class_by_name(t, q);
    if (!cls)
        cls = dxil_op_class_by_fn(t, q, strlen(q));
    cli_suggest s;
    cli_suggest_init(&s, q);
    for (size_t i = 0; !cls && i < dxil_optable_class_count(t); i++) {
        const dxil_op_class *c = dxil_optable_class_at(t, i);
        if (strcasecmp(c->name, q) == 0 || strcasecmp(c->fn, q) == 0)
            cls = c;
        cli_suggest_offer(&s, c->name);
    }
    *hint = s.best;
    return cls;
}

static int ops_query(const dxil_optable *t, const char *q)
{
    if (strncmp(q, "dx.op.", 6) == 0)
        return ops_query_fn(t, q);
    uint32_t opcode;
    const char *hint = NULL;
    const dxil_op_info *op = ops_parse_opcode(q, &opcode) ? dxil_op_by_opcode(t, opcode)
                                                          : ops_op_by_name(t, q, &hint);
    if (!op)
        return ops_not_found("op", q, hint);
    ops_print_op(op);
    return 0;
}

static int ops_by_class(const dxil_optable *t, const char *name)
{
    const char *hint;
    const dxil_op_class *cls = ops_class_by_name(t, name, &hint);
    if (!cls)
        return ops_not_found("class", name, hint);
    printf("class %s (dx.op.%s)\n", cls->name, cls->fn);
    for (size_t i = 0; i < dxil_optable_op_count(t); i++) {
        if (dxil_optable_op_at(t, i)->cls == cls)
            ops_print_row(dxil_optable_op_at(t, i));
    }
    return 0;
}

static dxil_version ops_latest_version(const dxil_optable *t)
{
    dxil_version v = 0;
    for (size_t i = 0; i < dxil_optable_op_count(t); i++) {
        if (dxil_optable_op_at(t, i)->dxil > v)
            v = dxil_optable_op_at(t, i)->dxil;
    }
    return v;
}

static int ops_filter(const dxil_optable *t, const char *stage, const char *dxil)
{
    int kind = stage ? dxil_shader_stage_from_name(stage, strlen(stage)) : -1;
    dxil_version v = ops_latest_version(t);
    if (stage && kind < 0)
        return cli_usage_error(ops_tool, DXIL_E_USAGE_VALUE, "unknown stage", stage);
    if (dxil && !dxil_version_parse(dxil, strlen(dxil), &v))
        return cli_usage_error(ops_tool, DXIL_E_USAGE_VALUE, "--dxil takes X.Y (e.g. 1.6)", dxil);
    size_t shown = 0;
    for (size_t i = 0; i < dxil_optable_op_count(t); i++) {
        const dxil_op_info *op = dxil_optable_op_at(t, i);
        bool ok = kind >= 0 ? dxil_op_stage_allowed(op, (dxil_shader_kind)kind, v) : dxil_op_exists_at(op, v);
        if (ok && !(op->flags & DXIL_OPF_RESERVED)) {
            ops_print_row(op);
            shown++;
        }
    }
    return shown ? 0 : 1;
}

/* One row per op; columns match ../shared/reference/dxil-ops.tsv. */
static int ops_tsv(const dxil_optable *t)
{
    printf("opcode\tname\tclass\toverloads\tshader_model\tstages\tattribute\n");
    for (size_t i = 0; i < dxil_optable_op_count(t); i++) {
        const dxil_op_info *op = dxil_optable_op_at(t, i);
        const dxil_overload_set *ov = dxil_op_overloads_latest(op);
        const dxil_stage_set *st = dxil_op_stages_latest(op, true);
        char v[16], attrs[64];
        ops_attr_short(dxil_op_attrs_latest(op), attrs, sizeof attrs);
        printf("%u\t%s\t%s\t%s\t%s\t%s\t%s\n", (unsigned)op->opcode, op->name, op->cls->name,
               ov ? ov->letters : "", ops_ver(op->sm, v, sizeof v),
               st && st->kind == DXIL_STAGES_LIST ? st->list : "", attrs);
    }
    return 0;
}

/* ---- driver ---------------------------------------------------------------- */

enum { OPS_CLASS = 256, OPS_STAGE, OPS_DXIL, OPS_OVERLAY, OPS_TSV, OPS_VERSION };

static const struct option ops_options[] = {
    {"class", required_argument, NULL, OPS_CLASS},
    {"stage", required_argument, NULL, OPS_STAGE},
    {"dxil", required_argument, NULL, OPS_DXIL},
    {"overlay", required_argument, NULL, OPS_OVERLAY},
    {"tsv", no_argument, NULL, OPS_TSV},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, OPS_VERSION},
    {NULL, 0, NULL, 0}};

/* One option; returns -1 to go on, else an exit status. */
static int ops_apply(int c, const char *arg, ops_args *a)
{
    switch (c) {
    case 'h': a->help = 1; return -1;
    case OPS_VERSION: cli_print_version(ops_tool); return CLI_EXIT_OK;
    case OPS_TSV: a->tsv = 1; return -1;
    case OPS_CLASS: a->cls = arg; return -1;
    case OPS_STAGE: a->stage = arg; return -1;
    case OPS_DXIL: a->dxil = arg; return -1;
    case OPS_OVERLAY:
        if (a->n_overlays == OPS_MAX_OVERLAYS)
            return cli_usage_error(ops_tool, DXIL_E_USAGE, "too many overlays (at most 8)", arg);
        a->overlays[a->n_overlays++] = arg;
        return -1;
    default: return CLI_EXIT_USAGE; /* CLI_OPT_BAD: cli_getopt named it */
    }
}

static bool ops_is_negative_number(const char *s)
{
    return s[0] == '-' && s[1] >= '0' && s[1] <= '9';
}

/* A negative opcode (-2147483647, as IR prints experimental ones) is a
 * query, not an option: move such words after a "--" so that getopt leaves
 * them alone. argv keeps its other words in order. */
static char **ops_protect_numbers(int argc, char **argv, int *out_argc)
{
    char **v = malloc(((size_t)argc + 2) * sizeof *v);
    if (!v)
        return NULL;
    int n = 0, end = argc;
    v[n++] = argv[0];
    for (int i = 1; i < argc && end == argc; i++) {
        if (strcmp(argv[i], "--") == 0)
            end = i;
        else if (!ops_is_negative_number(argv[i]))
            v[n++] = argv[i];
    }
    v[n++] = "--";
    for (int i = 1; i < end; i++)
        if (ops_is_negative_number(argv[i]))
            v[n++] = argv[i];
    for (int i = end + 1; i < argc; i++)
        v[n++] = argv[i];
    v[n] = NULL;
    *out_argc = n;
    return v;
}

/* Returns -1 to go on, else an exit status. */
static int ops_parse(int argc, char **argv, ops_args *a)
{
    int c;
    while ((c = cli_getopt(ops_tool, argc, argv, "h", ops_options)) != -1) {
        int rc = ops_apply(c, optarg, a);
        if (rc >= 0)
            return rc;
    }
    if (optind < argc)
        a->query = argv[optind];
    if (optind + 1 < argc)
        return cli_usage_error(ops_tool, DXIL_E_USAGE, "more than one query", argv[optind + 1]);
    int modes = !!a->query + !!a->cls + a->tsv + !!(a->stage || a->dxil);
    if (a->help || modes == 1)
        return -1;
    return cli_usage_error(ops_tool, DXIL_E_USAGE,
                           modes ? "give one of QUERY, --class, --tsv, --stage/--dxil"
                                 : "nothing to look up",
                           NULL);
}

/* Stacks the overlays; on failure prints the diagnostics and returns NULL. */
static const dxil_optable *ops_load(const ops_args *a, dxil_optable **owned)
{
    const dxil_optable *t = dxil_optable_builtin();
    for (int i = 0; i < a->n_overlays; i++) {
        dxil_diags *d = dxil_diags_create();
        owned[i] = dxil_optable_load_overlay(t, a->overlays[i], NULL, 0, d);
        dxil_diags_print(d, stderr, a->overlays[i]);
        dxil_diags_destroy(d);
        if (!owned[i])
            return NULL;
        t = owned[i];
    }
    return t;
}

static int ops_run(const dxil_optable *t, const ops_args *a)
{
    if (a->tsv)
        return ops_tsv(t);
    if (a->cls)
        return ops_by_class(t, a->cls);
    if (a->query)
        return ops_query(t, a->query);
    return ops_filter(t, a->stage, a->dxil);
}

int main(int argc, char **argv)
{
    ops_args a = {0};
    int n;
    char **args = ops_protect_numbers(argc, argv, &n);
    if (!args)
        return 1;
    int rc = ops_parse(n, args, &a);
    if (rc < 0 && a.help) {
        fputs(ops_usage_text, stdout);
        rc = CLI_EXIT_OK;
    }
    if (rc < 0) {
        dxil_optable *owned[OPS_MAX_OVERLAYS] = {0};
        const dxil_optable *t = ops_load(&a, owned);
        rc = t ? ops_run(t, &a) : 1;
        for (int i = OPS_MAX_OVERLAYS; i-- > 0;)
            dxil_optable_destroy(owned[i]);
    }
    free(args);
    return rc;
}
