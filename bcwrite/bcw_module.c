/* bcw_module.c - the MODULE block in 3.7's order (version, BLOCKINFO,
 * attributes, types, triple and datalayout, globals, functions,
 * constants, metadata, symbol table, function bodies), and the entry point. */
#include "bcw_encode.h"
#include "bitcode/bitcode_types.h"
#include "module/md_util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MODULE_BLOCK_ID = 8, VST_ID = 14 };
enum { MC_VERSION = 1, MC_TRIPLE = 2, MC_DATALAYOUT = 3, MC_GLOBALVAR = 7, MC_FUNCTION = 8 };
enum { VST_ENTRY = 1, VST_BBENTRY = 2 };

void bcw_options_init(bcw_options *o)
{
    memset(o, 0, sizeof *o);
}

static LLVMValueRef function_of(LLVMValueRef v)
{
    if (!v)
        return NULL;
    if (LLVMIsAInstruction(v))
        return LLVMGetBasicBlockParent(LLVMGetInstructionParent(v));
    if (LLVMIsAArgument(v))
        return LLVMGetParamParent(v);
    return LLVMIsAFunction(v) ? v : NULL;
}

void bcw_error(bcw_ctx *c, LLVMValueRef where, const char *fmt, ...)
{
    char msg[512], *text = NULL;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    LLVMValueRef fn = function_of(where);
    if (where && (LLVMIsAInstruction(where) ||
                  (LLVMIsAConstant(where) && !LLVMIsAFunction(where))))
        text = LLVMPrintValueToString(where);
    size_t fl = 0;
    const char *fname = fn ? LLVMGetValueName2(fn, &fl) : NULL;
    const char *shown = text;
    if (text) {
        char *nl = strchr(text, '\n');
        if (nl)
            *nl = 0;
        shown += strspn(shown, " "); /* an instruction prints indented */
    }
    dxil_diags_add(c->diags, DXIL_SEV_ERROR, DXIL_E_BITCODE_WRITE, DXIL_LOC_NONE, 0,
                   "cannot write DXIL bitcode%s%.*s%s%s%s: %s", fname ? ": function @" : "",
                   (int)fl, fname ? fname : "", text ? ", `" : "", text ? shown : "",
                   text ? "`" : "", msg);
    if (text)
        LLVMDisposeMessage(text);
    c->failed = true;
}

bool bcw_grow(bcw_ctx *c, void **p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return true;
    size_t n = *cap ? *cap * 2 : 16;
    while (n < need)
        n *= 2;
    void *q = realloc(*p, n * elem);
    if (!q) {
        c->failed = true;
        return false;
    }
    *p = q;
    *cap = n;
    return true;
}

uint32_t *bcw_alloc_ops(bcw_ctx *c, size_t n)
{
    if (!n)
        n = 1;
    bcw_chunk *k = c->chunks;
    if (!k || k->cap - k->used < n) {
        size_t cap = n > 4096 ? n : 4096;
        if (!(k = malloc(sizeof *k + cap * sizeof *k->data))) {
            c->failed = true;
            return NULL;
        }
        *k = (bcw_chunk){ c->chunks, 0, cap };
        c->chunks = k;
    }
    uint32_t *p = k->data + k->used;
    k->used += n;
    memset(p, 0, n * sizeof *p);
    return p;
}

static void string_record(bcw_ctx *c, unsigned code, const char *s)
{
    bcw_rec r = { 0 };
    for (; *s; s++)
        bcw_rec_push(&r, (unsigned char)*s);
    bcw_record(c, code, r.v, r.n, 3);
    c->failed |= r.oom;
    bcw_rec_free(&r);
}

static uint64_t linkage(LLVMValueRef g)
{
    static const uint8_t enc[] = {
        [LLVMExternalLinkage] = 0, [LLVMAvailableExternallyLinkage] = 12,
        [LLVMLinkOnceAnyLinkage] = 18, [LLVMLinkOnceODRLinkage] = 19,
        [LLVMWeakAnyLinkage] = 16, [LLVMWeakODRLinkage] = 17, [LLVMAppendingLinkage] = 2,
        [LLVMInternalLinkage] = 3, [LLVMPrivateLinkage] = 9, [LLVMExternalWeakLinkage] = 7,
        [LLVMCommonLinkage] = 8,
    };
    LLVMLinkage l = LLVMGetLinkage(g);
    return (size_t)l < sizeof enc ? enc[l] : 0;
}

static bool global_simple(LLVMValueRef g)
{
    return !LLVMIsThreadLocal(g) && LLVMGetVisibility(g) == LLVMDefaultVisibility &&
           LLVMGetUnnamedAddress(g) != LLVMGlobalUnnamedAddr && !LLVMIsExternallyInitialized(g) &&
           LLVMGetDLLStorageClass(g) == LLVMDefaultStorageClass;
}

static void global_records(bcw_ctx *c)
{
    unsigned max_align = 0, max_type = 0;
    bool any = false;
    for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g; g = LLVMGetNextGlobal(g)) {
        any = true;
        uint32_t e = bcw_val_of(c, g);
        unsigned a = LLVMGetAlignment(g), t = bcw_type_id(c, bcw_type_sub(c, c->vals[e].type, 0));
        max_align = a > max_align ? a : max_align;
        max_type = t > max_type ? t : max_type;
    }
    if (!any)
        return;
    bcw_abbrev ab = { 6, { { BS_ENC_LITERAL, MC_GLOBALVAR },
                           { BS_ENC_FIXED, bcw_log2_ceil(max_type + 1) }, { BS_ENC_VBR, 6 },
                           { BS_ENC_VBR, 6 }, { BS_ENC_FIXED, 5 }, { BS_ENC_LITERAL, 0 } } };
    if (max_align)
        ab.ops[5] = (bs_abbrev_op){ BS_ENC_FIXED, bcw_log2_ceil(bcw_log2(max_align) + 2) };
    ab.ops[ab.n++] = (bs_abbrev_op){ BS_ENC_LITERAL, 0 }; /* no sections */
    bcw_define_abbrev(c, &ab, 3);
    bcw_rec r = { 0 };
    for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g; g = LLVMGetNextGlobal(g)) {
        uint32_t e = bcw_val_of(c, g);
        r.n = 0;
        bcw_rec_push(&r, bcw_type_id(c, c->types[c->vals[e].type].sub[0]));
        bcw_rec_push(&r, (uint64_t)LLVMGetPointerAddressSpace(LLVMTypeOf(g)) << 2 | 2 |
                             LLVMIsGlobalConstant(g));
        bcw_rec_push(&r, c->vals[e].nops ? bcw_id(c, c->vals[e].ops[0]) + 1 : 0);
        bcw_rec_push(&r, linkage(g));
        bcw_rec_push(&r, bcw_align(LLVMGetAlignment(g)));
        bcw_rec_push(&r, 0);
        if (global_simple(g)) {
            bcw_record_abbrev(c, &ab, 4, MC_GLOBALVAR, r.v, r.n, 3);
            continue;
        }
        bcw_rec_push(&r, LLVMGetVisibility(g));
        bcw_rec_push(&r, LLVMIsThreadLocal(g) ? 1 : 0);
        bcw_rec_push(&r, LLVMGetUnnamedAddress(g) == LLVMGlobalUnnamedAddr);
        bcw_rec_push(&r, LLVMIsExternallyInitialized(g));
        bcw_rec_push(&r, LLVMGetDLLStorageClass(g));
        bcw_rec_push(&r, 0);
        bcw_record(c, MC_GLOBALVAR, r.v, r.n, 3);
    }
    c->failed |= r.oom;
    bcw_rec_free(&r);
}

static void function_records(bcw_ctx *c)
{
    bcw_rec r = { 0 };
    for (size_t i = 0; i < c->nfns; i++) {
        LLVMValueRef f = c->fns[i];
        r.n = 0;
        bcw_rec_push(&r, bcw_type_id(c, bcw_func_type(c, f)));
        bcw_rec_push(&r, LLVMGetFunctionCallConv(f));
        bcw_rec_push(&r, LLVMIsDeclaration(f));
        bcw_rec_push(&r, linkage(f));
        bcw_rec_push(&r, c->vals[bcw_val_of(c, f)].attrs); /* found when enumerated */
        bcw_rec_push(&r, bcw_align(LLVMGetAlignment(f)));
        bcw_rec_push(&r, 0); /* section */
        bcw_rec_push(&r, LLVMGetVisibility(f));
        bcw_rec_push(&r, 0); /* gc */
        bcw_rec_push(&r, LLVMGetUnnamedAddress(f) == LLVMGlobalUnnamedAddr);
        bcw_rec_push(&r, 0); /* prologue data */
        bcw_rec_push(&r, LLVMGetDLLStorageClass(f));
        for (int k = 0; k < 3; k++) /* comdat, prefix data, personality */
            bcw_rec_push(&r, 0);
        bcw_record(c, MC_FUNCTION, r.v, r.n, 3);
    }
    c->failed |= r.oom;
    bcw_rec_free(&r);
}

/* ---- value symbol tables: sorted by name, as DXC writes them ---- */

typedef struct vst_entry {
    const char *name;
    size_t len;
    uint64_t id;
    bool bb;
    uint32_t rank;       /* place in the input's unsorted order; else UINT32_MAX */
} vst_entry;

static int vst_cmp(const void *a, const void *b)
{
    const vst_entry *x = a, *y = b;
    if (x->rank != y->rank)
        return x->rank < y->rank ? -1 : 1;
    size_t n = x->len < y->len ? x->len : y->len;
    int k = memcmp(x->name, y->name, n);
    return k ? k : (x->len > y->len) - (x->len < y->len);
}

static void vst_write(bcw_ctx *c, vst_entry *v, size_t n)
{
    if (!n)
        return;
    qsort(v, n, sizeof *v, vst_cmp);
    bcw_abbrev info[8];
    unsigned na;
    bcw_blockinfo_abbrevs(c, VST_ID, &na, info);
    size_t len;
    bcw_enter(c, VST_ID, 4, &len);
    bcw_rec r = { 0 };
    for (size_t i = 0; i < n; i++) {
        bool is7 = true, ch6 = bcw_is_char6(v[i].name, v[i].len);
        r.n = 0;
        bcw_rec_push(&r, v[i].id);
        for (size_t k = 0; k < v[i].len; k++) {
            bcw_rec_push(&r, (unsigned char)v[i].name[k]);
            is7 &= !((unsigned char)v[i].name[k] & 128);
        }
        unsigned code = v[i].bb ? VST_BBENTRY : VST_ENTRY;
        unsigned ab = v[i].bb ? (ch6 ? VST_AB_BBENTRY6 : VST_AB_ENTRY8)
                              : (ch6 ? VST_AB_ENTRY6 : is7 ? VST_AB_ENTRY7 : VST_AB_ENTRY8);
        bcw_record_abbrev(c, &info[ab - VST_AB_ENTRY8], ab, code, r.v, r.n, 4);
    }
    c->failed |= r.oom;
    bcw_rec_free(&r);
    bcw_exit(c, len, 4);
}

static bool vst_add(bcw_ctx *c, vst_entry **v, size_t *n, size_t *cap, LLVMValueRef val,
                    uint64_t id, bool bb)
{
    size_t len;
    const char *name = LLVMGetValueName2(val, &len);
    if (!len)
        return true;
    const char *n37 = LLVMIsAFunction(val) ? bcw_fn_name37(c, val) : NULL;
    if (n37 && n37 != name) {
        name = n37;
        len = strlen(n37);
    }
    if (!bcw_grow(c, (void **)v, cap, *n + 1, sizeof **v))
        return false;
    (*v)[(*n)++] = (vst_entry){ name, len, id, bb, UINT32_MAX };
    return true;
}

/* Older DXC builds wrote symbol tables in StringMap order, which a
 * module does not show: the input's order for the table of function fn
 * (NULL: the module's) when the loader or the raise kept it
 * (bc_restypes.vst_orders); names it lacks follow, sorted. */
static void vst_rank(bcw_ctx *c, vst_entry *v, size_t n, const char *fn)
{
    const bc_restypes *t = c->opts ? c->opts->restypes : NULL;
    const struct bc_vstorder *o = NULL;
    for (size_t i = 0; t && i < t->nvst_orders && !o; i++)
        if (fn ? t->vst_orders[i].fn && !strcmp(t->vst_orders[i].fn, fn) : !t->vst_orders[i].fn)
            o = &t->vst_orders[i];
    for (size_t i = 0; o && i < n; i++)
        for (size_t k = 0; k < o->n && v[i].rank == UINT32_MAX; k++)
            if (strlen(o->names[k]) == v[i].len && !memcmp(o->names[k], v[i].name, v[i].len))
                v[i].rank = (uint32_t)k;
}

static void module_vst(bcw_ctx *c)
{
    vst_entry *v = NULL;
    size_t n = 0, cap = 0;
    for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g; g = LLVMGetNextGlobal(g))
        vst_add(c, &v, &n, &cap, g, bcw_id(c, bcw_val_of(c, g)), false);
    for (size_t i = 0; i < c->nfns; i++)
        vst_add(c, &v, &n, &cap, c->fns[i], bcw_id(c, bcw_val_of(c, c->fns[i])), false);
    vst_rank(c, v, n, NULL);
    vst_write(c, v, n);
    free(v);
}

void bcw_write_function_vst(bcw_ctx *c, bcw_func *f)
{
    vst_entry *v = NULL;
    size_t n = 0, cap = 0;
    for (uint32_t i = 0; i < f->nargs; i++)
        vst_add(c, &v, &n, &cap, c->vals[f->args[i]].v, bcw_id(c, f->args[i]), false);
    for (uint32_t b = 0; b < f->nblocks; b++)
        vst_add(c, &v, &n, &cap, c->vals[f->blocks[b]].v, b, true);
    for (size_t i = 0; i < f->ninsts; i++) {
        const bcw_val *e = &c->vals[f->insts[i].val];
        if (f->insts[i].has_value && e->v)
            vst_add(c, &v, &n, &cap, e->v, bcw_id(c, f->insts[i].val), false);
    }
    if (n)
        vst_rank(c, v, n, LLVMGetValueName(f->fn));
    vst_write(c, v, n);
    free(v);
}

/* ---- the module ---- */

static const char *dxc_triple(bcw_ctx *c)
{
    const char *t = LLVMGetTarget(c->mod);
    if (!t || !*t || !strncmp(t, "dxilv", 5) || !strncmp(t, "dxil-pc", 7))
        return "dxil-ms-dx";
    return t;
}

/* DXC's datalayout: the one the loader kept in !dxu.datalayout, else the
 * module's. */
static void choose_datalayout(bcw_ctx *c)
{
    if (c->opts && c->opts->datalayout) {
        c->datalayout = c->opts->datalayout;
        return;
    }
    LLVMValueRef node = md_named_single(c->mod, "dxu.datalayout");
    c->datalayout_owned = node ? md_string_dup(md_operand(node, 0)) : NULL;
    if (!c->datalayout_owned && node)
        c->datalayout_owned = md_string_dup(node);
    c->datalayout = c->datalayout_owned ? c->datalayout_owned : LLVMGetDataLayoutStr(c->mod);
}

static void write_module(bcw_ctx *c)
{
    bs_write(&c->w, 'B', 8);
    bs_write(&c->w, 'C', 8);
    bs_write(&c->w, 0x0, 4);
    bs_write(&c->w, 0xC, 4);
    bs_write(&c->w, 0xE, 4);
    bs_write(&c->w, 0xD, 4);
    size_t len;
    bcw_enter(c, MODULE_BLOCK_ID, 3, &len);
    uint64_t version = 1; /* relative value ids */
    bcw_record(c, MC_VERSION, &version, 1, 3);
    bcw_write_blockinfo(c);
    bcw_write_attr_blocks(c);
    bcw_write_type_block(c);
    string_record(c, MC_TRIPLE, dxc_triple(c));
    if (c->datalayout && *c->datalayout)
        string_record(c, MC_DATALAYOUT, c->datalayout);
    global_records(c);
    function_records(c);
    size_t first = 0;
    while (first < c->norder && (c->vals[c->order[first]].kind == VK_GLOBAL ||
                                 c->vals[c->order[first]].kind == VK_FUNC))
        first++;
    bcw_write_constants(c, first, c->norder, true);
    bcw_write_metadata_blocks(c);
    module_vst(c);
    for (size_t i = 0; i < c->nfuncs && !c->failed; i++)
        bcw_write_function_block(c, &c->funcs[i]);
    bcw_exit(c, len, 3);
}

static void ctx_free(bcw_ctx *c)
{
    bcw_types_free(c);
    bcw_vals_free(c);
    bcw_funcs_free(c);
    bcw_attrs_free(c);
    bcw_names37_free(c);
    bcw_md_free(c);
    free(c->datalayout_owned);
    while (c->chunks) {
        bcw_chunk *next = c->chunks->next;
        free(c->chunks);
        c->chunks = next;
    }
    bs_writer_free(&c->w);
}

int bcw_write_module(LLVMModuleRef m, const bcw_options *o, uint8_t **out, size_t *size,
                     dxil_diags *diags)
{
    bcw_ctx c = { .mod = m, .llctx = LLVMGetModuleContext(m), .opts = o, .diags = diags };
    *out = NULL;
    *size = 0;
    choose_datalayout(&c);
    if (bcw_screen(&c) || bcw_md_init_kinds(&c) || bcw_build(&c) || bcw_enumerate_module(&c) ||
        c.failed)
        goto fail;
    write_module(&c);
    if (c.failed || c.w.failed)
        goto fail;
    bs_writer_align32(&c.w);
    *size = c.w.pos / 8;
    *out = c.w.data;
    c.w.data = NULL;
    ctx_free(&c);
    return 0;
fail:
    if (!dxil_diags_error_count(diags) || c.w.failed)
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_BITCODE_WRITE, DXIL_LOC_NONE, 0,
                       "cannot write DXIL bitcode: out of memory");
    ctx_free(&c);
    return -1;
}
