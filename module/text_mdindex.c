/* text_mdindex.c - the metadata definitions of textual IR, by line (see
 * text_mdindex.h). */
#include "text_mdindex.h"
#include "common/grow.h"

#include <stdlib.h>
#include <string.h>

static bool tm_digit(char c)
{
    return c >= '0' && c <= '9';
}

static bool tm_name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || tm_digit(c) || c == '.' ||
           c == '_' || c == '$' || c == '-' || c == '\\';
}

static size_t tm_skip_blanks(const char *s, size_t p, size_t end)
{
    while (p < end && (s[p] == ' ' || s[p] == '\t' || s[p] == '\r'))
        p++;
    return p;
}

/* Past a string whose opening quote is at p (its end when unclosed). */
static size_t tm_skip_string(const char *s, size_t p, size_t end)
{
    for (p++; p < end && s[p] != '"'; p++)
        ;
    return p < end ? p + 1 : end;
}

size_t tm_content_end(const char *s, size_t p, size_t len)
{
    while (p < len && s[p] != '\n' && s[p] != ';')
        p = s[p] == '"' ? tm_skip_string(s, p, len) : p + 1;
    return p;
}

/* The bracket matching the one at open, on [open, end); 0 if none. */
static size_t tm_match(const char *s, size_t open, size_t end)
{
    unsigned depth = 0;
    for (size_t p = open; p < end;) {
        char c = s[p];
        if (c == '"') {
            p = tm_skip_string(s, p, end);
            continue;
        }
        if (c == '(' || c == '{' || c == '[' || c == '<')
            depth++;
        else if ((c == ')' || c == '}' || c == ']' || c == '>') && --depth == 0)
            return p;
        p++;
    }
    return 0;
}

/* `= [distinct] !kind(` or `= [distinct] !{` after the name at p. */
static bool tm_parse_body(const char *s, size_t p, size_t end, tm_def *d)
{
    p = tm_skip_blanks(s, p, end);
    if (p >= end || s[p] != '=')
        return false;
    d->body = p = tm_skip_blanks(s, p + 1, end);
    if (end - p > 9 && memcmp(s + p, "distinct ", 9) == 0) {
        d->distinct = true;
        p = tm_skip_blanks(s, p + 9, end);
    }
    if (p >= end || s[p] != '!')
        return false;
    d->name = ++p;
    while (p < end && tm_name_char(s[p]))
        p++;
    d->name_n = p - d->name;
    if (p >= end || (s[p] != '(' && s[p] != '{'))
        return false;
    d->open = p;
    d->close = tm_match(s, p, end);
    return true;
}

/* A definition whose brackets do not close on its line (LLVM never writes
 * one, a person may): its match is looked for over the next TM_SPAN bytes,
 * so that the scan stays linear. */
enum { TM_SPAN = 1 << 16 };

static void tm_span_lines(const char *s, size_t len, tm_def *d)
{
    size_t limit = len - d->open > TM_SPAN ? d->open + TM_SPAN : len;
    size_t close = tm_match(s, d->open, limit);
    if (!close)
        return;
    d->close = close;
    d->end = tm_content_end(s, close, len);
}

static int tm_push(tm_def **v, size_t *n, size_t *cap, const tm_def *d)
{
    tm_def *grown = grow_array(*v, cap, *n, sizeof **v, 64);
    if (!grown)
        return -1;
    *v = grown;
    (*v)[(*n)++] = *d;
    return 0;
}

/* One line: a numbered definition, a named list, or nothing of interest.
 * *next is where the definition ends (past its line when it spans more). */
static int tm_line(const char *s, size_t len, size_t start, size_t end, size_t line,
                   tm_index *ix, size_t *next)
{
    size_t p = tm_skip_blanks(s, start, end);
    *next = end;
    if (p + 1 >= end || s[p] != '!')
        return 0;
    tm_def d = {.line = line, .start = start, .end = end};
    if (tm_digit(s[++p])) {
        uint64_t id = 0;
        for (; p < end && tm_digit(s[p]); p++)
            id = id < UINT64_MAX / 16 ? id * 10 + (uint64_t)(s[p] - '0') : id;
        d.id = id;
        if (!tm_parse_body(s, p, end, &d))
            return 0;
        if (!d.close)
            tm_span_lines(s, len, &d);
        *next = d.end;
        if (id >= ix->next_id)
            ix->next_id = id + 1;
        return tm_push(&ix->defs, &ix->n, &ix->cap, &d);
    }
    size_t name = p;
    while (p < end && tm_name_char(s[p]))
        p++;
    size_t name_n = p - name;
    if (!name_n || !tm_parse_body(s, p, end, &d) || d.name_n != 0)
        return 0;
    if (!d.close)
        tm_span_lines(s, len, &d);
    *next = d.end;
    d.name = name, d.name_n = name_n;
    return tm_push(&ix->named, &ix->n_named, &ix->cap_named, &d);
}

static int tm_cmp(const void *a, const void *b)
{
    const tm_def *x = a, *y = b;
    return (x->id > y->id) - (x->id < y->id);
}

int tm_index_build(const char *s, size_t len, tm_index *ix)
{
    memset(ix, 0, sizeof *ix);
    size_t line = 1;
    for (size_t p = 0; p < len; line++) {
        size_t end = tm_content_end(s, p, len), next;
        if (tm_line(s, len, p, end, line, ix, &next) != 0)
            return -1;
        for (size_t q = end; q < next; q++)
            line += s[q] == '\n';
        while (next < len && s[next] != '\n')
            next++;
        p = next + 1;
    }
    if (ix->n)
        qsort(ix->defs, ix->n, sizeof *ix->defs, tm_cmp);
    return 0;
}

void tm_index_free(tm_index *ix)
{
    free(ix->defs);
    free(ix->named);
    memset(ix, 0, sizeof *ix);
}

const tm_def *tm_find(const tm_index *ix, uint64_t id)
{
    tm_def key = {.id = id};
    return ix->n ? bsearch(&key, ix->defs, ix->n, sizeof key, tm_cmp) : NULL;
}

const tm_def *tm_find_named(const tm_index *ix, const char *s, const char *name)
{
    size_t n = strlen(name);
    for (size_t i = 0; i < ix->n_named; i++)
        if (ix->named[i].name_n == n && memcmp(s + ix->named[i].name, name, n) == 0)
            return &ix->named[i];
    return NULL;
}

bool tm_contains(const char *s, size_t from, size_t to, const char *word)
{
    size_t n = strlen(word);
    for (size_t p = from; p + n <= to; p++)
        if (memcmp(s + p, word, n) == 0)
            return true;
    return false;
}

bool tm_is(const char *s, const tm_def *def, const char *kind)
{
    size_t n = strlen(kind);
    return def->name_n == n && memcmp(s + def->name, kind, n) == 0;
}

/* Items of a definition written over several lines hold newlines too. */
static bool tm_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static tm_item tm_trim(const char *s, size_t from, size_t to)
{
    while (from < to && tm_space(s[from]))
        from++;
    while (to > from && tm_space(s[to - 1]))
        to--;
    return (tm_item){from, to};
}

size_t tm_items(const char *s, size_t from, size_t to, tm_item *items, size_t max)
{
    size_t n = 0, item = from;
    unsigned depth = 0;
    if (tm_trim(s, from, to).start == to)
        return 0;
    for (size_t p = from; p <= to;) {
        char c = p < to ? s[p] : ',';
        if (c == '"') {
            p = tm_skip_string(s, p, to);
            continue;
        }
        if (c == '(' || c == '{' || c == '[' || c == '<')
            depth++;
        else if ((c == ')' || c == '}' || c == ']' || c == '>') && depth)
            depth--;
        else if (c == ',' && (depth == 0 || p == to)) {
            if (n == max)
                return max + 1;
            items[n++] = tm_trim(s, item, p);
            item = p + 1;
        }
        p++;
    }
    return n;
}

bool tm_ref(const char *s, tm_item it, uint64_t *id)
{
    if (it.end - it.start < 2 || s[it.start] != '!' || !tm_digit(s[it.start + 1]))
        return false;
    uint64_t v = 0;
    for (size_t p = it.start + 1; p < it.end; p++) {
        if (!tm_digit(s[p]))
            return false;
        v = v < UINT64_MAX / 16 ? v * 10 + (uint64_t)(s[p] - '0') : v;
    }
    *id = v;
    return true;
}

bool tm_field(const char *s, tm_item it, const char *name, size_t *value)
{
    size_t n = strlen(name);
    if (it.end - it.start <= n || memcmp(s + it.start, name, n) != 0)
        return false;
    tm_item rest = tm_trim(s, it.start + n, it.end);
    if (rest.start >= it.end || s[rest.start] != ':')
        return false;
    *value = tm_trim(s, rest.start + 1, it.end).start;
    return true;
}
