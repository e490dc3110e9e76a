/* datalayout.c - datalayout string normalisation and the textual-IR fix. */
#include "datalayout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Appends one rewritten '-'-separated specification to out. */
static void dl_rewrite_spec(const char *spec, size_t n, char *out, size_t *pos, bool *changed)
{
    char buf[128];
    bool candidate = (n > 3 && memcmp(spec, "i8:", 3) == 0) || (n > 2 && memcmp(spec, "f:", 2) == 0);
    if (!candidate || n >= sizeof buf) { /* kept as is (nothing legitimate is this long) */
        memcpy(out + *pos, spec, n);
        *pos += n;
        return;
    }
    memcpy(buf, spec, n);
    buf[n] = '\0';
    unsigned abi = 0, pref = 0;
    int used = 0;
    /* LLVM 22 requires i8's ABI alignment to be 8; keep the old value as
     * the preferred alignment. */
    if (sscanf(buf, "i8:%u%n", &abi, &used) == 1 && (size_t)used == n && abi != 8) {
        *pos += (size_t)sprintf(out + *pos, "i8:8:%u", abi);
        *changed = true;
        return;
    }
    if (sscanf(buf, "i8:%u:%u%n", &abi, &pref, &used) == 2 && (size_t)used == n && abi != 8) {
        *pos += (size_t)sprintf(out + *pos, "i8:8:%u", pref > abi ? pref : abi);
        *changed = true;
        return;
    }
    /* 2018-era DXC wrote "f:64:64" (size missing after the letter). */
    if (sscanf(buf, "f:%u:%u%n", &abi, &pref, &used) == 2 && (size_t)used == n) {
        *pos += (size_t)sprintf(out + *pos, "f%u:%u", abi, pref);
        *changed = true;
        return;
    }
    memcpy(out + *pos, spec, n);
    *pos += n;
}

typedef void (*dl_spec_fn)(const char *spec, size_t n, char *out, size_t *pos, bool *changed);

/* Rewrites each '-'-separated specification of layout[0..len) with fn
 * into a new string of at most cap bytes. */
static char *dl_each_spec(const char *layout, size_t len, size_t cap, dl_spec_fn fn, bool *changed)
{
    char *out = malloc(cap);
    if (!out)
        return NULL;
    size_t pos = 0;
    *changed = false;
    for (size_t start = 0; start <= len;) {
        const char *dash = memchr(layout + start, '-', len - start);
        size_t end = dash ? (size_t)(dash - layout) : len;
        fn(layout + start, end - start, out, &pos, changed);
        if (!dash)
            break;
        out[pos++] = '-';
        start = end + 1;
    }
    out[pos] = '\0';
    return out;
}

char *datalayout_normalise(const char *layout, size_t len, bool *changed)
{
    /* Each rewrite grows a spec by at most 2 characters. */
    return dl_each_spec(layout, len, len * 2 + 16, dl_rewrite_spec, changed);
}

/* Appends one spec in DXC's spelling: "i8:8:N" (N > 8) becomes "i8:N". */
static void dl_dxc_spec(const char *spec, size_t n, char *out, size_t *pos, bool *changed)
{
    char buf[32];
    unsigned abi = 0, pref = 0;
    int used = 0;
    if (n < sizeof buf) {
        memcpy(buf, spec, n);
        buf[n] = '\0';
        if (sscanf(buf, "i8:%u:%u%n", &abi, &pref, &used) == 2 && (size_t)used == n &&
            abi == 8 && pref > 8) {
            *pos += (size_t)sprintf(out + *pos, "i8:%u", pref);
            *changed = true;
            return;
        }
    }
    memcpy(out + *pos, spec, n);
    *pos += n;
}

char *datalayout_dxc_spelling(const char *layout)
{
    bool changed;
    size_t len = strlen(layout);
    return dl_each_spec(layout, len, len + 1, dl_dxc_spec, &changed); /* never grows */
}

static const char dl_text_key[] = "target datalayout";

/* Finds `target datalayout = "` at the start of a line; returns the offset
 * of the opening quote's successor or -1. */
static long dl_text_find(const char *text, size_t len)
{
    size_t klen = sizeof dl_text_key - 1;
    for (size_t i = 0; i + klen < len; i++) {
        if ((i == 0 || text[i - 1] == '\n') && memcmp(text + i, dl_text_key, klen) == 0) {
            size_t j = i + klen;
            while (j < len && (text[j] == ' ' || text[j] == '\t' || text[j] == '='))
                j++;
            if (j < len && text[j] == '"')
                return (long)(j + 1);
        }
    }
    return -1;
}

int text_fix_datalayout(const char *text, size_t len, char **out, size_t *out_len,
                             char **original, dxil_diags *diags)
{
    *out = NULL;
    *original = NULL;
    long start = dl_text_find(text, len);
    if (start < 0)
        return 0;
    const char *close = memchr(text + start, '"', len - (size_t)start);
    if (!close) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_DATALAYOUT, DXIL_LOC_BYTE, (uint64_t)start,
                       "unterminated target datalayout string");
        return -1;
    }
    size_t dl_len = (size_t)(close - (text + start));
    bool changed;
    char *fixed = datalayout_normalise(text + start, dl_len, &changed);
    *original = strndup(text + start, dl_len);
    if (!fixed || !*original) {
        free(fixed);
        free(*original);
        *original = NULL;
        return -1;
    }
    if (changed) {
        size_t fl = strlen(fixed), tail = len - (size_t)start - dl_len;
        *out_len = (size_t)start + fl + tail;
        *out = malloc(*out_len + 1);
        if (*out) {
            memcpy(*out, text, (size_t)start);
            memcpy(*out + start, fixed, fl);
            memcpy(*out + start + fl, close, tail);
            (*out)[*out_len] = '\0';
        }
    }
    free(fixed);
    return (changed && !*out) ? -1 : 0;
}
