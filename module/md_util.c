/* md_util.c - metadata helpers shared by raise and lower (see header). */
#include "md_util.h"

#include "common/grow.h"
#include "llvm_shim.h"

#include <llvm-c/DebugInfo.h>

#include <stdlib.h>
#include <string.h>

unsigned md_num_operands(LLVMValueRef v)
{
    if (!v || !LLVMIsAMDNode(v))
        return 0;
    return LLVMGetMDNodeNumOperands(v);
}

LLVMValueRef md_operand(LLVMValueRef v, unsigned i)
{
    unsigned n = md_num_operands(v);
    if (i >= n)
        return NULL;
    /* LLVM-C only returns all operands at once. */
    LLVMValueRef small[16];
    LLVMValueRef *ops = n <= 16 ? small : malloc(n * sizeof *ops);
    if (!ops)
        return NULL;
    LLVMGetMDNodeOperands(v, ops);
    LLVMValueRef r = ops[i];
    if (ops != small)
        free(ops);
    return r;
}

LLVMValueRef *md_operands(LLVMValueRef v, unsigned *n)
{
    *n = md_num_operands(v);
    LLVMValueRef *ops = v && LLVMIsAMDNode(v) ? calloc(*n ? *n : 1, sizeof *ops) : NULL;
    if (ops)
        LLVMGetMDNodeOperands(v, ops);
    *n = ops ? *n : 0;
    return ops;
}

bool const_u64(LLVMValueRef v, uint64_t *out)
{
    if (!v || !LLVMIsAConstantInt(v))
        return false;
    *out = LLVMConstIntGetZExtValue(v);
    return true;
}

int md_operand_uint(LLVMValueRef node, unsigned i, uint64_t *out)
{
    return const_u64(md_operand(node, i), out) ? 0 : -1;
}

/* The bytes of an MDString value (not NUL-terminated), or NULL. */
static const char *md_string_bytes(LLVMValueRef v, unsigned *len)
{
    *len = 0;
    return v && LLVMIsAMDString(v) ? LLVMGetMDString(v, len) : NULL;
}

const char *md_string(LLVMValueRef v, char *buf, size_t size)
{
    unsigned len;
    const char *s = md_string_bytes(v, &len);
    if (!s || len >= size)
        return NULL;
    memcpy(buf, s, len);
    buf[len] = '\0';
    return buf;
}

char *md_string_dup(LLVMValueRef v)
{
    unsigned len;
    const char *s = md_string_bytes(v, &len);
    char *copy = s ? malloc((size_t)len + 1) : NULL;
    if (copy) {
        memcpy(copy, s, len);
        copy[len] = '\0';
    }
    return copy;
}

unsigned md_named_count(LLVMModuleRef mod, const char *name)
{
    if (!LLVMGetNamedMetadata(mod, name, strlen(name)))
        return 0;
    return LLVMGetNamedMetadataNumOperands(mod, name);
}

/* Returns a malloc'd copy of the operands of `name` (NULL if none). */
static LLVMValueRef *md_named_ops(LLVMModuleRef mod, const char *name, unsigned *n)
{
    *n = md_named_count(mod, name);
    if (*n == 0)
        return NULL;
    LLVMValueRef *ops = malloc(*n * sizeof *ops);
    if (ops)
        LLVMGetNamedMetadataOperands(mod, name, ops);
    else
        *n = 0;
    return ops;
}

LLVMValueRef md_named_operand(LLVMModuleRef mod, const char *name, unsigned i)
{
    unsigned n;
    LLVMValueRef *ops = md_named_ops(mod, name, &n);
    LLVMValueRef r = i < n ? ops[i] : NULL;
    free(ops);
    return r;
}

LLVMValueRef md_named_single(LLVMModuleRef mod, const char *name)
{
    return md_named_count(mod, name) == 1 ? md_named_operand(mod, name, 0) : NULL;
}

int md_named_move(LLVMModuleRef mod, const char *from, const char *to)
{
    if (!LLVMGetNamedMetadata(mod, from, strlen(from)))
        return -1;
    unsigned n = LLVMGetNamedMetadataNumOperands(mod, from);
    LLVMValueRef *ops = malloc((n ? n : 1) * sizeof *ops);
    if (!ops)
        return -1;
    LLVMGetNamedMetadataOperands(mod, from, ops);
    /* Erase first, so that from == to moves the node to the end; create
     * `to` even when empty so an empty node survives the move. */
    shim_erase_named_metadata(mod, from);
    LLVMGetOrInsertNamedMetadata(mod, to, strlen(to));
    for (unsigned i = 0; i < n; i++)
        LLVMAddNamedMetadataOperand(mod, to, ops[i]);
    free(ops);
    return (int)n;
}

LLVMValueRef md_tag_value(LLVMValueRef list, unsigned tag, bool *found)
{
    unsigned n = md_num_operands(list);
    if (found)
        *found = false;
    for (unsigned i = 0; i + 1 < n; i += 2) {
        uint64_t t;
        if (md_operand_uint(list, i, &t) == 0 && t == tag) {
            if (found)
                *found = true;
            return md_operand(list, i + 1);
        }
    }
    return NULL;
}

LLVMValueRef md_make_string(LLVMContextRef ctx, const char *s)
{
    return LLVMMetadataAsValue(ctx, LLVMMDStringInContext2(ctx, s, strlen(s)));
}

/* An operand as metadata. LLVM keeps a one-constant tuple as a value by
 * its constant alone (MetadataAsValue canonicalizes !{i32 32} to i32 32),
 * so a metadata value holding a bare constant is put back in its tuple:
 * otherwise a property like the wave size (!{i32 11, !{i32 32}}) is
 * written flat and DXC's loader refuses the cast. */
static LLVMMetadataRef md_as_operand(LLVMContextRef ctx, LLVMValueRef v)
{
    LLVMMetadataRef md = LLVMValueAsMetadata(v);
    if (LLVMGetValueKind(v) == LLVMMetadataAsValueValueKind &&
        LLVMGetMetadataKind(md) == LLVMConstantAsMetadataMetadataKind)
        return LLVMMDNodeInContext2(ctx, &md, 1);
    return md;
}

LLVMValueRef md_make_node(LLVMContextRef ctx, LLVMValueRef *ops, unsigned n)
{
    LLVMMetadataRef small[8];
    LLVMMetadataRef *mds = n <= 8 ? small : malloc(n * sizeof *mds);
    if (!mds)
        return NULL;
    for (unsigned i = 0; i < n; i++)
        mds[i] = ops[i] ? md_as_operand(ctx, ops[i]) : NULL;
    LLVMValueRef r = LLVMMetadataAsValue(ctx, LLVMMDNodeInContext2(ctx, mds, n));
    if (mds != small)
        free(mds);
    return r;
}

static int md_names_add(md_names *out, const char *name, size_t len)
{
    char *copy = malloc(len + 1);
    char **nv = copy ? grow_array(out->v, &out->cap, out->n, sizeof *nv, 16) : NULL;
    if (!nv) {
        free(copy);
        return -1;
    }
    memcpy(copy, name, len);
    copy[len] = '\0';
    out->v = nv;
    out->v[out->n++] = copy;
    return 0;
}

int md_named_list(LLVMModuleRef mod, const char *prefix, md_names *out)
{
    size_t plen = strlen(prefix);
    for (LLVMNamedMDNodeRef nmd = LLVMGetFirstNamedMetadata(mod); nmd;
         nmd = LLVMGetNextNamedMetadata(nmd)) {
        size_t len = 0;
        const char *name = LLVMGetNamedMetadataName(nmd, &len);
        if (len > plen && memcmp(name, prefix, plen) == 0 && md_names_add(out, name, len) != 0)
            return -1;
    }
    return 0;
}

void md_names_free(md_names *names)
{
    for (size_t i = 0; i < names->n; i++)
        free(names->v[i]);
    free(names->v);
    names->v = NULL;
    names->n = names->cap = 0;
}

/* "<to><name without from>" in a malloc'd string, or NULL. */
static char *md_swap_prefix(const char *name, const char *from, const char *to)
{
    const char *rest = name + strlen(from);
    size_t tl = strlen(to), rl = strlen(rest);
    char *s = malloc(tl + rl + 1);
    if (s) {
        memcpy(s, to, tl);
        memcpy(s + tl, rest, rl + 1);
    }
    return s;
}

int md_rename_prefixed(LLVMModuleRef mod, const char *from, const char *to,
                            bool (*skip)(const char *name), md_clash_fn clash, void *arg)
{
    md_names names = {0};
    int rv = md_named_list(mod, from, &names);
    for (size_t i = 0; rv == 0 && i < names.n; i++) {
        if (skip && skip(names.v[i]))
            continue;
        char *target = md_swap_prefix(names.v[i], from, to);
        if (!target)
            rv = -1;
        else if (LLVMGetNamedMetadata(mod, target, strlen(target)))
            clash(arg, names.v[i], target);
        else
            md_named_move(mod, names.v[i], target);
        free(target);
    }
    md_names_free(&names);
    return rv;
}

/* The node's operands as metadata with `ndel` operands at `at` replaced
 * by the nins values of ins; NULL when v is no node or out of range. */
static LLVMValueRef md_node_edit(LLVMValueRef v, unsigned at, unsigned ndel, LLVMValueRef *ins,
                                 unsigned nins)
{
    unsigned n = md_num_operands(v);
    if (!n && !(v && LLVMIsAMDNode(v)))
        return NULL;
    if (at > n || ndel > n - at)
        return NULL;
    LLVMMetadataRef *old = calloc(n + 1u, sizeof *old);
    LLVMMetadataRef *mds = calloc(n + nins + 1u, sizeof *mds);
    LLVMValueRef r = NULL;
    if (old && mds && shim_md_operands(v, old, n) == n) {
        unsigned k = 0;
        for (unsigned i = 0; i < at; i++)
            mds[k++] = old[i];
        for (unsigned i = 0; i < nins; i++)
            mds[k++] = ins[i] ? LLVMValueAsMetadata(ins[i]) : NULL;
        for (unsigned i = at + ndel; i < n; i++)
            mds[k++] = old[i];
        LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(v));
        r = LLVMMetadataAsValue(ctx, LLVMMDNodeInContext2(ctx, mds, k));
    }
    free(old);
    free(mds);
    return r;
}

LLVMValueRef md_node_with(LLVMValueRef v, unsigned i, LLVMValueRef op)
{
    return md_node_edit(v, i, 1, &op, 1);
}

LLVMValueRef md_node_without(LLVMValueRef v, unsigned i)
{
    return md_node_edit(v, i, 1, NULL, 0);
}

LLVMValueRef md_node_inserting(LLVMValueRef v, unsigned at, LLVMValueRef *ops, unsigned n)
{
    return md_node_edit(v, at, 0, ops, n);
}
