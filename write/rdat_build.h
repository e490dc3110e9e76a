/* rdat_build.h - a library's RDAT part built from its module
 * (rdat_build.c), for the writer when the input carries none or a stale
 * one (write_api.c). */
#ifndef DXIL_WRITE_RDAT_BUILD_H
#define DXIL_WRITE_RDAT_BUILD_H

#include "write_internal.h"

/* The part's bytes into out. 0, or -1 with an "RDAT: ..." error naming
 * what this writer does not build (subobjects, node shaders). */
int write_rdat_build(write_module *wm, wbuf *out);

/* RDAT's 64-bit feature info of a function's DXC flags: SFI0's bits,
 * then uses-derivatives (bit 40) and requires-group (bit 41). */
uint64_t rdat_feature_info(uint64_t flags);

#endif
