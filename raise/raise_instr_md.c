/* raise_instr_md.c - instruction metadata. DXC's branch hints
 * (!dx.controlflow.hints, on br/switch) become clang's
 * !hlsl.controlflow.hint !{!"hlsl.controlflow.hint", i32 N}; the hint
 * numbers are the same in both (1 branch, 2 flatten, ...). dx.precise is
 * read by raise_fp_flags when an op is replaced; dx.nonuniform by
 * the resource raiser. Every other instruction metadata kind, dx.* or
 * not, is left where it is: LLVM keeps unknown kinds verbatim. */
#include "raise_internal.h"
#include "common/side_metadata.h"
#include "module/md_util.h"

#include <string.h>

typedef struct instr_md_kinds {
    unsigned dx_hints, hlsl_hint;
} instr_md_kinds;

/* The hint value of a DXC node. DXC writes
 * distinct !{<self>, !"dx.controlflow.hints", i32 N}; LLVM's own lowering
 * writes !{!"dx.controlflow.hints", i32 N}. Accept both, but only with a
 * single hint: clang's form holds exactly one. */
static bool instr_md_hint_value(LLVMValueRef node, uint64_t *hint)
{
    unsigned n = md_num_operands(node);
    for (unsigned i = 0; i + 1 < n; i++) {
        char buf[32];
        const char *s = md_string(md_operand(node, i), buf, sizeof buf);
        if (s && strcmp(s, DXIL_MDK_CONTROLFLOW_HINTS) == 0)
            return i + 2 == n && md_operand_uint(node, i + 1, hint) == 0;
    }
    return false;
}

static void instr_md_raise_hint(raise_ctx *rc, const instr_md_kinds *k, LLVMValueRef term)
{
    LLVMValueRef old = LLVMGetMetadata(term, k->dx_hints);
    uint64_t hint;
    if (!old)
        return;
    if (!instr_md_hint_value(old, &hint)) {
        dxil_diags_add(rc->diags, DXIL_SEV_WARNING, DXIL_W_METADATA, DXIL_LOC_NONE, 0,
                       "!dx.controlflow.hints with other than one hint kept as is");
        return;
    }
    LLVMValueRef ops[2] = {md_make_string(rc->ctx, HLSL_MDK_CONTROLFLOW_HINT),
                           LLVMConstInt(LLVMInt32TypeInContext(rc->ctx), hint, 0)};
    LLVMSetMetadata(term, k->hlsl_hint, md_make_node(rc->ctx, ops, 2));
    LLVMSetMetadata(term, k->dx_hints, NULL);
}

int raise_instr_md(raise_ctx *rc)
{
    instr_md_kinds k = {
        LLVMGetMDKindIDInContext(rc->ctx, DXIL_MDK_CONTROLFLOW_HINTS,
                                 (unsigned)strlen(DXIL_MDK_CONTROLFLOW_HINTS)),
        LLVMGetMDKindIDInContext(rc->ctx, HLSL_MDK_CONTROLFLOW_HINT,
                                 (unsigned)strlen(HLSL_MDK_CONTROLFLOW_HINT)),
    };
    for (LLVMValueRef fn = LLVMGetFirstFunction(rc->mod); fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
            LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
            if (term)
                instr_md_raise_hint(rc, &k, term);
        }
    return 0;
}
