/* text_debuginfo.c - LLVM 3.7 debug-info text rewritten into what LLVM
 * 22's parser reads.
 *
 * DXC prints its modules with LLVM 3.7. LLVM 22's bitcode reader upgrades
 * 3.7 debug-info records, but its text parser refuses the 3.7 spelling of
 * the same nodes, so a shader that loads as a container failed as text.
 * The edits below do in the text what the bitcode reader does to the
 * records (MetadataLoader):
 *  - DICompileUnit: `subprograms:` dropped; each subprogram listed there
 *    gets `unit:` (upgradeCUSubprograms). A compile unit is `distinct`.
 *  - DISubprogram: `function: <ty> @f` dropped and the function given
 *    `!dbg` (the reader's sp->function to function->sp upgrade);
 *    `variables:` is now `retainedNodes:`; a definition is `distinct`.
 *  - DIGlobalVariable: `variable: <ty> @g` (or a constant) dropped; a
 *    `distinct !DIGlobalVariableExpression` is made for it (new ids after
 *    the highest), attached to @g with `!dbg` and put in its place in the
 *    compile unit's `globals:` (upgradeCUVariables); a constant becomes
 *    the expression DW_OP_constu, V, DW_OP_stack_value.
 *  - DILocalVariable: `tag:` dropped (the kind is now `arg:` alone).
 *  - DINamespace: `file:` and `line:` dropped.
 *  - DIExpression: DW_OP_bit_piece is DW_OP_LLVM_fragment; `DW_OP_plus, N`
 *    is DW_OP_plus_uconst.
 *  - DIFlagBlockByrefStruct is DIFlagReservedBit4.
 * Each rule fires only on a form LLVM 3.7 wrote and LLVM 22 does not
 * read, so modern text is never touched. What the rules cannot place (a
 * function whose body does not open on its `define` line) is dropped with
 * DXIL_W_DEBUGINFO_DROPPED; whatever LLVM's verifier then finds broken in
 * the debug info is stripped by the loader with LLVM's own warning, as for
 * bitcode. */
#include "text_debuginfo.h"
#include "common/grow.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { TD_MAX_FIELDS = 64 };
enum { TD_OTHER, TD_CU, TD_SP, TD_GV };

typedef struct td_edit {
    size_t at, del, seq;
    char ins[64];
} td_edit;

typedef struct td_info {
    uint8_t kind;
    bool is_def, has_unit, unit_added, has_sps, has_gvs;
    uint64_t sps, gvs; /* CU: its subprograms: and globals: lists */
    tm_item ref;       /* SP: the function, GV: the global (a @name); empty: none */
    uint64_t cst;      /* GV: a constant's value (zero-extended), when has_cst */
    bool has_cst;
    uint64_t dgve;     /* GV: the expression node made for it; 0: none yet */
} td_info;

typedef struct td_state {
    const char *s;
    size_t len;
    const tm_index *ix;
    td_info *info;
    td_edit *edits;
    size_t n_edits, cap_edits;
    char *tail;
    size_t n_tail, cap_tail;
    uint64_t next_id;
    bool old; /* a form only LLVM 3.7 wrote was seen */
    bool oom;
    dxil_diags *diags;
} td_state;

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static void td_edit_add(td_state *t, size_t at, size_t del, const char *fmt, ...)
{
    td_edit *v = grow_array(t->edits, &t->cap_edits, t->n_edits, sizeof *v, 64);
    if (!v) {
        t->oom = true;
        return;
    }
    t->edits = v;
    td_edit *e = &v[t->n_edits];
    *e = (td_edit){at, del, t->n_edits, ""};
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->ins, sizeof e->ins, fmt, ap);
    va_end(ap);
    t->n_edits++;
}

static void td_tail_add(td_state *t, const char *text)
{
    size_t n = strlen(text);
    while (!t->oom && t->n_tail + n + 1 > t->cap_tail) {
        char *p = grow_array(t->tail, &t->cap_tail, t->n_tail + n + 1, 1, 256);
        if (!p)
            t->oom = true;
        else
            t->tail = p;
    }
    if (!t->oom) {
        memcpy(t->tail + t->n_tail, text, n + 1);
        t->n_tail += n;
    }
}

static bool td_is(const char *s, tm_item it, const char *word)
{
    size_t n = strlen(word);
    return it.end - it.start == n && memcmp(s + it.start, word, n) == 0;
}

static td_info *td_info_of(td_state *t, const tm_def *d)
{
    return &t->info[d - t->ix->defs];
}

/* The first `@name` (quoted or not) in [from, to) that opens a token. */
static tm_item td_global(const char *s, size_t from, size_t to)
{
    for (size_t p = from; p < to; p++) {
        if (s[p] == '"') {
            while (++p < to && s[p] != '"')
                ;
            continue;
        }
        if (s[p] != '@' || (p > from && s[p - 1] != ' ' && s[p - 1] != '('))
            continue;
        size_t q = p + 1;
        if (q < to && s[q] == '"') {
            while (++q < to && s[q] != '"')
                ;
            q += q < to;
        } else {
            while (q < to && (s[q] == '.' || s[q] == '_' || s[q] == '$' || s[q] == '-' ||
                              (s[q] >= '0' && s[q] <= '9') || ((s[q] | 32) >= 'a' && (s[q] | 32) <= 'z')))
                q++;
        }
        return q > p + 1 ? (tm_item){p, q} : (tm_item){0, 0};
    }
    return (tm_item){0, 0};
}

/* `iN V` (N 1..64, V decimal, maybe negative), V zero-extended from N bits. */
static bool td_int_constant(const char *s, tm_item v, uint64_t *out)
{
    size_t p = v.start;
    unsigned width = 0;
    if (p >= v.end || s[p++] != 'i')
        return false;
    while (p < v.end && s[p] >= '0' && s[p] <= '9' && width <= 64)
        width = width * 10 + (unsigned)(s[p++] - '0');
    if (width == 0 || width > 64 || p >= v.end || s[p++] != ' ')
        return false;
    bool neg = p < v.end && s[p] == '-';
    uint64_t x = 0;
    size_t digits = 0;
    for (p += neg; p < v.end && s[p] >= '0' && s[p] <= '9' && digits < 19; p++, digits++)
        x = x * 10 + (uint64_t)(s[p] - '0');
    if (!digits || p != v.end)
        return false;
    x = neg ? 0 - x : x;
    *out = width == 64 ? x : x & ((UINT64_C(1) << width) - 1);
    return true;
}

/* Deletes the fields whose bit is set, a run at a time, so that no two
 * deletions overlap and the separators stay right. */
static void td_delete_fields(td_state *t, const tm_item *it, size_t n, uint64_t del)
{
    for (size_t a = 0; a < n; a++) {
        if (!(del >> a & 1))
            continue;
        size_t b = a;
        while (b + 1 < n && (del >> (b + 1) & 1))
            b++;
        size_t from = b + 1 < n ? it[a].start : a > 0 ? it[a - 1].end : it[a].start;
        size_t to = b + 1 < n ? it[b + 1].start : it[b].end;
        td_edit_add(t, from, to - from, "%s", "");
        a = b;
    }
}

/* A field to drop (3.7 only): marks it and notes the module as 3.7. */
static uint64_t td_drop(td_state *t, size_t i)
{
    t->old = true;
    return UINT64_C(1) << i;
}

static void td_cu(td_state *t, const tm_def *d, const tm_item *it, size_t n)
{
    td_info *in = td_info_of(t, d);
    uint64_t del = 0;
    size_t v;
    in->kind = TD_CU;
    for (size_t i = 0; i < n; i++) {
        if (tm_field(t->s, it[i], "subprograms", &v)) {
            del |= td_drop(t, i);
            in->has_sps = tm_ref(t->s, (tm_item){v, it[i].end}, &in->sps);
        } else if (tm_field(t->s, it[i], "globals", &v)) {
            in->has_gvs = tm_ref(t->s, (tm_item){v, it[i].end}, &in->gvs);
        }
    }
    if (!d->distinct) {
        t->old = true;
        td_edit_add(t, d->body, 0, "distinct ");
    }
    td_delete_fields(t, it, n, del);
}

static void td_sp(td_state *t, const tm_def *d, const tm_item *it, size_t n)
{
    td_info *in = td_info_of(t, d);
    uint64_t del = 0;
    size_t v;
    in->kind = TD_SP;
    for (size_t i = 0; i < n; i++) {
        if (tm_field(t->s, it[i], "function", &v)) {
            del |= td_drop(t, i);
            in->ref = td_global(t->s, v, it[i].end);
        } else if (tm_field(t->s, it[i], "variables", &v)) {
            t->old = true;
            td_edit_add(t, it[i].start, strlen("variables"), "retainedNodes");
        } else if (tm_field(t->s, it[i], "isDefinition", &v)) {
            in->is_def = td_is(t->s, (tm_item){v, it[i].end}, "true");
        } else if (tm_field(t->s, it[i], "spFlags", &v)) {
            in->is_def = tm_contains(t->s, v, it[i].end, "DISPFlagDefinition");
        } else if (tm_field(t->s, it[i], "unit", &v)) {
            in->has_unit = true;
        }
    }
    if (in->is_def && !d->distinct) {
        t->old = true;
        td_edit_add(t, d->body, 0, "distinct ");
    }
    td_delete_fields(t, it, n, del);
}

static void td_gv(td_state *t, const tm_def *d, const tm_item *it, size_t n)
{
    td_info *in = td_info_of(t, d);
    uint64_t del = 0;
    size_t v;
    in->kind = TD_GV;
    for (size_t i = 0; i < n; i++) {
        if (!tm_field(t->s, it[i], "variable", &v))
            continue;
        del |= td_drop(t, i);
        in->ref = td_global(t->s, v, it[i].end);
        if (in->ref.end == 0)
            in->has_cst = td_int_constant(t->s, (tm_item){v, it[i].end}, &in->cst);
    }
    td_delete_fields(t, it, n, del);
}

/* DILocalVariable `tag:`, DINamespace `file:` / `line:`. */
static void td_drop_named(td_state *t, const tm_item *it, size_t n, const char *a, const char *b)
{
    uint64_t del = 0;
    size_t v;
    for (size_t i = 0; i < n; i++)
        if (tm_field(t->s, it[i], a, &v) || (b && tm_field(t->s, it[i], b, &v)))
            del |= td_drop(t, i);
    td_delete_fields(t, it, n, del);
}

static void td_lv(td_state *t, const tm_def *d, const tm_item *it, size_t n)
{
    (void)d;
    td_drop_named(t, it, n, "tag", NULL);
}

static void td_ns(td_state *t, const tm_def *d, const tm_item *it, size_t n)
{
    (void)d;
    td_drop_named(t, it, n, "file", "line");
}

static void td_expr(td_state *t, const tm_def *d, const tm_item *it, size_t n)
{
    (void)d;
    for (size_t i = 0; i < n; i++) {
        const char *to = NULL;
        if (td_is(t->s, it[i], "DW_OP_bit_piece"))
            to = "DW_OP_LLVM_fragment";
        else if (td_is(t->s, it[i], "DW_OP_plus") && i + 1 < n && t->s[it[i + 1].start] >= '0' &&
                 t->s[it[i + 1].start] <= '9')
            to = "DW_OP_plus_uconst"; /* 3.7's plus took its operand inline */
        if (to) {
            t->old = true;
            td_edit_add(t, it[i].start, it[i].end - it[i].start, "%s", to);
        }
    }
}

/* Any node: a flag LLVM renamed. */
static void td_flags(td_state *t, const tm_item *it, size_t n)
{
    static const char old_flag[] = "DIFlagBlockByrefStruct";
    size_t v;
    for (size_t i = 0; i < n; i++) {
        if (!tm_field(t->s, it[i], "flags", &v))
            continue;
        for (size_t p = v; p + sizeof old_flag - 1 <= it[i].end; p++)
            if (memcmp(t->s + p, old_flag, sizeof old_flag - 1) == 0) {
                t->old = true;
                td_edit_add(t, p, sizeof old_flag - 1, "DIFlagReservedBit4");
            }
    }
}

typedef void (*td_rule)(td_state *t, const tm_def *d, const tm_item *it, size_t n);

static const struct {
    const char *kind;
    td_rule fn;
} td_rules[] = {
    {"DICompileUnit", td_cu},   {"DISubprogram", td_sp}, {"DIGlobalVariable", td_gv},
    {"DILocalVariable", td_lv}, {"DINamespace", td_ns},  {"DIExpression", td_expr},
};

static void td_node(td_state *t, const tm_def *d)
{
    if (d->name_n < 2 || memcmp(t->s + d->name, "DI", 2) != 0 || !d->close)
        return;
    tm_item it[TD_MAX_FIELDS];
    size_t n = tm_items(t->s, d->open + 1, d->close, it, TD_MAX_FIELDS);
    if (n > TD_MAX_FIELDS)
        return; /* no debug-info node has that many fields; LLVM's parser decides */
    for (size_t i = 0; i < sizeof td_rules / sizeof *td_rules; i++)
        if (tm_is(t->s, d, td_rules[i].kind))
            td_rules[i].fn(t, d, it, n);
    td_flags(t, it, n);
}

/* The operands of a tuple (malloc'd; NULL when it is none or no memory). */
static tm_item *td_tuple(td_state *t, uint64_t id, size_t *n)
{
    const tm_def *d = tm_find(t->ix, id);
    *n = 0;
    if (!d || d->name_n || !d->close)
        return NULL;
    size_t max = (d->close - d->open) / 2 + 1;
    tm_item *it = malloc(max * sizeof *it);
    if (!it)
        t->oom = true;
    else
        *n = tm_items(t->s, d->open + 1, d->close, it, max);
    return it;
}

/* The item at it names a node of kind, or NULL. */
static const tm_def *td_listed(td_state *t, tm_item it, uint8_t kind)
{
    uint64_t id;
    const tm_def *d = tm_ref(t->s, it, &id) ? tm_find(t->ix, id) : NULL;
    return d && td_info_of(t, d)->kind == kind ? d : NULL;
}

/* The expression node standing for global variable d (made once). */
static uint64_t td_dgve(td_state *t, const tm_def *d)
{
    td_info *in = td_info_of(t, d);
    if (in->dgve)
        return in->dgve;
    char line[200], expr[80] = "";
    if (in->has_cst)
        snprintf(expr, sizeof expr, "DW_OP_constu, %llu, DW_OP_stack_value",
                 (unsigned long long)in->cst);
    in->dgve = t->next_id++;
    snprintf(line, sizeof line,
             "!%llu = distinct !DIGlobalVariableExpression(var: !%llu, expr: !DIExpression(%s))\n",
             (unsigned long long)in->dgve, (unsigned long long)d->id, expr);
    td_tail_add(t, line);
    return in->dgve;
}

/* Each compile unit's subprograms get it as their unit; its global
 * variables are replaced by their expressions. */
static void td_cu_lists(td_state *t, const tm_def *cu)
{
    td_info *in = td_info_of(t, cu);
    size_t n;
    tm_item *it = in->has_sps ? td_tuple(t, in->sps, &n) : NULL;
    for (size_t i = 0; it && i < n; i++) {
        const tm_def *sp = td_listed(t, it[i], TD_SP);
        td_info *spi = sp ? td_info_of(t, sp) : NULL;
        if (!spi || spi->has_unit || spi->unit_added)
            continue;
        spi->unit_added = true;
        bool empty = tm_items(t->s, sp->open + 1, sp->close, NULL, 0) == 0;
        td_edit_add(t, sp->close, 0, "%sunit: !%llu", empty ? "" : ", ",
                    (unsigned long long)cu->id);
    }
    free(it);
    it = in->has_gvs ? td_tuple(t, in->gvs, &n) : NULL;
    for (size_t i = 0; it && i < n; i++) {
        const tm_def *gv = td_listed(t, it[i], TD_GV);
        if (gv)
            td_edit_add(t, it[i].start, it[i].end - it[i].start, "!%llu",
                        (unsigned long long)td_dgve(t, gv));
    }
    free(it);
}

/* A function or global to give `!dbg !node`, by its @name. */
typedef struct td_want {
    const char *name;
    size_t name_n, seq;
    uint64_t node;
    bool fn, done;
} td_want;

typedef struct td_wants {
    td_want *v;
    size_t n, cap;
} td_wants;

static int td_want_key_cmp(const td_want *x, const td_want *y)
{
    int c = memcmp(x->name, y->name, x->name_n < y->name_n ? x->name_n : y->name_n);
    if (c || x->name_n != y->name_n)
        return c ? c : (x->name_n > y->name_n) - (x->name_n < y->name_n);
    return (int)x->fn - (int)y->fn;
}

static int td_want_cmp(const void *a, const void *b)
{
    const td_want *x = a, *y = b;
    int c = td_want_key_cmp(x, y);
    return c ? c : (x->seq > y->seq) - (x->seq < y->seq);
}

static void td_want_add(td_state *t, td_wants *w, tm_item name, uint64_t node, bool fn)
{
    td_want *v = grow_array(w->v, &w->cap, w->n, sizeof *v, 16);
    if (!v) {
        t->oom = true;
        return;
    }
    w->v = v;
    w->v[w->n] = (td_want){t->s + name.start, name.end - name.start, w->n, node, fn, false};
    w->n++;
}

/* The last want for this name and kind (LLVM keeps the last subprogram
 * naming a function), or NULL. */
static td_want *td_want_find(td_wants *w, const char *name, size_t name_n, bool fn)
{
    td_want key = {name, name_n, 0, 0, fn, false};
    size_t lo = 0, hi = w->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (td_want_key_cmp(&w->v[mid], &key) <= 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo && td_want_key_cmp(&w->v[lo - 1], &key) == 0 ? &w->v[lo - 1] : NULL;
}

/* One line of the module: a `define` whose body opens on it, or a global. */
static void td_attach_line(td_state *t, td_wants *w, size_t start, size_t end)
{
    size_t q = start;
    while (q < end && (t->s[q] == ' ' || t->s[q] == '\t'))
        q++;
    while (end > q && (t->s[end - 1] == ' ' || t->s[end - 1] == '\t' || t->s[end - 1] == '\r'))
        end--;
    bool fn = end - q > 7 && memcmp(t->s + q, "define ", 7) == 0;
    if (!fn && (q >= end || t->s[q] != '@'))
        return;
    tm_item name = td_global(t->s, q, end);
    td_want *want = name.end ? td_want_find(w, t->s + name.start, name.end - name.start, fn)
                             : NULL;
    if (!want || want->done)
        return;
    if (fn && (t->s[end - 1] != '{' || tm_contains(t->s, q, end, "!dbg")))
        return; /* reported as not placed */
    want->done = true;
    if (fn)
        td_edit_add(t, end - 1, 0, "!dbg !%llu ", (unsigned long long)want->node);
    else
        td_edit_add(t, end, 0, ", !dbg !%llu", (unsigned long long)want->node);
}

/* Functions named by subprograms, globals by global variables. */
static void td_attach(td_state *t)
{
    td_wants w = {0};
    for (size_t i = 0; i < t->ix->n; i++) {
        td_info *in = &t->info[i];
        if (in->kind == TD_SP && in->ref.end)
            td_want_add(t, &w, in->ref, t->ix->defs[i].id, true);
        else if (in->kind == TD_GV && (in->ref.end || in->has_cst))
            td_dgve(t, &t->ix->defs[i]); /* LLVM makes one for these, listed or not */
        if (in->kind == TD_GV && in->ref.end)
            td_want_add(t, &w, in->ref, in->dgve, false);
    }
    if (!w.n)
        return;
    qsort(w.v, w.n, sizeof *w.v, td_want_cmp);
    for (size_t p = 0; p < t->len;) {
        size_t end = tm_content_end(t->s, p, t->len);
        td_attach_line(t, &w, p, end);
        while (end < t->len && t->s[end] != '\n')
            end++;
        p = end + 1;
    }
    for (size_t i = 0; i < w.n; i++) {
        const td_want *x = &w.v[i];
        if (!x->fn || x->done || td_want_find(&w, x->name, x->name_n, true) != x)
            continue;
        dxil_diags_add(t->diags, DXIL_SEV_WARNING, DXIL_W_DEBUGINFO_DROPPED, DXIL_LOC_NONE, 0,
                       "LLVM 3.7 debug info: subprogram !%llu names %.*s, which has no "
                       "`define` line opening its body (or it has !dbg already): the function "
                       "is left without its subprogram", (unsigned long long)x->node,
                       (int)(x->name_n > 80 ? 80 : x->name_n), x->name);
    }
    free(w.v);
}

static int td_edit_cmp(const void *a, const void *b)
{
    const td_edit *x = a, *y = b;
    if (x->at != y->at)
        return (x->at > y->at) - (x->at < y->at);
    return (x->seq > y->seq) - (x->seq < y->seq);
}

/* The text with every edit applied (an edit overlapping one before it is
 * a duplicate and skipped), then the new nodes. */
static char *td_apply(td_state *t, size_t *out_len)
{
    qsort(t->edits, t->n_edits, sizeof *t->edits, td_edit_cmp);
    size_t size = t->len + t->n_tail + 2;
    for (size_t i = 0; i < t->n_edits; i++)
        size += strlen(t->edits[i].ins);
    char *out = malloc(size);
    if (!out)
        return NULL;
    size_t o = 0, cursor = 0;
    for (size_t i = 0; i < t->n_edits; i++) {
        const td_edit *e = &t->edits[i];
        if (e->at < cursor || e->at + e->del > t->len)
            continue;
        memcpy(out + o, t->s + cursor, e->at - cursor);
        o += e->at - cursor;
        size_t n = strlen(e->ins);
        memcpy(out + o, e->ins, n);
        o += n;
        cursor = e->at + e->del;
    }
    memcpy(out + o, t->s + cursor, t->len - cursor);
    o += t->len - cursor;
    if (t->n_tail && o && out[o - 1] != '\n')
        out[o++] = '\n';
    if (t->n_tail)
        memcpy(out + o, t->tail, t->n_tail);
    o += t->n_tail;
    out[o] = '\0';
    *out_len = o;
    return out;
}

/* The upgrade over an indexed text: *out stays NULL for modern text. */
static int td_upgrade(td_state *t, char **out, size_t *out_len)
{
    for (size_t i = 0; i < t->ix->n && !t->oom; i++)
        td_node(t, &t->ix->defs[i]);
    if (!t->old || t->oom)
        return t->oom ? -1 : 0;
    for (size_t i = 0; i < t->ix->n; i++)
        if (t->info[i].kind == TD_CU)
            td_cu_lists(t, &t->ix->defs[i]);
    td_attach(t);
    if (!t->oom)
        *out = td_apply(t, out_len);
    return t->oom || !*out ? -1 : 0;
}

int text_prepare_metadata(const char *text, size_t len, char **out, size_t *out_len,
                               dxil_diags *diags)
{
    *out = NULL;
    *out_len = 0;
    tm_index ix;
    int rc = tm_index_build(text, len, &ix);
    if (rc == 0 && ix.n_named)
        rc = text_check_module_flags(text, &ix, diags) != 0 ? -2 : 0;
    td_state t = {.s = text, .len = len, .ix = &ix, .next_id = ix.next_id, .diags = diags};
    if (rc == 0 && ix.n && !(t.info = calloc(ix.n, sizeof *t.info)))
        rc = -1;
    if (rc == 0 && ix.n)
        rc = td_upgrade(&t, out, out_len);
    if (rc == -1)
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_MODULE_METADATA, DXIL_LOC_NONE, 0,
                       "out of memory upgrading the module's metadata");
    free(t.info);
    free(t.edits);
    free(t.tail);
    tm_index_free(&ix);
    return rc == 0 ? 0 : -1;
}
