/* rdat_build.h - a library's RDAT part built from its module
 * (rdat_build.c), for the writer when the input carries none or a stale
 * one (write_api.c). */
#ifndef DXIL_WRITE_RDAT_BUILD_H
#define DXIL_WRITE_RDAT_BUILD_H

#include "write_internal.h"

/* The part's bytes into out; carried (may be NULL): the stale part the
 * input carries, the source of the library's subobjects. 0, or -1 with
 * an "RDAT: ..." error naming what this writer does not build (node
 * shaders, subobjects in metadata). */
int write_rdat_build(write_module *wm, const dxil_write_part *carried, wbuf *out);

/* RDAT's 64-bit feature info of a function's DXC flags: SFI0's bits,
 * then uses-derivatives (bit 40) and requires-group (bit 41). */
uint64_t rdat_feature_info(uint64_t flags);

#endif
