/* spec_reader.c - op spec XML -> dxil_op_info records (see spec_reader.h).
 *
 * Three passes: libxml2 parses (well-formedness errors keep their line),
 * the RelaxNG schema checks structure (both spec_xml.c), then spec_ops.c
 * and spec_maps.c check the values (type codes, overload letters,
 * versions, stages, mappings, duplicates). Records are allocated from an
 * arena (spec_arena.c) owned by the returned spec_doc.
 */
#include "spec_reader.h"
#include "spec_arena.h"
#include "spec_ops.h"
#include "spec_xml.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>

/* ---- entry points -------------------------------------------------------- */

/* Reads a whole file; NULL (with a DXIL_E_IO error) when it cannot. */
static void *spec_read_file(spec_ctx *c, const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t n = 0, cap = 0, got = 1;
    while (f && got) {
        if (n == cap) {
            char *bigger = realloc(buf, cap = cap ? cap * 2 : 65536);
            if (!bigger)
                break;
            buf = bigger;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
    }
    bool ok = f && got == 0 && !ferror(f);
    int err = errno;
    if (f)
        fclose(f);
    if (!ok) {
        free(buf);
        dxil_diags_add(c->diags, DXIL_SEV_ERROR, DXIL_E_IO, DXIL_LOC_NONE, 0, "cannot read %s: %s", path,
                       strerror(err));
        c->errors++;
        return NULL;
    }
    *len = n;
    return buf;
}

spec_doc *spec_doc_read(const char *path, const void *buf, size_t len, const char *name,
                          const spec_read_options *opt, dxil_diags *diags)
{
    spec_doc *spec = calloc(1, sizeof *spec);
    if (spec)
        spec->arena = spec_arena_create();
    if (!spec || !spec->arena) {
        spec_doc_free(spec);
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_SPEC, DXIL_LOC_NONE, 0, "out of memory");
        return NULL;
    }
    spec_ctx c = {spec, diags, opt, 0, false, 0, NULL};
    void *owned = path ? spec_read_file(&c, path, &len) : NULL;
    const void *text = path ? owned : buf;
    xmlDocPtr doc = text ? spec_parse_xml(&c, text, len, path ? path : name) : NULL;
    free(owned);
    if (doc && spec_validate(&c, doc))
        spec_walk(&c, xmlDocGetRootElement(doc));
    if (doc)
        xmlFreeDoc(doc);
    if (c.errors) {
        spec_doc_free(spec);
        return NULL;
    }
    return spec;
}

void spec_doc_free(spec_doc *spec)
{
    if (!spec)
        return;
    free(spec->ops);
    spec_arena_free(spec->arena);
    free(spec);
}
