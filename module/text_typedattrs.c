/* text_typedattrs.c - LLVM 3.7 text writes `sret`, `byval` and `inalloca`
 * bare (the pointee is the parameter's pointer type); LLVM 22's parser
 * wants the type spelled out (`sret(%T)`) and refuses the module
 * otherwise. DXC's high-level tests have `%struct.PSOut* noalias sret %r`.
 * Each bare one on a `define`, `declare` or call line gets its parameter's
 * pointee type, as LLVM's bitcode reader does for the same attribute. */
#include "text_check.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static const char *const tt_attrs[] = {"sret", "byval", "inalloca"};

typedef struct tt_out {
    char *buf;
    size_t len, cap;
    bool failed;
} tt_out;

static void tt_put(tt_out *o, const char *s, size_t n)
{
    if (o->failed || n == 0)
        return;
    if (o->len + n + 1 > o->cap) {
        size_t cap = (o->len + n + 1) * 2;
        char *b = realloc(o->buf, cap);
        if (!b) {
            o->failed = true;
            return;
        }
        o->buf = b;
        o->cap = cap;
    }
    memcpy(o->buf + o->len, s, n);
    o->len += n;
}

static bool tt_ident(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '.' || c == '$' || c == '-';
}

/* Length of the bare attribute at s[i] (word-bounded, no '(' after it). */
static size_t tt_bare_attr(const char *s, size_t i, size_t end)
{
    if (i > 0 && tt_ident(s[i - 1]))
        return 0;
    for (size_t k = 0; k < sizeof tt_attrs / sizeof tt_attrs[0]; k++) {
        size_t n = strlen(tt_attrs[k]);
        if (i + n <= end && !memcmp(s + i, tt_attrs[k], n) &&
            (i + n == end || (!tt_ident(s[i + n]) && s[i + n] != '(')))
            return n;
    }
    return 0;
}

/* The pointee of the parameter that holds the attribute at `at`: back to
 * the '(' or ',' that opens the parameter (outside brackets and quotes),
 * then the text up to its last top-level '*', without an addrspace. */
static bool tt_pointee(const char *s, size_t line, size_t at, size_t *from, size_t *to)
{
    int depth = 0;
    bool quoted = false;
    size_t i = at, star = 0;
    while (i > line) {
        char c = s[--i];
        if (c == '"')
            quoted = !quoted;
        else if (quoted)
            continue;
        else if (c == ')' || c == ']' || c == '}' || c == '>')
            depth++;
        else if ((c == '(' || c == ',') && depth == 0)
            break;
        else if (c == '(' || c == '[' || c == '{' || c == '<')
            depth--;
        else if (c == '*' && depth == 0 && !star)
            star = i;
    }
    while (i < at && (s[i] == '(' || s[i] == ',' || s[i] == ' '))
        i++;
    if (!star || star <= i)
        return false;
    size_t e = star;
    const char *as = " addrspace(";
    for (size_t k = i; k + strlen(as) <= e; k++)
        if (!memcmp(s + k, as, strlen(as)))
            e = k;
    while (e > i && s[e - 1] == ' ')
        e--;
    *from = i;
    *to = e;
    return e > i;
}

/* Lines whose parameters may carry the attribute: declarations,
 * definitions and calls (a metadata or global line never does). */
static bool tt_line_wanted(const char *s, size_t line, size_t end)
{
    size_t i = line;
    while (i < end && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (end - i >= 7 && (!memcmp(s + i, "define ", 7) || !memcmp(s + i, "declare", 7)))
        return true;
    for (size_t k = i; k + 6 <= end; k++)
        if (!memcmp(s + k, " call ", 6) || (k == i && !memcmp(s + k, "call ", 5)))
            return true;
    return false;
}

/* Copies one line, giving each bare attribute outside quotes and comments
 * its type; counts the rewrites in *n. */
static void tt_line(tt_out *o, const char *s, size_t line, size_t end, size_t *n)
{
    bool quoted = false, wanted = tt_line_wanted(s, line, end);
    size_t copied = line;
    for (size_t i = line; wanted && i < end; i++) {
        if (s[i] == '"')
            quoted = !quoted;
        if (quoted)
            continue;
        if (s[i] == ';')
            break;
        size_t len = tt_bare_attr(s, i, end), from, to;
        if (!len || !tt_pointee(s, line, i, &from, &to))
            continue;
        tt_put(o, s + copied, i + len - copied);
        tt_put(o, "(", 1);
        tt_put(o, s + from, to - from);
        tt_put(o, ")", 1);
        copied = i + len;
        i += len - 1;
        (*n)++;
    }
    tt_put(o, s + copied, end - copied);
}

int text_type_pointer_attrs(const char *text, size_t len, char **out, size_t *out_len)
{
    tt_out o = {0};
    size_t n = 0, line = 0;
    *out = NULL;
    *out_len = 0;
    while (line < len) {
        const char *nl = memchr(text + line, '\n', len - line);
        size_t end = nl ? (size_t)(nl - text) + 1 : len;
        tt_line(&o, text, line, end, &n);
        line = end;
    }
    if (o.failed || n == 0) {
        free(o.buf);
        return o.failed ? -1 : 0;
    }
    *out = o.buf;
    *out_len = o.len;
    return 0;
}
