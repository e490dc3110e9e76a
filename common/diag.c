/* diag.c - the caller-owned diagnostics list (see dxil_diag.h). */
#include "dxil-upgrade/dxil_diag.h"
#include "grow.h"

#include <stdlib.h>
#include <string.h>

struct dxil_diags {
    dxil_diag *items;
    size_t count;
    size_t cap;
    size_t errors;
};

dxil_diags *dxil_diags_create(void)
{
    return calloc(1, sizeof(dxil_diags));
}

void dxil_diags_clear(dxil_diags *diags)
{
    if (!diags)
        return;
    for (size_t i = 0; i < diags->count; i++)
        free((char *)diags->items[i].message);
    diags->count = 0;
    diags->errors = 0;
}

void dxil_diags_destroy(dxil_diags *diags)
{
    if (!diags)
        return;
    dxil_diags_clear(diags);
    free(diags->items);
    free(diags);
}

size_t dxil_diags_count(const dxil_diags *diags)
{
    return diags ? diags->count : 0;
}

size_t dxil_diags_error_count(const dxil_diags *diags)
{
    return diags ? diags->errors : 0;
}

const dxil_diag *dxil_diags_get(const dxil_diags *diags, size_t index)
{
    if (!diags || index >= diags->count)
        return NULL;
    return &diags->items[index];
}

static char *diag_vformat(const char *fmt, va_list ap)
{
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    if (n < 0)
        return NULL;
    char *s = malloc((size_t)n + 1);
    if (s)
        vsnprintf(s, (size_t)n + 1, fmt, ap);
    return s;
}

void dxil_diags_addv(dxil_diags *diags, dxil_severity sev, int code,
                     dxil_loc_kind loc, uint64_t offset, const char *fmt, va_list ap)
{
    if (!diags)
        return;
    dxil_diag *items = grow_array(diags->items, &diags->cap, diags->count, sizeof *items, 8);
    if (!items)
        return; /* out of memory: drop the message rather than abort */
    diags->items = items;
    char *msg = diag_vformat(fmt, ap);
    if (!msg)
        return;
    diags->items[diags->count++] = (dxil_diag){code, sev, loc, offset, msg};
    if (sev == DXIL_SEV_ERROR)
        diags->errors++;
}

void dxil_diags_add(dxil_diags *diags, dxil_severity sev, int code,
                    dxil_loc_kind loc, uint64_t offset, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    dxil_diags_addv(diags, sev, code, loc, offset, fmt, ap);
    va_end(ap);
}

static const char *const diag_sev_names[] = {"note", "warning", "error"};

/* "file[:line]: error: message [DXIL1002 at byte 0x18]": the leading
 * "file: severity: message" is the shape editors and CI log parsers match
 * (GCC's, LLVM's); the code and any byte/bit position stay in the brackets. */
int dxil_diag_format(const dxil_diag *d, const char *filename, char *buf, size_t size)
{
    char line[32] = "", where[64] = "";
    unsigned long long off = (unsigned long long)d->offset;
    if (d->loc_kind == DXIL_LOC_BYTE)
        snprintf(where, sizeof where, " at byte 0x%llx", off);
    else if (d->loc_kind == DXIL_LOC_BIT)
        snprintf(where, sizeof where, " at bit %llu (byte 0x%llx)", off, off / 8);
    else if (d->loc_kind == DXIL_LOC_LINE)
        snprintf(line, sizeof line, ":%llu", off);
    unsigned sev = d->severity <= DXIL_SEV_ERROR ? (unsigned)d->severity : 2u;
    return snprintf(buf, size, "%s%s: %s: %s [DXIL%04d%s]", filename ? filename : "<input>", line,
                    diag_sev_names[sev], d->message, d->code, where);
}

void dxil_diags_print(const dxil_diags *diags, FILE *out, const char *filename)
{
    for (size_t i = 0; i < dxil_diags_count(diags); i++) {
        const dxil_diag *d = &diags->items[i];
        int n = dxil_diag_format(d, filename, NULL, 0);
        if (n < 0)
            continue;
        char *line = malloc((size_t)n + 1);
        if (!line)
            continue;
        dxil_diag_format(d, filename, line, (size_t)n + 1);
        fprintf(out, "%s\n", line);
        free(line);
    }
}
