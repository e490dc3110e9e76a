/* bcw_encode.h - LLVM 3.7's bitcode encodings of opcodes, orderings and
 * flags, and the abbreviations its BLOCKINFO block defines. */
#ifndef DXIL_BCW_ENCODE_H
#define DXIL_BCW_ENCODE_H

#include "bcw_internal.h"

/* Abbreviation ids the BLOCKINFO block gives each block. */
enum { CST_AB_SETTYPE = 4, CST_AB_INTEGER, CST_AB_CE_CAST, CST_AB_NULL };
enum { FN_AB_LOAD = 4, FN_AB_BINOP, FN_AB_BINOP_FLAGS, FN_AB_CAST, FN_AB_RET_VOID,
       FN_AB_RET_VAL, FN_AB_UNREACHABLE, FN_AB_GEP };
enum { VST_AB_ENTRY8 = 4, VST_AB_ENTRY7, VST_AB_ENTRY6, VST_AB_BBENTRY6 };

int bcw_cast_code(LLVMOpcode op);    /* -1: not a cast */
int bcw_binop_code(LLVMOpcode op);   /* -1: not a binary operator */
/* fast_word: the input's word for `fast` (bc_restypes.fast_word), or 0. */
uint64_t bcw_binop_flags(LLVMValueRef inst, LLVMOpcode op, uint32_t fast_word);
unsigned bcw_ordering(LLVMAtomicOrdering o);
/* Log2(align) + 1, 0 for no alignment. */
uint64_t bcw_align(unsigned align);

/* The abbreviations of the BLOCKINFO block, for block `block`. */
const bcw_abbrev *bcw_blockinfo_abbrevs(const bcw_ctx *c, unsigned block, unsigned *n,
                                        bcw_abbrev *buf);
void bcw_write_blockinfo(bcw_ctx *c);

#endif
