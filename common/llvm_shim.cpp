// llvm_shim.cpp - C entry points for LLVM operations that LLVM-C lacks.
// Kept tiny on purpose: everything else in the library is C11.
#include "llvm_shim.h"

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/Metadata.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/CBindingWrapping.h>
#include <llvm/IR/Module.h>

#include <cstdlib>
#include <optional>
#include <string>

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

// The bitcode reader's datalayout callback exists only in the C++ API; it
// replaces rewriting MODULE_CODE_DATALAYOUT in a copy of the stream.
extern "C" int dxil_shim_parse_bitcode(LLVMContextRef ctx, LLVMMemoryBufferRef buf,
                                       LLVMModuleRef *out, dxil_shim_datalayout_fn fix,
                                       void *user)
{
    *out = nullptr;
    llvm::LLVMContext &c = *llvm::unwrap(ctx);
    auto hook = [fix, user](llvm::StringRef, llvm::StringRef layout) -> std::optional<std::string> {
        char *fixed = fix(user, layout.data(), layout.size());
        if (!fixed)
            return std::nullopt;
        std::string s(fixed);
        std::free(fixed);
        return s;
    };
    llvm::ErrorOr<std::unique_ptr<llvm::Module>> m = llvm::expectedToErrorOrAndEmitErrors(
        c, llvm::parseBitcodeFile(llvm::unwrap(buf)->getMemBufferRef(), c,
                                  llvm::ParserCallbacks(hook)));
    if (!m)
        return 1;
    *out = llvm::wrap(m.get().release());
    return 0;
}
