/* rt_raw_buffers.c - the raw-buffers pass: ByteAddressBuffer and
 * StructuredBuffer loads and stores (llvm.dx.resource.load.rawbuffer,
 * store.rawbuffer) become word loads and stores of the buffer's [0 x i32]
 * view at byte address index*stride + offset (the index alone for a
 * ByteAddressBuffer), lane by lane. D3D's bytes stay where they are:
 * clang's own Vulkan form (the element type laid out by SPIR-V's rules)
 * would move members that D3D packs tighter (a float3 before a float). */
#include "retarget_internal.h"

#include <stdlib.h>
#include <string.h>

/* The byte address of a raw-buffer access; NULL after a refusal. */
static LLVMValueRef rt_byte_addr(rt_ctx *rc, LLVMValueRef call, rt_handle **out)
{
    rt_handle *h = rt_handle_of(rc, LLVMGetOperand(call, 0), call);
    if (!h)
        return NULL;
    const rt_binding *b = h->bind;
    if (b->kind != RT_RES_RAW && b->kind != RT_RES_STRUCTURED) {
        rt_refuse(rc, call, "a raw-buffer access on resource '%s', which is no raw or "
                  "structured buffer", b->name);
        return NULL;
    }
    *out = h;
    LLVMValueRef index = LLVMGetOperand(call, 1);
    if (b->kind == RT_RES_RAW)
        return index;
    LLVMValueRef base = LLVMBuildMul(rc->b, index, rt_i32(rc, b->stride), "");
    LLVMValueRef off = LLVMGetOperand(call, 2);
    if (LLVMIsAConstantInt(off))
        return rt_add_const(rc, base, LLVMConstIntGetZExtValue(off));
    return LLVMBuildAdd(rc->b, base, off, "");
}

/* Lanes of a scalar or vector type, and its scalar type. */
static unsigned rt_lanes(LLVMTypeRef t, LLVMTypeRef *scalar)
{
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) {
        *scalar = LLVMGetElementType(t);
        return LLVMGetVectorSize(t);
    }
    *scalar = t;
    return 1;
}

static bool rt_buffer_scalar_ok(LLVMTypeRef s)
{
    unsigned bits = rt_scalar_bits(s);
    return bits == 16 || bits == 32 || bits == 64;
}

/* The byte address of a load or store of type t (its lanes in *n, of
 * scalar *s), the builder before it; NULL when refused. */
static LLVMValueRef rt_access(rt_ctx *rc, LLVMValueRef call, LLVMTypeRef t, const char *what,
                              LLVMTypeRef *s, unsigned *n, rt_handle **h)
{
    *n = rt_lanes(t, s);
    if (!rt_buffer_scalar_ok(*s)) {
        rt_refuse(rc, call, "a buffer %s of a type other than 16, 32 or 64-bit scalars", what);
        return NULL;
    }
    LLVMPositionBuilderBefore(rc->b, call);
    return rt_byte_addr(rc, call, h);
}

static void rt_load(rt_ctx *rc, LLVMValueRef call)
{
    LLVMTypeRef t = LLVMStructGetTypeAtIndex(LLVMTypeOf(call), 0), s;
    unsigned n;
    rt_handle *h;
    LLVMValueRef addr = rt_access(rc, call, t, "load", &s, &n, &h);
    if (!addr)
        return;
    unsigned size = rt_scalar_bits(s) / 8;
    LLVMValueRef v = n > 1 ? LLVMGetPoison(t) : NULL;
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef a = rt_add_const(rc, addr, i * size);
        LLVMValueRef lane = rt_load_scalar(rc, h, s, a);
        if (!lane)
            return;
        v = n > 1 ? LLVMBuildInsertElement(rc->b, v, lane, rt_i32(rc, i), "") : lane;
    }
    rt_replace_with_status(rc, call, v);
}

static void rt_store(rt_ctx *rc, LLVMValueRef call)
{
    LLVMValueRef value = LLVMGetOperand(call, 3);
    LLVMTypeRef s;
    unsigned n;
    rt_handle *h;
    LLVMValueRef addr = rt_access(rc, call, LLVMTypeOf(value), "store", &s, &n, &h);
    if (!addr)
        return;
    unsigned size = rt_scalar_bits(s) / 8;
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef lane =
            n > 1 ? LLVMBuildExtractElement(rc->b, value, rt_i32(rc, i), "") : value;
        rt_store_scalar(rc, h, lane, rt_add_const(rc, addr, i * size));
    }
    rt_kill(rc, call);
}

int rt_pass_raw_buffers(rt_ctx *rc)
{
    rt_each_call(rc, "llvm.dx.resource.load.rawbuffer", rt_load);
    rt_each_call(rc, "llvm.dx.resource.store.rawbuffer", rt_store);
    return 0;
}
