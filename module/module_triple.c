/* module_triple.c - target triple components (module_triple.h). */
#include "module_triple.h"

#include <string.h>

/* Copies [s, s + n) into dst (cap bytes); -1 when it does not fit. */
static int triple_copy(char *dst, size_t cap, const char *s, size_t n)
{
    if (n >= cap)
        return -1;
    memcpy(dst, s, n);
    dst[n] = '\0';
    return 0;
}

int triple_split(const char *triple, triple_parts *out)
{
    memset(out, 0, sizeof *out);
    if (!triple)
        return -1;
    char *fields[4] = {out->arch, out->vendor, out->os, out->env};
    const char *p = triple;
    for (int i = 0; i < 4 && *p; i++) {
        /* the last component keeps any further dashes */
        size_t n = i == 3 ? strlen(p) : strcspn(p, "-");
        if (triple_copy(fields[i], sizeof out->arch, p, n) != 0)
            return -1;
        p += n;
        if (*p == '-')
            p++;
    }
    return 0;
}

/* "name" alone or "name" followed by a version ("1.3"). */
static bool triple_is_versioned(const char *s, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(s, name, n) != 0)
        return false;
    s += n;
    return *s == '\0' || (*s >= '0' && *s <= '9');
}

bool triple_is_vulkan_spirv(const char *triple)
{
    triple_parts t;
    if (triple_split(triple, &t) != 0)
        return false;
    bool arch = strcmp(t.arch, "spirv") == 0 || strncmp(t.arch, "spirv1.", 7) == 0;
    return arch && triple_is_versioned(t.os, "vulkan");
}
