/* bcw_map.h - an open-addressing hash map from byte keys to uint32 values,
 * used by the bitcode writer for pointer identity and for structural keys
 * (types, casts, attribute groups). Keys up to 24 bytes (pointers, casts,
 * most types) live in the slot; longer ones are copied to the heap. */
#ifndef DXIL_BCW_MAP_H
#define DXIL_BCW_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define BCW_MAP_INLINE 24

typedef struct bcw_map_slot {
    uint64_t hash;       /* 0: empty */
    uint32_t len, value;
    union {
        uint8_t bytes[BCW_MAP_INLINE];
        uint8_t *heap;
    } key;
} bcw_map_slot;

typedef struct bcw_map {
    bcw_map_slot *slots;
    size_t cap, count;
} bcw_map;

/* The value for key, or false. */
bool bcw_map_get(const bcw_map *m, const void *key, size_t len, uint32_t *value);
/* Sets key to value (copies the key). false without memory. */
bool bcw_map_put(bcw_map *m, const void *key, size_t len, uint32_t value);
void bcw_map_free(bcw_map *m);

/* Pointer-keyed helpers. */
static inline bool bcw_map_getp(const bcw_map *m, const void *p, uint32_t *value)
{
    return bcw_map_get(m, &p, sizeof p, value);
}
static inline bool bcw_map_putp(bcw_map *m, const void *p, uint32_t value)
{
    return bcw_map_put(m, &p, sizeof p, value);
}

#endif
