/* grow.h - growing a malloc'd array by doubling, shared by every module
 * that collects an unknown number of items. */
#ifndef DXIL_GROW_H
#define DXIL_GROW_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* Returns items when count < *cap; otherwise a copy with twice the room
 * (first elements when empty) and *cap updated. Returns NULL without
 * memory, leaving items and *cap untouched. */
static inline void *grow_array(void *items, size_t *cap, size_t count, size_t elem, size_t first)
{
    if (count < *cap)
        return items;
    size_t n = *cap ? *cap * 2 : first;
    if (n < *cap || n > SIZE_MAX / elem)
        return NULL;
    void *p = realloc(items, n * elem);
    if (p)
        *cap = n;
    return p;
}

#endif
