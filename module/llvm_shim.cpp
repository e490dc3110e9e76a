// llvm_shim.cpp - C entry points for LLVM operations that LLVM-C lacks.
// Kept tiny on purpose: everything else in the library is C11.
#include "llvm_shim.h"

#include <llvm/AsmParser/LLParser.h>
#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/AutoUpgrade.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Metadata.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/ModuleSlotTracker.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/CBindingWrapping.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/Scalar.h>
#include <llvm/Transforms/Utils/Cloning.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <string>

using namespace llvm;

// LLVM-C can create named metadata and append operands to it
// (LLVMAddNamedMetadataOperand) but cannot remove a node or its operands;
// NamedMDNode::eraseFromParent exists only in the C++ API.
extern "C" int shim_erase_named_metadata(LLVMModuleRef mod, const char *name)
{
    if (!mod || !name)
        return 0;
    NamedMDNode *nmd = unwrap(mod)->getNamedMetadata(name);
    if (!nmd)
        return 0;
    nmd->eraseFromParent();
    return 1;
}

// A malloc'd copy (C frees it) of text up to its first newline, or of all
// of it without the trailing newline.
static char *shim_strdup_text(const std::string &text, bool first_line)
{
    size_t end = first_line ? text.find('\n') : text.find_last_not_of('\n') + 1;
    std::string line = text.substr(0, end == std::string::npos ? text.size() : end);
    char *copy = static_cast<char *>(std::malloc(line.size() + 1));
    if (copy)
        std::memcpy(copy, line.c_str(), line.size() + 1);
    return copy;
}

// A module broken beyond its debug info may still have its report open
// with a debug-info complaint (the verifier checks a function's
// subprogram before its body), which alone would only have been stripped.
// Detach the debug info, erasing nothing (the module is dropped anyway),
// and ask again, so the error names what makes the module unreadable;
// *report is kept when the second report says nothing.
static void shim_report_past_debug_info(Module &mod, std::string &report)
{
    for (GlobalVariable &var : mod.globals())
        var.eraseMetadata(LLVMContext::MD_dbg);
    for (Function &fn : mod) {
        fn.setSubprogram(nullptr);
        for (BasicBlock &block : fn)
            for (Instruction &inst : block) {
                inst.setDebugLoc(DebugLoc());
                inst.dropDbgRecords();
            }
    }
    if (NamedMDNode *units = mod.getNamedMetadata("llvm.dbg.cu"))
        units->eraseFromParent();
    std::string again;
    raw_string_ostream os(again);
    bool broken_debug = false;
    if (verifyModule(mod, &os, &broken_debug)) {
        os.flush();
        if (!again.empty())
            report = again;
    }
}

// The guard LLVM's UpgradeDebugInfo lacks. For a module whose debug-info
// version is current it runs verifyModule and calls report_fatal_error on
// a broken module (ending the host process), or prints the verifier's
// report to stderr and strips broken debug info. Run the same verifier
// here, quietly: a broken module is refused; broken debug info is
// stripped with LLVM's warning, after which the upgrade finds it valid.
// Only for modules of the current debug-info version; returns false
// (with *broken set) for a broken module.
static bool shim_guard_debug_upgrade(Module &mod, char **broken)
{
    std::string report;
    raw_string_ostream os(report);
    bool broken_debug = false;
    if (verifyModule(mod, &os, &broken_debug)) {
        os.flush();
        if (broken_debug)
            shim_report_past_debug_info(mod, report);
        *broken = shim_strdup_text(report, true);
        return false;
    }
    // Checked by the verifier only once the module is materialized, which
    // a lazily read module is not yet (the same arguments as its check).
    for (const Function &fn : mod)
        if (fn.isIntrinsic() && fn.hasAddressTaken(nullptr, false, true, false, true)) {
            *broken = shim_strdup_text("Invalid user of intrinsic instruction!", true);
            return false;
        }
    if (broken_debug) {
        mod.getContext().diagnose(DiagnosticInfoIgnoringInvalidDebugMetadata(mod));
        StripDebugInfo(mod);
    }
    return true;
}

// toString (out of line in LLVM) rather than handleAllErrors, whose
// std:: template instances would be exported from the shared library.
static void shim_emit(LLVMContext &ctx, Error err)
{
    ctx.emitError(toString(std::move(err)));
}

// parseBitcodeFile is getLazyBitcodeModule + materializeAll, and the
// debug-info upgrade is the last step of materializeAll; LLVM-C offers no
// way in between. Function bodies are materialized one by one first so
// the guard sees the whole module.
extern "C" int shim_parse_bitcode(LLVMContextRef ctx, LLVMMemoryBufferRef buf,
                                       LLVMModuleRef *out, char **broken)
{
    LLVMContext &context = *unwrap(ctx);
    *out = nullptr;
    *broken = nullptr;
    Expected<std::unique_ptr<Module>> lazy = getLazyBitcodeModule(unwrap(buf)->getMemBufferRef(), context);
    if (!lazy) {
        shim_emit(context, lazy.takeError());
        return DXIL_SHIM_PARSE_FAILED;
    }
    std::unique_ptr<Module> mod = std::move(*lazy);
    if (Error err = mod->materializeMetadata()) {
        shim_emit(context, std::move(err));
        return DXIL_SHIM_PARSE_FAILED;
    }
    if (getDebugMetadataVersionFromModule(*mod) == DEBUG_METADATA_VERSION) {
        for (Function &fn : *mod)
            if (Error err = fn.materialize()) {
                shim_emit(context, std::move(err));
                return DXIL_SHIM_PARSE_FAILED;
            }
        if (!shim_guard_debug_upgrade(*mod, broken))
            return DXIL_SHIM_BROKEN;
    }
    if (Error err = mod->materializeAll()) {
        shim_emit(context, std::move(err));
        return DXIL_SHIM_PARSE_FAILED;
    }
    *out = wrap(mod.release());
    return DXIL_SHIM_PARSED;
}

// LLVMParseIRInContext always runs the debug-info upgrade at the end of
// the module; LLParser::Run can be told not to, and the guard runs first.
extern "C" int shim_parse_ir(LLVMContextRef ctx, LLVMMemoryBufferRef buf, LLVMModuleRef *out,
                                  char **broken)
{
    LLVMContext &context = *unwrap(ctx);
    std::unique_ptr<MemoryBuffer> owned(unwrap(buf));
    *out = nullptr;
    *broken = nullptr;
    MemoryBufferRef ref = owned->getMemBufferRef();
    SourceMgr sources;
    sources.AddNewSourceBuffer(MemoryBuffer::getMemBuffer(ref), SMLoc());
    auto mod = std::make_unique<Module>(ref.getBufferIdentifier(), context);
    SMDiagnostic diag;
    if (LLParser(ref.getBuffer(), sources, diag, mod.get(), nullptr, context).Run(false)) {
        std::string text;
        raw_string_ostream os(text);
        diag.print(nullptr, os, false);
        os.flush();
        *broken = shim_strdup_text(text, false);
        return DXIL_SHIM_PARSE_FAILED;
    }
    if (getDebugMetadataVersionFromModule(*mod) != DEBUG_METADATA_VERSION)
        UpgradeDebugInfo(*mod); // strips outdated debug info; no verifier
    else if (!shim_guard_debug_upgrade(*mod, broken))
        return DXIL_SHIM_BROKEN;
    *out = wrap(mod.release());
    return DXIL_SHIM_PARSED;
}

/* LLVM-C cannot tell a distinct MDNode from a uniqued one (3.7 bitcode
 * writes them as different records), nor a tuple from a debug-info node
 * -- the DXIL bitcode writer needs both. */
extern "C" int shim_md_node_form(LLVMValueRef md)
{
    auto *mav = llvm::dyn_cast_or_null<llvm::MetadataAsValue>(llvm::unwrap(md));
    auto *node = mav ? llvm::dyn_cast<llvm::MDNode>(mav->getMetadata()) : nullptr;
    if (!node)
        return SHIM_MD_NOT_NODE;
    if (!llvm::isa<llvm::MDTuple>(node))
        return SHIM_MD_OTHER;
    return node->isDistinct() ? SHIM_MD_DISTINCT_TUPLE : SHIM_MD_TUPLE;
}

/* LLVM-C has no way to read an MDNode operand as metadata (see the
 * header): what a copy of a node with one operand changed needs. */
extern "C" unsigned shim_md_operands(LLVMValueRef node, LLVMMetadataRef *ops, unsigned cap)
{
    auto *mav = llvm::dyn_cast_or_null<llvm::MetadataAsValue>(llvm::unwrap(node));
    auto *n = mav ? llvm::dyn_cast<llvm::MDNode>(mav->getMetadata()) : nullptr;
    if (!n)
        return 0;
    for (unsigned i = 0; i < n->getNumOperands() && i < cap; i++)
        ops[i] = llvm::wrap(n->getOperand(i).get());
    return n->getNumOperands();
}

extern "C" LLVMValueRef shim_md_self_node(LLVMContextRef c, LLVMMetadataRef *ops, unsigned n)
{
    llvm::LLVMContext &ctx = *llvm::unwrap(c);
    auto self = llvm::MDNode::getTemporary(ctx, {});
    llvm::SmallVector<llvm::Metadata *, 4> v{self.get()};
    for (unsigned i = 0; i < n; i++)
        v.push_back(llvm::unwrap(ops[i]));
    llvm::MDNode *node = llvm::MDNode::getDistinct(ctx, v);
    node->replaceOperandWith(0, node);
    return llvm::wrap(llvm::MetadataAsValue::get(ctx, node));
}

/* LLVM-C maps a metadata kind name to its id but not back; the bitcode
 * writer names the kinds it writes. Returns the number of kinds; fills
 * names[i]/lens[i] for i < cap (pointers stay valid with the context). */
extern "C" unsigned shim_md_kind_names(LLVMContextRef ctx, const char **names, size_t *lens,
                                       unsigned cap)
{
    llvm::SmallVector<llvm::StringRef, 64> all;
    llvm::unwrap(ctx)->getMDKindNames(all);
    for (unsigned i = 0; i < all.size() && i < cap; i++) {
        names[i] = all[i].data();
        lens[i] = all[i].size();
    }
    return (unsigned)all.size();
}

extern "C" int shim_md_kind_find(LLVMContextRef ctx, const char *name, unsigned *id)
{
    llvm::SmallVector<llvm::StringRef, 64> all;
    llvm::unwrap(ctx)->getMDKindNames(all);
    for (unsigned i = 0; i < all.size(); i++)
        if (all[i] == name) {
            *id = i;
            return 1;
        }
    return 0;
}

/* LLVM 22 keeps a switch's case values out of its operands and LLVM-C has
 * no call for them; 3.7 bitcode lists them (the DXIL bitcode writer).
 * The i-th case's value, or NULL; *dest its block. */
extern "C" LLVMValueRef shim_switch_case(LLVMValueRef sw, unsigned i, LLVMBasicBlockRef *dest)
{
    auto *si = llvm::dyn_cast_or_null<llvm::SwitchInst>(llvm::unwrap(sw));
    if (!si || i >= si->getNumCases())
        return nullptr;
    auto it = si->case_begin() + i;
    *dest = llvm::wrap(it->getCaseSuccessor());
    return llvm::wrap(it->getCaseValue());
}

extern "C" unsigned shim_switch_num_cases(LLVMValueRef sw)
{
    auto *si = llvm::dyn_cast_or_null<llvm::SwitchInst>(llvm::unwrap(sw));
    return si ? si->getNumCases() : 0;
}

/* LLVM-C has no dominator tree; the DXIL bitcode writer asks, rarely (a
 * lifetime marker whose cast is in another block), whether an instruction
 * dominates another of the same function. */
extern "C" int shim_dominates(LLVMValueRef def, LLVMValueRef user)
{
    auto *d = llvm::dyn_cast_or_null<llvm::Instruction>(llvm::unwrap(def));
    auto *u = llvm::dyn_cast_or_null<llvm::Instruction>(llvm::unwrap(user));
    if (!d || !u || d->getFunction() != u->getFunction())
        return 0;
    llvm::DominatorTree dt(*const_cast<llvm::Function *>(u->getFunction()));
    return dt.dominates(d, u) ? 1 : 0;
}

/* LLVM-C has no dominator tree; the annotateHandle placement (raise and
 * lowering) asks which block dominates which. */
struct shim_domtree {
    llvm::DominatorTree tree;
};

extern "C" shim_domtree *shim_domtree_create(LLVMValueRef fn)
{
    auto *f = llvm::dyn_cast_or_null<llvm::Function>(llvm::unwrap(fn));
    if (!f || f->isDeclaration())
        return nullptr;
    auto *dt = new (std::nothrow) shim_domtree;
    if (dt)
        dt->tree.recalculate(*f);
    return dt;
}

extern "C" void shim_domtree_free(shim_domtree *dt)
{
    delete dt;
}

extern "C" int shim_domtree_dominates(shim_domtree *dt, LLVMBasicBlockRef a, LLVMBasicBlockRef b)
{
    return dt && a && b && dt->tree.dominates(llvm::unwrap(a), llvm::unwrap(b));
}

extern "C" LLVMBasicBlockRef shim_domtree_common(shim_domtree *dt, LLVMBasicBlockRef a,
                                                 LLVMBasicBlockRef b)
{
    llvm::BasicBlock *x = a ? llvm::unwrap(a) : nullptr, *y = b ? llvm::unwrap(b) : nullptr;
    /* LLVM's search assumes two reachable blocks of one function */
    if (!dt || !x || !y || x->getParent() != y->getParent() || !dt->tree.isReachableFromEntry(x) ||
        !dt->tree.isReachableFromEntry(y))
        return nullptr;
    return llvm::wrap(dt->tree.findNearestCommonDominator(x, y));
}

// LLVMPrintValueToString numbers the whole function again for every
// instruction it prints (a new slot tracker each time), which made the
// validator's reports quadratic in the function's size; a
// ModuleSlotTracker kept across prints numbers each function once.
struct shim_printer {
    ModuleSlotTracker mst;
    const Function *fn = nullptr;
    explicit shim_printer(const Module *m) : mst(m, /*ShouldInitializeAllMetadata=*/false) {}
};

extern "C" shim_printer *shim_printer_create(LLVMModuleRef mod)
{
    return mod ? new (std::nothrow) shim_printer(unwrap(mod)) : nullptr;
}

extern "C" void shim_printer_free(shim_printer *p)
{
    delete p;
}

extern "C" char *shim_printer_print(shim_printer *p, LLVMValueRef inst)
{
    Instruction *i = dyn_cast_or_null<Instruction>(unwrap(inst));
    if (!p || !i || !i->getFunction())
        return nullptr;
    if (p->fn != i->getFunction()) {
        p->fn = i->getFunction();
        p->mst.incorporateFunction(*p->fn);
    }
    std::string text;
    raw_string_ostream os(text);
    i->print(os, p->mst);
    os.flush();
    return shim_strdup_text(text, false);
}

// LLVM-C has neither UpgradeDataLayoutString nor DataLayout::parse. The
// bitcode reader runs the upgrade on every datalayout record (with the
// triple read before it) and refuses a result that does not parse: for a
// PowerPC64 triple "i64:64:64" becomes "i64:64-i128:128:64", preferred
// below ABI alignment, although LLVM accepted the original in text and
// writes it to bitcode unchanged.
extern "C" char *shim_datalayout_bitcode_error(LLVMModuleRef mod)
{
    Module &m = *unwrap(mod);
    std::string upgraded = UpgradeDataLayoutString(m.getDataLayoutStr(), m.getTargetTriple().str());
    Expected<DataLayout> parsed = DataLayout::parse(upgraded);
    if (parsed)
        return nullptr;
    std::string why = toString(parsed.takeError());
    return shim_strdup_text("LLVM 22's bitcode reader would refuse the module: for triple '" +
                                m.getTargetTriple().str() + "' it upgrades the datalayout to '" +
                                upgraded + "', which it rejects (" + why + ")",
                            true);
}

/* LLVM's SROA on one function: LLVM-C's pass builder (LLVMRunPasses)
 * lives in libLLVMPasses, which links every pass LLVM has into each
 * static tool; the legacy manager runs the one pass the lowering needs.
 * clang's -O0 output keeps every local, handle and argument in an alloca
 * (DXC's -Od runs the same promotion). */
extern "C" int shim_sroa(LLVMValueRef fn)
{
    llvm::Function *f = fn ? llvm::dyn_cast<llvm::Function>(llvm::unwrap(fn)) : nullptr;
    if (!f || f->isDeclaration())
        return 0;
    llvm::legacy::FunctionPassManager fpm(f->getParent());
    fpm.add(llvm::createSROAPass(/*PreserveCFG=*/true));
    fpm.doInitialization();
    bool changed = fpm.run(*f);
    fpm.doFinalization();
    return changed ? 1 : 0;
}

/* LLVM's inliner on one call site (llvm::InlineFunction; LLVM-C has no
 * inliner but through the pass builder). Lifetime markers are not added:
 * DXIL has no use for them. */
extern "C" int shim_inline_call(LLVMValueRef call)
{
    auto *cb = call ? llvm::dyn_cast<llvm::CallBase>(llvm::unwrap(call)) : nullptr;
    llvm::Function *callee = cb ? cb->getCalledFunction() : nullptr;
    if (!callee || callee->isDeclaration())
        return 0;
    llvm::InlineFunctionInfo ifi;
    return llvm::InlineFunction(*cb, ifi, /*MergeAttributes=*/false, /*CalleeAAR=*/nullptr,
                                /*InsertLifetime=*/false)
                   .isSuccess()
               ? 1
               : 0;
}

/* LLVM's block split (LLVM-C has none): the instructions from inst on
 * move to a new block right after inst's, which the old one branches to;
 * the successors' phis name the new block. The lowering's convergence
 * restoration ends a block right after a convergent call. */
extern "C" LLVMBasicBlockRef shim_split_block(LLVMValueRef inst)
{
    auto *i = inst ? llvm::dyn_cast<llvm::Instruction>(llvm::unwrap(inst)) : nullptr;
    if (!i || !i->getParent() || llvm::isa<llvm::PHINode>(i))
        return nullptr;
    return llvm::wrap(i->getParent()->splitBasicBlock(i->getIterator()));
}
