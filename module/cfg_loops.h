/* cfg_loops.h - a function's control-flow graph, its dominators and its
 * natural loops, for the convergence passes of the raise and of the
 * lowering (LLVM-C has neither a dominator tree nor loop information).
 *
 * The graph is built from the function's terminators, optionally with
 * extra edges that are not there yet: the lowering asks what an edge it
 * means to add would do to the loops before adding it. Blocks are
 * numbered in function order (0 is the entry); blocks the entry does not
 * reach have no dominator and are in no loop. A loop is the natural loop
 * of a header: the header and every block that reaches one of the
 * header's back edges (an edge into the header from a block it
 * dominates) without passing through it. In a reducible graph loops are
 * nested or disjoint, as LLVM's cycles are. */
#ifndef DXIL_CFG_LOOPS_H
#define DXIL_CFG_LOOPS_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct cfg_edge {
    LLVMBasicBlockRef from, to;
} cfg_edge;

typedef struct cfg_loops {
    size_t n;                  /* blocks */
    LLVMBasicBlockRef *blocks; /* in function order */
    size_t *succ_at, *succ;    /* successors of b: succ[succ_at[b] .. succ_at[b+1]) */
    int *idom;                 /* immediate dominator; -1: the entry, or unreachable */
    int *rpo;                  /* position in reverse post-order; -1: unreachable */
    bool reducible;            /* every retreating edge goes to a dominator */
    size_t n_loops;
    size_t *header;            /* the header block of each loop */
    int *parent;               /* the loop around each loop, -1 for none */
    int *innermost;            /* per block: the smallest loop holding it, -1 for none */
    int *loop_of_header;       /* per block: the loop it heads, -1 for none */
    uint64_t *body;            /* n_loops bitsets of n bits */
    size_t words;              /* words per bitset */
    struct cfg_index *index;   /* block -> number */
} cfg_loops;

/* Builds g for fn (a definition) with the extra edges added. 0 on
 * success, -1 without memory (g is then empty). */
int cfg_loops_build(LLVMValueRef fn, const cfg_edge *extra, size_t n_extra, cfg_loops *g);
void cfg_loops_free(cfg_loops *g);
/* The number of block bb, or -1 when it is not fn's. */
int cfg_block_index(const cfg_loops *g, LLVMBasicBlockRef bb);
/* Whether block a dominates block b (both reachable). */
bool cfg_dominates(const cfg_loops *g, size_t a, size_t b);
/* Whether loop l holds block b. */
bool cfg_loop_has(const cfg_loops *g, int l, size_t b);
/* Whether loop outer is l or holds it. */
bool cfg_loop_within(const cfg_loops *g, int l, int outer);

#endif
