/* lower_module_md.c - metadata clang 22 writes that DXIL does not know.
 *
 * Named nodes: DXC's validator knows nine dx.* names and, of LLVM's own,
 * llvm.ident and llvm.module.flags (rule Meta.Known, "Named metadata 'X'
 * is unknown"). clang adds llvm.errno.tbaa, dx.rootsignatures (a root
 * signature, which DXC carries in the RTS0 part, not yet written here:
 * a warning says so) and the hlsl.* nodes its front end leaves for the
 * backend (hlsl.cbs, read by cbuffer-access before this pass). Every other
 * name is removed; llvm.dbg.* stays for the writer, which strips debug info
 * as a whole. The raise's dxu.* nodes are restore-md's, and are left to
 * it.
 *
 * Instruction attachments: DXC accepts !tbaa, !range, !noalias,
 * !alias.scope, !llvm.loop and its own dx.* kinds (rule Meta.Used);
 * clang's !llvm.access.group, !nonnull, !align, !noundef, !srcloc, ...
 * are hints and go. !llvm.loop is accepted only as DXC writes it
 * (Meta.WellFormed): distinct !{!self} with at most one of
 * llvm.loop.unroll.full / .disable / .count N. clang's loop nodes list
 * llvm.loop.mustprogress and others beside the unroll hint, so the node is
 * rebuilt with the unroll hint alone, or removed when it has none. The
 * raise's dxu.* attachments stay for the passes and the writer that read
 * them.
 *
 * llvm.experimental.noalias.scope.decl calls, which clang's inliner puts
 * where a helper with `noalias` parameters was inlined (-O0), declare a
 * scope for those attachments; they take a metadata argument no LLVM 3.7
 * intrinsic has, so they go too (the !noalias/!alias.scope attachments
 * stay valid without them). */
#include "lower_internal.h"

#include "module/llvm_shim.h"

#include <stdlib.h>
#include <string.h>

/* The named nodes DXC's validator knows (DxilMDHelper's list and the two
 * of LLVM's it allows); every other name is Meta.Known's error. */
static const char *const md_known[] = {
    "dx.version",   "dx.shaderModel", "dx.entryPoints",           "dx.resources",
    "dx.typeAnnotations", "dx.valver", "dx.viewIdState", "dx.dxrPayloadAnnotations",
    "dx.targetTypes", "llvm.ident",  "llvm.module.flags"};
static const char *const md_kept_kinds[] = {"dbg",   "tbaa",        "range",
                                            "noalias", "alias.scope", "llvm.loop"};

static bool md_named_dropped(const char *name, size_t len)
{
    if ((len >= 4 && !strncmp(name, "dxu.", 4)) || (len >= 9 && !strncmp(name, "llvm.dbg.", 9)))
        return false; /* restore-md's; debug info: the writer strips it whole */
    for (size_t i = 0; i < sizeof md_known / sizeof md_known[0]; i++)
        if (strlen(md_known[i]) == len && !strncmp(name, md_known[i], len))
            return false;
    return true;
}

/* Names are judged in place and only the dropped ones copied (erasing
 * invalidates the walk): a DXC module has several, none dropped. */
static void md_drop_named(lower_ctx *lc)
{
    char *drop[16];
    size_t n = 0;
    bool more = true;
    while (more) { /* erasing invalidates the walk: 16 at a time */
        more = false;
        for (LLVMNamedMDNodeRef nmd = LLVMGetFirstNamedMetadata(lc->mod); nmd;
             nmd = LLVMGetNextNamedMetadata(nmd)) {
            size_t len = 0;
            const char *name = LLVMGetNamedMetadataName(nmd, &len);
            if (!md_named_dropped(name, len))
                continue;
            if (len == 17 && !strncmp(name, "dx.rootsignatures", len))
                lower_warn(lc, "the root signature in !dx.rootsignatures is not written "
                               "(no RTS0 part): the application must supply one");
            if (n == sizeof drop / sizeof *drop) {
                more = true;
                break;
            }
            drop[n] = strndup(name, len);
            n += drop[n] != NULL;
        }
        for (size_t i = 0; i < n; i++) {
            shim_erase_named_metadata(lc->mod, drop[i]);
            free(drop[i]);
        }
        n = 0;
    }
}

static bool md_kind_kept(const char *name, size_t len)
{
    if ((len > 3 && !strncmp(name, "dx.", 3)) || (len > 4 && !strncmp(name, "dxu.", 4)))
        return true;
    for (size_t i = 0; i < sizeof md_kept_kinds / sizeof md_kept_kinds[0]; i++)
        if (strlen(md_kept_kinds[i]) == len && !strncmp(name, md_kept_kinds[i], len))
            return true;
    return false;
}

/* The unroll hint DXC accepts in a loop node's operands, or NULL. */
static LLVMValueRef md_unroll_hint(LLVMValueRef loop)
{
    unsigned n = md_num_operands(loop);
    for (unsigned i = 1; i < n; i++) {
        LLVMValueRef op = md_operand(loop, i);
        char s[32];
        if (!op || shim_md_node_form(op) == SHIM_MD_NOT_NODE || !md_num_operands(op) ||
            !md_string(md_operand(op, 0), s, sizeof s))
            continue;
        unsigned k = md_num_operands(op);
        if (k == 1 && (!strcmp(s, "llvm.loop.unroll.full") || !strcmp(s, "llvm.loop.unroll.disable")))
            return op;
        if (k == 2 && !strcmp(s, "llvm.loop.unroll.count") && LLVMIsAConstantInt(md_operand(op, 1)))
            return op;
    }
    return NULL;
}

/* A loop node as DXC writes it, or NULL when the node has nothing DXC
 * keeps. A node already in that form is returned as it is. */
static LLVMValueRef md_loop_node(lower_ctx *lc, LLVMValueRef loop)
{
    if (md_num_operands(loop) <= 1)
        return loop; /* !{!self}: DXC's own form */
    LLVMValueRef hint = md_unroll_hint(loop);
    if (!hint)
        return NULL;
    if (md_num_operands(loop) == 2)
        return loop;
    LLVMMetadataRef op = LLVMValueAsMetadata(hint);
    return shim_md_self_node(lc->ctx, &op, 1);
}

/* What md_fix_inst does with an attachment kind; the context's kind names
 * are read, and each kind judged, only when an attachment asks (most
 * instructions have none). */
enum { MD_UNSEEN, MD_KEEP, MD_DROP, MD_LOOP };
typedef struct md_kinds {
    const char **names;
    size_t *lens;
    unsigned char *verdict; /* MD_* per kind id */
    unsigned n;
    bool read;
} md_kinds;

static unsigned md_verdict(lower_ctx *lc, md_kinds *k, unsigned kind)
{
    if (!k->read) {
        k->read = true;
        k->n = shim_md_kind_names(lc->ctx, NULL, NULL, 0);
        k->names = calloc(k->n ? k->n : 1, sizeof *k->names);
        k->lens = calloc(k->n ? k->n : 1, sizeof *k->lens);
        k->verdict = calloc(k->n ? k->n : 1, 1);
        if (!k->names || !k->lens || !k->verdict)
            k->n = 0;
        else
            shim_md_kind_names(lc->ctx, k->names, k->lens, k->n);
    }
    if (kind >= k->n)
        return MD_KEEP;
    if (k->verdict[kind] == MD_UNSEEN)
        k->verdict[kind] = k->lens[kind] == 9 && !strncmp(k->names[kind], "llvm.loop", 9) ? MD_LOOP
                           : md_kind_kept(k->names[kind], k->lens[kind])                ? MD_KEEP
                                                                                         : MD_DROP;
    return k->verdict[kind];
}

static void md_fix_inst(lower_ctx *lc, LLVMValueRef inst, md_kinds *k)
{
    size_t n = 0;
    LLVMValueMetadataEntry *e = LLVMInstructionGetAllMetadataOtherThanDebugLoc(inst, &n);
    unsigned *kinds = n ? malloc(n * sizeof *kinds) : NULL;
    for (size_t i = 0; kinds && i < n; i++)
        kinds[i] = LLVMValueMetadataEntriesGetKind(e, (unsigned)i);
    if (e)
        LLVMDisposeValueMetadataEntries(e);
    for (size_t i = 0; kinds && i < n; i++) {
        unsigned v = md_verdict(lc, k, kinds[i]);
        if (v == MD_LOOP)
            LLVMSetMetadata(inst, kinds[i], md_loop_node(lc, LLVMGetMetadata(inst, kinds[i])));
        else if (v == MD_DROP)
            LLVMSetMetadata(inst, kinds[i], NULL);
    }
    free(kinds);
}

static void md_drop_attachments(lower_ctx *lc)
{
    md_kinds k = {0};
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
                if (LLVMHasMetadata(i))
                    md_fix_inst(lc, i, &k);
    free(k.names);
    free(k.lens);
    free(k.verdict);
}

static void md_drop_scope_decls(lower_ctx *lc)
{
    LLVMValueRef fn = LLVMGetFirstFunction(lc->mod);
    while (fn) {
        LLVMValueRef next = LLVMGetNextFunction(fn);
        char base[64];
        if (lower_intrinsic_base(fn, base, sizeof base) &&
            !strcmp(base, "llvm.experimental.noalias.scope.decl")) {
            LLVMValueRef *calls;
            size_t n = lower_collect_calls(fn, &calls);
            for (size_t i = 0; i < n; i++)
                LLVMInstructionEraseFromParent(calls[i]);
            free(calls);
            LLVMDeleteFunction(fn);
        }
        fn = next;
    }
}

int lower_module_md(lower_ctx *lc)
{
    md_drop_scope_decls(lc);
    md_drop_named(lc);
    md_drop_attachments(lc);
    return 0;
}
