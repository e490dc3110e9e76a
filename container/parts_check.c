/* parts_check.c - dxil_parts_check_module: the container's parts against
 * the DXIL module's own metadata (not raised): program header against
 * dx.shaderModel, signature parts against the entry's signature records,
 * PSV0 resource bindings against dx.resources, and SFI0 against the
 * entry's shader flags. Each disagreement is one DXIL_E_PART_MISMATCH. */
#include "parts_internal.h"
#include "sfi0_map.h"

#include <llvm-c/Core.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct pc_ctx {
    const dxil_parts *p;
    dxil_diags *diags;
    int mismatches;
} pc_ctx;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void pc_report(pc_ctx *c, const dxil_decoded_part *d, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    dxil_diags_add(c->diags, DXIL_SEV_ERROR, DXIL_E_PART_MISMATCH, DXIL_LOC_BYTE,
                   d ? d->part.offset : 0, "%s: %s", d ? d->part.name : "container", msg);
    c->mismatches++;
}

/* ---- metadata access ------------------------------------------------ */

static unsigned md_count(LLVMValueRef n)
{
    return n && LLVMIsAMDNode(n) ? LLVMGetMDNodeNumOperands(n) : 0;
}

/* Operand i of node n (NULL when absent or null). */
static LLVMValueRef md_op(LLVMValueRef n, unsigned i)
{
    unsigned count = md_count(n);
    if (i >= count)
        return NULL;
    LLVMValueRef *ops = malloc(count * sizeof *ops);
    if (!ops)
        return NULL;
    LLVMGetMDNodeOperands(n, ops);
    LLVMValueRef v = ops[i];
    free(ops);
    return v;
}

static bool md_int(LLVMValueRef n, unsigned i, uint64_t *out)
{
    LLVMValueRef v = md_op(n, i);
    if (!v || !LLVMIsAConstantInt(v))
        return false;
    *out = LLVMConstIntGetZExtValue(v);
    return true;
}

static const char *md_str(LLVMValueRef n, unsigned i)
{
    LLVMValueRef v = md_op(n, i);
    unsigned len = 0;
    return v && LLVMIsAMDString(v) ? LLVMGetMDString(v, &len) : NULL;
}

static LLVMValueRef md_named(LLVMModuleRef m, const char *name, unsigned i)
{
    unsigned n = LLVMGetNamedMetadataNumOperands(m, name);
    if (i >= n)
        return NULL;
    LLVMValueRef *ops = malloc(n * sizeof *ops);
    if (!ops)
        return NULL;
    LLVMGetNamedMetadataOperands(m, name, ops);
    LLVMValueRef v = ops[i];
    free(ops);
    return v;
}

static const dxil_decoded_part *pc_find(const dxil_parts *p, const char *fourcc)
{
    for (uint32_t i = 0; i < p->count; i++)
        if (memcmp(p->parts[i].part.name, fourcc, 4) == 0 && p->parts[i].ok)
            return &p->parts[i];
    return NULL;
}

/* ---- program header and shader model --------------------------------- */

static void pc_shader_model(pc_ctx *c, LLVMModuleRef m)
{
    const dxil_decoded_part *d = pc_find(c->p, "DXIL");
    LLVMValueRef sm = md_named(m, "dx.shaderModel", 0);
    const char *kind = md_str(sm, 0);
    uint64_t major, minor;
    if (!d || !kind || !md_int(sm, 1, &major) || !md_int(sm, 2, &minor))
        return;
    const dxil_program_header *h = &d->u.program;
    const char *hk = dxil_shader_kind_short_name(h->shader_kind);
    if (!hk || strcmp(hk, kind) != 0 || major != h->sm_major || minor != h->sm_minor)
        pc_report(c, d, "program header says %s_%u_%u but dx.shaderModel says %s_%u_%u",
                  hk ? hk : "?", h->sm_major, h->sm_minor, kind, (unsigned)major,
                  (unsigned)minor);
}

/* ---- signatures ------------------------------------------------------- */

/* Finds the part element for one row of a metadata element. */
static const dxil_sig_element *pc_find_row(const dxil_signature *s, const char *name,
                                           uint64_t index)
{
    for (uint32_t i = 0; i < s->count; i++)
        if (strcasecmp(s->elements[i].semantic, name) == 0 &&
            s->elements[i].semantic_index == index)
            return &s->elements[i];
    return NULL;
}

/* One metadata element record: the part has one element per semantic
 * index (normally one per row; DXC also writes a one-row element with
 * several indices), at its register and with its mask when allocated.
 * Returns the number of part elements it accounts for. */
static uint64_t pc_sig_element(pc_ctx *c, const dxil_decoded_part *d, LLVMValueRef e)
{
    const char *name = md_str(e, 1);
    LLVMValueRef indices = md_op(e, 4);
    uint64_t rows = 0, cols = 0, row0 = 0, col0 = 0;
    if (!name || !md_int(e, 6, &rows) || !md_int(e, 7, &cols) || !md_int(e, 8, &row0) ||
        !md_int(e, 9, &col0))
        return 0;
    bool allocated = row0 != 0xFFFFFFFFu;
    cols = cols > 4 ? 4 : cols;
    col0 = col0 > 3 ? 3 : col0;
    uint32_t mask = (uint32_t)(((1u << cols) - 1) << col0) & 0xF;
    unsigned n = md_count(indices);
    for (unsigned r = 0; r < n; r++) {
        uint64_t index = 0;
        md_int(indices, r, &index);
        const dxil_sig_element *x = pc_find_row(&d->u.sig, name, index);
        if (!x)
            pc_report(c, d, "no element for %s%u of the entry's signature", name,
                      (unsigned)index);
        else if (allocated && r < rows && (x->reg != row0 + r || x->mask != mask))
            pc_report(c, d, "%s%u is register %u mask 0x%x, the entry's signature says %u, 0x%x",
                      name, (unsigned)index, x->reg, x->mask, (unsigned)(row0 + r), mask);
    }
    return n;
}

static void pc_signature(pc_ctx *c, LLVMValueRef sigs, unsigned which, const char *fourcc)
{
    const dxil_decoded_part *d = pc_find(c->p, fourcc);
    LLVMValueRef list = md_op(sigs, which);
    if (!d)
        return;
    uint64_t want = 0;
    for (unsigned i = 0; i < md_count(list); i++)
        want += pc_sig_element(c, d, md_op(list, i));
    if (want != d->u.sig.count)
        pc_report(c, d, "%u elements, the entry's signature has %u semantic indices",
                  d->u.sig.count, (unsigned)want);
}

/* ---- resources -------------------------------------------------------- */

/* One binding: class (0 SRV, 1 UAV, 2 CBV, 3 sampler), space, range. */
typedef struct pc_binding {
    uint32_t cls, space, lower, upper;
} pc_binding;

static int pc_binding_cmp(const void *a, const void *b)
{
    return memcmp(a, b, sizeof(pc_binding));
}

/* PSVResourceType to the dx.resources list it comes from. */
static const int8_t pc_psv_class[10] = {-1, 3, 2, 0, 0, 0, 1, 1, 1, 1};

static uint32_t pc_psv_bindings(const dxil_psv0 *v, pc_binding *out)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < v->resource_count; i++) {
        const dxil_psv_resource *r = &v->resources[i];
        if (r->type >= 10 || pc_psv_class[r->type] < 0)
            continue;
        out[n++] = (pc_binding){(uint32_t)pc_psv_class[r->type], r->space, r->lower_bound,
                                r->upper_bound};
    }
    return n;
}

static uint32_t pc_md_bindings(LLVMValueRef lists, pc_binding *out, uint32_t cap)
{
    uint32_t n = 0;
    for (unsigned cls = 0; cls < 4; cls++) {
        LLVMValueRef list = md_op(lists, cls);
        for (unsigned i = 0; i < md_count(list) && n < cap; i++) {
            LLVMValueRef rec = md_op(list, i);
            uint64_t space = 0, lower = 0, size = 0;
            if (!md_int(rec, 3, &space) || !md_int(rec, 4, &lower) || !md_int(rec, 5, &size))
                continue;
            uint32_t upper = size == 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)(lower + size - 1);
            out[n++] = (pc_binding){cls, (uint32_t)space, (uint32_t)lower, upper};
        }
    }
    return n;
}

static void pc_resources(pc_ctx *c, LLVMModuleRef m)
{
    static const char *const cls[] = {"SRV", "UAV", "CBV", "sampler"};
    const dxil_decoded_part *d = pc_find(c->p, "PSV0");
    if (!d)
        return;
    LLVMValueRef lists = md_named(m, "dx.resources", 0);
    uint32_t cap = d->u.psv0.resource_count + 64;
    pc_binding *a = calloc(cap, sizeof *a), *b = calloc(cap, sizeof *b);
    if (a && b) {
        uint32_t na = pc_psv_bindings(&d->u.psv0, a), nb = pc_md_bindings(lists, b, cap);
        qsort(a, na, sizeof *a, pc_binding_cmp);
        qsort(b, nb, sizeof *b, pc_binding_cmp);
        uint32_t i = 0;
        while (i < na && i < nb && memcmp(&a[i], &b[i], sizeof *a) == 0)
            i++;
        if (i < na || i < nb) {
            const pc_binding *x = i < na ? &a[i] : &b[i];
            pc_report(c, d, "%u resource bindings, dx.resources has %u; first difference: "
                            "%s space %u [%u, %u] %s",
                      na, nb, cls[x->cls], x->space, x->lower, x->upper,
                      i < na ? "only in PSV0" : "only in dx.resources");
        }
    }
    free(a);
    free(b);
}

/* ---- shader flags ----------------------------------------------------- */

static bool pc_shader_flags(LLVMValueRef props, uint64_t *flags)
{
    for (unsigned i = 0; i + 1 < md_count(props); i += 2) {
        uint64_t tag = 0;
        if (md_int(props, i, &tag) && tag == 0)
            return md_int(props, i + 1, flags);
    }
    return false;
}

static void pc_features(pc_ctx *c, LLVMValueRef props)
{
    const dxil_decoded_part *d = pc_find(c->p, "SFI0");
    uint64_t flags = 0, checked = 0;
    if (!d)
        return;
    pc_shader_flags(props, &flags); /* no ShaderFlags property: none set */
    uint64_t want = sfi0_features_from_flags(flags, &checked);
    uint64_t diff = (want ^ d->u.sfi0.flags) & checked;
    for (unsigned bit = 0; bit < 64; bit++)
        if ((diff >> bit) & 1)
            pc_report(c, d, "feature %s is %s in SFI0 but the shader flags 0x%llx %s it",
                      dxil_sfi0_flag_name(bit), (want >> bit) & 1 ? "clear" : "set",
                      (unsigned long long)flags, (want >> bit) & 1 ? "imply" : "do not imply");
}

int dxil_parts_check_module(const dxil_parts *p, LLVMModuleRef module, dxil_diags *diags)
{
    pc_ctx c = {.p = p, .diags = diags};
    pc_shader_model(&c, module);
    const dxil_decoded_part *prog = pc_find(p, "DXIL");
    LLVMValueRef entry = md_named(module, "dx.entryPoints", 0);
    /* Libraries describe their functions in RDAT, not in one entry. */
    bool lib = prog && prog->u.program.shader_kind == 6;
    if (entry && !lib) {
        LLVMValueRef sigs = md_op(entry, 2);
        pc_signature(&c, sigs, 0, "ISG1");
        pc_signature(&c, sigs, 1, "OSG1");
        pc_signature(&c, sigs, 2, "PSG1");
        pc_features(&c, md_op(entry, 4));
    }
    pc_resources(&c, module);
    return c.mismatches;
}
