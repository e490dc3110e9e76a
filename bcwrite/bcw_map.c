/* bcw_map.c - byte-keyed hash map (see header). */
#include "bcw_map.h"

#include <stdlib.h>
#include <string.h>

/* Eight bytes at a time, then mixed (keys are mostly one pointer). */
static uint64_t map_hash(const uint8_t *k, size_t n)
{
    uint64_t h = 0x9E3779B97F4A7C15ull ^ n;
    for (; n >= 8; n -= 8, k += 8) {
        uint64_t w;
        memcpy(&w, k, 8);
        h = (h ^ w) * 0xFF51AFD7ED558CCDull;
        h ^= h >> 32;
    }
    for (; n; n--, k++)
        h = (h ^ *k) * 0x100000001B3ull;
    h ^= h >> 29;
    h *= 0xC4CEB9FE1A85EC53ull;
    h ^= h >> 32;
    return h | 1; /* never 0: 0 marks an empty slot */
}

static const uint8_t *slot_key(const bcw_map_slot *s)
{
    return s->len <= BCW_MAP_INLINE ? s->key.bytes : s->key.heap;
}

static bcw_map_slot *map_find(const bcw_map *m, const void *key, size_t len, uint64_t h)
{
    size_t mask = m->cap - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
        bcw_map_slot *s = &m->slots[i];
        if (!s->hash || (s->hash == h && s->len == len && !memcmp(slot_key(s), key, len)))
            return s;
    }
}

bool bcw_map_get(const bcw_map *m, const void *key, size_t len, uint32_t *value)
{
    if (!m->cap)
        return false;
    bcw_map_slot *s = map_find(m, key, len, map_hash(key, len));
    if (!s->hash)
        return false;
    *value = s->value;
    return true;
}

static bool map_rehash(bcw_map *m)
{
    size_t cap = m->cap ? m->cap * 2 : 64;
    bcw_map_slot *old = m->slots, *slots = calloc(cap, sizeof *slots);
    if (!slots)
        return false;
    size_t oldcap = m->cap;
    m->slots = slots;
    m->cap = cap;
    for (size_t i = 0; i < oldcap; i++)
        if (old[i].hash)
            *map_find(m, slot_key(&old[i]), old[i].len, old[i].hash) = old[i];
    free(old);
    return true;
}

bool bcw_map_put(bcw_map *m, const void *key, size_t len, uint32_t value)
{
    if (len > UINT32_MAX || ((m->count + 1) * 4 > m->cap * 3 && !map_rehash(m)))
        return false;
    uint64_t h = map_hash(key, len);
    bcw_map_slot *s = map_find(m, key, len, h);
    if (s->hash) {
        s->value = value;
        return true;
    }
    bcw_map_slot n = { .hash = h, .len = (uint32_t)len, .value = value };
    if (len <= BCW_MAP_INLINE) {
        memcpy(n.key.bytes, key, len);
    } else {
        if (!(n.key.heap = malloc(len)))
            return false;
        memcpy(n.key.heap, key, len);
    }
    *s = n;
    m->count++;
    return true;
}

void bcw_map_free(bcw_map *m)
{
    for (size_t i = 0; i < m->cap; i++)
        if (m->slots[i].hash && m->slots[i].len > BCW_MAP_INLINE)
            free(m->slots[i].key.heap);
    free(m->slots);
    memset(m, 0, sizeof *m);
}
