/* rdat_subobjects.c - a library's subobjects (state object config, root
 * signatures, export associations, ray tracing configs, hit groups) in
 * its rebuilt RDAT. DXC moves them out of the module's metadata into
 * RDAT when it writes a library, and its validator reads them back from
 * there, so the carried part is their only source: each record is copied
 * in order, its strings, export lists and root signature bytes inserted
 * again as DXC's writer inserts them (after the function records). */
#include "rdat_build.h"
#include "rdat_builder.h"

#include "common/byteio.h"
#include "container/rdat.h"

#include <stdlib.h>
#include <string.h>

enum {
    SO_STATE_OBJECT_CONFIG = 0, SO_GLOBAL_ROOT_SIG = 1, SO_LOCAL_ROOT_SIG = 2,
    SO_EXPORTS_ASSOCIATION = 8, SO_SHADER_CONFIG = 9, SO_PIPELINE_CONFIG = 10,
    SO_HIT_GROUP = 11, SO_PIPELINE_CONFIG1 = 12
};
/* StateObjectFlags' AllowStateObjectAdditions. */
#define SO_ALLOW_ADDITIONS 0x4u

typedef struct so_src {
    const uint8_t *p;
    size_t n;
    uint64_t strings, string_size, indices, index_words, raw, raw_size;
    const dxil_rdat_table *table;
} so_src;

static bool so_locate(so_src *s, const dxil_rdat *d)
{
    for (uint32_t i = 0; i < d->table_count; i++) {
        const dxil_rdat_table *t = &d->tables[i];
        uint64_t at = t->offset + 8ull;
        if (t->type == RDAT_PT_STRINGS) {
            s->strings = at;
            s->string_size = t->size;
        } else if (t->type == RDAT_PT_INDICES) {
            s->indices = at;
            s->index_words = t->size / 4;
        } else if (t->type == RDAT_PT_RAW) {
            s->raw = at;
            s->raw_size = t->size;
        } else if (t->type == RDAT_PT_SUBOBJECTS) {
            s->table = t;
        }
    }
    return s->table && s->table->record_stride >= 24;
}

/* The carried string at off ("" for none), or NULL when malformed. */
static const char *so_string(const so_src *s, uint32_t off)
{
    if (off == RDAT_NULL)
        return "";
    if (off >= s->string_size || !memchr(s->p + s->strings + off, 0, s->string_size - off))
        return NULL;
    return (const char *)s->p + s->strings + off;
}

static bool so_restring(rdat_builder *b, const so_src *s, uint32_t *word)
{
    const char *str = so_string(s, *word);
    if (str)
        *word = rb_string(b, str);
    return str != NULL;
}

/* An export list: string offsets, each inserted again. */
static bool so_exports(rdat_builder *b, const so_src *s, uint32_t *word)
{
    if (*word == RDAT_NULL)
        return true;
    if (*word >= s->index_words)
        return false;
    const uint8_t *at = s->p + s->indices + 4ull * *word;
    uint32_t n = rd_le32(at);
    if (n > s->index_words - *word - 1)
        return false;
    uint32_t *v = calloc(n + 1, sizeof *v);
    bool ok = v != NULL;
    for (uint32_t i = 0; ok && i < n; i++) {
        v[i] = rd_le32(at + 4 + 4 * i);
        ok = so_restring(b, s, &v[i]);
    }
    if (ok)
        *word = rb_array(b, v, n);
    free(v);
    return ok;
}

static bool so_record(rdat_builder *b, const so_src *s, uint32_t w[6])
{
    if (!so_restring(b, s, &w[1]))
        return false;
    switch (w[0]) {
    case SO_GLOBAL_ROOT_SIG:
    case SO_LOCAL_ROOT_SIG:
        if (w[2] > s->raw_size || w[3] > s->raw_size - w[2])
            return false;
        w[2] = rb_raw(b, s->p + s->raw + w[2], w[3]);
        return true;
    case SO_EXPORTS_ASSOCIATION:
        return so_restring(b, s, &w[2]) && so_exports(b, s, &w[3]);
    case SO_HIT_GROUP:
        return so_restring(b, s, &w[3]) && so_restring(b, s, &w[4]) && so_restring(b, s, &w[5]);
    default:
        return true;
    }
}

/* Calls fn on each carried subobject record (6 words); 0, or -1 when
 * fn fails. A part without subobjects has none to visit. */
static int so_each(const dxil_write_part *carried, int (*fn)(void *, const so_src *, uint32_t,
                                                              uint32_t *), void *arg)
{
    if (!carried)
        return 0;
    dxil_rdat d;
    void *arena = NULL;
    so_src s = {.p = carried->data, .n = carried->size};
    int rc = 0;
    if (rdat_decode(carried->data, carried->size, &d, &arena, NULL) == 0 && so_locate(&s, &d))
        for (uint32_t i = 0; !rc && i < s.table->record_count; i++) {
            uint32_t w[6];
            const uint8_t *at = s.p + s.table->offset + 16 + (size_t)i * s.table->record_stride;
            for (unsigned k = 0; k < 6; k++)
                w[k] = rd_le32(at + 4 * k);
            rc = fn(arg, &s, i, w);
        }
    rdat_arena_free(&arena);
    return rc;
}

static int so_tier(void *arg, const so_src *s, uint32_t i, uint32_t *w)
{
    (void)s;
    (void)i;
    *(bool *)arg |= w[0] == SO_PIPELINE_CONFIG1 ||
                    (w[0] == SO_STATE_OBJECT_CONFIG && (w[2] & SO_ALLOW_ADDITIONS));
    return 0;
}

bool rdat_subobjects_need_tier_1_1(const dxil_write_part *carried)
{
    bool need = false;
    so_each(carried, so_tier, &need);
    return need;
}

typedef struct so_copy {
    write_module *wm;
    rdat_builder *b;
} so_copy;

static int so_copy_one(void *arg, const so_src *s, uint32_t i, uint32_t *w)
{
    so_copy *c = arg;
    if (!c->b->tables[RT_SUBOBJECTS].present)
        return wm_fail(c->wm, "RDAT", "subobjects", "validator %u.%u has no subobject table",
                       c->wm->val_major, c->wm->val_minor);
    if (!so_record(c->b, s, w))
        return wm_fail(c->wm, "RDAT", "subobjects", "carried subobject %u is malformed", i);
    rb_record(c->b, RT_SUBOBJECTS, w);
    return 0;
}

int rdat_copy_subobjects(write_module *wm, rdat_builder *b, const dxil_write_part *carried)
{
    so_copy c = {wm, b};
    return so_each(carried, so_copy_one, &c);
}
