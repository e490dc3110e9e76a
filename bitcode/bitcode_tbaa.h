/* bitcode_tbaa.h - the validator's check of metadata reached from !tbaa.
 *
 * LLVM 22's reader runs its TBAA verifier on every instruction's !tbaa
 * attachment while it materializes a function, and that verifier calls
 * isa<> on node operands without a null check: a TBAA node with a null
 * operand (a type name, a parent, a field) is a null dereference inside
 * the reader. No TBAA format has null operands, so the validator records
 * metadata nodes' operands and refuses a !tbaa attachment from which a
 * node with a null operand can be reached. */
#ifndef DXIL_BITCODE_TBAA_H
#define DXIL_BITCODE_TBAA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct bct_nodes bct_nodes;

bct_nodes *bct_create(void);
void bct_destroy(bct_nodes *t);

/* METADATA KIND [id, name chars...]. Returns -2 without memory. */
int bct_note_kind(bct_nodes *t, const uint64_t *ops, size_t n);
/* NODE / DISTINCT_NODE [op ids + 1, 0 = null...] defining metadata `id`;
 * ids must grow (module nodes, then one function's). -2 without memory. */
int bct_note_node(bct_nodes *t, uint64_t id, const uint64_t *ops, size_t n);
/* A function block begins / ends: its own nodes are forgotten at the end. */
void bct_function_begin(bct_nodes *t);
void bct_function_end(bct_nodes *t);
/* Whether kind is a kind the stream named "tbaa". */
bool bct_is_tbaa(const bct_nodes *t, uint64_t kind);
/* 0 when no node reachable from metadata `id` has a null operand; -1 with
 * *bad set to such a node; -2 without memory. */
int bct_check(bct_nodes *t, uint64_t id, uint64_t *bad);

#endif
