/* chk_container_parts.c - the container's parts against the module, as
 * DXC's ValidateDxilContainerParts walks them:
 *
 * - each FourCC once (Container.PartRepeated), each known to DXC and
 *   fit for the module's kind (Container.PartInvalid: signatures, PSV0
 *   and the root signature in a library, RDAT or a compiler version part
 *   outside one, a HASH part not 20 bytes, a malformed VERS part, an
 *   unknown FourCC);
 * - ISG1, OSG1 and PSG1 byte for byte against the parts DXC's writer
 *   would build from the module, rebuilt here (chk_sig_part.c), not by
 *   this project's writer, whose bugs would hide themselves; SFI0 byte
 *   for byte against the part the writer derives (dxil_write_part_data),
 *   as DXC compares them with its own writer's (Container.PartMatches); a
 *   patch constant signature outside hull, domain and mesh shaders never
 *   matches;
 * - PSV0 field by field (chk_container_psv.c);
 * - the DXIL and ILDB program headers' shader model against
 *   dx.shaderModel (Sm.ProgramVersion; DXC looks at no part after it);
 * - the parts the module needs (Container.PartMissing): RDAT for a
 *   library; both signatures, SFI0 and PSV0 otherwise, and the patch
 *   constant or primitive signature when the entry has one.
 *
 * Not compared: RDAT's contents (this project does not build RDAT; DXC
 * rebuilds it and compares the bytes) and the root signature against
 * the shader (Container.RootSignatureIncompatible). */
#include "chk_container.h"
#include "chk_facts.h"
#include "families.h"

#include "dxil-upgrade/dxil_abi.h"
#include "dxil-upgrade/dxil_write.h"
#include "module/md_util.h"

#include <stdlib.h>
#include <string.h>

static bool is(const dxil_decoded_part *d, const char *fourcc)
{
    return memcmp(d->part.name, fourcc, 4) == 0;
}

static bool tess_or_mesh(int stage)
{
    return stage == DXIL_SHADER_HULL || stage == DXIL_SHADER_DOMAIN || stage == DXIL_SHADER_MESH;
}

/* DXC's name for a part in its messages. */
static const char *part_title(chk_ctx *c, const char *fourcc)
{
    static const struct {
        const char *fourcc, *title;
    } titles[] = {{"ISG1", "Program Input Signature"},
                  {"OSG1", "Program Output Signature"},
                  {"PSG1", "Program Patch Constant Signature"},
                  {"SFI0", "Feature Info"},
                  {"PSV0", "Pipeline State Validation"},
                  {"RDAT", "Runtime Data (RDAT)"}};
    if (!strcmp(fourcc, "PSG1") && c->stage == DXIL_SHADER_MESH)
        return "Program Primitive Signature";
    for (size_t i = 0; i < sizeof titles / sizeof *titles; i++)
        if (!strcmp(titles[i].fourcc, fourcc))
            return titles[i].title;
    return fourcc;
}

/* VerifyBlobPartMatches against the writer's part (data NULL: absent). */
static void blob_matches(chk_ctx *c, const char *fourcc, const uint8_t *data, uint32_t size)
{
    dxil_diags *scratch = dxil_diags_create();
    uint8_t *want = NULL;
    size_t want_size = 0;
    int rc = scratch ? dxil_write_part_data(c->mod, fourcc, NULL, &want, &want_size, scratch) : -1;
    dxil_diags_destroy(scratch);
    if (rc != 0) {
        /* The writer cannot derive it: the metadata rules say why. */
        return;
    }
    const char *title = part_title(c, fourcc);
    if (!data && want_size)
        chk_fail(c, CHK_CONTAINER_PARTMISSING, NULL, title, NULL);
    else if (want_size != size || (size && memcmp(want, data, size) != 0))
        chk_fail(c, CHK_CONTAINER_PARTMATCHES, NULL, title, NULL);
    free(want);
}

/* The entry list a signature part holds: 0 ISG1, 1 OSG1, 2 PSG1. */
static unsigned sig_list(const char *fourcc)
{
    return fourcc[0] == 'I' ? 0 : fourcc[0] == 'O' ? 1 : 2;
}

/* ValidateCompilerVersionPart: header, then one or two NUL-terminated
 * strings, padded with NULs to 4 bytes. */
static bool vers_ok(const uint8_t *p, uint32_t size)
{
    if (size < 16)
        return false;
    uint32_t len = cpsv_u32(p + 12);
    if (len == 0)
        return size == 16;
    if (((16ull + len + 3) & ~3ull) != size)
        return false;
    const char *s = (const char *)p + 16;
    for (uint32_t i = len; i < size - 16; i++)
        if (s[i] != '\0')
            return false;
    if (s[len - 1] != '\0')
        return false;
    size_t first = strlen(s);
    if (len > first + 1)
        return len == first + strlen(s + first + 1) + 2;
    return len == first + 1;
}

static bool seen_before(const dxil_parts *p, uint32_t i)
{
    for (uint32_t j = 0; j < i; j++)
        if (p->parts[j].part.fourcc == p->parts[i].part.fourcc)
            return true;
    return false;
}

/* A program header's model against dx.shaderModel; false stops the walk. */
static bool program_version(chk_ctx *c, const dxil_decoded_part *d)
{
    if (d->kind != DXIL_PART_PROGRAM || !d->ok)
        return true;
    unsigned major = d->u.program.sm_major & 0xF, minor = d->u.program.sm_minor & 0xF;
    unsigned want_major = DXIL_VERSION_MAJOR(c->sm), want_minor = DXIL_VERSION_MINOR(c->sm);
    if (major == want_major && minor == want_minor)
        return true;
    char a[8], b[8], x[8], y[8];
    chk_fail(c, CHK_SM_PROGRAMVERSION, NULL, chk_u64(a, sizeof a, major),
             chk_u64(b, sizeof b, minor), chk_u64(x, sizeof x, want_major),
             chk_u64(y, sizeof y, want_minor), NULL);
    return false;
}

/* One part; false when DXC stops looking at the container. */
static bool one_part(chk_ctx *c, const dxil_decoded_part *d)
{
    bool lib = c->stage == DXIL_SHADER_LIBRARY;
    const char *name = d->part.name;
    if (is(d, "ISG1") || is(d, "OSG1") || is(d, "PSG1")) {
        if (lib)
            chk_fail(c, CHK_CONTAINER_PARTINVALID, NULL, name, NULL);
        else if (is(d, "PSG1") && !tess_or_mesh(c->stage))
            chk_fail(c, CHK_CONTAINER_PARTMATCHES, NULL, "Program Patch Constant Signature", NULL);
        else
            chk_sig_part(c, sig_list(d->part.name), part_title(c, name), d->bytes, d->part.size);
    } else if (is(d, "SFI0")) {
        blob_matches(c, name, d->bytes, d->part.size);
    } else if (is(d, "VERS")) {
        if (!lib || !vers_ok(d->bytes, d->part.size))
            chk_fail(c, CHK_CONTAINER_PARTINVALID, NULL, name, NULL);
    } else if (is(d, "RTS0")) {
        if (lib)
            chk_fail(c, CHK_CONTAINER_PARTINVALID, NULL, name, NULL);
    } else if (is(d, "PSV0")) {
        if (lib)
            chk_fail(c, CHK_CONTAINER_PARTINVALID, NULL, name, NULL);
        else
            chk_container_psv(c, d->bytes, d->part.size);
    } else if (is(d, "RDEF") || is(d, "STAT") || is(d, "PRIV") || is(d, "ILDN")) {
        /* DXC skips them. */
    } else if (is(d, "DXIL") || is(d, "ILDB")) {
        return program_version(c, d);
    } else if (is(d, "HASH")) {
        if (d->part.size != 20)
            chk_fail(c, CHK_CONTAINER_PARTINVALID, NULL, name, NULL);
    } else if (is(d, "RDAT")) {
        if (!lib)
            chk_fail(c, CHK_CONTAINER_PARTINVALID, NULL, name, NULL);
        else if (!d->ok)
            chk_fail(c, CHK_CONTAINER_PARTMATCHES, NULL, "Runtime Data (RDAT)", NULL);
    } else {
        chk_fail(c, CHK_CONTAINER_PARTINVALID, NULL, name, NULL);
    }
    return true;
}

static const dxil_decoded_part *find(const dxil_parts *p, const char *fourcc)
{
    for (uint32_t i = 0; i < p->count; i++)
        if (is(&p->parts[i], fourcc))
            return &p->parts[i];
    return NULL;
}

/* The parts the module needs that are absent. */
static void required(chk_ctx *c)
{
    const dxil_parts *p = c->parts;
    if (c->stage == DXIL_SHADER_LIBRARY) {
        if (!find(p, "RDAT"))
            chk_fail(c, CHK_CONTAINER_PARTMISSING, NULL, "Runtime Data (RDAT)", NULL);
        return;
    }
    if (!find(p, "ISG1"))
        chk_sig_part(c, 0, part_title(c, "ISG1"), NULL, 0);
    if (!find(p, "OSG1"))
        chk_sig_part(c, 1, part_title(c, "OSG1"), NULL, 0);
    const mf_module *mf = chk_mf(c);
    LLVMValueRef pc = mf && mf->nentries ? mf->entries[0].sigs[2] : NULL;
    if (tess_or_mesh(c->stage) && !find(p, "PSG1") && md_num_operands(pc))
        chk_fail(c, CHK_CONTAINER_PARTMISSING, NULL, part_title(c, "PSG1"), NULL);
    if (!find(p, "SFI0"))
        chk_fail(c, CHK_CONTAINER_PARTMISSING, NULL, "Feature Info", NULL);
    if (!find(p, "PSV0"))
        chk_fail(c, CHK_CONTAINER_PARTMISSING, NULL, "Pipeline State Validation", NULL);
}

int chk_container_parts(chk_ctx *c)
{
    const dxil_parts *p = c->parts;
    if (!p || c->stage < 0)
        return 0;
    for (uint32_t i = 0; i < p->count && !c->stopped; i++) {
        if (seen_before(p, i)) {
            chk_fail(c, CHK_CONTAINER_PARTREPEATED, NULL, p->parts[i].part.name, NULL);
            continue;
        }
        if (!one_part(c, &p->parts[i]))
            return 0;
    }
    required(c);
    return 0;
}
