// llvm_shim.cpp - C entry points for LLVM operations that LLVM-C lacks.
// Kept tiny on purpose: everything else in the library is C11.
#include "llvm_shim.h"

#include <llvm/IR/Metadata.h>
#include <llvm/Support/CBindingWrapping.h>
#include <llvm/IR/Module.h>


// LLVM-C can create named metadata and append operands to it
// (LLVMAddNamedMetadataOperand) but cannot remove a node or its operands;
// NamedMDNode::eraseFromParent exists only in the C++ API.
extern "C" int dxil_shim_erase_named_metadata(LLVMModuleRef mod, const char *name)
{
    if (!mod || !name)
        return 0;
    llvm::NamedMDNode *nmd = llvm::unwrap(mod)->getNamedMetadata(name);
    if (!nmd)
        return 0;
    nmd->eraseFromParent();
    return 1;
}
