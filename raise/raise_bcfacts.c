/* raise_bcfacts.c - records what LLVM 22's bitcode reader drops and a 3.7
 * writer needs to give the input's bytes back (bcwrite/): the metadata
 * kind list, the functions' order, an unsorted symbol table's order, the
 * class each dx.resources record pointed to, and per instruction the
 * words LLVM 22 reads into others (layouts in common/side_metadata.h). Bookkeeping: lowering
 * drops the nodes, dxil_lower_write_container reads them first. */
#include "raise_internal.h"

#include "bitcode/bitcode_types.h"
#include "common/grow.h"
#include "common/side_metadata.h"
#include "module/md_util.h"

#include <stdlib.h>
#include <string.h>

/* !node += !{!"first", !"s0", !"s1", ...} (first NULL: no leading string). */
static int bcf_strings2(raise_ctx *rc, const char *node, const char *first, char *const *s,
                        size_t n)
{
    size_t lead = first != NULL, total = n + lead;
    LLVMValueRef *ops = calloc(total ? total : 1, sizeof *ops);
    if (!ops)
        return -1;
    if (first)
        ops[0] = md_make_string(rc->ctx, first);
    for (size_t i = 0; i < n; i++)
        ops[lead + i] = md_make_string(rc->ctx, s[i] ? s[i] : "");
    LLVMAddNamedMetadataOperand(rc->mod, node, md_make_node(rc->ctx, ops, (unsigned)total));
    free(ops);
    return 0;
}

static int bcf_strings(raise_ctx *rc, const char *node, char *const *s, size_t n)
{
    return bcf_strings2(rc, node, NULL, s, n);
}

/* !dxu.vstOrder's first node: !{!"", !"name", ...} for the module's
 * symbol table when the input did not sort it. */
static int bcf_module_vst(raise_ctx *rc, const bc_restypes *t)
{
    for (size_t i = 0; i < t->nvst_orders; i++)
        if (!t->vst_orders[i].fn &&
            bcf_strings2(rc, DXU_MD_VST_ORDER, "", t->vst_orders[i].names, t->vst_orders[i].n))
            return -1;
    return 0;
}

typedef struct bcf_names {
    const char **v;
    size_t n, cap;
    bool oom;
} bcf_names;

static void bcf_push_name(bcf_names *s, LLVMValueRef val)
{
    size_t len = 0;
    const char *name = LLVMGetValueName2(val, &len);
    if (!len)
        return;
    const char **v = grow_array(s->v, &s->cap, s->n, sizeof *v, 16);
    if (!v)
        s->oom = true;
    else
        (s->v = v)[s->n++] = name;
}

static int bcf_cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The names of f's arguments, blocks and instructions, sorted. */
static bcf_names bcf_local_names(LLVMValueRef f)
{
    bcf_names s = {0};
    for (LLVMValueRef a = LLVMGetFirstParam(f); a; a = LLVMGetNextParam(a))
        bcf_push_name(&s, a);
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b)) {
        bcf_push_name(&s, LLVMBasicBlockAsValue(b));
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
            bcf_push_name(&s, i);
    }
    if (s.n)
        qsort(s.v, s.n, sizeof *s.v, bcf_cmp_str);
    return s;
}

/* One function's table: the input's names f still has, in the input's
 * order; nothing when those are sorted (the raise replaced the others,
 * e.g. a named handle creation), so that raising the written bitcode
 * records the same. */
static int bcf_function_vst(raise_ctx *rc, const struct bc_vstorder *o)
{
    LLVMValueRef f = LLVMGetNamedFunction(rc->mod, o->fn);
    if (!f)
        return 0;
    bcf_names local = bcf_local_names(f);
    char **names = calloc(o->n + 1, sizeof *names);
    size_t kept = 0;
    bool sorted = true;
    for (size_t i = 0; names && !local.oom && i < o->n; i++) {
        const char *key = o->names[i];
        if (!local.n || !bsearch(&key, local.v, local.n, sizeof *local.v, bcf_cmp_str))
            continue;
        sorted &= !kept || strcmp(names[kept - 1], key) <= 0;
        names[kept++] = o->names[i];
    }
    int err = !names || local.oom ? -1
              : !sorted           ? bcf_strings2(rc, DXU_MD_VST_ORDER, o->fn, names, kept)
                                  : 0;
    free(names);
    free(local.v);
    return err;
}

int raise_bcfacts_vst(raise_ctx *rc)
{
    const bc_restypes *t = rc->restypes;
    for (size_t i = 0; rc->bcfacts_written && i < t->nvst_orders; i++)
        if (t->vst_orders[i].fn && bcf_function_vst(rc, &t->vst_orders[i])) {
            dxil_diags_add(rc->diags, DXIL_SEV_ERROR, DXIL_E_RAISE, DXIL_LOC_NONE, 0,
                           "out of memory while writing !%s", DXU_MD_VST_ORDER);
            return -1;
        }
    return 0;
}

static int bcf_functions(raise_ctx *rc)
{
    size_t n = 0, i = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(rc->mod); f; f = LLVMGetNextFunction(f))
        n++;
    char **names = calloc(n ? n : 1, sizeof *names);
    if (!names)
        return -1;
    for (LLVMValueRef f = LLVMGetFirstFunction(rc->mod); f; f = LLVMGetNextFunction(f))
        names[i++] = (char *)LLVMGetValueName(f);
    int rc2 = n ? bcf_strings(rc, DXU_MD_FUNCTIONS, names, n) : 0;
    free(names);
    return rc2;
}

/* T undef for one record: the class struct in its arrays. */
static LLVMValueRef bcf_type(raise_ctx *rc, const bc_restype *r)
{
    LLVMTypeRef t = r->name ? LLVMGetTypeByName2(rc->ctx, r->name) : NULL;
    for (unsigned i = r->ndims; t && i-- > 0;)
        t = LLVMArrayType2(t, r->dims[i]);
    return t ? LLVMGetUndef(t) : NULL;
}

static void bcf_resources(raise_ctx *rc, const bc_restypes *t)
{
    LLVMTypeRef i32 = LLVMInt32TypeInContext(rc->ctx);
    for (size_t i = 0; i < t->n; i++) {
        LLVMValueRef u = bcf_type(rc, &t->v[i]);
        if (!u)
            continue;
        LLVMValueRef ops[3] = {LLVMConstInt(i32, t->v[i].list, 0),
                               LLVMConstInt(i32, t->v[i].pos, 0), u};
        LLVMAddNamedMetadataOperand(rc->mod, DXU_MD_RESOURCE_TYPES,
                                    md_make_node(rc->ctx, ops, 3));
    }
}

static void bcf_params(raise_ctx *rc, const bc_restypes *t)
{
    LLVMTypeRef i32 = LLVMInt32TypeInContext(rc->ctx);
    for (size_t i = 0; i < t->nparams; i++) {
        LLVMTypeRef st = LLVMGetTypeByName2(rc->ctx, t->params[i].name);
        if (!st)
            continue;
        LLVMValueRef ops[3] = {md_make_string(rc->ctx, t->params[i].fn),
                               LLVMConstInt(i32, t->params[i].index, 0), LLVMGetUndef(st)};
        LLVMAddNamedMetadataOperand(rc->mod, DXU_MD_PARAM_TYPES, md_make_node(rc->ctx, ops, 3));
    }
}

/* The struct a dx.op declaration's overload names ("dx.op.x.struct.P"),
 * when it takes or returns a pointer (mesh payloads, node records). */
static LLVMTypeRef bcf_op_pointee(raise_ctx *rc, LLVMValueRef fn)
{
    size_t len = 0;
    const char *name = LLVMGetValueName2(fn, &len);
    const char *ov = !strncmp(name, "dx.op.", 6) ? strchr(name + 6, '.') : NULL;
    LLVMTypeRef st = ov && ov[1] ? LLVMGetTypeByName2(rc->ctx, ov + 1) : NULL;
    if (!st || LLVMGetTypeKind(st) != LLVMStructTypeKind)
        return NULL;
    LLVMTypeRef fty = LLVMGlobalGetValueType(fn);
    bool ptr = LLVMGetTypeKind(LLVMGetReturnType(fty)) == LLVMPointerTypeKind;
    unsigned np = LLVMCountParams(fn);
    for (unsigned i = 0; i < np && !ptr; i++)
        ptr = LLVMGetTypeKind(LLVMTypeOf(LLVMGetParam(fn, i))) == LLVMPointerTypeKind;
    return ptr ? st : NULL;
}

static void bcf_op_pointees(raise_ctx *rc)
{
    for (LLVMValueRef fn = LLVMGetFirstFunction(rc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        LLVMTypeRef st = LLVMIsDeclaration(fn) ? bcf_op_pointee(rc, fn) : NULL;
        if (!st)
            continue;
        size_t len = 0;
        const char *name = LLVMGetValueName2(fn, &len);
        LLVMValueRef ops[2] = {md_make_string(rc->ctx, name), LLVMGetUndef(st)};
        LLVMAddNamedMetadataOperand(rc->mod, DXU_MD_OP_POINTEES, md_make_node(rc->ctx, ops, 2));
    }
}

/* The instruction's attachment if the walk kept a word for it: !dxu.fmf
 * !{i32 word} on a binary operator, !dxu.noAlign !{} on a load, store or
 * alloca (word 0). */
static void bcf_mark(raise_ctx *rc, const bc_restypes *t, size_t *at, uint32_t fn, uint32_t k,
                     LLVMValueRef inst, const unsigned kinds[2])
{
    const struct bc_instword *e = t->words;
    while (*at < t->nwords && (e[*at].fn < fn || (e[*at].fn == fn && e[*at].inst < k)))
        (*at)++;
    if (*at >= t->nwords || e[*at].fn != fn || e[*at].inst != k)
        return;
    if (e[*at].word && LLVMIsABinaryOperator(inst)) {
        LLVMValueRef w = LLVMConstInt(LLVMInt32TypeInContext(rc->ctx), e[*at].word, 0);
        LLVMSetMetadata(inst, kinds[0], md_make_node(rc->ctx, &w, 1));
    } else if (!e[*at].word && (LLVMIsALoadInst(inst) || LLVMIsAStoreInst(inst) ||
                                LLVMIsAAllocaInst(inst))) {
        LLVMSetMetadata(inst, kinds[1], md_make_node(rc->ctx, NULL, 0));
    }
}

/* The attachments of bcf_mark: one walk over the bodies, the entries in
 * the same (walk) order. */
static void bcf_inst_words(raise_ctx *rc, const bc_restypes *t)
{
    if (!t->nwords)
        return;
    unsigned kinds[2] = {LLVMGetMDKindIDInContext(rc->ctx, DXU_MD_FMF, strlen(DXU_MD_FMF)),
                         LLVMGetMDKindIDInContext(rc->ctx, DXU_MD_NO_ALIGN, strlen(DXU_MD_NO_ALIGN))};
    size_t at = 0;
    uint32_t fn = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(rc->mod); f && at < t->nwords; f = LLVMGetNextFunction(f)) {
        if (LLVMIsDeclaration(f))
            continue;
        uint32_t k = 0;
        for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b))
            for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
                bcf_mark(rc, t, &at, fn, k++, i, kinds);
        fn++;
    }
}

int raise_bcfacts(raise_ctx *rc)
{
    const bc_restypes *t = rc->restypes;
    /* Bitcode input only (text has no such bytes), and once. */
    if (!t || LLVMGetNamedMetadata(rc->mod, DXU_MD_FUNCTIONS, strlen(DXU_MD_FUNCTIONS)))
        return 0;
    int err = t->nfunctions ? bcf_strings(rc, DXU_MD_FUNCTIONS, t->functions, t->nfunctions)
                            : bcf_functions(rc);
    err = err || bcf_module_vst(rc, t);
    if (err || (t->nkinds && bcf_strings(rc, DXU_MD_MD_KINDS, t->kinds, t->nkinds))) {
        dxil_diags_add(rc->diags, DXIL_SEV_ERROR, DXIL_E_RAISE, DXIL_LOC_NONE, 0,
                       "out of memory while writing !%s", DXU_MD_FUNCTIONS);
        return -1;
    }
    rc->bcfacts_written = true;
    bcf_resources(rc, t);
    bcf_params(rc, t);
    bcf_op_pointees(rc);
    bcf_inst_words(rc, t);
    return 0;
}
