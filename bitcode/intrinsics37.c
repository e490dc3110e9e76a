/* intrinsics37.c - LLVM 3.7's intrinsics as DXC's LLVM has them (its
 * Intrinsics.td, no target intrinsics): name and signature, facts of
 * that file; and the name lookup of 3.7's reader. */
#include "intrinsics37.h"

#include <stdlib.h>
#include <string.h>

/* Sorted by name. Signature tokens, space-separated (see intrinsics37.h). */
static const i37_intrinsic i37_table[] = {
    {"llvm.adjust.trampoline", "ptr", "ptr"},
    {"llvm.annotation", "anyint", "m0 ptr ptr i32"},
    {"llvm.assume", "", "i1"},
    {"llvm.bitset.test", "i1", "ptr md"},
    {"llvm.bswap", "anyint", "m0"},
    {"llvm.canonicalize", "anyfloat", "m0"},
    {"llvm.ceil", "anyfloat", "m0"},
    {"llvm.clear_cache", "", "ptr ptr"},
    {"llvm.convert.from.fp16", "anyfloat", "i16"},
    {"llvm.convert.to.fp16", "i16", "anyfloat"},
    {"llvm.convertff", "anyfloat", "anyfloat i32 i32"},
    {"llvm.convertfsi", "anyfloat", "anyint i32 i32"},
    {"llvm.convertfui", "anyfloat", "anyint i32 i32"},
    {"llvm.convertsif", "anyint", "anyfloat i32 i32"},
    {"llvm.convertss", "anyint", "anyint i32 i32"},
    {"llvm.convertsu", "anyint", "anyint i32 i32"},
    {"llvm.convertuif", "anyint", "anyfloat i32 i32"},
    {"llvm.convertus", "anyint", "anyint i32 i32"},
    {"llvm.convertuu", "anyint", "anyint i32 i32"},
    {"llvm.copysign", "anyfloat", "m0 m0"},
    {"llvm.cos", "anyfloat", "m0"},
    {"llvm.ctlz", "anyint", "m0 i1"},
    {"llvm.ctpop", "anyint", "m0"},
    {"llvm.cttz", "anyint", "m0 i1"},
    {"llvm.dbg.declare", "", "md md md"},
    {"llvm.dbg.value", "", "md i64 md md"},
    {"llvm.debugtrap", "", ""},
    {"llvm.donothing", "", ""},
    {"llvm.eh.actions", "ptr", "..."},
    {"llvm.eh.begincatch", "", "ptr ptr"},
    {"llvm.eh.dwarf.cfa", "ptr", "i32"},
    {"llvm.eh.endcatch", "", ""},
    {"llvm.eh.exceptioncode", "i32", ""},
    {"llvm.eh.return.i32", "", "i32 ptr"},
    {"llvm.eh.return.i64", "", "i64 ptr"},
    {"llvm.eh.sjlj.callsite", "", "i32"},
    {"llvm.eh.sjlj.functioncontext", "", "ptr"},
    {"llvm.eh.sjlj.longjmp", "", "ptr"},
    {"llvm.eh.sjlj.lsda", "ptr", ""},
    {"llvm.eh.sjlj.setjmp", "i32", "ptr"},
    {"llvm.eh.typeid.for", "i32", "ptr"},
    {"llvm.eh.unwind.init", "", ""},
    {"llvm.exp", "anyfloat", "m0"},
    {"llvm.exp2", "anyfloat", "m0"},
    {"llvm.expect", "anyint", "m0 m0"},
    {"llvm.experimental.gc.relocate", "anyptr", "i32 i32 i32"},
    {"llvm.experimental.gc.result", "any", "i32"},
    {"llvm.experimental.gc.result.float", "anyfloat", "i32"},
    {"llvm.experimental.gc.result.int", "anyint", "i32"},
    {"llvm.experimental.gc.result.ptr", "anyptr", "i32"},
    {"llvm.experimental.gc.statepoint", "i32", "i64 i32 anyptr i32 i32 ..."},
    {"llvm.experimental.patchpoint.i64", "i64", "i64 i32 ptr i32 ..."},
    {"llvm.experimental.patchpoint.void", "", "i64 i32 ptr i32 ..."},
    {"llvm.experimental.stackmap", "", "i64 i32 ..."},
    {"llvm.fabs", "anyfloat", "m0"},
    {"llvm.floor", "anyfloat", "m0"},
    {"llvm.flt.rounds", "i32", ""},
    {"llvm.fma", "anyfloat", "m0 m0 m0"},
    {"llvm.fmuladd", "anyfloat", "m0 m0 m0"},
    {"llvm.frameaddress", "ptr", "i32"},
    {"llvm.gcread", "ptr", "ptr pptr"},
    {"llvm.gcroot", "", "pptr ptr"},
    {"llvm.gcwrite", "", "ptr ptr pptr"},
    {"llvm.init.trampoline", "", "ptr ptr ptr"},
    {"llvm.instrprof.increment", "", "ptr i64 i32 i32"},
    {"llvm.invariant.end", "", "desc i64 ptr"},
    {"llvm.invariant.start", "desc", "i64 ptr"},
    {"llvm.lifetime.end", "", "i64 ptr"},
    {"llvm.lifetime.start", "", "i64 ptr"},
    {"llvm.localaddress", "ptr", ""},
    {"llvm.localescape", "", "..."},
    {"llvm.localrecover", "ptr", "ptr ptr i32"},
    {"llvm.log", "anyfloat", "m0"},
    {"llvm.log10", "anyfloat", "m0"},
    {"llvm.log2", "anyfloat", "m0"},
    {"llvm.longjmp", "", "ptr i32"},
    {"llvm.masked.gather", "anyvec", "vpe0 i32 vsw0i1 m0"},
    {"llvm.masked.load", "anyvec", "ptrto0 i32 vsw0i1 m0"},
    {"llvm.masked.scatter", "", "anyvec vpe0 i32 vsw0i1"},
    {"llvm.masked.store", "", "anyvec ptrto0 i32 vsw0i1"},
    {"llvm.maxnum", "anyfloat", "m0 m0"},
    {"llvm.memcpy", "", "anyptr anyptr anyint i32 i1"},
    {"llvm.memmove", "", "anyptr anyptr anyint i32 i1"},
    {"llvm.memset", "", "anyptr i8 anyint i32 i1"},
    {"llvm.minnum", "anyfloat", "m0 m0"},
    {"llvm.nearbyint", "anyfloat", "m0"},
    {"llvm.objectsize", "anyint", "anyptr i1"},
    {"llvm.pcmarker", "", "i32"},
    {"llvm.pow", "anyfloat", "m0 m0"},
    {"llvm.powi", "anyfloat", "m0 i32"},
    {"llvm.prefetch", "", "ptr i32 i32 i32"},
    {"llvm.ptr.annotation", "anyptrint", "m0 ptr ptr i32"},
    {"llvm.read_register", "anyint", "md"},
    {"llvm.readcyclecounter", "i64", ""},
    {"llvm.returnaddress", "ptr", "i32"},
    {"llvm.rint", "anyfloat", "m0"},
    {"llvm.round", "anyfloat", "m0"},
    {"llvm.sadd.with.overflow", "anyint i1", "m0 m0"},
    {"llvm.setjmp", "i32", "ptr"},
    {"llvm.siglongjmp", "", "ptr i32"},
    {"llvm.sigsetjmp", "i32", "ptr i32"},
    {"llvm.sin", "anyfloat", "m0"},
    {"llvm.smul.with.overflow", "anyint i1", "m0 m0"},
    {"llvm.sqrt", "anyfloat", "m0"},
    {"llvm.ssub.with.overflow", "anyint i1", "m0 m0"},
    {"llvm.stackprotector", "", "ptr pptr"},
    {"llvm.stackprotectorcheck", "", "pptr"},
    {"llvm.stackrestore", "", "ptr"},
    {"llvm.stacksave", "ptr", ""},
    {"llvm.trap", "", ""},
    {"llvm.trunc", "anyfloat", "m0"},
    {"llvm.uadd.with.overflow", "anyint i1", "m0 m0"},
    {"llvm.umul.with.overflow", "anyint i1", "m0 m0"},
    {"llvm.usub.with.overflow", "anyint i1", "m0 m0"},
    {"llvm.va_copy", "", "ptr ptr"},
    {"llvm.va_end", "", "ptr"},
    {"llvm.va_start", "", "ptr"},
    {"llvm.var.annotation", "", "ptr ptr ptr i32"},
    {"llvm.write_register", "", "md anyint"},
};

#define I37_COUNT (sizeof i37_table / sizeof *i37_table)

bool i37_overloaded(const i37_intrinsic *in)
{
    return strstr(in->ret, "any") || strstr(in->params, "any");
}

/* 3.7's recognizer (its TableGen'd GET_FUNCTION_RECOGNIZER): among the
 * names with the same first letter after "llvm.", an overloaded
 * intrinsic matches every name that starts with its own and a dot, the
 * longer names (by descending order) first; then the others match their
 * exact name. */
const i37_intrinsic *i37_lookup(const char *name)
{
    if (!name || strncmp(name, "llvm.", 5) != 0 || !name[5])
        return NULL;
    for (size_t i = I37_COUNT; i-- > 0;) {
        const i37_intrinsic *in = &i37_table[i];
        size_t len = strlen(in->name);
        if (in->name[5] == name[5] && i37_overloaded(in) && !strncmp(name, in->name, len) &&
            name[len] == '.')
            return in;
    }
    for (size_t i = 0; i < I37_COUNT; i++)
        if (!i37_overloaded(&i37_table[i]) && !strcmp(name, i37_table[i].name))
            return &i37_table[i];
    return NULL;
}

bool i37_next_token(const char **p, char *tok, size_t size)
{
    while (**p == ' ')
        (*p)++;
    size_t n = strcspn(*p, " ");
    if (!n || n >= size)
        return false;
    memcpy(tok, *p, n);
    tok[n] = '\0';
    *p += n;
    return true;
}
