/* spec_arena.c - the memory of a read spec: records are carved from
 * 64 KiB blocks and freed all at once with the spec_doc. */
#include "spec_arena.h"
#include "spec_doc.h"

#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

typedef struct spec_block {
    struct spec_block *next;
    size_t used, cap;
    alignas(max_align_t) unsigned char data[];
} spec_block;

struct spec_arena {
    spec_block *head;
};

void *spec_arena_alloc(spec_arena *a, size_t size)
{
    const size_t align = alignof(max_align_t);
    size = (size + align - 1) / align * align;
    spec_block *b = a->head;
    if (!b || b->cap - b->used < size) {
        size_t cap = size > 65536 ? size : 65536;
        b = malloc(sizeof(spec_block) + cap);
        if (!b)
            return NULL;
        b->next = a->head;
        b->used = 0;
        b->cap = cap;
        a->head = b;
    }
    void *p = b->data + b->used;
    b->used += size;
    memset(p, 0, size);
    return p;
}

void spec_arena_free(spec_arena *a)
{
    while (a && a->head) {
        spec_block *next = a->head->next;
        free(a->head);
        a->head = next;
    }
    free(a);
}

spec_arena *spec_arena_create(void)
{
    return calloc(1, sizeof(spec_arena));
}

void *spec_doc_alloc(spec_doc *spec, size_t size)
{
    return spec_arena_alloc(spec->arena, size ? size : 1);
}
