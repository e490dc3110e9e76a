/* module_facts.c - dx.shaderModel, dx.version, dx.valver, dx.resources
 * and dx.entryPoints of a module in DXIL form, read into plain data
 * (module_facts.h). Field positions are DXC's DxilMetadataHelper record
 * layouts. */
#include "module_facts.h"
#include "md_util.h"

#include "bitcode/bitcode_types.h"
#include "dxil-upgrade/dxil_abi.h"
#include "dxil-upgrade/dxil_container.h"

#include <stdlib.h>
#include <string.h>

static void mf_version(LLVMModuleRef m, const char *name, unsigned *major, unsigned *minor)
{
    LLVMValueRef n = md_named_operand(m, name, 0);
    uint64_t a, b;
    if (n && !md_operand_uint(n, 0, &a) && !md_operand_uint(n, 1, &b)) {
        *major = (unsigned)a;
        *minor = (unsigned)b;
    }
}

static int mf_shader_model(mf_module *mf)
{
    LLVMValueRef sm = md_named_operand(mf->m, "dx.shaderModel", 0);
    char kind[16];
    uint64_t major = 0, minor = 0;
    if (!sm || !md_string(md_operand(sm, 0), kind, sizeof kind) ||
        md_operand_uint(sm, 1, &major) || md_operand_uint(sm, 2, &minor))
        return -1;
    for (unsigned k = 0; k < DXIL_SHADER_INVALID; k++) {
        const char *name = dxil_shader_kind_short_name(k);
        if (name && !strcmp(name, kind)) {
            mf->sm_kind = k;
            mf->sm_major = (unsigned)major;
            mf->sm_minor = (unsigned)minor;
            mf->lib = k == DXIL_SHADER_LIBRARY;
            return 0;
        }
    }
    return -1;
}

static uint32_t mf_u32(LLVMValueRef rec, unsigned i)
{
    uint64_t v = 0;
    md_operand_uint(rec, i, &v);
    return (uint32_t)v;
}

static bool mf_bit(LLVMValueRef rec, unsigned i)
{
    return mf_u32(rec, i) != 0;
}

/* The class struct a resource global holds (arrays peeled), or the one
 * the bitcode's walk recorded for the record. */
static LLVMTypeRef mf_class_type(LLVMModuleRef m, const struct bc_restypes *rt, mf_resource *r)
{
    if (r->symbol) {
        LLVMTypeRef t = LLVMGlobalGetValueType(r->symbol);
        while (LLVMGetTypeKind(t) == LLVMArrayTypeKind)
            t = LLVMGetElementType(t);
        return LLVMGetTypeKind(t) == LLVMStructTypeKind ? t : NULL;
    }
    const bc_restype *k = rt ? bc_restypes_find(rt, r->list, r->pos) : NULL;
    return k && k->name ? LLVMGetTypeByName2(LLVMGetModuleContext(m), k->name) : NULL;
}

static void mf_record(mf_module *mf, const struct bc_restypes *rt, unsigned list, unsigned pos,
                      LLVMValueRef rec, mf_resource *r)
{
    *r = (mf_resource){.list = list, .pos = pos, .record = rec};
    r->id = mf_u32(rec, 0);
    LLVMValueRef sym = md_operand(rec, 1);
    r->symbol = sym && LLVMIsAGlobalVariable(sym) ? sym : NULL;
    r->space = mf_u32(rec, 3);
    r->lb = mf_u32(rec, 4);
    r->range = mf_u32(rec, 5);
    if (list == MF_SRV || list == MF_UAV)
        r->kind = mf_u32(rec, 6);
    else
        r->kind = list == MF_CBV ? DXIL_RESOURCE_KIND_CBUFFER : DXIL_RESOURCE_KIND_SAMPLER;
    if (list == MF_UAV) {
        r->globally_coherent = mf_bit(rec, 7);
        r->counter = mf_bit(rec, 8);
        r->rov = mf_bit(rec, 9);
    }
    r->class_type = mf_class_type(mf->m, rt, r);
}

static int mf_resources(mf_module *mf, const struct bc_restypes *rt)
{
    LLVMValueRef root = md_named_operand(mf->m, "dx.resources", 0);
    size_t total = 0;
    for (unsigned l = 0; l < MF_LIST_COUNT; l++)
        total += md_num_operands(md_operand(root, l));
    mf->res = calloc(total + 1, sizeof *mf->res);
    if (!mf->res)
        return -1;
    for (unsigned l = 0; l < MF_LIST_COUNT; l++) {
        LLVMValueRef list = md_operand(root, l);
        for (unsigned i = 0; i < md_num_operands(list); i++) {
            LLVMValueRef rec = md_operand(list, i);
            if (rec)
                mf_record(mf, rt, l, i, rec, &mf->res[mf->nres++]);
        }
    }
    return 0;
}

/* A library entry's kind is its tag 8; any other entry has the model's. */
static unsigned mf_entry_kind(const mf_module *mf, LLVMValueRef props)
{
    uint64_t k;
    if (mf->lib && const_u64(md_tag_value(props, DXIL_ENTRY_SHADER_KIND, NULL), &k))
        return (unsigned)k;
    return mf->lib ? DXIL_SHADER_LIBRARY : mf->sm_kind;
}

static int mf_entries(mf_module *mf)
{
    unsigned n = md_named_count(mf->m, "dx.entryPoints");
    mf->entries = calloc(n + 1u, sizeof *mf->entries);
    if (!mf->entries)
        return -1;
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef node = md_named_operand(mf->m, "dx.entryPoints", i);
        if (!node)
            continue;
        mf_entry *e = &mf->entries[mf->nentries++];
        LLVMValueRef fn = md_operand(node, 0);
        e->node = node;
        e->fn = fn && LLVMIsAFunction(fn) ? fn : NULL;
        e->props = md_operand(node, 4);
        e->kind = mf_entry_kind(mf, e->props);
        LLVMValueRef sigs = md_operand(node, 2);
        for (unsigned s = 0; s < 3; s++)
            e->sigs[s] = md_operand(sigs, s);
    }
    uint64_t flags = 0;
    if (mf->nentries && const_u64(md_tag_value(mf->entries[0].props, DXIL_ENTRY_SHADER_FLAGS,
                                               NULL), &flags))
        mf->flags = flags;
    return 0;
}

int mf_read(LLVMModuleRef m, const struct bc_restypes *restypes, mf_module *out)
{
    *out = (mf_module){.m = m, .val_major = 1, .dxil_major = 1};
    if (!m || mf_shader_model(out))
        return -1;
    mf_version(m, "dx.version", &out->dxil_major, &out->dxil_minor);
    mf_version(m, "dx.valver", &out->val_major, &out->val_minor);
    if (mf_resources(out, restypes) || mf_entries(out)) {
        mf_free(out);
        return -1;
    }
    return 0;
}

void mf_free(mf_module *mf)
{
    free(mf->res);
    free(mf->entries);
    *mf = (mf_module){0};
}

bool mf_val_at_least(const mf_module *mf, unsigned major, unsigned minor)
{
    return mf->val_major > major || (mf->val_major == major && mf->val_minor >= minor);
}

const mf_entry *mf_entry_of(const mf_module *mf, LLVMValueRef fn)
{
    for (size_t i = 0; fn && i < mf->nentries; i++)
        if (mf->entries[i].fn == fn)
            return &mf->entries[i];
    return NULL;
}

static unsigned mf_count_components(LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMArrayTypeKind:
        return (unsigned)LLVMGetArrayLength2(t) * mf_count_components(LLVMGetElementType(t));
    case LLVMStructTypeKind: {
        unsigned n = 0;
        for (unsigned i = 0; i < LLVMCountStructElementTypes(t); i++)
            n += mf_count_components(LLVMStructGetTypeAtIndex(t, i));
        return n;
    }
    case LLVMVectorTypeKind:
        return LLVMGetVectorSize(t);
    default:
        return 1;
    }
}

unsigned mf_component_count(const mf_resource *r)
{
    if (!r->class_type || LLVMCountStructElementTypes(r->class_type) == 0)
        return 0;
    return mf_count_components(LLVMStructGetTypeAtIndex(r->class_type, 0));
}

int mf_sig_kind(LLVMValueRef list, unsigned i)
{
    uint64_t k;
    return md_operand_uint(md_operand(list, i), 3, &k) ? -1 : (int)k;
}
