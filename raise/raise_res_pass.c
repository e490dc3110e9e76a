/* raise_res_pass.c - the resource pass: raises every DXIL handle
 * creation (createHandle, createHandleFromBinding + annotateHandle,
 * createHandleForLib) to llvm.dx.resource.handlefrombinding with a
 * target("dx.*") type. Kept dx.op users get a %dx.types.Handle through
 * llvm.dx.resource.casthandle; raise_buffers.c later looks through that
 * cast. Heap handles, TBuffers and acceleration structures have no LLVM
 * 22 form and stay DXIL.
 *
 * This file drives the pass: the records read, each creation form run
 * (raise_res_forms.c, which builds the handles with raise_res_handle.c),
 * and the side metadata written. */
#include "raise_resources.h"
#include "raise_ops.h"

#include "dxil-upgrade/dxil_optable.h"
#include "dxil-upgrade/dxil_stats.h"
#include "module/llvm_shim.h"
#include "optable/optable_internal.h"
#include "common/side_metadata.h"

#include <stdlib.h>
#include <string.h>

/* ---- side metadata ---- */

static void res_write_side_md(res_state *st)
{
    LLVMContextRef c = st->rc->ctx;
    if (st->table.root)
        LLVMAddNamedMetadataOperand(st->rc->mod, DXU_MD_RESOURCES, st->table.root);
    for (size_t i = 0; i < st->nprops; i++) {
        const res_props_seen *p = &st->props[i];
        LLVMValueRef f[5] = {res_md_i32(st, p->cls), res_md_i32(st, p->space),
                             res_md_i32(st, p->lb), res_md_i32(st, p->w0), res_md_i32(st, p->w1)};
        LLVMAddNamedMetadataOperand(st->rc->mod, DXU_MD_RESOURCE_PROPS,
                                    LLVMMDNodeInContext(c, f, 5));
    }
    for (unsigned i = 0; i < RES_FORM_COUNT; i++) {
        if (!st->kept[i])
            continue;
        const char *n = res_form_names[i];
        LLVMValueRef f[2] = {LLVMMDStringInContext(c, n, (unsigned)strlen(n)),
                             res_md_i32(st, st->kept[i])};
        LLVMAddNamedMetadataOperand(st->rc->mod, DXU_MD_RESOURCES_KEPT,
                                    LLVMMDNodeInContext(c, f, 2));
    }
}

/* The handle-creating ops the pass raises, by the spec's custom kind. */
typedef struct res_form_desc {
    unsigned kind, form;
    void (*fn)(res_state *, LLVMValueRef);
} res_form_desc;

static const res_form_desc res_forms[] = {
    {DXIL_MAP_CUSTOM_HANDLE, RES_FORM_CREATE, res_do_create_handle},
    {DXIL_MAP_CUSTOM_HANDLE_BINDING, RES_FORM_BINDING, res_do_from_binding},
    {DXIL_MAP_CUSTOM_HANDLE_LIB, RES_FORM_LIB, res_do_for_lib},
};

static int res_run_form(res_state *st, const res_form_desc *f, const dxil_op_info *op)
{
    res_calls calls = {0};
    if (res_collect_calls(st->rc, &st->fns, op->cls->fn, op->opcode, &calls))
        return -1;
    if (f->form == RES_FORM_CREATE)
        res_infer_counts(st, &calls, 2);
    for (size_t i = 0; i < calls.n; i++)
        f->fn(st, calls.v[i]);
    res_calls_free(&calls);
    return 0;
}

static int res_run_forms(res_state *st)
{
    for (size_t f = 0; f < sizeof res_forms / sizeof res_forms[0]; f++) {
        size_t next = 0;
        const dxil_op_info *op;
        while ((op = res_next_op_of_kind(st->rc, res_forms[f].kind, &next)) != NULL)
            if (res_run_form(st, &res_forms[f], op))
                return -1;
    }
    /* Heap handles have no LLVM 22 form: only counted. */
    const dxil_op_info *heap_op = dxil_op_by_opcode(ops_table(st->rc), DXIL_OP_CreateHandleFromHeap);
    res_calls heap = {0};
    if (heap_op && res_collect_calls(st->rc, &st->fns, heap_op->cls->fn, heap_op->opcode, &heap))
        return -1;
    st->kept[RES_FORM_HEAP] += (unsigned)heap.n;
    res_calls_free(&heap);
    return 0;
}

/* The module's annotateHandle calls. */
static int res_collect_annotates(res_state *st, res_calls *ann)
{
    size_t next = 0;
    const dxil_op_info *op;
    while ((op = res_next_op_of_kind(st->rc, DXIL_MAP_CUSTOM_HANDLE_ANNOTATE, &next)) != NULL) {
        if (res_collect_calls(st->rc, &st->fns, op->cls->fn, op->opcode, ann)) {
            res_calls_free(ann);
            return -1;
        }
    }
    return 0;
}

/* Before any creation is raised: where each annotateHandle and each
 * library resource's load stands. */
static int res_note_annotate_sites(res_state *st)
{
    res_calls ann = {0}, libs = {0};
    int rv = res_collect_annotates(st, &ann);
    if (rv == 0)
        rv = ann_sites_build(&st->sites, &ann);
    size_t next = 0;
    const dxil_op_info *op;
    while (rv == 0 && (op = res_next_op_of_kind(st->rc, DXIL_MAP_CUSTOM_HANDLE_LIB, &next)))
        rv = res_collect_calls(st->rc, &st->fns, op->cls->fn, op->opcode, &libs);
    if (rv == 0)
        rv = ann_sites_note_lib_loads(&st->sites, &libs);
    res_calls_free(&ann);
    res_calls_free(&libs);
    return rv;
}

/* The annotateHandle calls no creation took (heap handles, handles chosen
 * at run time) say why for the statistics. */
static int res_note_left_annotates(res_state *st)
{
    res_calls ann = {0};
    if (!st->rc->stats)
        return 0;
    if (res_collect_annotates(st, &ann))
        return -1;
    for (size_t i = 0; i < ann.n; i++)
        if (raise_kept_reason(st->rc, ann.v[i]) < 0)
            raise_note_kept(st->rc, ann.v[i],
                                 res_handle_reason(st->rc, LLVMGetOperand(ann.v[i], 1)));
    res_calls_free(&ann);
    return 0;
}

int raise_resources(raise_ctx *rc)
{
    res_state st = {.rc = rc};
    if (res_table_read(rc, &st.table) != 0)
        return 0; /* diagnosed; leave the module as it is */
    res_class_types(rc, &st.table);
    res_cb_layouts(rc, &st.table);
    res_cb_layouts_reflection(rc, &st.table);
    res_names_reflection(rc, &st.table);
    st.b = LLVMCreateBuilderInContext(rc->ctx);
    int rv = op_fns_collect(rc->mod, &st.fns);
    if (rv == 0)
        rv = res_note_annotate_sites(&st);
    if (rv == 0)
        rv = res_run_forms(&st);
    if (rv == 0)
        rv = res_note_left_annotates(&st);
    if (rv == 0) {
        res_write_side_md(&st);
        if (st.table.root)
            shim_erase_named_metadata(rc->mod, DXIL_MD_RESOURCES);
    }
    LLVMDisposeBuilder(st.b);
    op_fns_free(&st.fns);
    ann_sites_free(&st.sites);
    free(st.props);
    free(st.names);
    res_table_free(&st.table);
    return rv;
}
