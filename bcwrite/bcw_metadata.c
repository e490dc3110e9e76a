/* bcw_metadata.c - metadata in LLVM 3.7's records: one module METADATA
 * block (strings as METADATA_STRING_OLD records, values, nodes, named
 * nodes), a second one listing the kinds, and per function a
 * METADATA_ATTACHMENT block. Metadata is numbered as 3.7's enumerator
 * does: operands before the node that uses them. */
#include "bcw_internal.h"

#include "bitcode/bitcode_types.h"
#include "common/side_metadata.h"
#include "module/llvm_shim.h"
#include "module/md_util.h"

#include <stdlib.h>
#include <string.h>

enum { METADATA_BLOCK_ID = 15, METADATA_ATTACHMENT_ID = 16 };
enum { M_STRING = 1, M_VALUE = 2, M_NODE = 3, M_NAME = 4, M_DISTINCT = 5, M_KIND = 6,
       M_NAMED_NODE = 10, M_ATTACHMENT = 11 };

/* LLVM 3.7's fixed metadata kinds, in id order. */
static const char *const kinds37[] = {
    "dbg", "tbaa", "prof", "fpmath", "range", "tbaa.struct", "invariant.load",
    "alias.scope", "noalias", "nontemporal", "llvm.mem.parallel_loop_access",
    "nonnull", "dereferenceable", "dereferenceable_or_null",
};
#define NKINDS37 (sizeof kinds37 / sizeof *kinds37)

static bool is_md(LLVMValueRef v)
{
    return LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMMetadataTypeKind;
}

static bool undef_like(LLVMValueRef v)
{
    return LLVMIsAUndefValue(v) || LLVMIsAPoisonValue(v) || LLVMIsAConstantPointerNull(v);
}

static uint32_t md_add(bcw_ctx *c, const bcw_md *m)
{
    if (!bcw_grow(c, (void **)&c->mds, &c->mds_cap, c->nmds + 1, sizeof *c->mds))
        return 0;
    c->mds[c->nmds] = *m;
    return (uint32_t)++c->nmds;
}

/* md id (1-based) of the value entry e as ValueAsMetadata. */
static uint32_t md_value(bcw_ctx *c, uint32_t e)
{
    uint32_t key[3] = { 0x4d44, e, 0 }, id;
    if (bcw_map_get(&c->md_of, key, sizeof key, &id))
        return id;
    bcw_enum_value(c, e);
    id = md_add(c, &(bcw_md){ .kind = MDK_VALUE, .val = e });
    if (!bcw_map_put(&c->md_of, key, sizeof key, id))
        c->failed = true;
    return id;
}

/* A dx.resources record's operand 1 typed as the class it pointed to in
 * the bitcode the module came from: `ptr undef` in LLVM 22, or a global
 * of another type (a library's handle global: DXC wrote a bitcast of it
 * to the class pointer, which LLVM 22 folds away). */
static uint32_t resource_value(bcw_ctx *c, LLVMValueRef node, LLVMValueRef v)
{
    uint32_t where;
    const bc_restypes *rt = c->opts ? c->opts->restypes : NULL;
    if (!bcw_map_getp(&c->res_nodes, node, &where))
        return bcw_val_of(c, v);
    const bc_restype *r = rt ? bc_restypes_find(rt, where >> 20, where & 0xFFFFF) : NULL;
    LLVMTypeRef st = r && r->name ? LLVMGetTypeByName2(c->llctx, r->name) : NULL;
    if (!st && undef_like(v)) {
        /* Nothing recorded the class (clang's modules): make one. */
        LLVMTypeRef cls = bcw_synth_resource_class(c, node, where >> 20);
        if (!cls)
            return bcw_val_of(c, v);
        uint32_t t = bcw_type_from_llvm(c, cls);
        return bcw_operand(c, v, bcw_type_ptr(c, t, LLVMGetPointerAddressSpace(LLVMTypeOf(v))));
    }
    if (!st)
        return bcw_val_of(c, v);
    uint32_t t = bcw_type_from_llvm(c, st);
    for (unsigned i = r->ndims; i-- > 0;) {
        bcw_type arr = { .kind = BT_ARRAY, .count = r->dims[i], .nsub = 1 };
        t = bcw_type_intern(c, &arr, &t);
    }
    return bcw_operand(c, v, bcw_type_ptr(c, t, LLVMGetPointerAddressSpace(LLVMTypeOf(v))));
}

static uint32_t node_operand(bcw_ctx *c, LLVMValueRef node, unsigned i, LLVMValueRef op)
{
    if (!op)
        return 0;
    if (is_md(op))
        return bcw_md_enumerate(c, op);
    if (i == 1 && (undef_like(op) || LLVMIsAGlobalVariable(op)) &&
        LLVMGetTypeKind(LLVMTypeOf(op)) == LLVMPointerTypeKind)
        return md_value(c, resource_value(c, node, op));
    return md_value(c, bcw_val_of(c, op));
}

static uint32_t md_node(bcw_ctx *c, LLVMValueRef md)
{
    unsigned n;
    LLVMValueRef *ops = md_operands(md, &n);
    uint32_t *ids = bcw_alloc_ops(c, n);
    if (!ids || (n && !ops)) {
        free(ops);
        c->failed = true;
        return 0;
    }
    for (unsigned i = 0; i < n; i++) {
        ids[i] = node_operand(c, md, i, ops[i]);
        if (ops[i] && !is_md(ops[i]))
            ops[i] = NULL; /* a value: its id is final */
    }
    uint8_t kind = shim_md_node_form(md) == SHIM_MD_DISTINCT_TUPLE ? MDK_DISTINCT : MDK_NODE;
    return md_add(c, &(bcw_md){ .v = md, .kind = kind, .ops = ids, .refs = ops, .nops = n });
}

/* ValueEnumerator::EnumerateMetadata: md id (1-based). */
uint32_t bcw_md_enumerate(bcw_ctx *c, LLVMValueRef md)
{
    uint32_t id;
    if (bcw_map_getp(&c->md_of, md, &id))
        return id;
    if (!bcw_map_putp(&c->md_of, md, 0)) /* blocks cycles */
        c->failed = true;
    if (LLVMIsAMDString(md)) {
        id = md_add(c, &(bcw_md){ .v = md, .kind = MDK_STRING });
    } else if (LLVMIsAMDNode(md)) {
        if (shim_md_node_form(md) == SHIM_MD_OTHER) {
            bcw_error(c, NULL, "debug-info metadata has no writer here (the DXIL part "
                               "carries none; strip it first)");
            return 0;
        }
        id = md_node(c, md);
    } else {
        bcw_error(c, NULL, "metadata of an unknown kind");
        return 0;
    }
    if (!bcw_map_putp(&c->md_of, md, id))
        c->failed = true;
    return id;
}

static bool skipped_named(const char *name)
{
    return !strncmp(name, "dxu.", 4);
}

/* Records which nodes are dx.resources records: (list << 20 | pos). */
static void mark_resources(bcw_ctx *c)
{
    LLVMValueRef root = md_named_single(c->mod, "dx.resources");
    unsigned nlists = 0;
    LLVMValueRef *lists = root ? md_operands(root, &nlists) : NULL;
    for (unsigned list = 0; list < 4 && list < nlists; list++) {
        unsigned n = 0;
        LLVMValueRef *recs = lists[list] ? md_operands(lists[list], &n) : NULL;
        for (unsigned pos = 0; pos < n; pos++)
            if (recs[pos] && !bcw_map_putp(&c->res_nodes, recs[pos], list << 20 | pos))
                c->failed = true;
        free(recs);
    }
    free(lists);
}

/* The operands of named node nm (malloc'd, *n of them), or NULL when it
 * is not written (dxu.* bookkeeping) or without memory (c->failed). */
static LLVMValueRef *named_operands(bcw_ctx *c, LLVMNamedMDNodeRef nm, const char **name,
                                    size_t *len, unsigned *n)
{
    *name = LLVMGetNamedMetadataName(nm, len);
    *n = 0;
    if (skipped_named(*name))
        return NULL;
    char *z = strndup(*name, *len); /* LLVM-C looks named nodes up by C string */
    unsigned count = z ? LLVMGetNamedMetadataNumOperands(c->mod, z) : 0;
    LLVMValueRef *ops = z ? calloc(count ? count : 1, sizeof *ops) : NULL;
    if (ops)
        LLVMGetNamedMetadataOperands(c->mod, z, ops);
    else
        c->failed = true;
    free(z);
    *n = ops ? count : 0;
    return ops;
}

void bcw_md_enumerate_named(bcw_ctx *c)
{
    mark_resources(c);
    for (LLVMNamedMDNodeRef nm = LLVMGetFirstNamedMetadata(c->mod); nm;
         nm = LLVMGetNextNamedMetadata(nm)) {
        const char *name;
        size_t len;
        unsigned n;
        LLVMValueRef *ops = named_operands(c, nm, &name, &len, &n);
        for (unsigned i = 0; i < n; i++)
            bcw_md_enumerate(c, ops[i]);
        free(ops);
    }
}

/* ---- kinds ---- */

static int add_kind(bcw_ctx *c, const char *name, size_t len)
{
    char **k = realloc(c->kind_names, (c->nkinds + 1) * sizeof *k);
    if (!k)
        return -1;
    c->kind_names = k;
    if (!(k[c->nkinds] = strndup(name, len)))
        return -1;
    c->nkinds++;
    return 0;
}

/* The kinds the 3.7 file lists, in its order: the input's own list when
 * the loader or the raise kept it (DXC's context registers its kinds in
 * an order a module does not show), else 3.7's fixed kinds. A kind the
 * module uses that the list lacks is appended on first use. */
int bcw_md_init_kinds(bcw_ctx *c)
{
    const bc_restypes *rt = c->opts ? c->opts->restypes : NULL;
    size_t nkept = rt ? rt->nkinds : 0;
    for (size_t i = 0; i < nkept; i++)
        if (add_kind(c, rt->kinds[i] ? rt->kinds[i] : "", rt->kinds[i] ? strlen(rt->kinds[i]) : 0))
            return -1;
    for (size_t i = 0; !nkept && i < NKINDS37; i++)
        if (add_kind(c, kinds37[i], strlen(kinds37[i])))
            return -1;
    unsigned n = shim_md_kind_names(c->llctx, NULL, NULL, 0);
    const char **names = calloc(n + 1, sizeof *names);
    size_t *lens = calloc(n + 1, sizeof *lens);
    c->kind_map = calloc(n + 1, sizeof *c->kind_map);
    if (!names || !lens || !c->kind_map) {
        free(names);
        free(lens);
        return -1;
    }
    shim_md_kind_names(c->llctx, names, lens, n);
    c->nkind_map = n;
    /* !dxu.fmf's and !dxu.noAlign's ids when the context has them (asking
     * LLVM-C would register them in the caller's context) */
    if (!shim_md_kind_find(c->llctx, DXU_MD_FMF, &c->kind_fmf))
        c->kind_fmf = 0;
    if (!shim_md_kind_find(c->llctx, DXU_MD_NO_ALIGN, &c->kind_noalign))
        c->kind_noalign = 0;
    for (unsigned id = 0; id < n; id++)
        for (size_t k = 0; k < c->nkinds && !c->kind_map[id]; k++)
            if (strlen(c->kind_names[k]) == lens[id] && !memcmp(c->kind_names[k], names[id], lens[id]))
                c->kind_map[id] = (uint32_t)k + 1;
    free(names);
    free(lens);
    return 0;
}

/* The 3.7 id of an LLVM 22 kind; a fixed LLVM 22 kind 3.7 did not have
 * (llvm.loop, say) is added as a named kind when first used. */
uint32_t bcw_kind37(bcw_ctx *c, unsigned kind22)
{
    if (kind22 < c->nkind_map && c->kind_map[kind22])
        return c->kind_map[kind22] - 1;
    unsigned n = shim_md_kind_names(c->llctx, NULL, NULL, 0);
    const char **names = calloc(n + 1, sizeof *names);
    size_t *lens = calloc(n + 1, sizeof *lens);
    uint32_t id = 0;
    if (names && lens && kind22 < n && kind22 < c->nkind_map) {
        shim_md_kind_names(c->llctx, names, lens, n);
        if (!add_kind(c, names[kind22], lens[kind22]))
            c->kind_map[kind22] = (uint32_t)c->nkinds;
        id = (uint32_t)c->nkinds - 1;
    } else {
        c->failed = true;
    }
    free(names);
    free(lens);
    return id;
}

typedef struct att {
    uint32_t kind;
    LLVMMetadataRef md;
} att;

static int att_cmp(const void *a, const void *b)
{
    const att *x = a, *y = b;
    return (x->kind > y->kind) - (x->kind < y->kind);
}

/* An instruction's attachments but !dbg, by 3.7 kind id. */
static att *attachments(bcw_ctx *c, LLVMValueRef inst, size_t *n)
{
    LLVMValueMetadataEntry *e = LLVMInstructionGetAllMetadataOtherThanDebugLoc(inst, n);
    att *a = *n ? calloc(*n, sizeof *a) : NULL;
    size_t kept = 0;
    for (size_t i = 0; a && i < *n; i++) {
        unsigned kind = LLVMValueMetadataEntriesGetKind(e, (unsigned)i);
        if ((c->kind_fmf && kind == c->kind_fmf) || (c->kind_noalign && kind == c->kind_noalign))
            continue; /* the raise's bookkeeping, never DXIL */
        a[kept++] = (att){ bcw_kind37(c, kind), LLVMValueMetadataEntriesGetMetadata(e, (unsigned)i) };
    }
    if (a)
        *n = kept;
    if (e)
        LLVMDisposeValueMetadataEntries(e);
    if (*n && !a)
        c->failed = true;
    if (a)
        qsort(a, *n, sizeof *a, att_cmp);
    else
        *n = 0;
    return a;
}

void bcw_md_enumerate_attachments(bcw_ctx *c, LLVMValueRef inst)
{
    size_t n;
    att *a = attachments(c, inst, &n);
    for (size_t i = 0; i < n; i++)
        bcw_md_enumerate(c, LLVMMetadataAsValue(c->llctx, a[i].md));
    free(a);
}

/* ---- writing ---- */

static void write_string(bcw_ctx *c, const bcw_md *m, unsigned abbrev_id, const bcw_abbrev *ab,
                         bcw_rec *r)
{
    unsigned len;
    const char *s = LLVMGetMDString(m->v, &len);
    for (unsigned i = 0; i < len; i++)
        bcw_rec_push(r, (unsigned char)s[i]);
    bcw_record_abbrev(c, ab, abbrev_id, M_STRING, r->v, r->n, 3);
}

static void write_md(bcw_ctx *c, const bcw_md *m, const bcw_abbrev *sab, bcw_rec *r)
{
    r->n = 0;
    if (m->kind == MDK_STRING) {
        write_string(c, m, 4, sab, r);
        return;
    }
    if (m->kind == MDK_VALUE) {
        bcw_rec_push(r, bcw_type_id(c, c->vals[m->val].type));
        bcw_rec_push(r, bcw_id(c, m->val));
        bcw_record(c, M_VALUE, r->v, r->n, 3);
        return;
    }
    for (uint32_t i = 0; i < m->nops; i++) {
        uint32_t id = m->ops[i];
        if (m->refs && m->refs[i])
            bcw_map_getp(&c->md_of, m->refs[i], &id);
        bcw_rec_push(r, id);
    }
    bcw_record(c, m->kind == MDK_DISTINCT ? M_DISTINCT : M_NODE, r->v, r->n, 3);
}

static void write_named(bcw_ctx *c, const bcw_abbrev *nab, unsigned nab_id, bcw_rec *r)
{
    for (LLVMNamedMDNodeRef nm = LLVMGetFirstNamedMetadata(c->mod); nm;
         nm = LLVMGetNextNamedMetadata(nm)) {
        const char *name;
        size_t len;
        unsigned n;
        LLVMValueRef *ops = named_operands(c, nm, &name, &len, &n);
        if (!ops)
            continue;
        r->n = 0;
        for (size_t i = 0; i < len; i++)
            bcw_rec_push(r, (unsigned char)name[i]);
        bcw_record_abbrev(c, nab, nab_id, M_NAME, r->v, r->n, 3);
        r->n = 0;
        for (unsigned i = 0; i < n; i++) {
            uint32_t id = 0;
            bcw_map_getp(&c->md_of, ops[i], &id);
            bcw_rec_push(r, id ? id - 1 : 0);
        }
        free(ops);
        bcw_record(c, M_NAMED_NODE, r->v, r->n, 3);
    }
}

static bool any_named(bcw_ctx *c)
{
    for (LLVMNamedMDNodeRef nm = LLVMGetFirstNamedMetadata(c->mod); nm;
         nm = LLVMGetNextNamedMetadata(nm)) {
        size_t len;
        if (!skipped_named(LLVMGetNamedMetadataName(nm, &len)))
            return true;
    }
    return false;
}

static void write_module_md(bcw_ctx *c)
{
    bool strings = false, named = any_named(c);
    for (size_t i = 0; i < c->nmds; i++)
        strings |= c->mds[i].kind == MDK_STRING;
    if (!c->nmds && !named)
        return;
    size_t len;
    bcw_enter(c, METADATA_BLOCK_ID, 3, &len);
    const bcw_abbrev sab = { 3, { { BS_ENC_LITERAL, M_STRING }, { BS_ENC_ARRAY, 0 },
                                  { BS_ENC_FIXED, 8 } } };
    const bcw_abbrev nab = { 3, { { BS_ENC_LITERAL, M_NAME }, { BS_ENC_ARRAY, 0 },
                                  { BS_ENC_FIXED, 8 } } };
    if (strings)
        bcw_define_abbrev(c, &sab, 3);
    if (named)
        bcw_define_abbrev(c, &nab, 3);
    bcw_rec r = { 0 };
    for (size_t i = 0; i < c->nmds; i++)
        write_md(c, &c->mds[i], &sab, &r);
    write_named(c, &nab, strings ? 5 : 4, &r);
    c->failed |= r.oom;
    bcw_rec_free(&r);
    bcw_exit(c, len, 3);
}

static void write_kinds(bcw_ctx *c)
{
    size_t len;
    bcw_enter(c, METADATA_BLOCK_ID, 3, &len);
    bcw_rec r = { 0 };
    for (size_t k = 0; k < c->nkinds; k++) {
        if (!c->kind_names[k][0])
            continue; /* an id the input left unnamed: records carry their ids */
        r.n = 0;
        bcw_rec_push(&r, k);
        for (const char *p = c->kind_names[k]; *p; p++)
            bcw_rec_push(&r, (unsigned char)*p);
        bcw_record(c, M_KIND, r.v, r.n, 3);
    }
    c->failed |= r.oom;
    bcw_rec_free(&r);
    bcw_exit(c, len, 3);
}

void bcw_write_metadata_blocks(bcw_ctx *c)
{
    write_module_md(c);
    write_kinds(c);
}

/* METADATA_ATTACHMENT: [instruction index, (kind, md id)...] per
 * instruction with attachments; the index counts every instruction
 * written, void ones and the writer's casts included. */
void bcw_write_attachments(bcw_ctx *c, bcw_func *f)
{
    size_t len = 0;
    bool open = false; /* the block is entered at the first attachment */
    bcw_rec r = { 0 };
    for (size_t i = 0; i < f->ninsts; i++) {
        LLVMValueRef v = c->vals[f->insts[i].val].v;
        size_t n = 0;
        att *a = v && c->vals[f->insts[i].val].kind == VK_INST ? attachments(c, v, &n) : NULL;
        if (!n) { /* none, or only the raise's !dxu.fmf / !dxu.noAlign */
            free(a);
            continue;
        }
        if (!open)
            bcw_enter(c, METADATA_ATTACHMENT_ID, 3, &len);
        open = true;
        r.n = 0;
        bcw_rec_push(&r, i);
        for (size_t k = 0; k < n; k++) {
            uint32_t id = 0;
            bcw_map_getp(&c->md_of, LLVMMetadataAsValue(c->llctx, a[k].md), &id);
            bcw_rec_push(&r, a[k].kind);
            bcw_rec_push(&r, id ? id - 1 : 0);
        }
        free(a);
        bcw_record(c, M_ATTACHMENT, r.v, r.n, 3);
    }
    c->failed |= r.oom;
    bcw_rec_free(&r);
    if (open)
        bcw_exit(c, len, 3);
}

void bcw_md_free(bcw_ctx *c)
{
    for (size_t i = 0; i < c->nmds; i++) {
        free(c->mds[i].refs); /* ops: in c->chunks */
    }
    free(c->mds);
    bcw_map_free(&c->md_of);
    bcw_map_free(&c->res_nodes);
    for (size_t i = 0; i < c->nkinds; i++)
        free(c->kind_names[i]);
    free(c->kind_names);
    free(c->kind_map);
}
