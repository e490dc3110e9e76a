/* spec_arena.h - the memory every record of a dxil_spec comes from
 * (optable/spec_arena.c). */
#ifndef DXIL_SPEC_ARENA_H
#define DXIL_SPEC_ARENA_H

#include <stddef.h>

/* Also spec_reader.h's: a dxil_spec owns one. */
typedef struct dxil_spec_arena dxil_spec_arena;

dxil_spec_arena *spec_arena_create(void);
/* Zeroed, max-aligned; NULL without memory. */
void *spec_arena_alloc(dxil_spec_arena *a, size_t size);
void spec_arena_free(dxil_spec_arena *a);

#endif
