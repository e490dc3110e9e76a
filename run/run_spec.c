/* run_spec.c - the text forms of binds, shifts and format overrides
 * (dxil-run's --bind, --vk-*-shift and --texel-format values). */
#include "run.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* A decimal uint32 at *s (no sign, no leading blanks); advances *s. */
static bool spec_u32(const char **s, uint32_t *out)
{
    const char *p = *s;
    uint64_t v = 0;
    if (!isdigit((unsigned char)*p))
        return false;
    while (isdigit((unsigned char)*p)) {
        v = v * 10 + (uint64_t)(*p++ - '0');
        if (v > UINT32_MAX)
            return false;
    }
    *out = (uint32_t)v;
    *s = p;
    return true;
}

/* "<cls><reg>[:space<N>]" up to `end` ('=' or NUL); cls from `classes`. */
static bool spec_identity(const char **s, const char *classes, char *cls, uint32_t *reg,
                          uint32_t *space)
{
    const char *p = *s;
    char c = (char)tolower((unsigned char)*p);
    if (!c || !strchr(classes, c))
        return false;
    p++;
    if (!spec_u32(&p, reg))
        return false;
    *space = 0;
    if (*p == ':') {
        p++;
        if (strncmp(p, "space", 5) != 0)
            return false;
        p += 5;
        if (!spec_u32(&p, space))
            return false;
    }
    *cls = c;
    *s = p;
    return true;
}

static int spec_error(dxil_diags *diags, const char *what, const char *spec, const char *form)
{
    dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_USAGE_VALUE, DXIL_LOC_NONE, 0,
                   "%s '%s' is not of the form %s", what, spec ? spec : "(null)", form);
    return -1;
}

int dxil_run_parse_bind(const char *spec, dxil_run_bind *out, dxil_diags *diags)
{
    static const char form[] = "<t|u|b><register>[:space<N>]=<file>";
    const char *p = spec;
    dxil_run_bind b = {0};
    if (!p || !spec_identity(&p, "tub", &b.cls, &b.reg, &b.space) || *p != '=' || !p[1])
        return spec_error(diags, "bind", spec, form);
    b.path = p + 1;
    *out = b;
    return 0;
}

int dxil_run_parse_format(const char *spec, dxil_run_format *out, dxil_diags *diags)
{
    static const char form[] = "<t|u><register>[:space<N>]=<format>";
    const char *p = spec;
    dxil_run_format f = {0};
    if (!p || !spec_identity(&p, "tu", &f.cls, &f.reg, &f.space) || *p != '=' || !p[1])
        return spec_error(diags, "texel format", spec, form);
    f.format = p + 1;
    *out = f;
    return 0;
}

int dxil_run_parse_shift(char cls, const char *spec, dxil_run_shift *out, dxil_diags *diags)
{
    static const char form[] = "<shift>:<space> or <shift>:all";
    const char *p = spec;
    dxil_run_shift s = {.cls = cls};
    if (!strchr("btus", cls) || !cls)
        return spec_error(diags, "shift class", (char[]){cls, 0}, "b, t, u or s");
    if (!p || !spec_u32(&p, &s.shift) || *p++ != ':')
        return spec_error(diags, "shift", spec, form);
    if (strcmp(p, "all") == 0)
        s.all_spaces = true;
    else if (!spec_u32(&p, &s.space) || *p)
        return spec_error(diags, "shift", spec, form);
    *out = s;
    return 0;
}
