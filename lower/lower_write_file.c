/* lower_write_file.c - writes a lowered module, its text with DXC's own
 * datalayout spelling (dxil_lower_write_file). */
#include "lower_internal.h"

#include "bitcode/datalayout.h"
#include "common/file_io.h"

#include <stdlib.h>
#include <string.h>

/* Swaps the text's datalayout line for the original spelling. */
static char *lower_swap_layout(const char *text, const char *layout)
{
    const char *key = "target datalayout = \"";
    const char *at = strstr(text, key);
    const char *end = at ? strchr(at + strlen(key), '"') : NULL;
    if (!end || !layout)
        return NULL;
    size_t head = (size_t)(at - text) + strlen(key), ll = strlen(layout);
    char *out = malloc(strlen(text) + ll + 1);
    if (!out)
        return NULL;
    memcpy(out, text, head);
    memcpy(out + head, layout, ll);
    strcpy(out + head + ll, end);
    return out;
}

int dxil_lower_write_file(dxil_module *m, const char *path, dxil_emit_format fmt,
                          dxil_diags *diags)
{
    if (fmt != DXIL_EMIT_LL)
        return dxil_module_write_file(m, path, fmt, diags);
    void *data;
    size_t size;
    if (dxil_module_write_memory(m, fmt, &data, &size, diags) != 0)
        return -1;
    /* The original may itself be normalised (a lowered module we wrote,
     * raised again): DXC's spelling is derived, not just copied. */
    char *dxc = m->original_datalayout ? datalayout_dxc_spelling(m->original_datalayout) : NULL;
    char *swapped = lower_swap_layout(data, dxc);
    free(dxc);
    const char *out = swapped ? swapped : data;
    int rc = file_write_atomic(path, out, strlen(out), diags);
    free(swapped);
    free(data);
    return rc;
}
