/* bitcode_vstorder.c - the order of symbol tables that were not sorted by
 * name (bitcode_types.h, bc_restypes.vst_orders). DXC sorts every table;
 * older builds wrote StringMap order, which depends on the names the
 * compiler once created and deleted, so no module shows it. The walk keeps
 * one table's names at a time, packed in one buffer, and copies them out
 * only when the table turns out unsorted. */
#include "bitcode_types.h"
#include "common/grow.h"

#include <stdlib.h>
#include <string.h>

typedef struct bcr_vst_table {
    uint32_t table;      /* 0 the module's, k + 1 the k-th function body's */
    char **names;
    size_t n;
} bcr_vst_table;

struct bcr_vst {
    uint32_t cur;        /* the table being read, UINT32_MAX none */
    char *buf;           /* its names, NUL-separated */
    size_t len, cap;
    size_t *offs;        /* where each name starts in buf */
    size_t n, cap_offs;
    bcr_vst_table *out;  /* the unsorted tables so far */
    size_t nout, cap_out;
};

bcr_vst *bcr_vst_create(void)
{
    bcr_vst *s = calloc(1, sizeof *s);
    if (s)
        s->cur = UINT32_MAX;
    return s;
}

static void bcr_vst_table_free(bcr_vst_table *t)
{
    for (size_t i = 0; i < t->n; i++)
        free(t->names[i]);
    free(t->names);
}

void bcr_vst_destroy(bcr_vst *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->nout; i++)
        bcr_vst_table_free(&s->out[i]);
    free(s->out);
    free(s->buf);
    free(s->offs);
    free(s);
}

static bool bcr_vst_sorted(const char *buf, const size_t *offs, size_t n)
{
    for (size_t i = 1; i < n; i++)
        if (strcmp(buf + offs[i - 1], buf + offs[i]) > 0)
            return false;
    return true;
}

/* The table just read: kept when unsorted, then forgotten. 0 or -2. */
static int bcr_vst_flush(bcr_vst *s)
{
    size_t n = s->n;
    s->n = s->len = 0;
    if (s->cur == UINT32_MAX || bcr_vst_sorted(s->buf, s->offs, n))
        return 0;
    bcr_vst_table *t = grow_array(s->out, &s->cap_out, s->nout, sizeof *t, 4);
    if (!t)
        return -2;
    s->out = t;
    t = &s->out[s->nout++];
    *t = (bcr_vst_table){s->cur, calloc(n, sizeof *t->names), 0};
    for (size_t i = 0; t->names && i < n; i++)
        if ((t->names[t->n] = strdup(s->buf + s->offs[i])) != NULL)
            t->n++;
    return t->n == n ? 0 : -2;
}

int bcr_vst_name(bcr_vst *s, uint32_t table, const uint64_t *chars, size_t n)
{
    if (table != s->cur) {
        if (bcr_vst_flush(s))
            return -2;
        s->cur = table;
    }
    if (n >= SIZE_MAX - s->len - 1)
        return -2;
    size_t need = s->len + n + 1, cap = s->cap;
    while (cap < need)
        cap = cap ? cap * 2 : 256;
    char *buf = cap != s->cap ? realloc(s->buf, cap) : s->buf;
    size_t *offs = grow_array(s->offs, &s->cap_offs, s->n, sizeof *offs, 32);
    if (!buf || !offs) {
        s->buf = buf ? buf : s->buf;
        s->offs = offs ? offs : s->offs;
        return -2;
    }
    s->buf = buf;
    s->cap = cap;
    s->offs = offs;
    s->offs[s->n++] = s->len;
    for (size_t i = 0; i < n; i++)
        s->buf[s->len++] = chars[i] ? (char)chars[i] : '?';
    s->buf[s->len++] = 0;
    return 0;
}

int bcr_vst_finish(bcr_vst *s, const char *const *bodies, size_t nbodies, bc_restypes *out)
{
    if (bcr_vst_flush(s))
        return -1;
    s->cur = UINT32_MAX;
    if (!s->nout)
        return 0;
    if (!(out->vst_orders = calloc(s->nout, sizeof *out->vst_orders)))
        return -1;
    for (size_t i = 0; i < s->nout; i++) {
        bcr_vst_table *t = &s->out[i];
        const char *fn = t->table && t->table - 1 < nbodies ? bodies[t->table - 1] : NULL;
        if (t->table && !fn)
            continue; /* a body whose function has no name: nothing to match */
        struct bc_vstorder *o = &out->vst_orders[out->nvst_orders];
        *o = (struct bc_vstorder){fn ? strdup(fn) : NULL, t->names, t->n};
        if (fn && !o->fn)
            return -1;
        out->nvst_orders++;
        t->names = NULL; /* moved */
        t->n = 0;
    }
    return 0;
}

void bc_vstorders_free(struct bc_vstorder *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(v[i].fn);
        for (size_t k = 0; k < v[i].n; k++)
            free(v[i].names[k]);
        free(v[i].names);
    }
    free(v);
}
