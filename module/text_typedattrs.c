/* text_typedattrs.c - LLVM 3.7 text writes `sret`, `byval` and `inalloca`
 * bare (the pointee is the parameter's pointer type); LLVM 22's parser
 * wants the type spelled out (`sret(%T)`) and refuses the module
 * otherwise. DXC's high-level tests have `%struct.PSOut* noalias sret %r`.
 * Each bare one on a `define`, `declare` or call line gets its parameter's
 * pointee type, as LLVM's bitcode reader does for the same attribute.
 * An alias is the same story: 3.7 wrote `@a = alias i8* @b` (the
 * aliasee's pointer type only), LLVM 22 wants `alias i8, i8* @b`. */
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

/* The end of a pointer type's pointee in s[from, star) (star: its '*'):
 * before an addrspace and the blanks in front of it. */
static size_t tt_pointee_end(const char *s, size_t from, size_t star)
{
    static const char as[] = " addrspace(";
    size_t e = star, n = sizeof as - 1;
    for (size_t k = from; k + n <= e; k++)
        if (!memcmp(s + k, as, n))
            e = k;
    while (e > from && s[e - 1] == ' ')
        e--;
    return e;
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
    *from = i;
    *to = tt_pointee_end(s, i, star);
    return *to > i;
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

/* Constant expressions an alias's aliasee may start with. */
static const char *const tt_aliasee_exprs[] = {"bitcast", "getelementptr", "addrspacecast",
                                               "inttoptr", "ptrtoint"};

/* True when the aliasee starts at s[i] (after the type and a space). */
static bool tt_aliasee_at(const char *s, size_t i, size_t end)
{
    if (i < end && s[i] == '@')
        return true;
    for (size_t k = 0; k < sizeof tt_aliasee_exprs / sizeof tt_aliasee_exprs[0]; k++) {
        size_t n = strlen(tt_aliasee_exprs[k]);
        if (i + n < end && !memcmp(s + i, tt_aliasee_exprs[k], n) && !tt_ident(s[i + n]))
            return true;
    }
    return false;
}

/* The end of the type that starts at s[i] on a 3.7 alias line (the aliasee
 * follows it), or 0 when there is none or a ',' shows the new form. */
static size_t tt_alias_type_end(const char *s, size_t i, size_t end)
{
    int depth = 0;
    bool quoted = false;
    for (; i < end; i++) {
        char c = s[i];
        if (c == '"')
            quoted = !quoted;
        else if (quoted)
            continue;
        else if (c == '(' || c == '[' || c == '{' || c == '<')
            depth++;
        else if (c == ')' || c == ']' || c == '}' || c == '>')
            depth--;
        else if (depth == 0 && (c == ',' || c == ';' || c == '\n'))
            return 0;
        else if (depth == 0 && c == ' ' && tt_aliasee_at(s, i + 1, end))
            return i;
    }
    return 0;
}

/* On a `@name = ... alias <T>* <aliasee>` line (3.7 form) finds where the
 * value type goes (*ins) and the pointee text [*from, *to). */
static bool tt_old_alias(const char *s, size_t line, size_t end, size_t *ins, size_t *from,
                         size_t *to)
{
    static const char kw[] = " alias ";
    bool quoted = false;
    size_t i = line, k = sizeof kw - 1;
    if (i >= end || s[i] != '@')
        return false;
    for (; i + k <= end && (quoted || memcmp(s + i, kw, k)); i++)
        if (s[i] == '"')
            quoted = !quoted;
    if (i + k > end)
        return false;
    *ins = i + k;
    size_t e = tt_alias_type_end(s, *ins, end);
    if (e <= *ins || s[e - 1] != '*')
        return false;
    *from = *ins;
    *to = tt_pointee_end(s, *ins, e - 1);
    return *to > *ins;
}

/* Writes a 3.7 alias line's start with the value type put in; returns
 * where copying goes on (line itself when it is no such line). */
static size_t tt_alias_line(tt_out *o, const char *s, size_t line, size_t end, size_t *n)
{
    size_t ins, from, to;
    if (!tt_old_alias(s, line, end, &ins, &from, &to))
        return line;
    tt_put(o, s + line, ins - line);
    tt_put(o, s + from, to - from);
    tt_put(o, ", ", 2);
    (*n)++;
    return ins;
}

/* Copies one line, giving each bare attribute outside quotes and comments
 * its type; counts the rewrites in *n. */
static void tt_line(tt_out *o, const char *s, size_t line, size_t end, size_t *n)
{
    bool quoted = false, wanted = tt_line_wanted(s, line, end);
    size_t copied = tt_alias_line(o, s, line, end, n);
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
