/* rdat.h - one RDAT part's bytes decoded on their own (part_rdat.c), for
 * the writer's check of a library's carried runtime data against the
 * module it is written with (write/rdat_check.c). */
#ifndef DXIL_CONTAINER_RDAT_H
#define DXIL_CONTAINER_RDAT_H

#include "dxil-upgrade/dxil_parts.h"

/* Decodes data[0..size) into *out, whose strings and arrays live in
 * *arena until rdat_arena_free(arena). 0, or -1 (malformed; a
 * diagnostic in diags). */
int rdat_decode(const void *data, size_t size, dxil_rdat *out, void **arena, dxil_diags *diags);
void rdat_arena_free(void **arena);

#endif
