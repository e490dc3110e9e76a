/* text_check.c - what textual IR must not contain before LLVM's parser sees
 * it.
 *
 * At the end of a module LLVM's parser upgrades old intrinsics: every call
 * among an intrinsic's users is rewritten as if the intrinsic were its
 * callee, with the arguments the call has, and the old function is then
 * erased. Two shapes crash a release LLVM 22 there (the bitstream
 * validator refuses the same shapes in bitcode):
 *  - an intrinsic used other than as a callee (passed as an argument,
 *    stored in a global, named in a constant expression): the rewrite ends
 *    in llvm_unreachable or the erase leaves dangling uses. DXIL has no
 *    function pointers, so an `@llvm.*` name may appear only where a
 *    function is declared, defined or called (followed by its parameter
 *    list) or where a global of that name is defined (opening its line,
 *    before `=`);
 *  - a call whose argument count is not the declaration's (the parser does
 *    not compare them; the upgrade falls through to llvm_unreachable);
 *  - an old five-argument llvm.memcpy/memmove/memset whose alignment (the
 *    fourth argument) is not an integer literal: the upgrade casts it to
 *    a constant integer unchecked and reads whatever the value is (a
 *    different alignment from run to run, or a crash). */
#include "text_check.h"
#include "common/grow.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct tc_name {
    const char *s;
    size_t n, line;
    long count; /* parameters or arguments; -1: not counted (varargs) */
    size_t arg3, arg3_end; /* a call's fourth argument, as text (end 0: none) */
} tc_name;

typedef struct tc_list {
    tc_name *v;
    size_t n, cap;
} tc_list;

/* An argument or parameter list being counted: the scan is one pass, so
 * each list is counted as the scan goes through it (nested calls inside an
 * argument list each have their own frame). */
typedef struct tc_frame {
    tc_list *list;
    size_t idx;     /* the entry whose count this is */
    unsigned depth; /* bracket depth inside the list */
    long commas;
    size_t arg3; /* where the fourth argument starts */
    bool any, dots;
} tc_frame;

enum { TC_MAX_FRAMES = 32 };

typedef struct tc_scan {
    const char *s;
    size_t len, pos, line, line_start;
    size_t indent_end; /* first non-blank of the line; SIZE_MAX until needed */
    size_t named_line; /* the line of the last '@' name: a declaration names its function first */
    unsigned depth;    /* bracket depth: ( [ { < */
    tc_frame frames[TC_MAX_FRAMES];
    unsigned n_frames;
    tc_list decls, calls;
} tc_scan;

/* Skips a quoted string starting at pos (the opening quote). */
static void tc_skip_string(tc_scan *t)
{
    for (t->pos++; t->pos < t->len && t->s[t->pos] != '"'; t->pos++)
        if (t->s[t->pos] == '\n')
            t->line++, t->line_start = t->pos + 1;
    if (t->pos < t->len)
        t->pos++;
}

static bool tc_name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '.' || c == '_' || c == '$' || c == '-';
}

/* The global name after the '@' at pos (quoted or not); moves past it. */
static void tc_global_name(tc_scan *t, const char **name, size_t *n)
{
    size_t start = ++t->pos;
    if (t->pos < t->len && t->s[t->pos] == '"') {
        tc_skip_string(t);
        bool closed = t->pos > start + 1 && t->s[t->pos - 1] == '"';
        *name = t->s + start + 1;
        *n = t->pos - start - (closed ? 2 : 1);
        return;
    }
    while (t->pos < t->len && tc_name_char(t->s[t->pos]))
        t->pos++;
    *name = t->s + start;
    *n = t->pos - start;
}

/* The first non-blank character of the current line (computed once). */
static size_t tc_indent_end(tc_scan *t)
{
    if (t->indent_end == SIZE_MAX) {
        size_t q = t->line_start;
        while (q < t->len && (t->s[q] == ' ' || t->s[q] == '\t'))
            q++;
        t->indent_end = q;
    }
    return t->indent_end;
}

/* Whether the current line opens with `word`. */
static bool tc_line_opens_with(tc_scan *t, const char *word)
{
    size_t q = tc_indent_end(t), n = strlen(word);
    return t->len - q >= n && memcmp(t->s + q, word, n) == 0;
}

static int tc_push(tc_list *l, tc_name item)
{
    tc_name *v = grow_array(l->v, &l->cap, l->n, sizeof *v, 16);
    if (!v)
        return -1;
    l->v = v;
    l->v[l->n++] = item;
    return 0;
}

static int tc_fail_use(const tc_name *u, dxil_diags *diags)
{
    int shown = u->n > 80 ? 80 : (int)u->n;
    dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_TEXT_INTRINSIC_USE, DXIL_LOC_LINE, u->line,
                   "@%.*s is used other than as a called function: LLVM's intrinsic upgrade "
                   "cannot handle that", shown, u->s);
    return -1;
}

/* One `@llvm.*` occurrence (the name is just behind pos): a declaration or
 * definition, a call, a global's definition, or refused. */
static int tc_intrinsic(tc_scan *t, size_t at, const char *name, size_t n, dxil_diags *diags)
{
    tc_name u = {name, n, t->line, -1, 0, 0};
    bool first_on_line = t->named_line != t->line;
    t->named_line = t->line;
    if (t->pos < t->len && t->s[t->pos] == '(') {
        bool decl = first_on_line &&
                    (tc_line_opens_with(t, "declare") || tc_line_opens_with(t, "define"));
        tc_list *list = decl ? &t->decls : &t->calls;
        if (tc_push(list, u) != 0)
            return -1;
        if (t->n_frames < TC_MAX_FRAMES) /* deeper lists stay uncounted */
            t->frames[t->n_frames++] = (tc_frame){list, list->n - 1, t->depth + 1, 0, 0, false, false};
        return 0;
    }
    size_t p = t->pos;
    while (p < t->len && (t->s[p] == ' ' || t->s[p] == '\t'))
        p++;
    if (tc_indent_end(t) == at && p < t->len && t->s[p] == '=')
        return 0; /* @llvm.used = ..., and the like */
    return tc_fail_use(&u, diags);
}

static int tc_cmp(const void *a, const void *b)
{
    const tc_name *x = a, *y = b;
    size_t n = x->n < y->n ? x->n : y->n;
    int c = memcmp(x->s, y->s, n);
    return c ? c : (x->n > y->n) - (x->n < y->n);
}

/* Every counted call against its declaration's parameter count. */
static int tc_check_arity(tc_scan *t, dxil_diags *diags)
{
    if (t->decls.n)
        qsort(t->decls.v, t->decls.n, sizeof *t->decls.v, tc_cmp);
    for (size_t i = 0; i < t->calls.n; i++) {
        const tc_name *c = &t->calls.v[i];
        const tc_name *d = t->decls.n ? bsearch(c, t->decls.v, t->decls.n, sizeof *c, tc_cmp) : NULL;
        if (!d || d->count < 0 || c->count < 0 || c->count == d->count)
            continue;
        int shown = c->n > 80 ? 80 : (int)c->n;
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_TEXT_INTRINSIC_USE, DXIL_LOC_LINE, c->line,
                       "call of @%.*s passes %ld argument(s) to a declaration of %ld: LLVM's "
                       "intrinsic upgrade cannot handle that", shown, c->s, c->count, d->count);
        return -1;
    }
    return 0;
}

static bool tc_named(const tc_name *c, const char *prefix)
{
    size_t n = strlen(prefix);
    return c->n > n && memcmp(c->s, prefix, n) == 0;
}

static bool tc_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Whether text[a, e) ends in an integer literal (after its type). */
static bool tc_ends_in_integer(const char *text, size_t a, size_t e)
{
    while (e > a && tc_blank(text[e - 1]))
        e--;
    size_t b = e;
    while (b > a && text[b - 1] >= '0' && text[b - 1] <= '9')
        b--;
    if (b > a && text[b - 1] == '-')
        b--;
    return b < e && text[e - 1] >= '0' && text[e - 1] <= '9' &&
           (b == a || tc_blank(text[b - 1]));
}

/* Old memory intrinsics: the alignment must be a literal (see the top). */
static int tc_check_mem_align(tc_scan *t, dxil_diags *diags)
{
    for (size_t i = 0; i < t->calls.n; i++) {
        const tc_name *c = &t->calls.v[i];
        if (c->count != 5 || !c->arg3_end ||
            !(tc_named(c, "llvm.memcpy.") || tc_named(c, "llvm.memmove.") ||
              tc_named(c, "llvm.memset.")) ||
            tc_ends_in_integer(t->s, c->arg3, c->arg3_end))
            continue;
        int shown = c->n > 80 ? 80 : (int)c->n;
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_TEXT_INTRINSIC_USE, DXIL_LOC_LINE, c->line,
                       "call of @%.*s: its alignment (argument 4) is not an integer constant, "
                       "which LLVM's intrinsic upgrade reads as one unchecked", shown, c->s);
        return -1;
    }
    return 0;
}

/* Content at or below the innermost counted list's own level. */
static void tc_content(tc_scan *t)
{
    if (t->n_frames && t->depth >= t->frames[t->n_frames - 1].depth)
        t->frames[t->n_frames - 1].any = true;
}

static void tc_punct(tc_scan *t, char c)
{
    tc_frame *f = t->n_frames ? &t->frames[t->n_frames - 1] : NULL;
    if (c == '(' || c == '[' || c == '{' || c == '<') {
        tc_content(t);
        t->depth++;
    } else if (c == ')' || c == ']' || c == '}' || c == '>') {
        t->depth -= t->depth > 0;
        if (f && t->depth + 1 == f->depth) { /* the list is complete */
            f->list->v[f->idx].count = f->dots ? -1 : f->any ? f->commas + 1 : 0;
            if (f->commas == 3) { /* the fourth argument is the last */
                f->list->v[f->idx].arg3 = f->arg3;
                f->list->v[f->idx].arg3_end = t->pos;
            }
            t->n_frames--;
        }
    } else if (c == ',' && f && t->depth == f->depth) {
        if (++f->commas == 3)
            f->arg3 = t->pos + 1;
        else if (f->commas == 4)
            f->list->v[f->idx].arg3 = f->arg3, f->list->v[f->idx].arg3_end = t->pos;
    } else if (c != ' ' && c != '\t' && c != '\r') {
        if (c == '.' && f && t->depth == f->depth && t->len - t->pos >= 3 &&
            memcmp(t->s + t->pos, "...", 3) == 0)
            f->dots = true;
        tc_content(t);
    }
    t->pos++;
}

static int tc_walk(tc_scan *t, dxil_diags *diags)
{
    while (t->pos < t->len) {
        char c = t->s[t->pos];
        if (c == '\n') {
            t->pos++, t->line++, t->line_start = t->pos, t->indent_end = SIZE_MAX;
        } else if (c == ';') {
            while (t->pos < t->len && t->s[t->pos] != '\n')
                t->pos++;
        } else if (c == '"') {
            tc_content(t);
            tc_skip_string(t);
        } else if (c == '@') {
            size_t at = t->pos;
            const char *name;
            size_t n;
            tc_content(t);
            tc_global_name(t, &name, &n);
            if (n >= 5 && memcmp(name, "llvm.", 5) == 0) {
                if (tc_intrinsic(t, at, name, n, diags) != 0)
                    return -1;
            } else {
                t->named_line = t->line;
            }
        } else {
            tc_punct(t, c);
        }
    }
    return tc_check_arity(t, diags) != 0 ? -1 : tc_check_mem_align(t, diags);
}

int text_check_intrinsic_uses(const char *text, size_t len, dxil_diags *diags)
{
    tc_scan t = {.s = text, .len = len, .line = 1, .indent_end = SIZE_MAX};
    size_t errors_before = dxil_diags_error_count(diags);
    int rc = tc_walk(&t, diags);
    if (rc != 0 && dxil_diags_error_count(diags) == errors_before)
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_TEXT_INTRINSIC_USE, DXIL_LOC_NONE, 0,
                       "out of memory checking the IR text");
    free(t.decls.v);
    free(t.calls.v);
    return rc;
}
