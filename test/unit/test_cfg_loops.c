/* The control-flow analysis the convergence passes share
 * (module/cfg_loops.c): dominators, natural loops and their nesting,
 * irreducible flow, and an edge asked about before it is added. */
#include "test_util.h"

#include "module/cfg_loops.h"

#include <llvm-c/IRReader.h>
#include <stdio.h>
#include <string.h>

static LLVMModuleRef cl_parse(LLVMContextRef ctx, const char *text)
{
    LLVMMemoryBufferRef buf =
        LLVMCreateMemoryBufferWithMemoryRangeCopy(text, strlen(text), "test.ll");
    LLVMModuleRef m = NULL;
    char *err = NULL;
    if (LLVMParseIRInContext(ctx, buf, &m, &err)) {
        fprintf(stderr, "parse: %s\n", err);
        LLVMDisposeMessage(err);
        return NULL;
    }
    return m;
}

/* entry(0) -> outer(1) -> inner(2) <-> inner, inner -> latch(3) -> outer,
 * outer -> exit(4); dead(5) is unreachable. */
static const char nested[] =
    "define void @f(i1 %c) {\n"
    "entry:\n  br label %outer\n"
    "outer:\n  br i1 %c, label %inner, label %exit\n"
    "inner:\n  br i1 %c, label %inner, label %latch\n"
    "latch:\n  br label %outer\n"
    "exit:\n  ret void\n"
    "dead:\n  br label %inner\n"
    "}\n";

static void test_nested(void)
{
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef m = cl_parse(ctx, nested);
    CU_ASSERT_FATAL(m != NULL);
    cfg_loops g;
    CU_ASSERT_FATAL(cfg_loops_build(LLVMGetNamedFunction(m, "f"), NULL, 0, &g) == 0);
    CU_ASSERT_EQUAL(g.n, 6);
    CU_ASSERT(g.reducible);
    CU_ASSERT_EQUAL(g.n_loops, 2);
    int outer = g.loop_of_header[1], inner = g.loop_of_header[2];
    CU_ASSERT(outer >= 0 && inner >= 0 && outer != inner);
    CU_ASSERT_EQUAL(g.parent[inner], outer);
    CU_ASSERT_EQUAL(g.parent[outer], -1);
    CU_ASSERT_EQUAL(g.innermost[2], inner);
    CU_ASSERT_EQUAL(g.innermost[3], outer); /* the latch: outer only */
    CU_ASSERT_EQUAL(g.innermost[4], -1);
    CU_ASSERT_EQUAL(g.innermost[5], -1); /* unreachable: in no loop */
    CU_ASSERT_EQUAL(g.rpo[5], -1);
    CU_ASSERT(cfg_dominates(&g, 1, 3));
    CU_ASSERT(!cfg_dominates(&g, 3, 4));
    CU_ASSERT(cfg_loop_within(&g, inner, outer));
    CU_ASSERT(!cfg_loop_within(&g, outer, inner));
    CU_ASSERT(cfg_loop_has(&g, outer, 2));
    CU_ASSERT(!cfg_loop_has(&g, inner, 3));
    cfg_loops_free(&g);

    /* exit -> latch would take exit into the outer loop */
    LLVMBasicBlockRef bbs[6];
    LLVMGetBasicBlocks(LLVMGetNamedFunction(m, "f"), bbs);
    cfg_edge e = {bbs[4], bbs[3]};
    CU_ASSERT_FATAL(cfg_loops_build(LLVMGetNamedFunction(m, "f"), &e, 1, &g) == 0);
    CU_ASSERT(g.reducible);
    CU_ASSERT_EQUAL(g.innermost[4], g.loop_of_header[1]);
    cfg_loops_free(&g);
    /* exit -> inner is a forward edge of the outer loop, which then holds
     * exit too */
    e = (cfg_edge){bbs[4], bbs[2]};
    CU_ASSERT_FATAL(cfg_loops_build(LLVMGetNamedFunction(m, "f"), &e, 1, &g) == 0);
    CU_ASSERT(g.reducible);
    CU_ASSERT_EQUAL(g.innermost[4], g.loop_of_header[1]);
    CU_ASSERT_EQUAL(g.innermost[2], g.loop_of_header[2]);
    cfg_loops_free(&g);
    /* entry -> latch enters the outer loop beside its header: irreducible */
    e = (cfg_edge){bbs[0], bbs[3]};
    CU_ASSERT_FATAL(cfg_loops_build(LLVMGetNamedFunction(m, "f"), &e, 1, &g) == 0);
    CU_ASSERT(!g.reducible);
    cfg_loops_free(&g);
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
}

/* Two blocks entered from the entry that branch to each other: a cycle
 * with no header dominating it. */
static const char irreducible[] =
    "define void @f(i1 %c) {\n"
    "entry:\n  br i1 %c, label %a, label %b\n"
    "a:\n  br i1 %c, label %b, label %out\n"
    "b:\n  br i1 %c, label %a, label %out\n"
    "out:\n  ret void\n"
    "}\n";

static void test_irreducible(void)
{
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef m = cl_parse(ctx, irreducible);
    CU_ASSERT_FATAL(m != NULL);
    cfg_loops g;
    CU_ASSERT_FATAL(cfg_loops_build(LLVMGetNamedFunction(m, "f"), NULL, 0, &g) == 0);
    CU_ASSERT(!g.reducible);
    CU_ASSERT_EQUAL(g.n_loops, 0); /* no natural loop: no header dominates */
    CU_ASSERT_EQUAL(cfg_block_index(&g, LLVMGetEntryBasicBlock(LLVMGetNamedFunction(m, "f"))), 0);
    cfg_loops_free(&g);
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
}

int tu_register(void)
{
    static const tu_case cases[] = {
        {"nested loops, unreachable blocks, an edge asked about", test_nested},
        {"irreducible flow has no natural loop", test_irreducible},
        {NULL, NULL}};
    tu_add_suite("control-flow loops", cases);
    return 0;
}
