/* run_plan.c - from the reflected descriptors to the inputs of a run:
 * each slot's HLSL identity (DXC's -spirv default mapping inverted:
 * space = set, register = binding - shift + array index, class from the
 * descriptor type), its texel format, its size and its bytes, from a bind
 * or the seed (docs/run.md). */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "run.h"
#include "common/file_io.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

enum { PLAN_ALIGN = 64 };

static const char *const kind_names[RUN_KIND_COUNT] = {
    [RUN_STORAGE_BUFFER] = "storage-buffer",
    [RUN_UNIFORM_BUFFER] = "uniform-buffer",
    [RUN_UNIFORM_TEXEL] = "uniform-texel-buffer",
    [RUN_STORAGE_TEXEL] = "storage-texel-buffer",
};

const char *run_kind_name(run_kind k)
{
    return k < RUN_KIND_COUNT ? kind_names[k] : "?";
}

static int plan_error(dxil_diags *diags, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int plan_error(dxil_diags *diags, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    dxil_diags_addv(diags, DXIL_SEV_ERROR, code, DXIL_LOC_NONE, 0, fmt, ap);
    va_end(ap);
    return -1;
}

void run_plan_free(run_plan *p)
{
    for (size_t i = 0; i < p->n_slots; i++)
        free(p->slots[i].name);
    free(p->slots);
    free(p->entry);
    if (p->arena)
        munmap(p->arena, p->arena_size);
    memset(p, 0, sizeof *p);
}

/* ---- identities ---------------------------------------------------------- */

static char plan_class(const run_slot *s)
{
    if (s->kind == RUN_UNIFORM_BUFFER)
        return 'b';
    return s->writable ? 'u' : 't';
}

/* The shift of class cls in space: a shift for the space wins over one for
 * all spaces (as DXC applies -fvk-*-shift). */
static uint32_t plan_shift(const dxil_run_options *o, char cls, uint32_t space)
{
    uint32_t all = 0;
    for (size_t i = 0; i < o->n_shifts; i++) {
        const dxil_run_shift *s = &o->shifts[i];
        if (s->cls != cls)
            continue;
        if (!s->all_spaces && s->space == space)
            return s->shift;
        if (s->all_spaces)
            all = s->shift;
    }
    return all;
}

static int plan_texel_format(run_slot *s, const dxil_run_options *o, dxil_diags *diags)
{
    for (size_t i = 0; i < o->n_formats; i++) {
        const dxil_run_format *f = &o->formats[i];
        if (f->cls != s->cls || f->reg != s->reg || f->space != s->space)
            continue;
        s->format = run_format_by_name(f->format);
        if (!s->format)
            return plan_error(diags, DXIL_E_RUN_BIND, "--texel-format %c%u:space%u=%s: unknown format "
                              "(SPIR-V's names: rgba32f, r32ui, rg16i, ...)", f->cls, f->reg, f->space,
                              f->format);
        return 0;
    }
    if (!s->format)
        s->format = run_format_guess(s->texel_float, s->texel_components);
    return 0;
}

static int plan_identify_slot(run_slot *s, const dxil_run_options *o, dxil_diags *diags)
{
    s->cls = plan_class(s);
    s->space = s->set;
    uint32_t shift = plan_shift(o, s->cls, s->space);
    if (s->binding < shift)
        return plan_error(diags, DXIL_E_RUN_BIND, "%s (set %u, binding %u) is below the "
                          "--vk-%c-shift of %u: it has no %c register", s->name, s->set, s->binding,
                          s->cls, shift, s->cls);
    uint64_t reg = (uint64_t)s->binding - shift + s->array_index;
    if (reg > UINT32_MAX)
        return plan_error(diags, DXIL_E_RUN_BIND, "%s: register out of range", s->name);
    s->reg = (uint32_t)reg;
    if (s->kind == RUN_UNIFORM_TEXEL || s->kind == RUN_STORAGE_TEXEL)
        return plan_texel_format(s, o, diags);
    return 0;
}

static bool plan_slot_is(const run_slot *s, char cls, uint32_t reg, uint32_t space, bool counter)
{
    return s->cls == cls && s->reg == reg && s->space == space && s->counter == counter;
}

static const run_slot *plan_find(const run_plan *p, char cls, uint32_t reg, uint32_t space,
                                 bool counter)
{
    for (size_t i = 0; i < p->n_slots; i++)
        if (plan_slot_is(&p->slots[i], cls, reg, space, counter))
            return &p->slots[i];
    return NULL;
}

/* The retarget names a structured buffer's counter "<buffer>.counter" and
 * places it below the shifts (DXC's placement): it takes the identity of
 * its buffer, as a counter. The buffer, or NULL. */
static const run_slot *plan_counter_of(const run_plan *p, const run_slot *s)
{
    static const char suffix[] = ".counter";
    size_t n = strlen(s->name), k = sizeof suffix - 1;
    if (s->kind != RUN_STORAGE_BUFFER || n <= k || strcmp(s->name + n - k, suffix))
        return NULL;
    for (size_t i = 0; i < p->n_slots; i++) {
        const run_slot *b = &p->slots[i];
        if (b != s && b->set == s->set && strlen(b->name) == n - k &&
            !strncmp(b->name, s->name, n - k))
            return b;
    }
    return NULL;
}

int run_plan_identify(run_plan *p, const dxil_run_options *o, dxil_diags *diags)
{
    for (size_t i = 0; i < p->n_slots; i++)
        if (!plan_counter_of(p, &p->slots[i]) && plan_identify_slot(&p->slots[i], o, diags) != 0)
            return -1;
    for (size_t i = 0; i < p->n_slots; i++) {
        run_slot *s = &p->slots[i];
        const run_slot *buf = plan_counter_of(p, s);
        if (buf) {
            /* an array's counters: element i counts buffer element i */
            s->cls = buf->cls, s->space = buf->space;
            s->reg = buf->reg - buf->array_index + s->array_index;
            s->counter = true;
        }
        const run_slot *same = plan_find(p, s->cls, s->reg, s->space, s->counter);
        if (same != s)
            return plan_error(diags, DXIL_E_RUN_BIND, "%s (set %u, binding %u) and %s (set %u, "
                              "binding %u) are both %c%u space%u", same->name, same->set,
                              same->binding, s->name, s->set, s->binding, s->cls, s->reg, s->space);
    }
    for (size_t i = 0; i < o->n_formats; i++) {
        const dxil_run_format *f = &o->formats[i];
        const run_slot *s = plan_find(p, f->cls, f->reg, f->space, false);
        if (!s || (s->kind != RUN_UNIFORM_TEXEL && s->kind != RUN_STORAGE_TEXEL))
            return plan_error(diags, DXIL_E_RUN_BIND, "--texel-format %c%u:space%u: the shader has "
                              "no typed buffer there", f->cls, f->reg, f->space);
    }
    return 0;
}

/* ---- sizes and contents ----------------------------------------------------- */

/* What one slot's bytes come from. */
typedef struct plan_input {
    const dxil_run_bind *bind; /* NULL: seeded */
    file_data file;
    const uint8_t *bytes;
    uint64_t size;
} plan_input;

static const dxil_run_bind *plan_bind_of(const run_slot *s, const dxil_run_options *o)
{
    if (s->counter)
        return NULL; /* counters start at zero */
    for (size_t i = 0; i < o->n_binds; i++)
        if (o->binds[i].cls == s->cls && o->binds[i].reg == s->reg && o->binds[i].space == s->space)
            return &o->binds[i];
    return NULL;
}

static uint64_t plan_round_up(uint64_t v, uint64_t to)
{
    return (v + to - 1) / to * to;
}

/* The size of an unbound slot: a runtime array gets default_size rounded
 * down to whole elements (at least one), a counter one; anything else its
 * declared size. */
static uint64_t plan_seed_size(const run_slot *s, uint64_t def)
{
    if (s->counter) /* one word */
        return s->fixed_size + (s->stride ? s->stride : 4);
    switch (s->kind) {
    case RUN_UNIFORM_BUFFER: return s->fixed_size ? plan_round_up(s->fixed_size, 16) : 16;
    case RUN_UNIFORM_TEXEL:
    case RUN_STORAGE_TEXEL: {
        uint64_t n = def / s->format->size;
        return (n ? n : 1) * s->format->size;
    }
    default:
        if (!s->stride)
            return s->fixed_size ? s->fixed_size : 4;
        uint64_t n = def > s->fixed_size ? (def - s->fixed_size) / s->stride : 0;
        return s->fixed_size + (n ? n : 1) * s->stride;
    }
}

/* Why a bound size does not fit the slot, or NULL. */
static const char *plan_size_problem(const run_slot *s, uint64_t size, char *buf, size_t cap)
{
    if (size == 0)
        return "empty: a buffer holds at least one element";
    if (size > RUN_MAX_BUFFER)
        return "larger than dxil-run's limit of 1 GiB";
    switch (s->kind) {
    case RUN_UNIFORM_BUFFER:
        if (size % 16 != 0)
            snprintf(buf, cap, "%llu bytes is not a whole number of 16-byte cbuffer rows",
                     (unsigned long long)size);
        else if (size < s->fixed_size)
            snprintf(buf, cap, "%llu bytes is smaller than the cbuffer's %llu",
                     (unsigned long long)size, (unsigned long long)s->fixed_size);
        else if (size > RUN_MAX_CBUFFER)
            snprintf(buf, cap, "%llu bytes is more than a cbuffer's 4096 rows", (unsigned long long)size);
        else
            return NULL;
        return buf;
    case RUN_UNIFORM_TEXEL:
    case RUN_STORAGE_TEXEL:
        if (size % s->format->size == 0)
            return NULL;
        snprintf(buf, cap, "%llu bytes is not a whole number of %u-byte %s elements",
                 (unsigned long long)size, s->format->size, s->format->name);
        return buf;
    default:
        if (size < s->fixed_size)
            snprintf(buf, cap, "%llu bytes is smaller than the buffer's fixed part, %llu",
                     (unsigned long long)size, (unsigned long long)s->fixed_size);
        else if (s->stride && (size - s->fixed_size) % s->stride != 0)
            snprintf(buf, cap, "%llu bytes is not a whole number of %u-byte elements",
                     (unsigned long long)(size - s->fixed_size), s->stride);
        else
            return NULL;
        return buf;
    }
}

static int plan_bind_error(dxil_diags *diags, const dxil_run_bind *b, const char *why)
{
    return plan_error(diags, DXIL_E_RUN_BIND, "--bind %c%u:space%u=%s: %s", b->cls, b->reg, b->space,
                      b->path ? b->path : "<memory>", why);
}

static int plan_input_open(const run_slot *s, const dxil_run_options *o, plan_input *in,
                           dxil_diags *diags)
{
    in->bind = plan_bind_of(s, o);
    if (!in->bind) {
        in->size = plan_seed_size(s, o->default_size ? o->default_size : DXIL_RUN_DEFAULT_SIZE);
        return 0;
    }
    if (in->bind->path) {
        if (file_map(in->bind->path, 0, &in->file, diags) != 0)
            return plan_bind_error(diags, in->bind, "cannot be read");
        in->bytes = in->file.data;
        in->size = in->file.size;
    } else {
        in->bytes = in->bind->data;
        in->size = in->bind->size;
    }
    char buf[160];
    const char *why = plan_size_problem(s, in->size, buf, sizeof buf);
    return why ? plan_bind_error(diags, in->bind, why) : 0;
}

/* Every bind names a slot, once. */
static int plan_check_binds(const run_plan *p, const dxil_run_options *o, dxil_diags *diags)
{
    for (size_t i = 0; i < o->n_binds; i++) {
        const dxil_run_bind *b = &o->binds[i];
        if (!plan_find(p, b->cls, b->reg, b->space, false))
            return plan_bind_error(diags, b, "the shader has no such resource");
        for (size_t j = 0; j < i; j++)
            if (o->binds[j].cls == b->cls && o->binds[j].reg == b->reg && o->binds[j].space == b->space)
                return plan_bind_error(diags, b, "bound twice");
    }
    return 0;
}

/* The arena: every slot's bytes (PLAN_ALIGN apart), the push constants,
 * then `extra` bytes for the caller, in one shared anonymous mapping;
 * unbound slots seeded. */
static int plan_arena(run_plan *p, const plan_input *in, size_t extra, const dxil_run_options *o,
                      dxil_diags *diags)
{
    uint64_t total = 0;
    for (size_t i = 0; i < p->n_slots; i++)
        total += plan_round_up(in[i].size, PLAN_ALIGN);
    total += plan_round_up(p->push_size, PLAN_ALIGN) + plan_round_up(extra, PLAN_ALIGN);
    if (total == 0)
        total = PLAN_ALIGN;
    if (total > SIZE_MAX / 2)
        return plan_error(diags, DXIL_E_RUN_BIND, "the buffers need more memory than there is");
    void *m = mmap(NULL, (size_t)total, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
        return plan_error(diags, DXIL_E_RUN_BIND, "cannot map %llu bytes for the buffers",
                          (unsigned long long)total);
    p->arena = m;
    p->arena_size = (size_t)total;
    uint8_t *at = p->arena;
    for (size_t i = 0; i < p->n_slots; i++) {
        run_slot *s = &p->slots[i];
        s->data = at;
        s->size = in[i].size;
        s->source = in[i].bind ? (in[i].bind->path ? in[i].bind->path : "<memory>") : NULL;
        if (in[i].bind)
            memcpy(s->data, in[i].bytes, in[i].size);
        else if (!s->counter) { /* a counter stays zero, as the mapping is */
            run_seed_fill(s->data, s->size, run_seed_state(o->seed, s->cls, s->space, s->reg));
            if (o->seed_finite)
                run_seed_finite(s->data, s->size);
        }
        at += plan_round_up(s->size, PLAN_ALIGN);
    }
    p->push_data = at; /* zero-filled, as the mapping is */
    p->extra = extra ? at + plan_round_up(p->push_size, PLAN_ALIGN) : NULL;
    return 0;
}

int run_plan_contents(run_plan *p, const dxil_run_options *o, size_t extra, dxil_diags *diags)
{
    if (plan_check_binds(p, o, diags) != 0)
        return -1;
    plan_input *in = calloc(p->n_slots ? p->n_slots : 1, sizeof *in);
    if (!in)
        return plan_error(diags, DXIL_E_RUN_BIND, "out of memory");
    int rc = 0;
    for (size_t i = 0; i < p->n_slots && rc == 0; i++)
        rc = plan_input_open(&p->slots[i], o, &in[i], diags);
    if (rc == 0)
        rc = plan_arena(p, in, extra, o, diags);
    for (size_t i = 0; i < p->n_slots; i++)
        file_release(&in[i].file);
    free(in);
    return rc;
}
