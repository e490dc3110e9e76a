/* raise_res_calls.c - what the resource passes share for finding and
 * making calls: the dx.op calls of one class and opcode, the ops of each
 * custom kind in table order (indexed once), intrinsic calls, and the
 * handles a pass left behind. */
#include "raise_resources.h"
#include "raise_ops.h"
#include "common/grow.h"

#include "dxil-upgrade/dxil_optable.h"
#include "dxil-upgrade/dxil_stats.h"
#include "optable/optable_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

void res_calls_free(res_calls *c)
{
    free(c->v);
    memset(c, 0, sizeof *c);
}

int res_calls_push(res_calls *c, LLVMValueRef v)
{
    LLVMValueRef *nv = grow_array(c->v, &c->cap, c->n, sizeof *nv, 16);
    if (!nv)
        return -1;
    c->v = nv;
    c->v[c->n++] = v;
    return 0;
}

uint32_t res_call_opcode(LLVMValueRef call)
{
    uint64_t op = 0;
    if (!LLVMIsACallInst(call) || LLVMGetNumArgOperands(call) < 1 ||
        !const_u64(LLVMGetOperand(call, 0), &op))
        return UINT32_MAX;
    return (uint32_t)op;
}

/* "dx.op.<cls>" exactly, or followed by ".<overload>". */
static bool res_name_matches(const char *name, size_t len, const char *cls)
{
    size_t cl = strlen(cls);
    if (len < 6 + cl || strncmp(name, "dx.op.", 6) != 0 || strncmp(name + 6, cls, cl) != 0)
        return false;
    return len == 6 + cl || name[6 + cl] == '.';
}

int op_fns_collect(LLVMModuleRef mod, op_fns *out)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
        size_t len = 0;
        const char *name = LLVMGetValueName2(f, &len);
        if (len < 6 || memcmp(name, "dx.op.", 6) != 0)
            continue;
        struct op_fn *v = grow_array(out->v, &out->cap, out->n, sizeof *v, 16);
        if (!v)
            return -1;
        out->v = v;
        out->v[out->n++] = (struct op_fn){f, name, len};
    }
    return 0;
}

void op_fns_free(op_fns *fns)
{
    free(fns->v);
    memset(fns, 0, sizeof *fns);
}

int res_collect_calls(raise_ctx *rc, const op_fns *fns, const char *cls,
                           unsigned opcode, res_calls *out)
{
    for (size_t i = 0; i < fns->n; i++) {
        LLVMValueRef f = fns->v[i].fn;
        if (!res_name_matches(fns->v[i].name, fns->v[i].len, cls))
            continue;
        for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
            LLVMValueRef call = LLVMGetUser(u);
            if (!LLVMIsACallInst(call) || LLVMGetCalledValue(call) != f ||
                res_call_opcode(call) != opcode)
                continue;
            if (!raise_call_fits_op(rc, call, opcode))
                raise_note_kept(rc, call, DXIL_KEEP_MISMATCH);
            else if (res_calls_push(out, call) != 0)
                return -1;
        }
    }
    return 0;
}

/* The ops of each custom kind in table order, from one scan of the op
 * table per raise: the passes ask for ~20 kinds, and a scan of the whole
 * table (~350 ops) per kind was ~6% of a shader's conversion. */
struct raise_op_kinds {
    size_t start[DXIL_MAP_CUSTOM_COUNT + 1]; /* ops[start[k] .. start[k + 1]) */
    const dxil_op_info *ops[];
};

static struct raise_op_kinds *res_index_kinds(const dxil_optable *t)
{
    size_t n = dxil_optable_op_count(t);
    struct raise_op_kinds *k = calloc(1, sizeof *k + n * sizeof k->ops[0] + n);
    if (!k)
        return NULL;
    uint8_t *kind_of = (uint8_t *)&k->ops[n];
    size_t count[DXIL_MAP_CUSTOM_COUNT] = {0};
    for (size_t i = 0; i < n; i++) {
        unsigned c = (unsigned)dxil_op_custom_kind(dxil_optable_op_at(t, i));
        kind_of[i] = (uint8_t)(c < DXIL_MAP_CUSTOM_COUNT ? c : DXIL_MAP_TABLE);
        count[kind_of[i]]++;
    }
    for (unsigned c = 0; c < DXIL_MAP_CUSTOM_COUNT; c++)
        k->start[c + 1] = k->start[c] + count[c];
    size_t fill[DXIL_MAP_CUSTOM_COUNT];
    memcpy(fill, k->start, sizeof fill);
    for (size_t i = 0; i < n; i++)
        k->ops[fill[kind_of[i]]++] = dxil_optable_op_at(t, i);
    return k;
}

/* The built-in table's index is made once per process (it was ~23k
 * instructions a shader); an overlay's, per raise. */
static struct raise_op_kinds *res_builtin_kinds;
static pthread_once_t res_builtin_once = PTHREAD_ONCE_INIT;

static void res_builtin_init(void)
{
    res_builtin_kinds = res_index_kinds(dxil_optable_builtin());
}

void raise_op_kinds_build(raise_ctx *rc)
{
    if (ops_table(rc) == dxil_optable_builtin()) {
        pthread_once(&res_builtin_once, res_builtin_init);
        rc->op_kinds = res_builtin_kinds;
        rc->op_kinds_owned = false;
    } else {
        rc->op_kinds = res_index_kinds(ops_table(rc));
        rc->op_kinds_owned = true;
    }
}

const dxil_op_info *res_next_op_of_kind(const raise_ctx *rc, unsigned kind, size_t *next)
{
    const struct raise_op_kinds *k = rc->op_kinds;
    if (!k) { /* no index (out of memory): scan the table */
        const dxil_optable *t = ops_table(rc);
        for (size_t n = dxil_optable_op_count(t); *next < n;) {
            const dxil_op_info *op = dxil_optable_op_at(t, (*next)++);
            if ((unsigned)dxil_op_custom_kind(op) == kind)
                return op;
        }
        return NULL;
    }
    if (kind >= DXIL_MAP_CUSTOM_COUNT || *next >= k->start[kind + 1] - k->start[kind])
        return NULL;
    return k->ops[k->start[kind] + (*next)++];
}

void raise_op_kinds_free(raise_ctx *rc)
{
    if (rc->op_kinds_owned)
        free(rc->op_kinds);
    rc->op_kinds = NULL;
}

LLVMValueRef res_call_intrinsic(raise_ctx *rc, LLVMBuilderRef b, const char *name,
                                     LLVMTypeRef *overloads, unsigned n_over,
                                     LLVMValueRef *args, unsigned n_args, const char *vname)
{
    /* Exact-name lookup (a bare LLVMLookupIntrinsicID also matches longer
     * names), and declarations cached per module: both are hot here. */
    unsigned id = intrinsic_id(name);
    LLVMValueRef fn = id ? raise_intrinsic_decl(rc, id, overloads, n_over) : NULL;
    if (!fn) {
        dxil_diags_add(rc->diags, DXIL_SEV_ERROR, DXIL_E_RAISE, DXIL_LOC_NONE, 0,
                       "intrinsic %s is not known to this LLVM", name);
        return NULL;
    }
    return LLVMBuildCall2(b, LLVMGlobalGetValueType(fn), fn, args, n_args, vname);
}

LLVMValueRef res_raised_handle(LLVMValueRef v)
{
    if (!v || !LLVMIsACallInst(v))
        return NULL;
    LLVMValueRef callee = LLVMGetCalledValue(v);
    size_t len = 0;
    const char *name = callee ? LLVMGetValueName2(callee, &len) : "";
    static const char cast[] = "llvm.dx.resource.casthandle";
    if (strncmp(name, cast, sizeof cast - 1) != 0)
        return NULL;
    LLVMValueRef h = LLVMGetOperand(v, 0);
    return LLVMGetTypeKind(LLVMTypeOf(h)) == LLVMTargetExtTypeKind ? h : NULL;
}

unsigned res_handle_reason(const raise_ctx *rc, LLVMValueRef h)
{
    for (unsigned depth = 0; depth < 2; depth++) { /* the handle, then what it annotates */
        int noted = raise_kept_reason(rc, h);
        if (noted >= 0)
            return (unsigned)noted;
        uint32_t op = res_call_opcode(h);
        if (op == DXIL_OP_CreateHandleFromHeap)
            return DXIL_KEEP_HEAP_HANDLE;
        if (op != DXIL_OP_AnnotateHandle)
            break;
        h = LLVMGetOperand(h, 1);
    }
    return DXIL_KEEP_HANDLE_UNRESOLVED;
}
