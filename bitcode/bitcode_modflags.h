/* bitcode_modflags.h - the validator's check of module-level named
 * metadata that LLVM 22 reads without checking its shape.
 *
 * Module::getModuleFlag (called by LLVM's bitcode reader for "Linker
 * Options", and by the debug-info upgrade for "Debug Info Version") takes
 * operand 1 of every !llvm.module.flags entry with an unchecked cast to
 * MDString and reads operand 2 without a bound; the reader then casts the
 * "Linker Options" value and each of its operands to MDNode. Its upgrade
 * of LLVM 3.7 global variables casts every !llvm.dbg.cu operand to
 * DICompileUnit. A wrong shape there is a crash inside the reader, so the
 * validator follows the module's METADATA block and refuses it first. */
#ifndef DXIL_BITCODE_MODFLAGS_H
#define DXIL_BITCODE_MODFLAGS_H

#include <stddef.h>
#include <stdint.h>

typedef struct bcm_state bcm_state;

bcm_state *bcm_create(void);
void bcm_destroy(bcm_state *s);

/* One record (ops[0] is the code; blob its blob, NULL if none) of the
 * module-level METADATA block; id is the first metadata id it would
 * define. Returns 0; -1 with the reason written to why (size bytes) for a
 * malformed !llvm.module.flags or !llvm.dbg.cu; -2 without memory. */
int bcm_record(bcm_state *s, const uint64_t *ops, size_t n, const uint8_t *blob,
               size_t blob_len, uint64_t id, char *why, size_t size);

/* After the walk: for each !dx.resources record whose operand 1 is a
 * VALUE (its global, or undef of the class type), fn(user, list, position,
 * that value's type id). Lists are SRV, UAV, CBV, sampler (0-3). */
typedef void (*bcm_resource_fn)(void *user, unsigned list, unsigned pos, uint64_t type_id);
void bcm_resource_value_types(const bcm_state *s, bcm_resource_fn fn, void *user);

#endif
