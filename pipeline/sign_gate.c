/* sign_gate.c - the digest goes only on a container that passed
 * validation (docs/writing.md "Signing"). A written container comes here
 * unsigned; it leaves signed, unsigned with a warning (--no-validate), or
 * refused with the validator's messages. DXC signs only after its
 * validator passed, and the D3D12 runtime trusts a signed shader: a
 * signed invalid one can take a driver down. */
#include "sign_gate.h"
#include "ext_validator.h"

#include "dxil-upgrade/dxil_container.h"
#include "dxil-upgrade/dxil_validate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The header's digest: 16 bytes after the 4-byte "DXBC" magic. DXC's
 * digest covers the bytes from the version field on, so writing it does
 * not change what it is computed over. */
enum { DIGEST_AT = 4, DIGEST_SIZE = 16 };

/* Shader models after the highest released one (6.9 when this was
 * written) are DXC's pre-release models: its validator marks them with
 * the preview sentinel instead of a digest. */
static bool sg_pre_release(const uint8_t *c, size_t size)
{
    dxil_container ct;
    if (dxil_container_parse(c, size, &ct, NULL) != 0)
        return false;
    const dxil_part *p = dxil_container_find(&ct, "DXIL");
    dxil_program_header h;
    bool pre = p && dxil_program_header_parse(c, size, p, &h, NULL) == 0 &&
               (h.sm_major > 6 || (h.sm_major == 6 && h.sm_minor > 9));
    dxil_container_free(&ct);
    return pre;
}

static void sg_fill(uint8_t *c, uint8_t byte)
{
    memset(c + DIGEST_AT, byte, DIGEST_SIZE);
}

/* The digest kind k (DXC's digest computed now, or a sentinel). */
static int sg_put(uint8_t *c, size_t size, dxil_hash_status k, dxil_diags *diags)
{
    if (k == DXIL_HASH_UNSIGNED || k == DXIL_HASH_BYPASS || k == DXIL_HASH_PREVIEW_BYPASS) {
        sg_fill(c, k == DXIL_HASH_UNSIGNED ? 0 : k == DXIL_HASH_BYPASS ? 1 : 2);
        return 0;
    }
    if (sg_pre_release(c, size)) {
        sg_fill(c, 2);
        return 0;
    }
    dxil_hash_check hc;
    if (dxil_container_hash_check(c, size, &hc, diags) != 0)
        return -1;
    memcpy(c + DIGEST_AT, hc.computed, DIGEST_SIZE);
    return 0;
}

/* The input container, byte for byte: DXC validated and signed it (or
 * chose not to); its digest kind is kept as it was. */
static bool sg_unchanged(const uint8_t *c, size_t size, const dxil_write_carried *carried)
{
    dxil_hash_check hc;
    return carried && carried->has_content_digest &&
           dxil_container_hash_check(c, size, &hc, NULL) == 0 &&
           memcmp(hc.computed, carried->content_digest, DIGEST_SIZE) == 0;
}

static void sg_refuse(const char *who, unsigned n, dxil_diags *diags)
{
    dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_NOT_VALID, DXIL_LOC_NONE, 0,
                   "the container fails %s (%u violation%s): not signed, not written; "
                   "--no-validate writes it unsigned",
                   who, n, n == 1 ? "" : "s");
}

/* Every "error: ..." line of DXC's text becomes one error of ours. */
static unsigned sg_ext_messages(char *text, dxil_diags *diags)
{
    unsigned n = 0;
    for (char *line = text ? strtok(text, "\n") : NULL; line; line = strtok(NULL, "\n")) {
        while (*line == ' ')
            line++;
        if (!*line || strcmp(line, "Validation failed.") == 0)
            continue;
        bool err = strstr(line, "error:") != NULL;
        dxil_diags_add(diags, err ? DXIL_SEV_ERROR : DXIL_SEV_NOTE, DXIL_E_NOT_VALID,
                       DXIL_LOC_NONE, 0, "DXC's validator: %s", line);
        n += err;
    }
    return n;
}

static int sg_external(uint8_t *c, size_t size, const char *path, dxil_diags *diags)
{
    char why[512] = "";
    char *text = NULL;
    int rc = ext_validator_run(path, c, size, true, &text, why, sizeof why);
    if (rc == 0) {
        free(text);
        return 0; /* signed in place */
    }
    unsigned n = rc > 0 ? sg_ext_messages(text, diags) : 0;
    free(text);
    if (rc < 0) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_VALIDATOR, DXIL_LOC_NONE, 0,
                       "%s: not signed, not written", why);
        return -1;
    }
    sg_refuse("DXC's validator", n ? n : 1, diags);
    return -1;
}

static int sg_internal(uint8_t *c, size_t size, const char *name, dxil_hash_status kind,
                       dxil_diags *diags)
{
    size_t before = dxil_diags_error_count(diags);
    int n = dxil_validate(c, size, name, NULL, diags);
    if (n == 0 && dxil_diags_error_count(diags) == before)
        return sg_put(c, size, kind, diags);
    if (n < 0)
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_NOT_VALID, DXIL_LOC_NONE, 0,
                       "the written container cannot be read back for validation: not written");
    else
        sg_refuse("validation", (unsigned)(n ? n : 1), diags);
    return -1;
}

int sign_gate(uint8_t *c, size_t size, const dxil_write_carried *carried,
              const dxil_write_options *opts, const char *name, dxil_diags *diags)
{
    dxil_hash_status kind = carried ? carried->digest : DXIL_HASH_OK;
    if (sg_unchanged(c, size, carried))
        return sg_put(c, size, kind, diags);
    /* Changed: validated below; an input written unsigned or with DXC's
     * bypass sentinel on purpose (dxc -Vd) stays so once it passes. */
    if (opts && opts->sign == DXIL_SIGN_UNVALIDATED) {
        sg_fill(c, 0);
        dxil_diags_add(diags, DXIL_SEV_WARNING, DXIL_W_NOT_VALIDATED, DXIL_LOC_NONE, 0,
                       "the container is not validated (--no-validate): written unsigned");
        return 0;
    }
    if (opts && opts->validator_path)
        return sg_external(c, size, opts->validator_path, diags);
    return sg_internal(c, size, name, kind, diags);
}
