/* bcw_map.c - byte-keyed hash map (see header). */
#include "bcw_map.h"

#include <stdlib.h>
#include <string.h>

static uint64_t map_hash(const uint8_t *k, size_t n)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    for (size_t i = 0; i < n; i++)
        h = (h ^ k[i]) * 1099511628211ull;
    return h | 1; /* never 0 */
}

static bcw_map_slot *map_find(const bcw_map *m, const void *key, size_t len, uint64_t h)
{
    size_t mask = m->cap - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
        bcw_map_slot *s = &m->slots[i];
        if (!s->key || (s->hash == h && s->len == len && !memcmp(s->key, key, len)))
            return s;
    }
}

bool bcw_map_get(const bcw_map *m, const void *key, size_t len, uint32_t *value)
{
    if (!m->cap)
        return false;
    bcw_map_slot *s = map_find(m, key, len, map_hash(key, len));
    if (!s->key)
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
        if (old[i].key)
            *map_find(m, old[i].key, old[i].len, old[i].hash) = old[i];
    free(old);
    return true;
}

bool bcw_map_put(bcw_map *m, const void *key, size_t len, uint32_t value)
{
    if ((m->count + 1) * 4 > m->cap * 3 && !map_rehash(m))
        return false;
    uint64_t h = map_hash(key, len);
    bcw_map_slot *s = map_find(m, key, len, h);
    if (s->key) {
        s->value = value;
        return true;
    }
    uint8_t *k = malloc(len ? len : 1);
    if (!k)
        return false;
    memcpy(k, key, len);
    *s = (bcw_map_slot){ h, k, len, value };
    m->count++;
    return true;
}

void bcw_map_free(bcw_map *m)
{
    for (size_t i = 0; i < m->cap; i++)
        free(m->slots[i].key);
    free(m->slots);
    memset(m, 0, sizeof *m);
}
