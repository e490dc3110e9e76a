/* rt_bindings.c - the bindings pass: every resource handle's Vulkan
 * descriptor set and binding, as DXC's -spirv derives them by default
 * (docs/spirv.md, "Bindings"): register(xN, spaceS) is set S, binding
 * N + the shift of class x for set S (-fvk-{b,t,u,s}-shift N S, or N all).
 * Two resources on one set and binding are refused (DXIL8001) unless one
 * is an image and the other a sampler, the pair DXC lets share a binding.
 * A structured buffer whose counter is used gets the counter in a buffer
 * of its own: the lowest binding of its set no resource takes, as DXC
 * gives counters without [[vk::counter_binding]]. */
#include "retarget_internal.h"

#include "module/md_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* DXC's binding categories: an image and a sampler may share a binding
 * (a combined image sampler); anything else collides. */
enum { RT_CAT_IMAGE = 1, RT_CAT_SAMPLER = 2, RT_CAT_OTHER = 3 };

static unsigned rt_category(const rt_binding *b)
{
    if (b->cls == 's')
        return RT_CAT_SAMPLER;
    if (b->kind == RT_RES_TYPED || (b->kind == RT_RES_OTHER && b->cls != 'b'))
        return RT_CAT_IMAGE;
    return RT_CAT_OTHER;
}

static unsigned rt_shift(const rt_ctx *rc, char cls, unsigned space)
{
    unsigned all = 0;
    for (size_t i = 0; i < rc->opts.n_shifts; i++) {
        const retarget_shift *s = &rc->opts.shifts[i];
        if (s->cls != cls)
            continue;
        if (!s->all_spaces && s->space == space)
            return s->shift; /* a set's own shift wins over "all" */
        if (s->all_spaces)
            all = s->shift;
    }
    return all;
}

/* Register class and kind of a dx handle type; false for one that is not
 * a resource type. */
static bool rt_classify(rt_ctx *rc, LLVMTypeRef t, char *cls, rt_res_kind *kind,
                        uint64_t *stride)
{
    if (LLVMGetTypeKind(t) != LLVMTargetExtTypeKind)
        return false;
    const char *n = LLVMGetTargetExtTypeName(t);
    unsigned nint = LLVMGetTargetExtTypeNumIntParams(t);
    bool uav = nint > 0 && LLVMGetTargetExtTypeIntParam(t, 0) != 0;
    *stride = 0;
    if (!strcmp(n, "dx.CBuffer")) {
        *cls = 'b';
        *kind = RT_RES_CBUFFER;
    } else if (!strcmp(n, "dx.RawBuffer")) {
        LLVMTypeRef e = LLVMGetTargetExtTypeTypeParam(t, 0);
        *cls = uav ? 'u' : 't';
        bool bytes = LLVMGetTypeKind(e) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(e) == 8;
        *kind = bytes ? RT_RES_RAW : RT_RES_STRUCTURED;
        if (!bytes)
            *stride = LLVMABISizeOfType(rc->td, e);
    } else if (!strcmp(n, "dx.TypedBuffer")) {
        *cls = uav ? 'u' : 't';
        *kind = RT_RES_TYPED;
    } else if (!strcmp(n, "dx.Sampler")) {
        *cls = 's';
        *kind = RT_RES_OTHER;
    } else if (!strcmp(n, "dx.Texture") || !strcmp(n, "dx.MSTexture")) {
        *cls = uav ? 'u' : 't';
        *kind = RT_RES_OTHER;
    } else if (!strcmp(n, "dx.FeedbackTexture")) {
        *cls = 'u';
        *kind = RT_RES_OTHER;
    } else {
        return false;
    }
    return true;
}

/* The name the handle call gives (a private string), into buf; false
 * for none (stripped shaders pass ptr null). */
static bool rt_given_name(LLVMValueRef name, char *buf, size_t size)
{
    if (!name || !LLVMIsAGlobalVariable(name))
        return false;
    LLVMValueRef init = LLVMGetInitializer(name);
    size_t len = 0;
    const char *s = init && LLVMIsConstantString(init) ? LLVMGetAsString(init, &len) : NULL;
    if (!s || !len || !*s)
        return false;
    snprintf(buf, size, "%s", s);
    return true;
}

static void rt_made_name(const rt_binding *b, char *buf, size_t size)
{
    if (b->space)
        snprintf(buf, size, "%c%u_space%u", b->cls, b->reg, b->space);
    else
        snprintf(buf, size, "%c%u", b->cls, b->reg);
}

static bool rt_name_taken(const rt_ctx *rc, const rt_binding *self, const char *name)
{
    for (size_t i = 0; i < rc->n_binds; i++)
        if (&rc->binds[i] != self && !strcmp(rc->binds[i].name, name))
            return true;
    return false;
}

/* The binding of (cls, space, reg), added when new (rc->binds has room
 * for one per handle call, so pointers to it stay valid). */
static rt_binding *rt_binding_for(rt_ctx *rc, char cls, unsigned space, unsigned reg)
{
    for (size_t i = 0; i < rc->n_binds; i++) {
        rt_binding *b = &rc->binds[i];
        if (b->cls == cls && b->space == space && b->reg == reg)
            return b;
    }
    rt_binding *b = &rc->binds[rc->n_binds++];
    memset(b, 0, sizeof *b);
    b->cls = cls;
    b->space = space;
    b->reg = reg;
    return b;
}

/* One handlefrombinding call: its binding and an rt_handle. */
static int rt_add_handle(rt_ctx *rc, LLVMValueRef call)
{
    uint64_t space, reg, range;
    char cls;
    rt_res_kind kind;
    uint64_t stride;
    LLVMTypeRef t = LLVMTypeOf(call);
    if (!const_u64(LLVMGetOperand(call, 0), &space) || !const_u64(LLVMGetOperand(call, 1), &reg) ||
        !const_u64(LLVMGetOperand(call, 2), &range)) {
        rt_refuse(rc, call, "a binding whose space, register or range is not a constant");
        return -1;
    }
    if (!rt_classify(rc, t, &cls, &kind, &stride)) {
        rt_refuse(rc, call, "the handle's type is no resource type this retarget knows");
        return -1;
    }
    rt_binding *b = rt_binding_for(rc, cls, (unsigned)space, (unsigned)reg);
    if (b->dx_type && (b->kind != kind || b->stride != stride ||
                       (kind == RT_RES_TYPED && b->dx_type != t))) {
        rt_refuse(rc, call, "register %c%u (space %u) is used as two different resource types",
                  cls, b->reg, b->space);
        return -1;
    }
    if (!b->dx_type) {
        b->dx_type = t;
        b->kind = kind;
        b->stride = stride;
        b->range = (int32_t)(uint32_t)range;
        b->set = b->space;
        b->binding = b->reg + rt_shift(rc, cls, b->space);
        if (!rt_given_name(LLVMGetOperand(call, 4), b->name, sizeof b->name))
            rt_made_name(b, b->name, sizeof b->name);
    }
    rt_handle *h = &rc->handles[rc->n_handles++];
    memset(h, 0, sizeof *h);
    h->dx_call = call;
    h->bind = b;
    return 0;
}

static void rt_describe(const rt_binding *b, char *buf, size_t size)
{
    snprintf(buf, size, "'%s' (register %c%u, space %u)", b->name, b->cls, b->reg, b->space);
}

/* Refuses each pair of resources on one set and binding. */
static int rt_check_collisions(rt_ctx *rc)
{
    int rv = 0;
    for (size_t i = 0; i < rc->n_binds; i++)
        for (size_t j = i + 1; j < rc->n_binds; j++) {
            const rt_binding *a = &rc->binds[i], *b = &rc->binds[j];
            if (a->set != b->set || a->binding != b->binding ||
                !(rt_category(a) & rt_category(b)))
                continue;
            char da[160], db[160];
            rt_describe(a, da, sizeof da);
            rt_describe(b, db, sizeof db);
            dxil_diags_add(rc->diags, DXIL_SEV_ERROR, DXIL_E_SPIRV_BINDING, DXIL_LOC_NONE, 0,
                           "%s and %s both map to descriptor set %u, binding %u; shift one "
                           "register class apart (-fvk-%c-shift N %u or -fvk-%c-shift N %u, "
                           "as DXC's -spirv takes them)",
                           da, db, a->set, a->binding, a->cls, a->space, b->cls, b->space);
            rv = -1;
        }
    return rv;
}

static bool rt_binding_used(const rt_ctx *rc, unsigned set, unsigned binding)
{
    for (size_t i = 0; i < rc->n_binds; i++) {
        const rt_binding *b = &rc->binds[i];
        if (b->set == set && (b->binding == binding ||
                              (b->has_counter && b->counter_binding == binding)))
            return true;
    }
    return false;
}

/* Counter buffers, in (set, binding) order of their buffers. */
static void rt_place_counters(rt_ctx *rc)
{
    for (;;) {
        rt_binding *next = NULL;
        for (size_t i = 0; i < rc->n_binds; i++) {
            rt_binding *b = &rc->binds[i];
            if (!b->has_counter || b->counter_binding != UINT32_MAX)
                continue;
            if (!next || b->set < next->set ||
                (b->set == next->set && b->binding < next->binding))
                next = b;
        }
        if (!next)
            return;
        unsigned n = 0;
        while (rt_binding_used(rc, next->set, n))
            n++;
        next->counter_binding = n;
    }
}

/* Marks the bindings whose counter some updatecounter call uses. */
static void rt_mark_counters(rt_ctx *rc)
{
    LLVMValueRef *calls;
    size_t n = rt_calls_with_prefix(rc, "llvm.dx.resource.updatecounter", &calls);
    for (size_t i = 0; i < n; i++) {
        LLVMValueRef h = LLVMGetOperand(calls[i], 0);
        for (size_t k = 0; k < rc->n_handles; k++)
            if (rc->handles[k].dx_call == h && !rc->handles[k].bind->has_counter) {
                rc->handles[k].bind->has_counter = true;
                rc->handles[k].bind->counter_binding = UINT32_MAX;
            }
    }
    free(calls);
}

/* Names unique across bindings: LLVM's backend makes one variable per name. */
static void rt_unique_names(rt_ctx *rc)
{
    for (size_t i = 0; i < rc->n_binds; i++) {
        rt_binding *b = &rc->binds[i];
        if (!rt_name_taken(rc, b, b->name))
            continue;
        char made[40];
        rt_made_name(b, made, sizeof made);
        size_t keep = sizeof b->name - strlen(made) - 2;
        if (strlen(b->name) > keep)
            b->name[keep] = '\0';
        size_t at = strlen(b->name);
        b->name[at] = '.';
        memcpy(b->name + at + 1, made, strlen(made) + 1);
    }
}

int rt_pass_bindings(rt_ctx *rc)
{
    LLVMValueRef *calls;
    size_t n = rt_calls_with_prefix(rc, "llvm.dx.resource.handlefromimplicitbinding", &calls);
    for (size_t i = 0; i < n; i++)
        rt_refuse(rc, calls[i], "a resource without a register: the retarget maps registers "
                  "to bindings, and assigns none");
    free(calls);
    if (n)
        return -1;
    n = rt_calls_with_prefix(rc, "llvm.dx.resource.handlefrombinding", &calls);
    rc->binds = calloc(n ? n : 1, sizeof *rc->binds);
    rc->handles = calloc(n ? n : 1, sizeof *rc->handles);
    if (!rc->binds || !rc->handles) {
        free(calls);
        return -1;
    }
    int rv = 0;
    for (size_t i = 0; i < n && rv == 0; i++)
        rv = rt_add_handle(rc, calls[i]);
    free(calls);
    if (rv != 0)
        return rv;
    rt_unique_names(rc);
    if (rt_check_collisions(rc) != 0)
        return -1;
    rt_mark_counters(rc);
    rt_place_counters(rc);
    return 0;
}
