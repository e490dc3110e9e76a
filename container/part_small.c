/* part_small.c - the small fixed-layout parts: HASH (shader hash), VERS
 * (compiler version), ILDN (debug name), SRCI (embedded source info) and
 * the program header of DXIL/STAT/ILDB. */
#include "parts_internal.h"

#include <string.h>

void part_decode_hash(part_reader *r, dxil_decoded_part *out)
{
    out->u.hash.flags = pr_u32(r, 0, "Flags");
    if (pr_need(r, 4, 16, "Digest"))
        memcpy(out->u.hash.digest, r->p + 4, 16);
}

/* VERS: major, minor, flags, commit count, then a string list holding the
 * commit hash and the custom version string. */
void part_decode_vers(part_reader *r, dxil_decoded_part *out)
{
    dxil_vers *v = &out->u.vers;
    v->major = pr_u16(r, 0, "Major");
    v->minor = pr_u16(r, 2, "Minor");
    v->flags = pr_u32(r, 4, "VersionFlags");
    v->commit_count = pr_u32(r, 8, "CommitCount");
    uint32_t list = pr_u32(r, 12, "VersionStringListSizeInBytes");
    v->commit = v->version_string = "";
    if (r->failed || list == 0 || !pr_need(r, 16, list, "version string list"))
        return;
    uint64_t end = 16ull + list;
    v->commit = pr_str(r, 16, end, "commit hash string");
    uint64_t next = 16ull + strlen(v->commit) + 1;
    if (!r->failed && next < end && r->p[next] != 0)
        v->version_string = pr_str(r, next, end, "version string");
}

/* ILDN: flags, name length, then the name and its NUL. */
void part_decode_ildn(part_reader *r, dxil_decoded_part *out)
{
    out->u.ildn.flags = pr_u16(r, 0, "Flags");
    uint16_t len = pr_u16(r, 2, "NameLength");
    out->u.ildn.name = "";
    if (r->failed || !pr_need(r, 4, (uint64_t)len + 1, "Name"))
        return;
    if (r->p[4 + len] != 0) {
        pr_fail(r, 4u + len, "Name is not NUL-terminated at NameLength %u", len);
        return;
    }
    out->u.ildn.name = pr_bytes(r, 4, len, "Name");
}

/* SRCI: total size, flags, section count; each section starts with its
 * aligned size, flags and type and the next follows after that size. */
void part_decode_srci(part_reader *r, dxil_decoded_part *out)
{
    dxil_srci *s = &out->u.srci;
    s->size = pr_u32(r, 0, "AlignedSizeInBytes");
    s->flags = pr_u16(r, 4, "Flags");
    s->section_count = pr_u16(r, 6, "SectionCount");
    if (r->failed)
        return;
    s->sections = pr_array(r, 8, s->section_count, 8, sizeof *s->sections, "section headers");
    uint64_t at = 8;
    for (uint32_t i = 0; s->sections && i < s->section_count && !r->failed; i++) {
        dxil_srci_section *sec = &s->sections[i];
        sec->size = pr_u32(r, at, "section AlignedSizeInBytes");
        sec->flags = pr_u16(r, at + 4, "section Flags");
        sec->type = pr_u16(r, at + 6, "section Type");
        if (!r->failed && (sec->size < 8 || sec->size > r->size - at))
            pr_fail(r, at, "section %u size %u is smaller than its header or runs past the part",
                    i, sec->size);
        at += sec->size;
    }
}

void part_decode_program(part_reader *r, dxil_decoded_part *out)
{
    /* The container reader's own check, with its own diagnostics. */
    if (dxil_program_header_parse(r->file, r->file_size, r->part, &out->u.program, r->diags) != 0)
        r->failed = true;
}
