/* chk_res.c - handles and the resource rules of ops (chk_res.h).
 *
 * DXC maps a handle to resource properties once per module: outside
 * libraries each createHandle's (class, range id) names a dx.resources
 * record, and its index must be within the record's range; in libraries
 * each resource global flows through loads and GEPs into
 * createHandleForLib; from shader model 6.6 annotateHandle carries the
 * properties as a constant. A handle passed to an op must be one of
 * those calls. The op rules follow DXC's ValidateResourceDxilOp. */
#include "chk_res.h"
#include "chk_instr.h"

#include "dxil_optable_gen.h"
#include "module/dxop_calls.h"
#include "module/md_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct resmap_entry {
    LLVMValueRef v;
    chk_res res;
} resmap_entry;

typedef struct chk_resmap {
    resmap_entry *v;
    size_t n, cap;
    bool sorted;
    struct { unsigned id; bool inc; } *counters;  /* first direction per range id */
    size_t ncounters;
} chk_resmap;

void chk_res_free(chk_resmap *m)
{
    if (m) {
        free(m->v);
        free(m->counters);
    }
    free(m);
}

bool chk_res_counter_direction(chk_env *e, const chk_res *r, bool inc)
{
    chk_resmap *m = e->resmap;
    if (!m || !r->range_id)
        return true;
    for (size_t i = 0; i < m->ncounters; i++)
        if (m->counters[i].id == r->range_id)
            return m->counters[i].inc == inc;
    void *p = realloc(m->counters, (m->ncounters + 1) * sizeof *m->counters);
    if (!p)
        return true;
    m->counters = p;
    m->counters[m->ncounters].id = r->range_id;
    m->counters[m->ncounters++].inc = inc;
    return true;
}

static int entry_cmp(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)((const resmap_entry *)a)->v;
    uintptr_t y = (uintptr_t)((const resmap_entry *)b)->v;
    return x < y ? -1 : x > y;
}

static resmap_entry *map_find(chk_resmap *m, LLVMValueRef v)
{
    if (!m->n)
        return NULL; /* m->v is NULL then, which qsort may not take */
    if (!m->sorted) {
        qsort(m->v, m->n, sizeof *m->v, entry_cmp);
        m->sorted = true;
    }
    resmap_entry key = {v, {0}};
    return bsearch(&key, m->v, m->n, sizeof key, entry_cmp);
}

static void map_put(chk_resmap *m, LLVMValueRef v, chk_res r)
{
    if (m->n == m->cap) {
        size_t cap = m->cap ? m->cap * 2 : 32;
        resmap_entry *p = realloc(m->v, cap * sizeof *p);
        if (!p)
            return;
        m->v = p;
        m->cap = cap;
    }
    m->v[m->n++] = (resmap_entry){v, r};
    m->sorted = false;
}

/* ---- properties ------------------------------------------------------------------ */

static chk_res_class class_of_kind(unsigned kind, bool uav)
{
    switch (kind) {
    case RK_INVALID: return CHK_RES_INVALID;
    case RK_CBUFFER: return CHK_RES_CBUFFER;
    case RK_SAMPLER: return CHK_RES_SAMPLER;
    default: return uav ? CHK_RES_UAV : CHK_RES_SRV;
    }
}

/* DxilResourceProperties from its two dwords (annotateHandle). */
static chk_res res_from_dwords(uint32_t d0, uint32_t d1)
{
    chk_res r = {0};
    r.kind = d0 & 0xFF;
    bool uav = (d0 >> 12) & 1;
    r.cls = class_of_kind(r.kind, uav);
    r.cmp_or_counter = (d0 >> 15) & 1;
    r.reorder_coherent = (d0 >> 16) & 1;
    r.comp_type = d1 & 0xFF;
    r.cbuffer_size = d1;
    return r;
}

static uint64_t md_u(LLVMValueRef node, unsigned i)
{
    uint64_t v = 0;
    md_operand_uint(node, i, &v);
    return v;
}

/* A dx.resources record of list `list` (0 SRV, 1 UAV, 2 CBV, 3 sampler). */
static chk_res res_from_record(unsigned list, LLVMValueRef rec)
{
    chk_res r = {0};
    switch (list) {
    case 0: case 1: {
        r.kind = (unsigned)md_u(rec, 6);
        r.cls = list == 1 ? CHK_RES_UAV : CHK_RES_SRV;
        if (list == 1)
            r.cmp_or_counter = md_u(rec, 8) != 0;
        LLVMValueRef tags = md_operand(rec, list == 1 ? 10 : 8);
        uint64_t ct = 0;
        if (tags && const_u64(md_tag_value(tags, 0, NULL), &ct))
            r.comp_type = (unsigned)ct;
        break;
    }
    case 2:
        r.kind = RK_CBUFFER;
        r.cls = CHK_RES_CBUFFER;
        r.cbuffer_size = (uint32_t)md_u(rec, 6);
        break;
    default:
        r.kind = RK_SAMPLER;
        r.cls = CHK_RES_SAMPLER;
        r.cmp_or_counter = md_u(rec, 6) == 1;
        break;
    }
    return r;
}

static LLVMValueRef res_list(chk_ctx *c, unsigned list)
{
    LLVMValueRef lists = md_named_operand(c->mod, "dx.resources", 0);
    return lists ? md_operand(lists, list) : NULL;
}

/* ---- the map --------------------------------------------------------------------- */

static void op_const_range(chk_ctx *c, LLVMValueRef call)
{
    chk_fail(c, CHK_INSTR_OPCONSTRANGE, call, NULL);
}

/* createHandle(class, range id, index, non-uniform): the record and its range. */
static void map_create_handle(chk_ctx *c, chk_resmap *m, LLVMValueRef call)
{
    uint64_t cls, id;
    if (!const_u64(LLVMGetOperand(call, 1), &cls) || !const_u64(LLVMGetOperand(call, 2), &id) ||
        cls > 3) {
        op_const_range(c, call);
        return;
    }
    LLVMValueRef list = res_list(c, (unsigned)cls);
    if (!list || id >= md_num_operands(list)) {
        op_const_range(c, call);
        return;
    }
    LLVMValueRef rec = md_operand(list, (unsigned)id);
    uint64_t lower = md_u(rec, 4), size = md_u(rec, 5), index;
    uint64_t upper = size == UINT32_MAX ? UINT32_MAX : lower + size - 1;
    bool has_index = const_u64(LLVMGetOperand(call, 3), &index);
    if (has_index && (index < lower || index > upper)) {
        op_const_range(c, call);
        return;
    }
    chk_res r = res_from_record((unsigned)cls, rec);
    r.range_id = (unsigned)id + 1;
    map_put(m, call, r);
}

/* createHandleFromBinding(bind {lower, upper, space, class}, index, ...). */
static void check_from_binding(chk_ctx *c, LLVMValueRef call)
{
    LLVMValueRef bind = LLVMGetOperand(call, 1);
    if (!LLVMIsConstant(bind)) {
        op_const_range(c, call);
        return;
    }
    uint64_t lower = 0, upper = 0, cls = 0, index;
    if (LLVMIsAConstantStruct(bind)) {
        const_u64(LLVMGetOperand(bind, 0), &lower);
        const_u64(LLVMGetOperand(bind, 1), &upper);
        const_u64(LLVMGetOperand(bind, 3), &cls);
    }
    if (cls > 3 || (const_u64(LLVMGetOperand(call, 2), &index) &&
                    (index < lower || index > upper)))
        op_const_range(c, call);
}

static void map_annotate(chk_ctx *c, chk_resmap *m, LLVMValueRef call)
{
    LLVMValueRef props = LLVMGetOperand(call, 2);
    uint64_t d0 = 0, d1 = 0;
    if (props && LLVMIsAConstantStruct(props)) {
        const_u64(LLVMGetOperand(props, 0), &d0);
        const_u64(LLVMGetOperand(props, 1), &d1);
    }
    chk_res r = res_from_dwords((uint32_t)d0, (uint32_t)d1);
    if (r.kind == RK_INVALID) {
        op_const_range(c, call);
        return;
    }
    map_put(m, call, r);
}

static bool same_res(const chk_res *a, const chk_res *b)
{
    return a->cls == b->cls && a->kind == b->kind && a->comp_type == b->comp_type &&
           a->cmp_or_counter == b->cmp_or_counter && a->cbuffer_size == b->cbuffer_size;
}

/* A library's resource global through GEPs and loads to createHandleForLib. */
static void map_propagate(chk_ctx *c, chk_resmap *m, LLVMValueRef v, chk_res r, LLVMValueRef gv,
                          unsigned depth)
{
    resmap_entry *have = map_find(m, v);
    if (have) {
        if (!same_res(&have->res, &r))
            chk_fail(c, CHK_INSTR_RESOURCEMAPTOSINGLEENTRY, gv, NULL);
        return;
    }
    map_put(m, v, r);
    if (depth > 32)
        return;
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        bool gep = LLVMIsAGetElementPtrInst(user) ||
                   (LLVMIsAConstantExpr(user) && LLVMGetConstOpcode(user) == LLVMGetElementPtr);
        if (gep || LLVMIsALoadInst(user))
            map_propagate(c, m, user, r, gv, depth + 1);
        else if (LLVMIsACallInst(user)) {
            if (ops_dxop_opcode(user) == DXIL_OP_CreateHandleForLib)
                map_put(m, user, r);
        } else if (!(LLVMIsABitCastInst(user) || LLVMIsAConstantExpr(user)) ||
                   LLVMGetFirstUse(user))
            chk_fail(c, CHK_INSTR_RESOURCEUSER, gv, NULL);
    }
}

static void map_library(chk_ctx *c, chk_resmap *m)
{
    static const unsigned order[4] = {2, 1, 0, 3}; /* DXC: CBVs, UAVs, SRVs, samplers */
    for (unsigned k = 0; k < 4; k++) {
        LLVMValueRef list = res_list(c, order[k]);
        for (unsigned i = 0; list && i < md_num_operands(list); i++) {
            LLVMValueRef rec = md_operand(list, i), gv = md_operand(rec, 1);
            if (gv && LLVMIsAGlobalVariable(gv))
                map_propagate(c, m, gv, res_from_record(order[k], rec), gv, 0);
        }
    }
}

static void map_calls(chk_ctx *c, chk_env *e, chk_resmap *m)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f)) {
        if (!LLVMIsDeclaration(f) || !chk_is_dxop_fn(f))
            continue;
        for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
            LLVMValueRef call = LLVMGetUser(u);
            uint32_t op = ops_dxop_opcode(call);
            if (op == DXIL_OP_CreateHandle && !e->lib)
                map_create_handle(c, m, call);
            else if (op == DXIL_OP_CreateHandleFromBinding)
                check_from_binding(c, call);
            else if (op == DXIL_OP_AnnotateHandle)
                map_annotate(c, m, call);
        }
    }
}

void chk_res_map(chk_ctx *c, chk_env *e)
{
    if (e->resmap)
        return;
    chk_resmap *m = calloc(1, sizeof *m);
    if (!m)
        return;
    e->resmap = m;
    if (e->lib)
        map_library(c, m);
    map_calls(c, e, m);
}

chk_res chk_res_of_handle(chk_ctx *c, chk_env *e, LLVMValueRef handle, bool report)
{
    chk_res none = {0};
    chk_res_map(c, e);
    if (!LLVMIsACallInst(handle)) {
        if (report && LLVMIsAInstruction(handle))
            chk_fail(c, CHK_INSTR_HANDLENOTFROMCREATEHANDLE, handle, NULL);
        else if (report)
            chk_fail(c, CHK_INSTR_HANDLENOTFROMCREATEHANDLE, NULL, NULL);
        return none;
    }
    resmap_entry *r = e->resmap ? map_find(e->resmap, handle) : NULL;
    if (!r || r->res.cls == CHK_RES_INVALID) {
        if (report && e->resmap)
            chk_fail(c, CHK_INSTR_HANDLENOTFROMCREATEHANDLE, handle, NULL);
        return none;
    }
    if (report && r->res.reorder_coherent && c->sm < DXIL_VERSION(6, 9))
        chk_fail(c, CHK_INSTR_REORDERCOHERENTREQUIRESSM69, handle, NULL);
    return r->res;
}
