/* bitcode_record_checks.h - record semantics LLVM's reader does not
 * check (bitcode/bitcode_record_checks.c), run by the validator's walk. */
#ifndef DXIL_BITCODE_RECORD_CHECKS_H
#define DXIL_BITCODE_RECORD_CHECKS_H

#include "bitcode_walker.h"

/* Every record read outside BLOCKINFO: feeds the value model and runs the
 * semantic check of its block and code, if any. */
int bv_sem_record(bv_walker *v);
/* At a METADATA block's end: every id referenced in it was defined. */
int bv_md_block_end(bv_walker *v);
/* Whether a block entered now feeds the value model. */
bool bv_values_tracked(const bv_walker *v, uint64_t bid);

#endif
