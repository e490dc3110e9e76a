/* sign_gate.h - the container's digest, earned by validation
 * (sign_gate.c; docs/writing.md "Signing"). */
#ifndef DXIL_PIPELINE_SIGN_GATE_H
#define DXIL_PIPELINE_SIGN_GATE_H

#include "dxil-upgrade/dxil_write.h"

/* c: a container just written (any digest). In order:
 * - the input container unchanged (carried->content_digest): the input's
 *   digest kind is put back, nothing validated;
 * - opts->sign == DXIL_SIGN_UNVALIDATED: all-zero digest and a warning;
 * - opts->validator_path: DXC's validator library validates and signs in
 *   place;
 * - else the in-project validator (dxil_validate), and on what passes
 *   DXC's digest (the preview sentinel for a pre-release shader model),
 *   or the input's unsigned or bypass sentinel, which it kept on purpose.
 * Returns 0 when c may be written, -1 with the validator's messages. */
int sign_gate(uint8_t *c, size_t size, const dxil_write_carried *carried,
              const dxil_write_options *opts, const char *name, dxil_diags *diags);

#endif
