/* run_seed.c - the contents of unbound resources: splitmix64 streams,
 * one per (seed, class, space, register), so that two shaders with the
 * same HLSL bindings get the same inputs whatever their descriptor sets
 * and bindings (docs/run.md, "The seed"). */
#include "run.h"

uint64_t run_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* FNV-1a, 64 bits, over the class byte, then space and register as
 * little-endian 32-bit words: 9 bytes. */
static uint64_t seed_identity_hash(char cls, uint32_t space, uint32_t reg)
{
    uint8_t bytes[9] = {(uint8_t)cls};
    for (int i = 0; i < 4; i++) {
        bytes[1 + i] = (uint8_t)(space >> (8 * i));
        bytes[5 + i] = (uint8_t)(reg >> (8 * i));
    }
    uint64_t h = 0xcbf29ce484222325ull;
    for (int i = 0; i < 9; i++)
        h = (h ^ bytes[i]) * 0x100000001b3ull;
    return h;
}

uint64_t run_seed_state(uint64_t seed, char cls, uint32_t space, uint32_t reg)
{
    return seed ^ seed_identity_hash(cls, space, reg);
}

void run_seed_fill(uint8_t *out, uint64_t size, uint64_t state)
{
    for (uint64_t at = 0; at < size; at += 8) {
        uint64_t v = run_splitmix64(&state);
        for (uint64_t i = 0; i < 8 && at + i < size; i++)
            out[at + i] = (uint8_t)(v >> (8 * i));
    }
}

/* A half's exponent is bits 10..14 of its unit, a float's high unit holds
 * its exponent in bits 7..14 and a double's in bits 4..14: an all-ones
 * exponent of any of them sets bits 10..14, and clearing bit 14 makes it
 * finite while keeping every other bit. */
void run_seed_finite(uint8_t *data, uint64_t size)
{
    for (uint64_t at = 0; at + 1 < size; at += 2)
        if ((data[at + 1] & 0x7c) == 0x7c)
            data[at + 1] &= (uint8_t)~0x40;
}
