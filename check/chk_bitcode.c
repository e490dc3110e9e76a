/* chk_bitcode.c - Bitcode.Valid: what DXC's LLVM 3.7 reader refuses in
 * bitcode LLVM 22 reads. With typed pointers, a load's explicit type, a
 * stored value's type and a GEP's source type must each be the pointee of
 * the pointer operand; LLVM 22 has no pointees to compare and reads such
 * a module, DXC does not load it at all (so nothing else is validated:
 * this family stops the ones after it). The bitcode walk noted each
 * disagreement (bitcode/bitcode_ptrfacts.h); the first one is reported,
 * naming the instruction. */
#include "chk_env.h"
#include "families.h"

static const char *mismatch_note(uint8_t code)
{
    return code == 43 ? "(the GEP's source type is not the pointee of its pointer operand)"
                      : "(the explicit load/store type is not the pointee of the pointer "
                        "operand)";
}

int chk_bitcode(chk_ctx *c)
{
    chk_env *e = chk_env_get(c);
    if (!e || !e->pf)
        return 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(c->mod); fn; fn = LLVMGetNextFunction(fn)) {
        if (LLVMIsDeclaration(fn) || !chk_env_enter(e, fn))
            continue;
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                const bc_pfinst *f = chk_env_inst(e, i);
                if (f && (f->flags & BC_PF_MISMATCH)) {
                    chk_fail_note(c, CHK_BITCODE_VALID, i, mismatch_note(f->code), NULL);
                    return -1;
                }
            }
    }
    return 0;
}
