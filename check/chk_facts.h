/* chk_facts.h - what the metadata, shader-model and container families
 * share (check/chk_facts.c): the module's dx.* metadata read once
 * (module/module_facts.h), the ShaderFlags its instructions use
 * (module/shader_flags.h) and DXC's per-function compatibility info
 * (chk_sm_compat.c reads it, RDAT would). Built on first use, freed by
 * validate.c. */
#ifndef DXIL_CHECK_CHK_FACTS_H
#define DXIL_CHECK_CHK_FACTS_H

#include "check.h"

#include "module/module_facts.h"
#include "module/shader_flags.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct chk_facts {
    mf_module mf;
    bool mf_ok, mf_tried; /* mf_read succeeded; was called */
    sf_module sf;
    bool sf_ok, sf_tried;
} chk_facts;

/* The module's facts, or NULL when it has no readable dx.shaderModel
 * (or without memory). */
const mf_module *chk_mf(chk_ctx *c);
/* The computed shader flags, or NULL when they cannot be computed. */
const sf_module *chk_sf(chk_ctx *c);
void chk_facts_free(chk_facts *f);

/* The validator version as DXC reads it (1.0 without dx.valver). */
bool chk_val_at_least(chk_ctx *c, unsigned major, unsigned minor);

/* Decimal text of v in a caller's buffer (the rules' message arguments). */
const char *chk_u64(char *buf, size_t size, uint64_t v);

#endif
