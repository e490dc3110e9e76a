/* sfi0_map.h - how DXC derives the SFI0 feature bits from the entry's
 * ShaderFlags: one table for the --check reader (parts_check.c) and the
 * SFI0 writer (write/part_sfi0.c), so the two cannot disagree. */
#ifndef DXIL_CONTAINER_SFI0_MAP_H
#define DXIL_CONTAINER_SFI0_MAP_H

#include <stdint.h>

/* The SFI0 bits the flags imply, and in *checked (may be NULL) the bits
 * the flags decide. Low precision is one feature or the other: minimum
 * precision without native 16-bit types, native low precision with them. */
uint64_t sfi0_features_from_flags(uint64_t flags, uint64_t *checked);

#endif
