/* rt_handles.c - Vulkan handles for the views of a dx handle, made on
 * first use beside the dx handle's creation, and the handles-done pass
 * that deletes the dx creations once the access passes have moved every
 * use to a view. */
#include "retarget_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* SPIR-V storage classes in target("spirv.VulkanBuffer", T, class, rw). */
enum { RT_SC_UNIFORM = 2, RT_SC_STORAGE = 12 };
/* LLVM address spaces the SPIR-V backend gives them. */
enum { RT_AS_STORAGE = 11, RT_AS_UNIFORM = 12 };

rt_handle *rt_handle_of(rt_ctx *rc, LLVMValueRef dx_handle, LLVMValueRef user)
{
    for (size_t i = 0; i < rc->n_handles; i++)
        if (rc->handles[i].dx_call == dx_handle)
            return &rc->handles[i];
    rt_refuse(rc, user, "its handle is not made by llvm.dx.resource.handlefrombinding (a "
              "handle chosen at run time, or from a heap, has no form here)");
    return NULL;
}

/* A private string holding `name`, for handlefrombinding's name operand
 * (LLVM 22's backend names the variable after it, and merges variables
 * that share a name). */
static LLVMValueRef rt_name_string(rt_ctx *rc, const char *name)
{
    char gname[160];
    snprintf(gname, sizeof gname, ".rt.%s", name);
    LLVMValueRef g = LLVMGetNamedGlobal(rc->mod, gname);
    if (g)
        return g;
    LLVMValueRef init = LLVMConstStringInContext2(rc->ctx, name, strlen(name), 0);
    g = LLVMAddGlobal(rc->mod, LLVMTypeOf(init), gname);
    LLVMSetInitializer(g, init);
    LLVMSetGlobalConstant(g, 1);
    LLVMSetLinkage(g, LLVMPrivateLinkage);
    LLVMSetUnnamedAddress(g, LLVMGlobalUnnamedAddr);
    LLVMSetAlignment(g, 1);
    return g;
}

static LLVMTypeRef rt_vk_buffer(rt_ctx *rc, LLVMTypeRef elem, unsigned sc, bool writable)
{
    LLVMTypeRef tys[1] = {elem};
    unsigned ints[2] = {sc, writable ? 1u : 0u};
    return LLVMTargetExtTypeInContext(rc->ctx, "spirv.VulkanBuffer", tys, 1, ints, 2);
}

static LLVMTypeRef rt_view_type(rt_ctx *rc, const rt_binding *b, rt_view view)
{
    LLVMTypeRef i32 = rt_i32_type(rc);
    bool rw = b->cls == 'u';
    switch (view) {
    case RT_VIEW_WORDS:
        return rt_vk_buffer(rc, LLVMArrayType2(i32, 0), RT_SC_STORAGE, rw);
    case RT_VIEW_HALVES:
        return rt_vk_buffer(rc, LLVMArrayType2(LLVMInt16TypeInContext(rc->ctx), 0),
                            RT_SC_STORAGE, rw);
    case RT_VIEW_ROWS:
        return rt_vk_buffer(rc, LLVMArrayType2(LLVMVectorType(i32, 4), b->cb_rows),
                            RT_SC_UNIFORM, false);
    case RT_VIEW_TEXELS:
        return rt_texel_type(rc, b);
    case RT_VIEW_COUNTER:
        return rt_vk_buffer(rc, LLVMArrayType2(i32, 0), RT_SC_STORAGE, true);
    default:
        return NULL;
    }
}

static void rt_view_name(const rt_binding *b, rt_view view, char *buf, size_t size)
{
    static const char *const suffix[RT_VIEW_COUNT] = {
        [RT_VIEW_HALVES] = ".i16", [RT_VIEW_COUNTER] = ".counter"};
    snprintf(buf, size, "%s%s", b->name, suffix[view] ? suffix[view] : "");
}

LLVMValueRef rt_view_handle(rt_ctx *rc, rt_handle *h, rt_view view)
{
    if (h->view[view])
        return h->view[view];
    const rt_binding *b = h->bind;
    LLVMTypeRef t = rt_view_type(rc, b, view);
    if (!t)
        return NULL;
    char name[128];
    rt_view_name(b, view, name, sizeof name);
    unsigned binding = view == RT_VIEW_COUNTER ? b->counter_binding : b->binding;
    /* Array size as the dx call had it; the index is the dx call's own. */
    LLVMValueRef args[5] = {rt_i32(rc, b->set), rt_i32(rc, binding),
                            LLVMGetOperand(h->dx_call, 2), LLVMGetOperand(h->dx_call, 3),
                            rt_name_string(rc, name)};
    /* its own builder: the access passes' builder stays where it is */
    LLVMPositionBuilderBefore(rc->hb, LLVMGetNextInstruction(h->dx_call));
    unsigned id = LLVMLookupIntrinsicID("llvm.spv.resource.handlefrombinding", 35);
    LLVMValueRef fn = LLVMGetIntrinsicDeclaration(rc->mod, id, &t, 1);
    h->view[view] = LLVMBuildCall2(rc->hb, LLVMGlobalGetValueType(fn), fn, args, 5, "");
    return h->view[view];
}

LLVMValueRef rt_view_pointer(rt_ctx *rc, rt_handle *h, rt_view view, LLVMValueRef index)
{
    LLVMValueRef vh = rt_view_handle(rc, h, view);
    if (!vh)
        return NULL;
    unsigned as = view == RT_VIEW_ROWS ? RT_AS_UNIFORM : RT_AS_STORAGE;
    LLVMTypeRef over[2] = {LLVMPointerTypeInContext(rc->ctx, as), LLVMTypeOf(vh)};
    LLVMValueRef args[2] = {vh, index};
    return rt_intrinsic(rc, "llvm.spv.resource.getpointer", over, 2, args, 2);
}

/* Names the op behind a use no pass took (through the casthandle bridge
 * to a dx.op call, for texture ops and the like). */
static void rt_refuse_use(rt_ctx *rc, const rt_handle *h, LLVMValueRef user)
{
    if (LLVMIsACallInst(user) &&
        !strncmp(rt_callee_name(user), "llvm.dx.resource.casthandle", 27) &&
        LLVMGetFirstUse(user))
        user = LLVMGetUser(LLVMGetFirstUse(user));
    const char *callee = LLVMIsACallInst(user) ? rt_callee_name(user) : "";
    if (!strncmp(callee, "dx.op.", 6)) {
        size_t n = strcspn(callee + 6, ".");
        rt_refuse(rc, user, "dx.op %.*s on resource '%s' has no Vulkan form in this retarget",
                  (int)n, callee + 6, h->bind->name);
        return;
    }
    rt_refuse(rc, user, "a use of resource '%s' this retarget has no form for", h->bind->name);
}

int rt_pass_handles_done(rt_ctx *rc)
{
    int rv = 0;
    for (size_t i = 0; i < rc->n_handles; i++) {
        LLVMValueRef call = rc->handles[i].dx_call;
        /* bridges to dx.op calls the passes did not take */
        LLVMUseRef u = LLVMGetFirstUse(call);
        while (u) {
            LLVMValueRef user = LLVMGetUser(u);
            u = LLVMGetNextUse(u);
            if (LLVMIsACallInst(user) &&
                !strncmp(rt_callee_name(user), "llvm.dx.resource.casthandle", 27) &&
                !LLVMGetFirstUse(user))
                LLVMInstructionEraseFromParent(user);
        }
        if (LLVMGetFirstUse(call)) {
            rt_refuse_use(rc, &rc->handles[i], LLVMGetUser(LLVMGetFirstUse(call)));
            rv = -1;
            continue;
        }
        LLVMInstructionEraseFromParent(call);
        rc->handles[i].dx_call = NULL;
    }
    if (rv == 0) {
        rt_erase_dead(rc);
        rt_erase_unused_decls(rc, "llvm.dx.");
        rt_erase_unused_decls(rc, "dx.op.");
    }
    return rv;
}
