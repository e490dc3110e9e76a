/* parts_text.c - dxil_parts_print: the decoded parts as commented text in
 * the shape `dxc -dumpbin` users know (signature tables, resource
 * bindings, root signature). */
#include "parts_internal.h"

#include <inttypes.h>

static void text_digest(FILE *out, const uint8_t d[16])
{
    for (int i = 0; i < 16; i++)
        fprintf(out, "%02x", d[i]);
}

static void text_mask(FILE *out, uint32_t mask, int width)
{
    char s[5];
    int n = 0;
    for (int i = 0; i < 4; i++)
        if (mask & (1u << i))
            s[n++] = "xyzw"[i];
    s[n] = '\0';
    fprintf(out, "%*s", width, s);
}

static void text_sfi0(const dxil_decoded_part *d, FILE *out)
{
    uint64_t f = d->u.sfi0.flags;
    fprintf(out, "; Feature flags: 0x%016" PRIx64 "\n", f);
    for (unsigned bit = 0; bit < 64; bit++)
        if (f & (1ull << bit)) {
            const char *name = dxil_sfi0_flag_name(bit);
            if (name)
                fprintf(out, ";       %s\n", name);
            else
                fprintf(out, ";       (unnamed bit %u)\n", bit);
        }
}

static void text_sig(const dxil_decoded_part *d, FILE *out)
{
    const dxil_signature *s = &d->u.sig;
    bool output = d->part.name[0] != 'I';
    fprintf(out, "; %s signature:\n;\n", d->part.name[0] == 'I'   ? "Input"
                                         : d->part.name[0] == 'O' ? "Output"
                                                                  : "Patch constant/primitive");
    fprintf(out, "; Name                 Index   Mask Register SysValue  Format   Used Stream\n");
    fprintf(out, "; -------------------- ----- ------ -------- -------- ------- ------ ------\n");
    if (s->count == 0)
        fprintf(out, "; no parameters\n");
    for (uint32_t i = 0; i < s->count; i++) {
        const dxil_sig_element *e = &s->elements[i];
        fprintf(out, "; %-20s %5u ", e->semantic, e->semantic_index);
        text_mask(out, e->mask, 6);
        fprintf(out, " %8u %8s %7s ", e->reg, PARTS_NAME(parts_sysvalue_names, e->system_value),
                PARTS_NAME(parts_comptype_names, e->component_type));
        text_mask(out, output ? (e->mask & ~e->rw_mask) : e->rw_mask, 6);
        fprintf(out, " %6u", e->stream);
        if (e->min_precision)
            fprintf(out, " min-precision %u", e->min_precision);
        fputc('\n', out);
    }
}

static void text_hash(const dxil_decoded_part *d, FILE *out)
{
    fprintf(out, "; shader hash: ");
    text_digest(out, d->u.hash.digest);
    fprintf(out, "%s\n", d->u.hash.flags & 1 ? " (includes source)" : "");
}

static void text_vers(const dxil_decoded_part *d, FILE *out)
{
    const dxil_vers *v = &d->u.vers;
    fprintf(out, "; Compiler version: %u.%u, flags 0x%x, commits %u, commit '%s', version '%s'\n",
            v->major, v->minor, v->flags, v->commit_count, v->commit, v->version_string);
}

static void text_ildn(const dxil_decoded_part *d, FILE *out)
{
    fprintf(out, "; Debug name: %s (flags 0x%x)\n", d->u.ildn.name, d->u.ildn.flags);
}

static void text_program(const dxil_decoded_part *d, FILE *out)
{
    const dxil_program_header *h = &d->u.program;
    const char *kind = dxil_shader_kind_short_name(h->shader_kind);
    fprintf(out, "; Program: %s_%u_%u, DXIL %u.%u, %u dwords, bitcode at +0x%x, %u bytes\n",
            kind ? kind : "?", h->sm_major, h->sm_minor, h->dxil_major, h->dxil_minor,
            h->size_in_dwords, h->bitcode_offset, h->bitcode_size);
}

static void text_srci(const dxil_decoded_part *d, FILE *out)
{
    const dxil_srci *s = &d->u.srci;
    static const char *const types[] = {"contents", "names", "args"};
    fprintf(out, "; Source info: %u bytes, flags 0x%x, %u sections\n", s->size, s->flags,
            s->section_count);
    for (uint32_t i = 0; i < s->section_count && s->sections; i++)
        fprintf(out, ";   section %u: %s, %u bytes\n", i, PARTS_NAME(types, s->sections[i].type),
                s->sections[i].size);
}

static void text_unknown(const dxil_decoded_part *d, FILE *out)
{
    fprintf(out, "; (not decoded)");
    for (uint32_t i = 0; i < d->part.size && i < 64; i++)
        fprintf(out, "%s%02x", i % 16 ? " " : "\n;   ", d->bytes[i]);
    fprintf(out, "%s\n", d->part.size > 64 ? " ..." : "");
}

typedef void (*text_fn)(const dxil_decoded_part *d, FILE *out);

static const text_fn text_by_kind[] = {
    [DXIL_PART_UNKNOWN] = text_unknown, [DXIL_PART_SFI0] = text_sfi0,
    [DXIL_PART_SIGNATURE] = text_sig,   [DXIL_PART_PSV0] = parts_text_psv0,
    [DXIL_PART_RTS0] = parts_text_rts0, [DXIL_PART_HASH] = text_hash,
    [DXIL_PART_VERS] = text_vers,       [DXIL_PART_ILDN] = text_ildn,
    [DXIL_PART_RDAT] = parts_text_rdat, [DXIL_PART_PROGRAM] = text_program,
    [DXIL_PART_SRCI] = text_srci};

void dxil_parts_print(const dxil_parts *p, FILE *out)
{
    fprintf(out, "; DXContainer %u.%u, %u bytes, %u parts\n", p->container.version_major,
            p->container.version_minor, p->container.file_size, p->count);
    fprintf(out, "; container hash: %s, stored ", dxil_hash_status_name(p->hash.status));
    text_digest(out, p->hash.stored);
    fprintf(out, ", computed ");
    text_digest(out, p->hash.computed);
    fprintf(out, "\n");
    for (uint32_t i = 0; i < p->count; i++) {
        const dxil_decoded_part *d = &p->parts[i];
        fprintf(out, ";\n; part %u: %s at 0x%x, %u bytes%s\n", i, d->part.name, d->part.offset,
                d->part.size, d->ok ? "" : " (malformed)");
        if (d->ok)
            text_by_kind[d->kind](d, out);
    }
}
