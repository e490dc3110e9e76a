/* bitcode_walker.h - the bitcode validator's walker, shared by the
 * structural walk (bitcode_validate.c) and the record checks it runs on
 * every record (bitcode_record_checks.h). */
#ifndef DXIL_BITCODE_WALKER_H
#define DXIL_BITCODE_WALKER_H

#include "bitcode_difields.h"
#include "bitcode_modflags.h"
#include "bitcode_tbaa.h"
#include "bitcode_types.h"
#include "bitcode_values.h"
#include "bitstream.h"
#include "datalayout.h"

#include "dxil-upgrade/dxil_diag.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* LLVM block ids the record checks and the walk branch on. */
enum {
    BV_MODULE = 8, BV_PARAMATTR = 9, BV_PARAMATTR_GROUP = 10, BV_CONSTANTS = 11, BV_FUNCTION = 12,
    BV_IDENTIFICATION = 13, BV_VST = 14, BV_METADATA = 15, BV_MD_ATTACHMENT = 16, BV_TYPE = 17,
    BV_MD_KIND = 22
};

/* An abbreviation: ops[first, first + count) of its pool; bid is the block
 * it applies to (BLOCKINFO abbreviations only). */
typedef struct bv_abbrev {
    uint32_t first, count, bid;
} bv_abbrev;

typedef struct bv_pool {
    bv_abbrev *abbrevs;
    bs_abbrev_op *ops;
    uint32_t n_abbrevs, cap_abbrevs, n_ops, cap_ops;
} bv_pool;

typedef struct bv_scope {
    uint32_t bid;
    unsigned width;
    size_t end;                   /* bit where END_BLOCK must finish */
    uint32_t bi_first, bi_count;  /* BLOCKINFO abbreviations for bid */
    uint32_t local_base, local_ops_base;
    bool tracked;                 /* records feed the value model */
} bv_scope;

typedef struct bv_walker {
    bs_reader r;
    dxil_diags *diags;
    uint64_t base_bits;
    size_t elem_start;            /* where the element being read began */
    unsigned depth;               /* 0 is the top level */
    bv_pool local, info;
    int blockinfo_state;          /* 0 not seen, 1 reading, 2 done */
    int64_t info_bid;             /* BLOCKINFO's current SETBID */
    uint64_t *ops;                /* operands of the current record */
    uint64_t abbrev_id;           /* the abbreviation it was read with (3: none) */
    const uint8_t *blob;          /* the current record's blob, if any */
    size_t blob_len;
    size_t n_ops, cap_ops;
    /* Metadata ids defined so far (module level, current function), and
     * the highest id referenced in the open METADATA block and where. */
    uint64_t md_module, md_local, md_max_ref;
    uint64_t fn_insts;            /* instruction records in the current function */
    uint64_t fn_blocks;           /* FUNCTION_BLOCKs entered so far */
    uint64_t type_entries;        /* the TYPE block's NUMENTRY (0: none read yet) */
    size_t md_max_at;
    bool md_has_ref;
    bool modern;                  /* an IDENTIFICATION_BLOCK came first: not LLVM 3.7 */
    bool seen_module;
    bcv_model *values;            /* value numbering for the GEP checks */
    bct_nodes *tbaa;              /* metadata nodes, for !tbaa attachments */
    bcs_strings *strings;         /* which metadata ids are strings */
    bcm_state *modflags;          /* !llvm.module.flags and !llvm.dbg.cu shapes */
    bcr_names *restypes;          /* struct names, when the caller wants resource types */
    struct bcp_build *ptrfacts;   /* typed-pointer facts, when the caller wants them */
    bc_datalayout_site *dl;       /* where the datalayout record is, when wanted */
    size_t top_len_bits;          /* the open top-level block's length word */
    bv_scope stack[BS_MAX_DEPTH + 1]; /* last: only stack[0] starts zeroed */
} bv_walker;

/* ---- bitcode_walker.c ---- */
/* Name of an LLVM 3.7-era block id ("FUNCTION_BLOCK"), or "unknown". */
const char *bitcode_block_name(uint64_t block_id);
/* One error at the element being read, naming the block; returns -1. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
int bv_fail(bv_walker *v, int code, const char *fmt, ...);
int bv_oom(bv_walker *v);

static inline size_t bv_bits_left(const bs_reader *r)
{
    return r->size_bits - r->pos;
}

#endif
