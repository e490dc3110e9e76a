/* rules.c - the rule table (rules.def) and the report every family uses:
 * DXC's message with its arguments filled, DXC's rule name, and where. */
#include "check.h"

#include "module/llvm_shim.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const chk_rule_info chk_rules[CHK_RULE_COUNT] = {
#define DXIL_RULE(code, id, name, msg, doc) {code, name, msg, doc},
#include "rules.def"
#undef DXIL_RULE
};

const chk_rule_info *chk_rule_get(chk_rule r)
{
    return (unsigned)r < CHK_RULE_COUNT ? &chk_rules[r] : NULL;
}

static const chk_rule_info *rule_by_code(int code)
{
    /* Codes are 5200 + index, in order (checked by the unit test). */
    int i = code - chk_rules[0].code;
    return i >= 0 && i < CHK_RULE_COUNT && chk_rules[i].code == code ? &chk_rules[i] : NULL;
}

const char *dxil_rule_name(int code)
{
    const chk_rule_info *r = rule_by_code(code);
    return r ? r->name : NULL;
}

int dxil_rule_code(const char *name)
{
    for (int i = 0; name && i < CHK_RULE_COUNT; i++)
        if (strcmp(chk_rules[i].name, name) == 0)
            return chk_rules[i].code;
    return 0;
}

const char *dxil_rule_family(int code, char *buf, size_t size)
{
    const chk_rule_info *r = rule_by_code(code);
    if (!r || !size)
        return NULL;
    size_t n = strcspn(r->name, ".");
    if (n >= size)
        n = size - 1;
    memcpy(buf, r->name, n);
    buf[n] = '\0';
    return buf;
}

/* ---- the report -------------------------------------------------------- */

typedef struct chk_buf {
    char *p;
    size_t len, cap;
} chk_buf;

static void buf_put(chk_buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = (b->cap ? b->cap * 2 : 256) + n;
        char *p = realloc(b->p, cap);
        if (!p)
            return;
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

static void buf_str(chk_buf *b, const char *s)
{
    buf_put(b, s, strlen(s));
}

/* DXC's message with %0..%9 replaced by args[] (n of them). */
static void fill_message(chk_buf *b, const char *msg, const char **args, unsigned n)
{
    for (const char *s = msg; *s; s++) {
        if (s[0] == '%' && s[1] >= '0' && s[1] <= '9' && (unsigned)(s[1] - '0') < n) {
            buf_str(b, args[s[1] - '0']);
            s++;
        } else {
            buf_put(b, s, 1);
        }
    }
}

/* One line of an instruction's text, at most 160 characters. */
static void put_inst(chk_ctx *c, chk_buf *b, LLVMValueRef inst)
{
    if (!c->printer)
        c->printer = shim_printer_create(c->mod);
    char *text = shim_printer_print(c->printer, inst);
    if (!text)
        return;
    const char *t = text;
    while (*t == ' ')
        t++;
    size_t n = strcspn(t, "\n");
    buf_str(b, "`");
    buf_put(b, t, n > 160 ? 157 : n);
    if (n > 160)
        buf_str(b, "...");
    buf_str(b, "`");
    free(text);
}

static void put_where(chk_ctx *c, chk_buf *b, LLVMValueRef where)
{
    size_t len;
    if (LLVMIsAInstruction(where)) {
        LLVMBasicBlockRef bb = LLVMGetInstructionParent(where);
        LLVMValueRef fn = bb ? LLVMGetBasicBlockParent(bb) : NULL;
        buf_str(b, " (@");
        buf_str(b, fn ? LLVMGetValueName2(fn, &len) : "?");
        buf_str(b, ": ");
        put_inst(c, b, where);
        buf_str(b, ")");
    } else if (LLVMIsAFunction(where) || LLVMIsAGlobalValue(where)) {
        buf_str(b, " (@");
        buf_str(b, LLVMGetValueName2(where, &len));
        buf_str(b, ")");
    }
}

static void chk_report(chk_ctx *c, chk_rule r, LLVMValueRef where, const char *note,
                       va_list ap)
{
    const chk_rule_info *ri = chk_rule_get(r);
    if (!ri || c->stopped)
        return;
    const char *args[10];
    unsigned n = 0;
    for (const char *a; n < 10 && (a = va_arg(ap, const char *)) != NULL;)
        args[n++] = a;
    chk_buf b = {0};
    fill_message(&b, ri->message, args, n);
    if (note && *note) {
        buf_str(&b, " ");
        buf_str(&b, note);
    }
    if (where)
        put_where(c, &b, where);
    buf_str(&b, " [");
    buf_str(&b, ri->name);
    buf_str(&b, "]");
    dxil_diags_add(c->diags, DXIL_SEV_ERROR, ri->code, DXIL_LOC_NONE, 0, "%s",
                   b.p ? b.p : ri->message);
    free(b.p);
    c->violations++;
    if (c->opts.max_errors && c->violations >= c->opts.max_errors)
        c->stopped = true;
}

void chk_fail(chk_ctx *c, chk_rule r, LLVMValueRef where, ...)
{
    va_list ap;
    va_start(ap, where);
    chk_report(c, r, where, NULL, ap);
    va_end(ap);
}

void chk_fail_note(chk_ctx *c, chk_rule r, LLVMValueRef where, const char *note, ...)
{
    va_list ap;
    va_start(ap, note);
    chk_report(c, r, where, note, ap);
    va_end(ap);
}
