/* chk_psv_info.h - PSV0's runtime info and resource bindings as DXC's PSV
 * writer builds them from the module (check/chk_psv_info.c), for the
 * PSV0 rules (chk_container_psv.c). */
#ifndef DXIL_CHECK_CHK_PSV_INFO_H
#define DXIL_CHECK_CHK_PSV_INFO_H

#include "check.h"

#include "module/module_facts.h"

#include <stdint.h>

/* The first `size` bytes (at most 56) of the runtime info, into info;
 * the entry name's offset (version 3) is left 0. */
void chk_psv_info_build(chk_ctx *c, const mf_module *mf, uint32_t size, uint8_t *info);

/* The bindings, bind_size (16 or 24) bytes each, in DXC's order (constant
 * buffers, samplers, SRVs, UAVs); malloc'd, *count of them; NULL without
 * memory. */
uint8_t *chk_psv_binds_build(const mf_module *mf, uint32_t bind_size, uint32_t *count);

#endif
