/* fuzz_bcwrite.c - libFuzzer target: the LLVM 3.7 bitcode writer
 * (bcwrite/) on whatever module the loader makes of the input (textual IR,
 * modern or DXIL form, bitcode or a container), by both paths to it:
 *  - loaded without raising, lowered (modern IR becomes DXIL form),
 *    verified, written with bcw_write_module;
 *  - a binary input raised, then dxil_lower_write_container.
 * A refusal must come with an error and no output. Written bitcode must
 * hold only LLVM 3.7's blocks and records, and reading it back (bitcode or
 * container) must give a module or a diagnostic. With
 * DXIL_FUZZ_BCWRITE_STRICT set, it must give a module: what we write, we
 * read (test_bcwrite's known bugs break that; see docs/robustness.md). */
#include "bc_vocab.h"
#include "bcwrite/bcwrite.h"
#include "dxil-upgrade/dxil_lower.h"
#include "dxil-upgrade/dxil_upgrade.h"
#include "module/module_internal.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static dxil_module *fb_load(const void *data, size_t size, bool raise, bool verify,
                            dxil_diags *diags)
{
    dxil_options o;
    dxil_options_init(&o);
    o.raise = raise;
    o.verify = verify;
    return dxil_module_load_memory(data, size, "fuzz", &o, diags);
}

/* What we wrote reads back, or says why not. */
static void fb_read_back(const uint8_t *out, size_t out_size)
{
    dxil_diags *d = dxil_diags_create();
    dxil_module *m = fb_load(out, out_size, false, true, d);
    if (!m && dxil_diags_error_count(d) == 0)
        __builtin_trap(); /* a failed load must say why */
    if (!m && getenv("DXIL_FUZZ_BCWRITE_STRICT"))
        __builtin_trap(); /* written, but not readable */
    dxil_module_destroy(m);
    dxil_diags_destroy(d);
}

/* rc 0: output that is there; else an error and none. */
static void fb_check(int rc, const uint8_t *out, size_t out_size, dxil_diags *d)
{
    if (rc != 0 && (out || out_size || dxil_diags_error_count(d) == 0))
        __builtin_trap(); /* refusals say why and leave nothing behind */
    if (rc == 0 && (!out || out_size == 0))
        __builtin_trap();
}

static void fb_direct(const uint8_t *data, size_t size)
{
    dxil_diags *d = dxil_diags_create();
    dxil_module *m = fb_load(data, size, false, true, d);
    if (m && dxil_module_lower(m, NULL, d) == 0 && dxil_module_verify(m, d) == 0) {
        bcw_options o;
        bcw_options_init(&o);
        o.restypes = m->restypes;
        uint8_t *bc = NULL;
        size_t bc_size = 0;
        int rc = bcw_write_module(m->mod, &o, &bc, &bc_size, d);
        fb_check(rc, bc, bc_size, d);
        bc_vocab v = {0};
        unsigned block, code;
        if (rc == 0 && (bc_size % 4 || bc_vocab_add(&v, bc, bc_size) != 0 ||
                        bc_vocab_modern(&v, &block, &code)))
            __builtin_trap(); /* malformed, or LLVM 22's own records */
        if (rc == 0)
            fb_read_back(bc, bc_size);
        free(bc);
    }
    dxil_module_destroy(m);
    dxil_diags_destroy(d);
}

static void fb_raised(const uint8_t *data, size_t size)
{
    dxil_diags *d = dxil_diags_create();
    dxil_module *m = fb_load(data, size, true, true, d);
    if (m && dxil_module_input_kind(m) != DXIL_INPUT_TEXT) {
        uint8_t *out = NULL;
        size_t out_size = 0;
        int rc = dxil_lower_write_container(m, NULL, NULL, &out, &out_size, d);
        fb_check(rc, out, out_size, d);
        if (rc == 0)
            fb_read_back(out, out_size);
        free(out);
    }
    dxil_module_destroy(m);
    dxil_diags_destroy(d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fb_direct(data, size);
    fb_raised(data, size);
    return 0;
}
