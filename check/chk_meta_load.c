/* chk_meta_load.c - the metadata DXC's validator must load before any of
 * its rules runs (DxilModule::LoadDxilMetadata through DxilMDHelper):
 * dx.valver, dx.shaderModel (a shader model DXIL has), dx.entryPoints (one
 * entry outside libraries; each record five operands, a function or null,
 * a name), the entry properties (tag/value pairs, each state node of its
 * size and operand kinds), dx.version, the signatures (eleven fields per
 * element, an index vector of integers) and the resources (each record
 * exactly its fields, a symbol, a name, integer ranges). What DXC cannot
 * load is Meta.WellFormed with what and where, and no other rule runs (DXC
 * reports "load dxil metadata failed" and stops). Unknown tags and
 * unreadable type annotations DXC loads past but then refuses ("Metadata
 * error encountered in non-critical metadata"): the same rule, also
 * stopping the rest. */
#include "chk_meta.h"
#include "families.h"

#include "dxil-upgrade/dxil_abi.h"
#include "module/md_util.h"

#include <stdio.h>
#include <string.h>

bool ml_fail(mload *l, const char *what, const char *where)
{
    if (!l->fail[0])
        snprintf(l->fail, sizeof l->fail, "%s: %s", where, what);
    return false;
}

void ml_extra(mload *l, const char *what, const char *where)
{
    if (!l->extra[0])
        snprintf(l->extra, sizeof l->extra, "%s: %s", where, what);
}

bool ml_is_node(LLVMValueRef v)
{
    return v && LLVMIsAMDNode(v);
}

bool ml_is_string(LLVMValueRef v)
{
    return v && LLVMIsAMDString(v);
}

bool ml_is_int(LLVMValueRef v)
{
    return v && LLVMIsAConstantInt(v);
}

bool ml_is_value(LLVMValueRef v)
{
    return v && !LLVMIsAMDNode(v) && !LLVMIsAMDString(v);
}

bool ml_int_at(mload *l, LLVMValueRef n, unsigned i, const char *where)
{
    if (i >= md_num_operands(n) || !ml_is_int(md_operand(n, i))) {
        char what[48];
        snprintf(what, sizeof what, "operand %u is no integer", i);
        return ml_fail(l, what, where);
    }
    return true;
}

bool ml_ints(mload *l, LLVMValueRef n, const char *where)
{
    if (!ml_is_node(n))
        return ml_fail(l, "not a tuple", where);
    for (unsigned i = 0; i < md_num_operands(n); i++)
        if (!ml_int_at(l, n, i, where))
            return false;
    return true;
}

bool ml_int_node(mload *l, LLVMValueRef n, unsigned count, const char *where)
{
    if (!ml_is_node(n))
        return ml_fail(l, "not a tuple", where);
    for (unsigned i = 0; i < count; i++)
        if (!ml_int_at(l, n, i, where))
            return false;
    return true;
}

/* A node of exactly n operands. */
static bool node_of(mload *l, LLVMValueRef v, unsigned n, const char *where)
{
    char what[64];
    if (!ml_is_node(v))
        return ml_fail(l, "not a tuple", where);
    if (md_num_operands(v) != n) {
        snprintf(what, sizeof what, "%u operands, not %u", md_num_operands(v), n);
        return ml_fail(l, what, where);
    }
    return true;
}

/* Named metadata `name` with one tuple of two integers. */
static bool version_node(mload *l, const char *name)
{
    LLVMValueRef v = md_named_operand(l->c->mod, name, 0);
    if (md_named_count(l->c->mod, name) != 1)
        return ml_fail(l, "not one operand", name);
    return node_of(l, v, 2, name) && ml_int_at(l, v, 0, name) && ml_int_at(l, v, 1, name);
}

/* ---- shader model ------------------------------------------------------------- */

static bool sm_valid(const char *kind, uint64_t major, uint64_t minor)
{
    static const struct {
        const char *kind;
        unsigned first;
    } kinds[] = {{"ps", 0}, {"vs", 0}, {"gs", 0}, {"hs", 0}, {"ds", 0},
                 {"cs", 0}, {"lib", 1}, {"ms", 5}, {"as", 5}};
    if (major != 6)
        return false;
    for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
        if (!strcmp(kind, kinds[i].kind))
            return (minor >= kinds[i].first && minor <= 10) ||
                   (minor == 15 && !strcmp(kind, "lib"));
    return false;
}

static bool shader_model(mload *l)
{
    const char *where = "dx.shaderModel";
    LLVMValueRef sm = md_named_operand(l->c->mod, where, 0);
    char kind[16] = "";
    if (md_named_count(l->c->mod, where) != 1)
        return ml_fail(l, "absent or not one operand", where);
    if (!node_of(l, sm, 3, where))
        return false;
    if (!ml_is_string(md_operand(sm, 0)))
        return ml_fail(l, "operand 0 is no string", where);
    md_string(md_operand(sm, 0), kind, sizeof kind);
    if (!ml_int_at(l, sm, 1, where) || !ml_int_at(l, sm, 2, where))
        return false;
    uint64_t major = 0, minor = 0;
    md_operand_uint(sm, 1, &major);
    md_operand_uint(sm, 2, &minor);
    if (!sm_valid(kind, major, minor)) {
        char what[64];
        snprintf(what, sizeof what, "unknown shader model '%s_%llu_%llu'", kind,
                 (unsigned long long)major, (unsigned long long)minor);
        return ml_fail(l, what, where);
    }
    l->lib = !strcmp(kind, "lib");
    l->sm_major = (unsigned)major;
    l->sm_minor = (unsigned)minor;
    return true;
}

static bool intermediate_options(mload *l)
{
    const char *where = "dx.intermediateOptions";
    for (unsigned i = 0, n = md_named_count(l->c->mod, where); i < n; i++) {
        LLVMValueRef e = md_named_operand(l->c->mod, where, i);
        uint64_t id = 0;
        if (!ml_is_node(e) || md_num_operands(e) < 1 || !ml_int_at(l, e, 0, where))
            return ml_fail(l, "an option is no tuple with an id", where);
        md_operand_uint(e, 0, &id);
        if (id != 0 || md_num_operands(e) != 2 || !ml_int_at(l, e, 1, where))
            return ml_fail(l, "unrecognized intermediate option", where);
    }
    return true;
}

/* ---- entry points and their properties ------------------------------------------ */

static bool entry_record(mload *l, LLVMValueRef e, const char *where)
{
    if (!node_of(l, e, 5, where))
        return false;
    LLVMValueRef fn = md_operand(e, 0);
    if (fn && !LLVMIsAFunction(fn))
        return ml_fail(l, "operand 0 is neither null nor a function", where);
    if (!ml_is_string(md_operand(e, 1)))
        return ml_fail(l, "operand 1 (the name) is no string", where);
    return true;
}

/* The state tuples: their sizes and which operands are integers. */
static bool prop_state(mload *l, unsigned tag, LLVMValueRef v, const char *where)
{
    switch (tag) {
    case DXIL_ENTRY_GS_STATE:
        return node_of(l, v, 5, where) && ml_ints(l, v, where);
    case DXIL_ENTRY_DS_STATE:
        return node_of(l, v, 2, where) && ml_ints(l, v, where);
    case DXIL_ENTRY_HS_STATE:
        if (!node_of(l, v, 7, where))
            return false;
        if (!ml_is_value(md_operand(v, 0)))
            return ml_fail(l, "no patch constant function", where);
        for (unsigned i = 1; i < 6; i++)
            if (!ml_int_at(l, v, i, where))
                return false;
        if (!md_operand(v, 6) || !LLVMIsAConstantFP(md_operand(v, 6)))
            return ml_fail(l, "the max tessellation factor is no float", where);
        return true;
    case DXIL_ENTRY_MS_STATE:
        return node_of(l, v, 5, where) && ml_int_node(l, md_operand(v, 0), 3, where) &&
               ml_int_at(l, v, 1, where) && ml_int_at(l, v, 2, where) &&
               ml_int_at(l, v, 3, where) && ml_int_at(l, v, 4, where);
    case DXIL_ENTRY_AS_STATE:
        return node_of(l, v, 2, where) && ml_int_node(l, md_operand(v, 0), 3, where) &&
               ml_int_at(l, v, 1, where);
    default:
        return true;
    }
}

/* A node's first operand a string, its second an integer (node ids). */
static bool name_index(mload *l, LLVMValueRef v, const char *where)
{
    if (!ml_is_node(v) || !ml_is_string(md_operand(v, 0)))
        return ml_fail(l, "no name", where);
    return ml_int_at(l, v, 1, where);
}

/* One node input or output record (LoadDxilNodeIOState). */
static bool node_io(mload *l, LLVMValueRef io, const char *where)
{
    if (!ml_is_node(io) || (md_num_operands(io) & 1))
        return ml_fail(l, "a node input or output is no tag/value list", where);
    for (unsigned i = 0; i < md_num_operands(io); i += 2) {
        uint64_t tag = 0;
        if (!ml_int_at(l, io, i, where) || !md_operand(io, i + 1))
            return ml_fail(l, "a node input or output tag without a value", where);
        md_operand_uint(io, i, &tag);
        LLVMValueRef v = md_operand(io, i + 1);
        /* 0 output ID (name, index), 2 record type, the rest integers. */
        if (tag == 0 && !name_index(l, v, where))
            return false;
        if (tag == 2 && !ml_is_node(v))
            return ml_fail(l, "a node record type is no tuple", where);
        if (tag > 6)
            ml_extra(l, "unknown node input or output tag", where);
        else if (tag != 0 && tag != 2 && !ml_int_at(l, io, i + 1, where))
            return false;
    }
    return true;
}

static bool node_ios(mload *l, LLVMValueRef v, const char *where)
{
    if (!ml_is_node(v))
        return ml_fail(l, "not a tuple", where);
    for (unsigned i = 0; i < md_num_operands(v); i++)
        if (!node_io(l, md_operand(v, i), where))
            return false;
    return true;
}

static bool prop_value(mload *l, unsigned tag, LLVMValueRef v, const char *where)
{
    bool sm610 = l->sm_major > 6 || (l->sm_major == 6 && l->sm_minor >= 10);
    bool sm68 = l->sm_major > 6 || (l->sm_major == 6 && l->sm_minor >= 8);
    switch (tag) {
    case DXIL_ENTRY_SHADER_FLAGS: case DXIL_ENTRY_RAY_PAYLOAD_SIZE:
    case DXIL_ENTRY_RAY_ATTRIB_SIZE: case DXIL_ENTRY_SHADER_KIND:
    case DXIL_ENTRY_NODE_LAUNCH_TYPE: case DXIL_ENTRY_NODE_IS_PROGRAM_ENTRY:
    case DXIL_ENTRY_NODE_LOCAL_ROOT_ARGUMENTS_TABLE_INDEX:
    case DXIL_ENTRY_NODE_MAX_RECURSION_DEPTH:
        return ml_is_int(v) || ml_fail(l, "the value is no integer", where);
    case DXIL_ENTRY_GROUP_SHARED_LIMIT:
        if (!sm610)
            ml_extra(l, "a group shared limit before shader model 6.10", where);
        return ml_is_int(v) || ml_fail(l, "the value is no integer", where);
    case DXIL_ENTRY_NUM_THREADS: case DXIL_ENTRY_NODE_DISPATCH_GRID:
    case DXIL_ENTRY_NODE_MAX_DISPATCH_GRID:
        return ml_int_node(l, v, 3, where);
    case DXIL_ENTRY_AUTO_BINDING_SPACE:
        return ml_int_node(l, v, 1, where);
    case DXIL_ENTRY_WAVE_SIZE:
        /* Their operands are the wave size rules' (Sm.WaveSize*): DXC's
         * loader reads them unchecked. */
        return ml_is_node(v) || ml_fail(l, "not a tuple", where);
    case DXIL_ENTRY_RANGED_WAVE_SIZE:
        if (!sm68)
            ml_extra(l, "a wave size range before shader model 6.8", where);
        return ml_is_node(v) || ml_fail(l, "not a tuple", where);
    case DXIL_ENTRY_ROOT_SIG:
        return ml_is_node(v) || ml_fail(l, "not a tuple", where);
    case DXIL_ENTRY_NODE_ID: case DXIL_ENTRY_SHARE_INPUT_OF:
        return name_index(l, v, where);
    case DXIL_ENTRY_NODE_INPUTS: case DXIL_ENTRY_NODE_OUTPUTS:
        return node_ios(l, v, where);
    case DXIL_ENTRY_GS_STATE: case DXIL_ENTRY_DS_STATE: case DXIL_ENTRY_HS_STATE:
    case DXIL_ENTRY_MS_STATE: case DXIL_ENTRY_AS_STATE:
        return prop_state(l, tag, v, where);
    default:
        ml_extra(l, "unknown entry property tag", where);
        return true;
    }
}

static bool entry_props(mload *l, LLVMValueRef p, const char *where)
{
    if (!p)
        return true;
    if (!ml_is_node(p) || (md_num_operands(p) & 1))
        return ml_fail(l, "the properties are no tag/value list", where);
    for (unsigned i = 0; i < md_num_operands(p); i += 2) {
        uint64_t tag = 0;
        char at[96];
        if (!ml_int_at(l, p, i, where))
            return false;
        md_operand_uint(p, i, &tag);
        snprintf(at, sizeof at, "%s, property %llu", where, (unsigned long long)tag);
        LLVMValueRef v = md_operand(p, i + 1);
        if (!v)
            return ml_fail(l, "the value is null", at);
        if (!prop_value(l, (unsigned)tag, v, at))
            return false;
    }
    return true;
}

/* ---- signatures ------------------------------------------------------------------- */

static bool ext_props(mload *l, LLVMValueRef p, const unsigned *known, unsigned nknown,
                      const char *where)
{
    if (!p)
        return true;
    if (!ml_is_node(p) || (md_num_operands(p) & 1))
        return ml_fail(l, "the extended properties are no tag/value list", where);
    for (unsigned i = 0; i < md_num_operands(p); i += 2) {
        uint64_t tag = 0;
        if (!ml_int_at(l, p, i, where))
            return false;
        md_operand_uint(p, i, &tag);
        bool ok = false;
        for (unsigned k = 0; k < nknown; k++)
            ok |= known[k] == tag;
        if (!ok)
            ml_extra(l, "unknown extended property tag", where);
        else if (tag != DXIL_SIG_EXT_GLOBAL_SYMBOL && !ml_int_at(l, p, i + 1, where))
            return false;
    }
    return true;
}

static bool sig_element(mload *l, LLVMValueRef e, const char *where)
{
    static const unsigned known[] = {0, 1, 2, 3};
    if (!node_of(l, e, 11, where))
        return false;
    if (!ml_is_string(md_operand(e, 1)))
        return ml_fail(l, "the semantic name is no string", where);
    for (unsigned i = 0; i < 10; i++)
        if (i != 1 && i != 4 && !ml_int_at(l, e, i, where))
            return false;
    return ml_ints(l, md_operand(e, 4), where) && ext_props(l, md_operand(e, 10), known, 4, where);
}

static bool signatures(mload *l, LLVMValueRef s, const char *where)
{
    static const char *const names[] = {"input", "output", "patch constant"};
    if (!s)
        return true;
    if (!node_of(l, s, 3, where))
        return false;
    for (unsigned k = 0; k < 3; k++) {
        LLVMValueRef list = md_operand(s, k);
        char at[96];
        snprintf(at, sizeof at, "%s, %s signature", where, names[k]);
        if (list && !ml_is_node(list))
            return ml_fail(l, "not a tuple", at);
        for (unsigned i = 0; i < md_num_operands(list); i++)
            if (!sig_element(l, md_operand(list, i), at))
                return false;
    }
    return true;
}

/* ---- resources ------------------------------------------------------------------- */

/* Fields of each list's records, and the extended tags each reads. */
static const struct {
    const char *name;
    unsigned fields, ext;
    unsigned known[5], nknown;
} res_lists[4] = {
    {"SRV", 9, 8, {0, 1}, 2},
    {"UAV", 11, 10, {0, 1, 2, 3, 4}, 5},
    {"CBuffer", 8, 7, {0}, 1},
    {"Sampler", 8, 7, {0}, 0},
};

static bool res_record(mload *l, unsigned list, LLVMValueRef r, const char *where)
{
    if (!node_of(l, r, res_lists[list].fields, where))
        return false;
    if (!ml_is_value(md_operand(r, 1)))
        return ml_fail(l, "no symbol (operand 1 is null)", where);
    if (!ml_is_string(md_operand(r, 2)))
        return ml_fail(l, "the name is no string", where);
    for (unsigned i = 0; i < res_lists[list].ext; i++)
        if (i != 1 && i != 2 && !ml_int_at(l, r, i, where))
            return false;
    /* Samplers read no extended properties. */
    if (list == 3)
        return true;
    return ext_props(l, md_operand(r, res_lists[list].ext), res_lists[list].known,
                     res_lists[list].nknown, where);
}

static bool resources(mload *l, LLVMValueRef res)
{
    if (!res)
        return true;
    if (!node_of(l, res, 4, "dx.resources"))
        return false;
    for (unsigned k = 0; k < 4; k++) {
        LLVMValueRef list = md_operand(res, k);
        if (list && !ml_is_node(list))
            return ml_fail(l, "a list is no tuple", "dx.resources");
        for (unsigned i = 0; i < md_num_operands(list); i++) {
            char at[96];
            char name[48] = "";
            md_string(md_operand(md_operand(list, i), 2), name, sizeof name);
            snprintf(at, sizeof at, "dx.resources, %s %u '%s'", res_lists[k].name, i, name);
            if (!res_record(l, k, md_operand(list, i), at))
                return false;
        }
    }
    return true;
}

/* ---- the loader's order ------------------------------------------------------------ */

static bool entries(mload *l)
{
    const char *where = "dx.entryPoints";
    unsigned n = md_named_count(l->c->mod, where);
    if (!LLVMGetNamedMetadata(l->c->mod, where, (size_t)strlen(where)))
        return ml_fail(l, "absent", where);
    if (!l->lib && n != 1)
        return ml_fail(l, "not exactly one entry", where);
    if (n == 0)
        return ml_fail(l, "no entry", where);
    LLVMValueRef e0 = md_named_operand(l->c->mod, where, 0);
    if (!entry_record(l, e0, "dx.entryPoints entry 0") ||
        !entry_props(l, md_operand(e0, 4), "dx.entryPoints entry 0"))
        return false;
    if (!version_node(l, "dx.version"))
        return false;
    for (unsigned i = 1; l->lib && i < n; i++) {
        LLVMValueRef e = md_named_operand(l->c->mod, where, i);
        char at[48];
        snprintf(at, sizeof at, "dx.entryPoints entry %u", i);
        if (!entry_record(l, e, at) || !entry_props(l, md_operand(e, 4), at) ||
            !signatures(l, md_operand(e, 2), at))
            return false;
    }
    if (!l->lib && !signatures(l, md_operand(e0, 2), "dx.entryPoints entry 0"))
        return false;
    return resources(l, md_operand(e0, 3));
}

static bool load(mload *l)
{
    /* Without dx.valver DXC assumes 1.0. */
    if (LLVMGetNamedMetadata(l->c->mod, "dx.valver", 9) && !version_node(l, "dx.valver"))
        return false;
    return shader_model(l) && intermediate_options(l) && entries(l) &&
           ml_root_signature(l) && ml_view_id_state(l);
}

int chk_meta_load(chk_ctx *c)
{
    mload l = {.c = c};
    if (!load(&l)) {
        char note[200];
        snprintf(note, sizeof note, "(DXC cannot load it: %s)", l.fail);
        chk_fail_note(c, CHK_META_WELLFORMED, NULL, note, NULL);
        return -1;
    }
    ml_type_system(&l);
    if (l.extra[0]) {
        char note[220];
        snprintf(note, sizeof note, "(non-critical metadata DXC cannot read: %s)", l.extra);
        chk_fail_note(c, CHK_META_WELLFORMED, NULL, note, NULL);
        return -1;
    }
    return 0;
}
