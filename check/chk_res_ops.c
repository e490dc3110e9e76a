/* chk_res_ops.c - DXC's ValidateResourceDxilOp and the resource-taking
 * ops of ValidateDxilOperationCallInProfile (chk_res.h): sample and
 * gather need an SRV texture of a kind they support and a sampler of the
 * right mode, coordinates and offsets exactly as many as the kind has
 * (immediate offsets in [-8, 7] before shader model 6.7); stores go to
 * UAVs with contiguous masks matching the values; loads come from SRVs
 * or UAVs; buffers take the coordinates their kind has; GetDimensions
 * results are read only where the kind has them; constant buffer loads
 * stay within the buffer; counters are on UAVs that have one. */
#include "chk_res.h"
#include "chk_instr.h"

#include "dxil_optable_gen.h"
#include "module/md_util.h"

#include <stdio.h>
#include <string.h>

typedef struct res_call {
    chk_ctx *c;
    chk_env *e;
    LLVMValueRef call;
    uint32_t opcode;
} res_call;

static LLVMValueRef arg(const res_call *r, unsigned i)
{
    return i < (unsigned)LLVMGetNumArgOperands(r->call) ? LLVMGetOperand(r->call, i) : NULL;
}

static bool undef_at(const res_call *r, unsigned i)
{
    LLVMValueRef v = arg(r, i);
    return !v || LLVMIsUndef(v);
}

static void fail(const res_call *r, chk_rule rule)
{
    chk_fail(r->c, rule, r->call, NULL);
}

static chk_res res_at(const res_call *r, unsigned i)
{
    LLVMValueRef h = arg(r, i);
    chk_res none = {0};
    return h ? chk_res_of_handle(r->c, r->e, h, true) : none;
}

static const unsigned num_coords[] = {0, 1, 2, 2, 3, 3, 2, 3, 3, 4, 1, 1, 2, 0, 0, 1, 0, 2, 3};
static const unsigned num_offsets[] = {0, 1, 2, 2, 3, 0, 1, 2, 2, 0, 0, 0, 0, 0, 0, 1, 0, 2, 2};
static const unsigned num_lod_dims[] = {0, 1, 2, 2, 3, 3, 1, 2, 2, 3, 1, 1, 2, 0, 0, 1, 0, 2, 2};

static unsigned table(const unsigned *t, unsigned kind)
{
    return kind < 19 ? t[kind] : 0;
}

/* Coordinates first..first+max-1: the kind's count defined, the rest undef. */
static void check_coords(const res_call *r, unsigned kind, unsigned first, unsigned max,
                         const unsigned *counts)
{
    unsigned n = table(counts, kind);
    for (unsigned i = 0; i < max; i++) {
        bool undef = undef_at(r, first + i);
        if (i < n && undef)
            fail(r, CHK_INSTR_RESOURCECOORDINATEMISS);
        else if (i >= n && !undef)
            fail(r, CHK_INSTR_RESOURCECOORDINATETOOMANY);
    }
}

static void check_offset_value(const res_call *r, LLVMValueRef v)
{
    if (r->c->sm >= DXIL_VERSION(6, 7))
        return;
    int64_t o = v && LLVMIsAConstantInt(v) ? LLVMConstIntGetSExtValue(v) : 100;
    if (o > 7 || o < -8)
        fail(r, CHK_INSTR_TEXTUREOFFSET);
}

static void check_offsets(const res_call *r, unsigned kind, unsigned first, unsigned count)
{
    unsigned n = table(num_offsets, kind);
    bool has = !undef_at(r, first);
    if (has)
        check_offset_value(r, arg(r, first));
    for (unsigned i = 1; i < count; i++) {
        bool undef = undef_at(r, first + i);
        if (i < n) {
            if (has && undef)
                fail(r, CHK_INSTR_RESOURCEOFFSETMISS);
            else if (has)
                check_offset_value(r, arg(r, first + i));
        } else if (!undef) {
            fail(r, CHK_INSTR_RESOURCEOFFSETTOOMANY);
        }
    }
}

/* 0 default, 1 comparison, -1 not a sampler. */
static int sampler_mode(const res_call *r, unsigned i)
{
    chk_res s = res_at(r, i);
    if (s.cls != CHK_RES_SAMPLER)
        return -1;
    return s.cmp_or_counter ? 1 : s.kind == RK_INVALID ? -1 : 0;
}

static bool sample_comp_ok(const res_call *r, unsigned ct, bool cmp)
{
    /* F32, SNormF32, UNormF32, F16, SNormF16, UNormF16 */
    if (ct == 9 || ct == 13 || ct == 14 || ct == 8 || ct == 11 || ct == 12)
        return true;
    /* I16, U16, I32, U32 from shader model 6.7, not for comparisons */
    return r->c->sm >= DXIL_VERSION(6, 7) && !cmp && ct >= 2 && ct <= 5;
}

static void check_sample(const res_call *r, bool cmp)
{
    int mode = sampler_mode(r, 2);
    if (!cmp && mode != 0)
        fail(r, CHK_INSTR_SAMPLERMODEFORSAMPLE);
    else if (cmp && mode != 1)
        fail(r, CHK_INSTR_SAMPLERMODEFORSAMPLEC);
    chk_res t = res_at(r, 1);
    bool structured = t.kind == RK_STRUCTUREDBUFFER;
    if (!sample_comp_ok(r, structured ? 0 : t.comp_type, cmp))
        fail(r, CHK_INSTR_SAMPLECOMPTYPE);
    if (t.cls != CHK_RES_SRV)
        fail(r, CHK_INSTR_RESOURCECLASSFORSAMPLERGATHER);
    chk_rule rule = cmp ? CHK_INSTR_RESOURCEKINDFORSAMPLEC : CHK_INSTR_RESOURCEKINDFORSAMPLE;
    switch (t.kind) {
    case RK_TEX1D: case RK_TEX1DARRAY: case RK_TEX2D: case RK_TEX2DARRAY: case RK_TEXCUBE:
    case RK_TEXCUBEARRAY:
        break;
    case RK_TEX3D:
        if (cmp)
            fail(r, rule);
        break;
    default:
        fail(r, rule);
        return;
    }
    check_coords(r, t.kind, 3, 4, num_coords);
    check_offsets(r, t.kind, 7, 3);
}

static void check_gather(const res_call *r, bool cmp)
{
    int mode = sampler_mode(r, 2);
    if (!cmp && mode != 0)
        fail(r, CHK_INSTR_SAMPLERMODEFORSAMPLE);
    else if (cmp && mode != 1)
        fail(r, CHK_INSTR_SAMPLERMODEFORSAMPLEC);
    chk_res t = res_at(r, 1);
    if (t.cls != CHK_RES_SRV) {
        fail(r, CHK_INSTR_RESOURCECLASSFORSAMPLERGATHER);
        return;
    }
    check_coords(r, t.kind, 3, 4, num_coords);
    switch (t.kind) {
    case RK_TEX2D: case RK_TEX2DARRAY:
        if (!undef_at(r, 7) && undef_at(r, 8))
            fail(r, CHK_INSTR_RESOURCEOFFSETMISS);
        break;
    case RK_TEXCUBE: case RK_TEXCUBEARRAY:
        if (!undef_at(r, 7))
            fail(r, CHK_INSTR_RESOURCEOFFSETTOOMANY);
        if (!undef_at(r, 8))
            fail(r, CHK_INSTR_RESOURCEOFFSETTOOMANY);
        break;
    default:
        fail(r, CHK_INSTR_RESOURCEKINDFORGATHER);
        break;
    }
}

static void check_bias(const res_call *r, unsigned at)
{
    LLVMValueRef b = arg(r, at);
    LLVMBool loses;
    if (!b || !LLVMIsAConstantFP(b))
        return;
    float f = (float)LLVMConstRealGetDouble(b, &loses);
    if (f < -16.0f || f > 15.99f) {
        char v[32];
        snprintf(v, sizeof v, "%f", (double)f);
        chk_fail(r->c, CHK_INSTR_IMMBIASFORSAMPLEB, r->call, "-16.000000", "15.990000", v, NULL);
    }
}

static void check_derivative_profile(const res_call *r)
{
    int sk = r->c->stage;
    if ((sk == DXIL_SHADER_MESH || sk == DXIL_SHADER_AMPLIFICATION ||
         sk == DXIL_SHADER_COMPUTE) && r->c->sm < DXIL_VERSION(6, 6))
        chk_fail(r->c, CHK_SM_OPCODEININVALIDFUNCTION, r->call, "Derivatives in CS/MS/AS",
                 "Shader Model 6.6+", NULL);
}

static void check_lod(const res_call *r)
{
    int mode = sampler_mode(r, 2);
    if (mode != 0 && (r->c->sm < DXIL_VERSION(6, 8) || mode != 1))
        fail(r, CHK_INSTR_SAMPLERMODEFORLOD);
    chk_res t = res_at(r, 1);
    if (t.cls != CHK_RES_SRV) {
        fail(r, CHK_INSTR_RESOURCECLASSFORSAMPLERGATHER);
        return;
    }
    check_coords(r, t.kind, 3, 3, num_lod_dims);
    if (!(t.kind >= RK_TEX1D && t.kind <= RK_TEXCUBEARRAY && t.kind != RK_TEX2DMS &&
          t.kind != RK_TEX2DMSARRAY))
        fail(r, CHK_INSTR_RESOURCEKINDFORCALCLOD);
    check_derivative_profile(r);
}

/* ---- GetDimensions ------------------------------------------------------------------ */

typedef struct dim_usage {
    bool c[4], status;
} dim_usage;

static void dim_collect(const res_call *r, LLVMValueRef v, dim_usage *u, unsigned depth)
{
    for (LLVMUseRef use = LLVMGetFirstUse(v); use && depth < 16; use = LLVMGetNextUse(use)) {
        LLVMValueRef user = LLVMGetUser(use);
        if (LLVMIsAExtractValueInst(user)) {
            const unsigned *idx = LLVMGetIndices(user);
            for (unsigned i = 0, n = LLVMGetNumIndices(user); i < n; i++) {
                if (idx[i] < 4)
                    u->c[idx[i]] = true;
                else if (idx[i] == 4)
                    u->status = true;
                else
                    chk_fail(r->c, CHK_INSTR_DXILSTRUCTUSEROUTOFBOUND, user, NULL);
            }
        } else if (LLVMIsAPHINode(user)) {
            dim_collect(r, user, u, depth + 1);
        } else {
            chk_fail(r->c, CHK_INSTR_DXILSTRUCTUSER, user, NULL);
        }
    }
}

static void dim_undef(const res_call *r, const char *comp, const char *what)
{
    chk_fail(r->c, CHK_INSTR_UNDEFRESULTFORGETDIMENSION, r->call, comp, what, NULL);
}

static void check_getdims(const res_call *r)
{
    static const char *const names[] = {"", "Texture1D", "Texture2D", "Texture2DMS", "", "TextureCube",
                                        "Texture1DArray"};
    chk_res t = res_at(r, 1);
    dim_usage u = {{false}, false};
    dim_collect(r, r->call, &u, 0);
    unsigned k = t.kind;
    switch (k) {
    case RK_TEX1D:
        if (u.c[1])
            dim_undef(r, "y", names[k]);
        if (u.c[2])
            dim_undef(r, "z", names[k]);
        break;
    case RK_TEX1DARRAY: case RK_TEX2D: case RK_TEX2DMS: case RK_TEXCUBE:
        if (u.c[2])
            dim_undef(r, "z", names[k]);
        break;
    case RK_TEX2DARRAY: case RK_TEX2DMSARRAY: case RK_TEX3D: case RK_TEXCUBEARRAY:
        break;
    case RK_STRUCTUREDBUFFER: case RK_RAWBUFFER: case RK_TYPEDBUFFER: case RK_TBUFFER:
        if (!undef_at(r, 2))
            fail(r, CHK_INSTR_MIPLEVELFORGETDIMENSION);
        if (u.c[1] || u.c[2] || u.c[3])
            dim_undef(r, "invalid", "resource");
        break;
    default:
        fail(r, CHK_INSTR_RESOURCEKINDFORGETDIM);
        break;
    }
    if (u.status)
        dim_undef(r, "invalid", "resource");
}

/* ---- loads and stores ------------------------------------------------------------------- */

static unsigned value_mask(const res_call *r, unsigned first)
{
    unsigned m = 0;
    for (unsigned i = 0; i < 4; i++)
        if (!undef_at(r, first + i))
            m |= 1u << i;
    return m;
}

/* The store mask: immediate, all four for typed stores, contiguous, and
 * what the values define. false when not immediate. */
static bool check_mask(const res_call *r, unsigned at, unsigned vals, bool typed,
                       const char *opname)
{
    LLVMValueRef m = arg(r, at);
    if (!m || !LLVMIsAConstantInt(m)) {
        chk_fail(r->c, CHK_INSTR_OPCONST, r->call, "Mask", opname, NULL);
        return false;
    }
    unsigned mask = (unsigned)LLVMConstIntGetZExtValue(m);
    if (typed && mask != 0xF)
        fail(r, CHK_INSTR_WRITEMASKFORTYPEDUAVSTORE);
    if (!(mask == 0xF || mask == 0x7 || mask == 0x3 || mask == 0x1))
        fail(r, CHK_INSTR_WRITEMASKGAPFORUAV);
    if (mask & ~vals) {
        fail(r, CHK_INSTR_UNDEFINEDVALUEFORUAVSTORE);
    } else if (mask != vals) {
        char a[16], b[16];
        snprintf(a, sizeof a, "%u", mask);
        snprintf(b, sizeof b, "%u", vals);
        chk_fail(r->c, CHK_INSTR_WRITEMASKMATCHVALUEFORUAVSTORE, r->call, a, b, NULL);
    }
    return true;
}

/* A buffer's second coordinate: undef for raw and typed, defined for
 * structured; other kinds are no buffer. */
static void check_buffer_offset(const res_call *r, unsigned kind, unsigned at, bool typed_ok)
{
    bool undef = undef_at(r, at);
    if (kind == RK_RAWBUFFER || (typed_ok && (kind == RK_TYPEDBUFFER || kind == RK_TBUFFER))) {
        if (!undef)
            fail(r, CHK_INSTR_COORDINATECOUNTFORRAWTYPEDBUF);
    } else if (kind == RK_STRUCTUREDBUFFER) {
        if (undef)
            fail(r, CHK_INSTR_COORDINATECOUNTFORSTRUCTBUF);
    } else {
        fail(r, CHK_INSTR_RESOURCEKINDFORBUFFERLOADSTORE);
    }
}

static void check_buffer_store(const res_call *r)
{
    chk_res t = res_at(r, 1);
    if (t.cls != CHK_RES_UAV)
        fail(r, CHK_INSTR_RESOURCECLASSFORUAVSTORE);
    bool typed = t.kind == RK_TYPEDBUFFER || t.kind == RK_TBUFFER;
    if (check_mask(r, 8, value_mask(r, 4), typed, "BufferStore"))
        check_buffer_offset(r, t.kind, 3, true);
}

static void check_texture_store(const res_call *r)
{
    chk_res t = res_at(r, 1);
    if (t.cls != CHK_RES_UAV)
        fail(r, CHK_INSTR_RESOURCECLASSFORUAVSTORE);
    if (!check_mask(r, 9, value_mask(r, 5), true, "TextureStore"))
        return;
    if (!(t.kind >= RK_TEX1D && t.kind <= RK_TEX2DMSARRAY && t.kind != RK_TEXCUBE))
        fail(r, CHK_INSTR_RESOURCEKINDFORTEXTURESTORE);
}

static void check_buffer_load(const res_call *r)
{
    chk_res t = res_at(r, 1);
    if (t.cls != CHK_RES_SRV && t.cls != CHK_RES_UAV)
        fail(r, CHK_INSTR_RESOURCECLASSFORLOAD);
    check_buffer_offset(r, t.kind, 3, true);
}

static void check_texture_load(const res_call *r)
{
    chk_res t = res_at(r, 1);
    bool mip = !undef_at(r, 2), ms = t.kind == RK_TEX2DMS || t.kind == RK_TEX2DMSARRAY;
    if (t.cls == CHK_RES_UAV) {
        if (!undef_at(r, 6) || !undef_at(r, 7) || !undef_at(r, 8))
            fail(r, CHK_INSTR_OFFSETONUAVLOAD);
        if (mip && !ms)
            fail(r, CHK_INSTR_MIPONUAVLOAD);
    } else if (t.cls != CHK_RES_SRV) {
        fail(r, CHK_INSTR_RESOURCECLASSFORLOAD);
    }
    switch (t.kind) {
    case RK_TEX1D: case RK_TEX1DARRAY: case RK_TEX2D: case RK_TEX2DARRAY: case RK_TEX3D: break;
    case RK_TEX2DMS: case RK_TEX2DMSARRAY:
        if (!mip)
            fail(r, CHK_INSTR_SAMPLEINDEXFORLOAD2DMS);
        break;
    default:
        fail(r, CHK_INSTR_RESOURCEKINDFORTEXTURELOAD);
        return;
    }
    check_offsets(r, t.kind, 6, 3);
}

static void check_cbuffer(const res_call *r, uint64_t scale)
{
    LLVMValueRef idx = arg(r, 2);
    if (!idx || !LLVMIsAConstantInt(idx))
        return;
    int64_t offset = (int32_t)(LLVMConstIntGetZExtValue(idx) * scale);
    chk_res t = res_at(r, 1);
    if (t.cls != CHK_RES_CBUFFER) {
        chk_fail(r->c, CHK_INSTR_CBUFFERCLASSFORCBUFFERHANDLE, arg(r, 1), NULL);
        return;
    }
    if ((int32_t)t.cbuffer_size > 0 && offset >= (int32_t)t.cbuffer_size)
        fail(r, CHK_INSTR_CBUFFEROUTOFBOUND);
}

/* The overload's size in bits: the function's result struct field or
 * the stored value. */
static unsigned raw_overload_bits(const res_call *r, bool store)
{
    LLVMTypeRef fty = LLVMGlobalGetValueType(LLVMGetCalledValue(r->call));
    LLVMTypeRef t = LLVMGetReturnType(fty);
    if (store) {
        LLVMValueRef v = arg(r, 4);
        t = v ? LLVMTypeOf(v) : NULL;
    } else if (LLVMGetTypeKind(t) == LLVMStructTypeKind && LLVMCountStructElementTypes(t)) {
        t = LLVMStructGetTypeAtIndex(t, 0);
    }
    return t ? (unsigned)chk_alloc_size(&r->e->dl, t) * 8 : 0;
}

static void check_raw(const res_call *r, bool store, bool vector)
{
    if (!vector && r->c->sm < DXIL_VERSION(6, 3) && raw_overload_bits(r, store) > 32)
        fail(r, CHK_SM_64BITRAWBUFFERLOADSTORE);
    if (store && !vector && !check_mask(r, 8, value_mask(r, 4), false, "RawBufferStore"))
        return;
    chk_res t = res_at(r, 1);
    if (store && t.cls != CHK_RES_UAV)
        fail(r, CHK_INSTR_RESOURCECLASSFORUAVSTORE);
    if (!store && t.cls != CHK_RES_SRV && t.cls != CHK_RES_UAV)
        fail(r, CHK_INSTR_RESOURCECLASSFORLOAD);
    if (store && vector && undef_at(r, 4))
        fail(r, CHK_INSTR_UNDEFINEDVALUEFORUAVSTORE);
    unsigned align = store ? (vector ? 5 : 9) : (vector ? 4 : 5);
    LLVMValueRef a = arg(r, align);
    if (!a || !LLVMIsAConstantInt(a))
        fail(r, CHK_INSTR_CONSTALIGNFORRAWBUF);
    check_buffer_offset(r, t.kind, 3, false);
}

static void check_counter(const res_call *r)
{
    chk_res t = res_at(r, 1);
    if (t.cls != CHK_RES_UAV)
        fail(r, CHK_INSTR_BUFFERUPDATECOUNTERONUAV);
    if (t.kind != RK_STRUCTUREDBUFFER)
        fail(r, CHK_SM_COUNTERONLYONSTRUCTBUF);
    if (!t.cmp_or_counter)
        fail(r, CHK_INSTR_BUFFERUPDATECOUNTERONRESHASCOUNTER);
    LLVMValueRef inc = arg(r, 2);
    uint64_t v;
    if (!inc || !LLVMIsAConstantInt(inc))
        chk_fail(r->c, CHK_INSTR_OPCONST, r->call, "inc", "BufferUpdateCounter", NULL);
    else if (const_u64(inc, &v) && !chk_res_counter_direction(r->e, &t, v == 1))
        fail(r, CHK_INSTR_ONLYONEALLOCCONSUME); /* DXC: outside libraries only */
}

static void check_fully_mapped(const res_call *r)
{
    LLVMValueRef s = arg(r, 1);
    if (!s || !LLVMIsAExtractValueInst(s)) {
        fail(r, CHK_INSTR_CHECKACCESSFULLYMAPPED);
        return;
    }
    LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(s, 0));
    const char *name = LLVMGetTypeKind(t) == LLVMStructTypeKind ? LLVMGetStructName(t) : NULL;
    unsigned n = name ? LLVMCountStructElementTypes(t) : 0;
    unsigned idx = LLVMGetNumIndices(s) ? LLVMGetIndices(s)[0] : 99;
    bool ok = LLVMGetNumIndices(s) == 1 && (idx == 4 || idx == 1) && name &&
              strncmp(name, "dx.types.ResRet.", 16) == 0 && idx == n - 1;
    if (!ok)
        fail(r, CHK_INSTR_CHECKACCESSFULLYMAPPED);
}

void chk_res_op(chk_ctx *c, chk_env *e, LLVMValueRef call, const dxil_op_info *op)
{
    res_call r = {c, e, call, op->opcode};
    switch (op->opcode) {
    case DXIL_OP_Sample: case DXIL_OP_SampleBias: case DXIL_OP_SampleGrad:
        if (op->opcode == DXIL_OP_SampleBias)
            check_bias(&r, 10);
        check_sample(&r, false);
        if (op->opcode != DXIL_OP_SampleGrad)
            check_derivative_profile(&r);
        break;
    case DXIL_OP_SampleLevel: check_sample(&r, false); break;
    case DXIL_OP_SampleCmp: case DXIL_OP_SampleCmpBias:
        if (op->opcode == DXIL_OP_SampleCmpBias)
            check_bias(&r, 11);
        check_sample(&r, true);
        check_derivative_profile(&r);
        break;
    case DXIL_OP_SampleCmpLevel: case DXIL_OP_SampleCmpLevelZero: case DXIL_OP_SampleCmpGrad:
        check_sample(&r, true);
        break;
    case DXIL_OP_TextureGather: check_gather(&r, false); break;
    case DXIL_OP_TextureGatherCmp: check_gather(&r, true); break;
    case DXIL_OP_CalculateLOD: check_lod(&r); break;
    case DXIL_OP_GetDimensions: check_getdims(&r); break;
    case DXIL_OP_CheckAccessFullyMapped: check_fully_mapped(&r); break;
    case DXIL_OP_BufferStore: check_buffer_store(&r); break;
    case DXIL_OP_TextureStore: check_texture_store(&r); break;
    case DXIL_OP_BufferLoad: check_buffer_load(&r); break;
    case DXIL_OP_TextureLoad: check_texture_load(&r); break;
    case DXIL_OP_CBufferLoad: check_cbuffer(&r, 1); break;
    case DXIL_OP_CBufferLoadLegacy: check_cbuffer(&r, 16); break;
    case DXIL_OP_RawBufferLoad: check_raw(&r, false, false); break;
    case DXIL_OP_RawBufferVectorLoad: check_raw(&r, false, true); break;
    case DXIL_OP_RawBufferStore: check_raw(&r, true, false); break;
    case DXIL_OP_RawBufferVectorStore: check_raw(&r, true, true); break;
    case DXIL_OP_BufferUpdateCounter: check_counter(&r); break;
    default:
        break;
    }
}
