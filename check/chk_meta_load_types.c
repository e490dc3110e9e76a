/* chk_meta_load_types.c - the metadata DXC loads after the entries and
 * resources (chk_meta.h): dx.rootSignature and dx.viewIdState (failures
 * there stop the load), and the type annotations (dx.typeAnnotations),
 * which DXC reads as non-critical: an annotation it cannot read (a struct
 * annotation whose field count is not its type's, a function annotation
 * whose function is gone or whose parameters differ, an unknown field
 * tag) makes the validator refuse the module all the same. */
#include "chk_meta.h"

#include "module/md_util.h"

#include <stdio.h>
#include <string.h>

bool ml_root_signature(mload *l)
{
    const char *where = "dx.rootSignature";
    if (!LLVMGetNamedMetadata(l->c->mod, where, strlen(where)))
        return true;
    LLVMValueRef n = md_named_operand(l->c->mod, where, 0);
    LLVMValueRef d = md_operand(n, 0);
    if (md_named_count(l->c->mod, where) != 1 || md_num_operands(n) != 1)
        return ml_fail(l, "not one node of one operand", where);
    if (!d || !LLVMIsAConstantDataArray(d) ||
        LLVMGetElementType(LLVMTypeOf(d)) != LLVMInt8TypeInContext(l->c->ctx))
        return ml_fail(l, "no array of bytes", where);
    return true;
}

bool ml_view_id_state(mload *l)
{
    const char *where = "dx.viewIdState";
    if (!LLVMGetNamedMetadata(l->c->mod, where, strlen(where)))
        return true;
    LLVMValueRef n = md_named_operand(l->c->mod, where, 0);
    LLVMValueRef d = md_operand(n, 0);
    if (md_named_count(l->c->mod, where) != 1 || md_num_operands(n) != 1)
        return ml_fail(l, "not one node of one operand", where);
    if (d && LLVMIsAConstantAggregateZero(d))
        return true;
    if (!d || !LLVMIsAConstantDataArray(d) ||
        LLVMGetElementType(LLVMTypeOf(d)) != LLVMInt32TypeInContext(l->c->ctx))
        return ml_fail(l, "no array of i32", where);
    return true;
}

/* ---- type annotations (non-critical) --------------------------------------------- */

enum { FA_MATRIX = 2, FA_OFFSET = 3, FA_SEMANTIC = 4, FA_INTERP = 5, FA_NAME = 6,
       FA_COMP = 7, FA_PRECISE = 8, FA_USED = 9, FA_RESPROP = 10, FA_BITFIELDS = 11,
       FA_WIDTH = 12, FA_VECSIZE = 13 };

static bool field(mload *l, LLVMValueRef f, unsigned depth, const char *where);

static bool field_value(mload *l, uint64_t tag, LLVMValueRef v, unsigned depth,
                        const char *where)
{
    switch (tag) {
    case FA_MATRIX:
        return (ml_is_node(v) && md_num_operands(v) == 3 && ml_ints(l, v, where)) ||
               ml_fail(l, "a matrix annotation is not three integers", where);
    case FA_SEMANTIC: case FA_NAME:
        return ml_is_string(v) || ml_fail(l, "a field name or semantic is no string", where);
    case FA_RESPROP:
        return true;
    case FA_BITFIELDS:
        if (!ml_is_node(v))
            return ml_fail(l, "the bit fields are no tuple", where);
        for (unsigned i = 0; i < md_num_operands(v) && depth < 8; i++)
            if (!field(l, md_operand(v, i), depth + 1, where))
                return false;
        return true;
    case FA_OFFSET: case FA_INTERP: case FA_COMP: case FA_PRECISE: case FA_USED:
    case FA_WIDTH: case FA_VECSIZE:
        return ml_is_int(v) || ml_fail(l, "a field property is no integer", where);
    default:
        ml_extra(l, "unknown field annotation tag", where);
        return true;
    }
}

static bool field(mload *l, LLVMValueRef f, unsigned depth, const char *where)
{
    if (!ml_is_node(f) || (md_num_operands(f) & 1))
        return ml_fail(l, "a field annotation is no tag/value list", where);
    for (unsigned i = 0; i < md_num_operands(f); i += 2) {
        uint64_t tag = 0;
        LLVMValueRef v = md_operand(f, i + 1);
        if (!ml_int_at(l, f, i, where))
            return false;
        md_operand_uint(f, i, &tag);
        if (!v)
            return ml_fail(l, "a field property is null", where);
        if (!field_value(l, tag, v, depth, where))
            return false;
    }
    return true;
}

/* One struct: its fields' annotations, one per element of its type. */
static bool struct_annotation(mload *l, LLVMValueRef ty, LLVMValueRef a, const char *where)
{
    if (!ty || !ml_is_value(ty) || LLVMGetTypeKind(LLVMTypeOf(ty)) != LLVMStructTypeKind)
        return ml_fail(l, "an annotated type is no struct", where);
    unsigned fields = LLVMCountStructElementTypes(LLVMTypeOf(ty)), n = md_num_operands(a);
    if (!ml_is_node(a))
        return ml_fail(l, "a struct annotation is no tuple", where);
    if (n != fields + 1 && n != fields + 2)
        return ml_fail(l, "a struct annotation's field count is not its type's", where);
    if (!ml_int_at(l, a, 0, where))
        return false;
    for (unsigned i = 0; i < fields; i++)
        if (!field(l, md_operand(a, i + 1), 0, where))
            return false;
    return true;
}

static bool param(mload *l, LLVMValueRef p, const char *where)
{
    if (!ml_is_node(p) || md_num_operands(p) != 3)
        return ml_fail(l, "a parameter annotation is not three operands", where);
    return ml_int_at(l, p, 0, where) && field(l, md_operand(p, 1), 0, where) &&
           ml_ints(l, md_operand(p, 2), where);
}

static bool function_annotation(mload *l, LLVMValueRef fn, LLVMValueRef a, const char *where)
{
    if (!ml_is_value(fn))
        return ml_fail(l, "an annotated function is gone", where);
    unsigned params = LLVMIsAFunction(fn) ? LLVMCountParams(fn) : 0;
    if (!ml_is_node(a) || md_num_operands(a) != params + 1)
        return ml_fail(l, "a function annotation's parameters are not its function's", where);
    for (unsigned i = 0; i <= params; i++)
        if (!param(l, md_operand(a, i), where))
            return false;
    return true;
}

static bool type_node(mload *l, LLVMValueRef t, const char *where)
{
    uint64_t tag = 0;
    unsigned n = md_num_operands(t);
    if (!ml_is_node(t) || !ml_int_at(l, t, 0, where))
        return false;
    md_operand_uint(t, 0, &tag);
    if (!(n & 1))
        return ml_fail(l, "an annotation list has no value for a key", where);
    for (unsigned i = 1; i + 1 < n; i += 2) {
        LLVMValueRef key = md_operand(t, i), a = md_operand(t, i + 1);
        bool ok = tag == 0 ? struct_annotation(l, key, a, where)
                           : function_annotation(l, key, a, where);
        if (!ok)
            return false;
    }
    return true;
}

void ml_type_system(mload *l)
{
    const char *where = "dx.typeAnnotations";
    unsigned n = md_named_count(l->c->mod, where);
    if (!n)
        return;
    /* Its failures are DXC's metadata errors, not a failed load. */
    mload t = {.c = l->c, .lib = l->lib, .sm_major = l->sm_major, .sm_minor = l->sm_minor};
    bool ok = n <= 2 || ml_fail(&t, "more than two lists", where);
    for (unsigned i = 0; ok && i < n; i++) {
        LLVMValueRef node = md_named_operand(l->c->mod, where, i);
        ok = ml_is_node(node) ? type_node(&t, node, where)
                              : ml_fail(&t, "a list is no tuple", where);
    }
    if (t.fail[0])
        ml_extra(l, t.fail, "type annotations");
    else if (t.extra[0])
        ml_extra(l, t.extra, "type annotations");
}
