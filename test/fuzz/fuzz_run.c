/* fuzz_run.c - libFuzzer target: dxil-run's parsers and the SPIR-V path
 * before a device (run/): the first byte picks the bind, shift or texel
 * format spec parser for the rest as text; otherwise the rest is a module:
 * the texel-use scan (which reads any words), SPIRV-Tools' validator, and
 * on what it accepts SPIRV-Cross's reflection, the HLSL identities and the
 * seeded contents (dxil_run_spirv's steps up to the device). */
#include "run/run.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { FUZZ_MAX_SEEDED = 1 << 20 };

static void fuzz_spec(uint8_t which, const uint8_t *data, size_t size, dxil_diags *diags)
{
    char *text = malloc(size + 1);
    if (!text)
        return;
    memcpy(text, data, size);
    text[size] = '\0';
    dxil_run_bind b;
    dxil_run_shift s;
    dxil_run_format f;
    int rc;
    if (which == 0)
        rc = dxil_run_parse_bind(text, &b, diags);
    else if (which == 1)
        rc = dxil_run_parse_shift("btus"[size % 4], text, &s, diags);
    else
        rc = dxil_run_parse_format(text, &f, diags);
    /* what a parse accepts points into the text */
    if (rc == 0 && which == 0 && (b.path < text || b.path > text + size))
        __builtin_trap();
    if (rc == 0 && which == 2 && (f.format < text || f.format > text + size))
        __builtin_trap();
    free(text);
}

static void fuzz_module(const uint8_t *data, size_t size, dxil_diags *diags)
{
    size_t n = size / 4;
    uint32_t *w = malloc(n ? n * 4 : 4);
    if (!w)
        return;
    memcpy(w, data, n * 4);
    run_texel_components_used(w, n, n ? w[0] & 7 : 0, n > 1 ? w[1] & 7 : 0);
    run_plan p = {0};
    dxil_run_options o;
    dxil_run_options_init(&o);
    o.default_size = 4096;
    o.dispatch[0] = o.dispatch[1] = o.dispatch[2] = 1;
    if (n >= 5 && run_validate(w, n, diags) == 0 && run_reflect(w, n, NULL, &p, diags) == 0 &&
        run_plan_identify(&p, &o, diags) == 0) {
        bool small = true;
        for (size_t i = 0; i < p.n_slots; i++)
            small &= p.slots[i].fixed_size <= FUZZ_MAX_SEEDED && p.slots[i].stride <= FUZZ_MAX_SEEDED;
        if (small)
            run_plan_contents(&p, &o, 64, diags);
    }
    run_plan_free(&p);
    free(w);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    dxil_diags *diags = dxil_diags_create();
    if (data[0] < 3)
        fuzz_spec(data[0], data + 1, size - 1, diags);
    else
        fuzz_module(data + 1, size - 1, diags);
    dxil_diags_destroy(diags);
    return 0;
}
