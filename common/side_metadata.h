/* side_metadata.h - names of the named metadata dxil-upgrade writes to keep
 * what LLVM 22 has no form for. Raise writes them, lower reads them; the
 * table in docs/side-metadata.md documents each one. Every name dxil-upgrade
 * invents is defined here and nowhere else. */
#ifndef DXIL_SIDE_METADATA_H
#define DXIL_SIDE_METADATA_H

#include <stdbool.h>
#include <stddef.h>

/* Every side node starts with this prefix. A DXIL named node "dx.X" that
 * LLVM 22 cannot express is moved, operands verbatim, to "dxu.X". */
#define DXU_MD_PREFIX "dxu."
#define DXIL_MD_PREFIX "dx."

/* !dxu.datalayout = !{!{!"<datalayout exactly as DXC wrote it>"}} */
#define DXU_MD_DATALAYOUT "dxu.datalayout"

/* !dxu.absent = !{!{!"triple"}, !{!"datalayout"}}: which of the two the
 * DXIL-form input did not have (DXC's test files often omit them), so
 * lowering leaves them out again instead of writing DXC's defaults. */
#define DXU_MD_ABSENT "dxu.absent"
#define DXU_ABSENT_TRIPLE "triple"
#define DXU_ABSENT_DATALAYOUT "datalayout"

/* !dxu.order = !{!{!"dx.version", !"dx.valver", ...}}: the names of the
 * input's dx.* named nodes in their original module order. */
#define DXU_MD_ORDER "dxu.order"

/* Only when the triple cannot carry the exact value (DXIL > 1.9 or
 * SM > 6.9, or an unknown shader kind): dx.version / dx.shaderModel
 * operands verbatim. Otherwise the triple is the only record. */
#define DXU_MD_VERSION "dxu.version"
#define DXU_MD_SHADER_MODEL "dxu.shaderModel"

/* dx.entryPoints operands verbatim: every entry's function reference,
 * name, signatures, resource list and property list. */
#define DXU_MD_ENTRY_POINTS "dxu.entryPoints"

/* dx.resources, kept by the resource raiser (raise/raise_res_pass.c):
 * !dxu.resources = !{<the dx.resources tuple, operands verbatim>}. */
#define DXU_MD_RESOURCES "dxu.resources"
/* !dxu.resource.props = !{!{i32 class, i32 space, i32 lb, i32 w0, i32 w1}...}:
 * annotateHandle's ResourceProperties words for each raised binding. */
#define DXU_MD_RESOURCE_PROPS "dxu.resource.props"
/* !dxu.resources.kept = !{!{!"<creation op>", i32 count}...}: handle
 * creations left as DXIL because LLVM 22 has no form for them. */
#define DXU_MD_RESOURCES_KEPT "dxu.resources.kept"

/* !dxu.opAttrs = !{!{!"dx.op.<name>", i32 attrs}...}: a dx.op declaration
 * whose function attributes were not the op table's at the module's DXIL
 * version, with its attributes as dxil_op_attr bits. DXC changed some
 * (waveGetLaneIndex: ReadNone -> ReadOnly) by compiler release, not by
 * DXIL version, so the table cannot say which one a module used. */
#define DXU_MD_OP_ATTRS "dxu.opAttrs"
/* Extra bit in a !dxu.opAttrs value, above the dxil_op_attr bits: the
 * declaration had no nounwind (hand-written DXIL such as DXC's own tests),
 * which every declaration lowering makes otherwise carries. */
#define DXU_OP_ATTRS_NO_NOUNWIND (1u << 16)

/* Raise of a DXContainer (raise_parts.c): the parts the container writer
 * cannot regenerate from metadata, bytes exact, in container order:
 * !dxu.parts = !{!{!"RTS0", !"<part data>"}, ...}. */
#define DXU_MD_PARTS "dxu.parts"
/* !dxu.container = !{!{!"digest", !"ok"}, !{!"hashIncludesSource", i32 0},
 * !{!"psvInfoSize", i32 52}}: what the writer needs besides the parts
 * (digest kind as dxil_hash_status_name; psvInfoSize only with PSV0;
 * contentDigest: DXC's digest of the input's bytes as 32 hex digits). */
#define DXU_MD_CONTAINER "dxu.container"
#define DXU_CONTAINER_DIGEST "digest"
#define DXU_CONTAINER_HASH_SOURCE "hashIncludesSource"
#define DXU_CONTAINER_PSV_INFO_SIZE "psvInfoSize"
#define DXU_CONTAINER_CONTENT_DIGEST "contentDigest"

/* Raise of bitcode (raise_bcfacts.c): what LLVM 22's reader drops that a
 * 3.7 bitcode writer needs to write the input's bytes again (bcwrite/):
 * !dxu.mdKinds = !{!{!"dbg", !"tbaa", ...}}: the METADATA_KIND names by id;
 * !dxu.functions = !{!{!"main", !"dx.op.loadInput.f32", ...}}: the
 * functions' order; !dxu.resourceTypes = !{!{i32 list, i32 pos, T undef}}:
 * what each dx.resources record's operand 1 pointed to (T: the class
 * struct, or arrays of it) where LLVM 22 keeps only `ptr`. */
#define DXU_MD_MD_KINDS "dxu.mdKinds"
#define DXU_MD_FUNCTIONS "dxu.functions"
#define DXU_MD_RESOURCE_TYPES "dxu.resourceTypes"
/* !dxu.paramTypes = !{!{!"fn", i32 index, %struct.T undef}}: a function's
 * pointer parameter that pointed to a named struct. */
#define DXU_MD_PARAM_TYPES "dxu.paramTypes"
/* !dxu.opPointees = !{!{!"dx.op.getMeshPayload.struct.P", %struct.P undef}}:
 * a dx.op declaration taking or returning a pointer to the named struct its
 * overload names. Only the record keeps that struct in the module once an
 * optimizer has folded the GEPs through it (LLVM prints no type nothing
 * uses), and lowering needs it again to address the record or payload by
 * field (legalize/legal_gep.c) and to give the declaration DXC's signature. */
#define DXU_MD_OP_POINTEES "dxu.opPointees"
/* !dxu.vstOrder = !{!{!"", !"main", !"dx.op.loadInput.f32", ...},
 * !{!"main", !"args", ...}}: a symbol table's names in the input's order,
 * only for a table that was not sorted by name (older DXC builds wrote
 * StringMap order); the first string names the function whose table it
 * is, empty for the module's. */
#define DXU_MD_VST_ORDER "dxu.vstOrder"
/* Instruction attachment !dxu.fmf !{i32 29}: the fast-math flags word the
 * input wrote for this binary operator when it was not 31 (LLVM 22 reads
 * every word with 3.7's unsafe-algebra bit as all of `fast`). */
#define DXU_MD_FMF "dxu.fmf"
/* Instruction attachment !dxu.noAlign !{}: the input wrote this load,
 * store or alloca without alignment (LLVM 22 reads it with the type's). */
#define DXU_MD_NO_ALIGN "dxu.noAlign"

/* Moved by the generic rule; listed so code can name them. */
#define DXU_MD_TYPE_ANNOTATIONS "dxu.typeAnnotations"
#define DXU_MD_VIEW_ID_STATE "dxu.viewIdState"
#define DXU_MD_DXR_PAYLOAD_ANNOTATIONS "dxu.dxrPayloadAnnotations"

/* DXIL names handled specially rather than by the generic move. */
#define DXIL_MD_VERSION "dx.version"
#define DXIL_MD_VALVER "dx.valver"        /* kept as is: modern IR has it */
#define DXIL_MD_SHADER_MODEL "dx.shaderModel"
#define DXIL_MD_ENTRY_POINTS "dx.entryPoints"
#define DXIL_MD_RESOURCES "dx.resources"  /* owned by the resource raiser */
#define DXIL_MD_TYPE_ANNOTATIONS "dx.typeAnnotations" /* read by raise_cblayout.c */

/* Instruction metadata kinds. */
#define DXIL_MDK_CONTROLFLOW_HINTS "dx.controlflow.hints"
/* !dxu.align !{i32 N} on a raised llvm.dx.resource.{load,store}.rawbuffer
 * call: the alignment operand DXC wrote on the rawBuffer(Vector)Load/Store
 * it came from, only when it is not DXU_RAW_ALIGN_DEFAULT. */
#define DXU_MDK_ALIGN "dxu.align"
/* !dxu.cbufferLoad !{i32 align} on a raised llvm.dx.resource.load.cbufferrow
 * call that came from DXC's byte-offset cbufferLoad (opcode 58) rather than
 * cbufferLoadLegacy: lowering rebuilds cbufferLoad(h, offset, align). */
#define DXU_MDK_CBUFFER_LOAD "dxu.cbufferLoad"
/* !dxu.rawScalarOp !{} on a raised llvm.dx.resource.{load,store}.rawbuffer
 * of a vector that came from rawBufferLoad/Store (139/140) in a module
 * whose version has the vector ops (303/304), which lowering would pick:
 * DXC's own tests write both at DXIL 1.9. */
#define DXU_MDK_RAW_SCALAR_OP "dxu.rawScalarOp"
/* !dxu.annotates !{i32 calls, i32 uses, i32 place, ...} on a raised
 * llvm.dx.resource.handlefrombinding: the annotateHandle calls DXC wrote
 * for it, in order of first use, as runs of `calls` calls that each had
 * `uses` using instructions and stood at `place` (DXU_ANNOTATE_AT_*).
 * The handle's users, in function order, split into runs of those
 * lengths. Lowering makes one annotateHandle per call; an empty node, or
 * one that does not fit the lowered users, leaves lowering's one call. */
#define DXU_MDK_ANNOTATES "dxu.annotates"
enum {
    DXU_ANNOTATE_AT_USE = 0,       /* right before its first user */
    DXU_ANNOTATE_AT_CREATION = 1,  /* after its creation and the creations
                                      and annotations that follow it */
    DXU_ANNOTATE_AT_DOMINATOR = 2, /* last in the nearest block that
                                      dominates its users (none in it) */
    /* AT_GAP + k: k + 1 instructions (not annotations) between it and its
     * first user, in that user's block (DXC computes some of the user's
     * other operands after annotating the handle) */
    DXU_ANNOTATE_AT_GAP = 3,
    DXU_ANNOTATE_MAX_GAP = 16, /* at most this many between */
    DXU_ANNOTATE_PLACES = DXU_ANNOTATE_AT_GAP + DXU_ANNOTATE_MAX_GAP
};
/* !dxu.libLoad !{i32 k} on a raised handlefrombinding of a library
 * resource: DXC loaded its global as the entry block's k-th instruction
 * (from 0; DXC hoists the loads there) rather than right before the
 * createHandleForLib; lowering moves its load there. */
#define DXU_MDK_LIB_LOAD "dxu.libLoad"
#define DXU_LIB_LOAD_MAX 4096
/* !dxu.break !{i32 block, !{i32 pos, i32 kind, X}, ...} on the branch
 * the raise made of a DXC dx.break guard `br i1 %c, label %A, label %B`
 * (%c = icmp eq (load @dx.break.cond), 0: true at run time, so now `br
 * label %A`): B is the function's block-th block (from 0), and for each
 * phi of B, in order, the value it took from the guard's block, which
 * stood at position pos of its incoming list: kind DXU_BREAK_INST the
 * function's X-th instruction (from 0, in order), DXU_BREAK_ARG its X-th
 * argument, DXU_BREAK_CONST the constant X. Counted in the raised
 * function; the lowering puts the guard back from it only while the edge
 * keeps every convergent call in the loop its token names
 * (lower_conv_restore.c). */
#define DXU_MDK_BREAK "dxu.break"
enum { DXU_BREAK_INST = 0, DXU_BREAK_ARG = 1, DXU_BREAK_CONST = 2 };
/* DXC's guard: the internal constant [1 x i32] zeroinitializer a dx.break
 * guard loads (at the top of the entry block) and compares with 0. */
#define DXIL_BREAK_COND "dx.break.cond"
/* The alignment operand lowering writes when there is no !dxu.align:
 * the scalar's size in bytes, at most 4 for the DXIL 1.9 vector ops. */
#define DXU_RAW_ALIGN_DEFAULT(scalar_bytes, vector_op)                                          \
    ((vector_op) && (scalar_bytes) > 4 ? 4u : (unsigned)(scalar_bytes))
#define HLSL_MDK_CONTROLFLOW_HINT "hlsl.controlflow.hint"
#define DXIL_MDK_PRECISE "dx.precise"

/* ---- the registry of named nodes -------------------------------------- */

/* What a registered named node is to the generic moves: raise's park-md
 * pass moves every dx.X left at the end to dxu.X, and lowering's
 * restore-md pass moves every dxu.X back to dx.X. */
typedef enum side_md_role {
    /* dxu.X holding dx.X's operands verbatim; lowering moves it back to
     * dx.X. Every dxu.* name the registry lacks is parked too. */
    DXIL_SIDE_MD_PARKED,
    /* dxu.X that raise writes for lowering to read, never DXIL: lowering
     * drops it and moves nothing back. */
    DXIL_SIDE_MD_BOOKKEEPING,
    /* dx.X that park-md leaves as it is: modern IR has it, or the pass that
     * owns it decided (the resource raiser moves dx.resources itself). */
    DXIL_SIDE_MD_STAYS,
} side_md_role;

typedef struct side_md {
    const char *name;
    side_md_role role;
} side_md;

/* The whole registry, one entry per name; *count gets its length. */
const side_md *side_md_all(size_t *count);
/* The registry entry of named node `name`, or NULL when it has none. */
const side_md *side_md_lookup(const char *name);
/* Whether the registry gives `name` this role (false when unregistered). */
bool side_md_is(const char *name, side_md_role role);

#endif
