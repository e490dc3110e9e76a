/* spec_arena.h - the memory every record of a spec_doc comes from
 * (optable/spec_arena.c). */
#ifndef DXIL_SPEC_ARENA_H
#define DXIL_SPEC_ARENA_H

#include <stddef.h>

/* Also spec_reader.h's: a spec_doc owns one. */
typedef struct spec_arena spec_arena;

spec_arena *spec_arena_create(void);
/* Zeroed, max-aligned; NULL without memory. */
void *spec_arena_alloc(spec_arena *a, size_t size);
void spec_arena_free(spec_arena *a);

#endif
