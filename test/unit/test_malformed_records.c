/* test_malformed_records.c - records whose fields LLVM 22 reads unchecked:
 * each must be refused by the validator with a code and an offset, never
 * reach LLVM (malformed_util.h builds the streams). */
#include "malformed_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One record in block bid (inside a module block, and inside a function
 * block when in_fn), which the validator must refuse. */
static void sem_case(unsigned bid, bool in_fn, unsigned code, size_t n, const uint64_t *ops,
                     const char *needle)
{
    tb b;
    tb_begin(&b);
    tb_enter(&b, 8, 3);
    if (in_fn)
        tb_enter(&b, 12, 4);
    tb_enter(&b, bid, 4);
    tb_record(&b, code, n, ops);
    tb_end(&b);
    if (in_fn)
        tb_end(&b);
    tb_end(&b);
    tb_check(&b, DXIL_E_BITSTREAM_RECORD, needle);
}

static void test_llvm_crashers(void)
{
    /* METADATA NODE pointing past every defined id (LLVM: null deref). */
    sem_case(15, false, 3, 2, (const uint64_t[]){1, 290}, "metadata id 289");
    /* NAMED_NODE likewise (no +1 bias). */
    sem_case(15, false, 10, 1, (const uint64_t[]){7}, "metadata id 7");
    /* A debug-info record with a newer layout flag. */
    sem_case(15, false, 14, 3, (const uint64_t[]){6, 1, 0}, "LLVM 3.7 form");
    /* Metadata record code 0 is not LLVM 3.7 metadata. */
    sem_case(15, false, 0, 2, (const uint64_t[]){2, 0}, "not LLVM 3.7");
    /* sret (29) as an enum attribute on the function: null type, verifier
     * crash; elementtype (77) without a type anywhere. On a parameter, after
     * a string attribute, sret is fine (LLVM upgrades it). */
    sem_case(10, false, 3, 6, (const uint64_t[]){1, 0xFFFFFFFFu, 0, 18, 0, 29}, "code 29");
    sem_case(10, false, 3, 4, (const uint64_t[]){1, 1, 5, 77}, "code 77");
    /* Kind 6 names a type, but none is defined yet: LLVM gives it a null
     * type too. After a TYPE block's NUMENTRY, an id below it is fine. */
    sem_case(10, false, 3, 5, (const uint64_t[]){1, 1, 6, 77, 0}, "code 77");
    tb b;
    tb_begin(&b);
    tb_enter(&b, 8, 3);
    tb_enter(&b, 17, 4);
    tb_record(&b, 1, 1, (const uint64_t[]){1});  /* NUMENTRY 1 */
    tb_record(&b, 7, 1, (const uint64_t[]){32}); /* i32 */
    tb_end(&b);
    tb_enter(&b, 10, 4);
    tb_record(&b, 3, 5, (const uint64_t[]){1, 1, 6, 77, 0});
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, 0, NULL);
    sem_case(10, false, 3, 9, (const uint64_t[]){1, 0, 4, 'a', 0, 'b', 0, 0, 3}, "code 3");
    tb_begin(&b);
    tb_enter(&b, 8, 3);
    tb_enter(&b, 10, 4);
    tb_record(&b, 3, 7, (const uint64_t[]){1, 1, 3, 'a', 0, 0, 29});
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, 0, NULL);
    /* Attribute group for parameter 0xFFFFFFFD: LLVM allocates 32 GiB. */
    sem_case(10, false, 3, 3, (const uint64_t[]){1, 0xFFFFFFFDu, 0}, "attribute group");
    /* TYPE NUMENTRY and DECLAREBLOCKS sized far beyond the block. */
    sem_case(17, false, 1, 1, (const uint64_t[]){1u << 30}, "entries");
    sem_case(12, false, 1, 1, (const uint64_t[]){1u << 30}, "entries");
    /* Pre-3.7 GEP (LLVM: null type dereference). */
    sem_case(12, false, 30, 3, (const uint64_t[]){1, 2, 3}, "GEP");
    /* Instruction attachment naming an undefined node. */
    sem_case(16, true, 11, 2, (const uint64_t[]){5, 9}, "metadata id 9");
}

/* ---- GEP struct indices and constant types (the value model) ---------- */

#define OPS(...) (sizeof((const uint64_t[]){__VA_ARGS__}) / sizeof(uint64_t)), \
                 (const uint64_t[]){__VA_ARGS__}

/* Types 0 i32, 1 {i32}, 2 ptr to 1, 3 void, 4 void(ptr); value 0 is a
 * function with a body, values 1 and 2 the i32 constants 0 and 5. With
 * modern, an IDENTIFICATION_BLOCK comes first, as LLVM 3.8+ writes. */
static void gep_head(tb *b, bool modern)
{
    tb_begin(b);
    if (modern) {
        tb_enter(b, 13, 5);
        tb_record(b, 1, OPS('L', 'L', 'V', 'M')); /* STRING */
        tb_record(b, 2, OPS(0));                  /* EPOCH */
        tb_end(b);
    }
    tb_enter(b, 8, 3);
    tb_record(b, 1, OPS(1)); /* VERSION 1: relative operand ids */
    tb_enter(b, 17, 4);
    tb_record(b, 1, OPS(5));
    tb_record(b, 7, OPS(32));
    tb_record(b, 18, OPS(0, 0));
    tb_record(b, 8, OPS(1, 0));
    tb_record(b, 2, 0, NULL);
    tb_record(b, 21, OPS(0, 3, 2));
    tb_end(b);
    tb_record(b, 8, OPS(4, 0, 0)); /* FUNCTION, not a prototype */
    tb_enter(b, 11, 4);
    tb_record(b, 4, OPS(0));  /* i32 0 */
    tb_record(b, 4, OPS(10)); /* i32 5 (sign-rotated) */
}

/* A constant GEP of value 0 with indices (i32 0, value idx). */
static void gep_ce_case(uint64_t idx, int code, const char *needle)
{
    tb b;
    gep_head(&b, false);
    tb_record(&b, 1, OPS(2)); /* SETTYPE ptr */
    tb_record(&b, 20, OPS(1, 2, 0, 0, 1, 0, idx)); /* CE_INBOUNDS_GEP [ty, (ty, v)...] */
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, code, needle);
}

/* A function whose argument is value 3; a void call (which must not get a
 * value number), then GEP {i32}, %arg, i32 0, <value idx>[, <value idx2>]. */
static void gep_inst_case(bool modern, size_t n_idx, uint64_t idx, int code,
                          const char *needle)
{
    tb b;
    gep_head(&b, modern);
    tb_end(&b);
    tb_enter(&b, 12, 4);
    tb_record(&b, 1, OPS(1));                   /* DECLAREBLOCKS */
    tb_record(&b, 34, OPS(0, 1u << 15, 4, 4, 1)); /* CALL void @f(%arg) */
    if (n_idx == 1)
        tb_record(&b, 43, OPS(1, 1, 1, 3, 4 - idx));
    else
        tb_record(&b, 43, OPS(1, 1, 1, 3, 4 - idx, 4 - idx));
    tb_record(&b, 10, 0, NULL);                 /* RET */
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, code, needle);
}

static void test_gep_struct_indices(void)
{
    gep_ce_case(1, 0, NULL);
    gep_ce_case(2, DXIL_E_BITSTREAM_RECORD, "is 5, but it has 1 fields");
    gep_ce_case(0, DXIL_E_BITSTREAM_RECORD, "is not an i32 constant");
    gep_inst_case(false, 1, 1, 0, NULL);
    gep_inst_case(true, 1, 1, 0, NULL);
    gep_inst_case(false, 1, 2, DXIL_E_BITSTREAM_RECORD, "is 5, but it has 1 fields");
    gep_inst_case(true, 1, 2, DXIL_E_BITSTREAM_RECORD, "is 5, but it has 1 fields");
    gep_inst_case(false, 1, 3, DXIL_E_BITSTREAM_RECORD, "is not an i32 constant");
    gep_inst_case(false, 2, 1, DXIL_E_BITSTREAM_RECORD, "not an aggregate");
    /* Fuzzer find: a GEP whose source type is past the type table. */
    tb b;
    gep_head(&b, false);
    tb_end(&b);
    tb_enter(&b, 12, 4);
    tb_record(&b, 1, OPS(1));
    tb_record(&b, 43, OPS(1, 9, 1, 3, 2)); /* GEP type 9, %arg, 0, 5 */
    tb_record(&b, 10, 0, NULL);
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, DXIL_E_BITSTREAM_RECORD, "GEP source element type 9 is not defined");
}

/* Closes gep_head's constants block, then one function body: DECLAREBLOCKS,
 * the CALL record, optionally one more record, RET; then the check. */
static void call_body_check(tb *b, size_t n_call, const uint64_t *call, size_t n_after,
                            const uint64_t *after, int code, const char *needle)
{
    tb_end(b);
    tb_enter(b, 12, 4);
    tb_record(b, 1, OPS(1)); /* DECLAREBLOCKS */
    tb_record(b, 34, n_call, call);
    if (after)
        tb_record(b, (unsigned)after[0], n_after - 1, after + 1);
    tb_record(b, 10, 0, NULL); /* RET */
    tb_end(b);
    tb_end(b);
    tb_check(b, code, needle);
}

/* Fuzzer find (load target): one INST_STORE of a DXC shader mutated into
 * DEBUG_RECORD_ASSIGN (code 63, LLVM 19), whose fields LLVM 22 reads as
 * metadata ids without a bound: a crash in the reader. Refused in LLVM 3.7
 * streams; in modern ones the ids are bounded (here none is defined). */
static void debug_record_case(bool modern, int code, const char *needle)
{
    tb b;
    gep_head(&b, modern);
    call_body_check(&b, OPS(0, 0, 4, 1), OPS(63, 1, 9, 4, 0), code, needle);
}

static void test_debug_records(void)
{
    debug_record_case(false, DXIL_E_BITSTREAM_RECORD,
                      "function record code 63 (LLVM 3.8 or later) is not LLVM 3.7");
    debug_record_case(true, DXIL_E_BITSTREAM_RECORD, "refers to metadata id 1, but only 0");
}

/* Fuzzer find (load target): a call to llvm.lifetime.end whose explicit
 * function type was not the declaration's crashed LLVM 22's intrinsic
 * upgrade; LLVM 3.7 required the two to agree. Here value 0 is void(ptr)
 * and the call claims type fnty. With explicit off, the callee's type
 * gives the call's result, so the GEP after it (index 5 into {i32}) is
 * still checked. */
static void call_case(bool explicit, uint64_t fnty, int code, const char *needle)
{
    tb b;
    gep_head(&b, false);
    if (explicit) /* CALL fnty @f(%arg), then GEP {i32}, %arg, 0, 5 */
        call_body_check(&b, OPS(0, 1u << 15, fnty, 4, 1), OPS(43, 1, 1, 1, 3, 2), code, needle);
    else /* CALL @f(%arg), the same GEP */
        call_body_check(&b, OPS(0, 0, 4, 1), OPS(43, 1, 1, 1, 3, 2), code, needle);
}

/* Fuzzer find (load target): module metadata VALUE [ty, value] naming a
 * value past the module's (3 here): LLVM 22 keeps a placeholder that a
 * function-local value of another type replaces, and crashes. */
static void md_value_case(uint64_t ty, uint64_t value, int code, const char *needle)
{
    tb b;
    gep_head(&b, false);
    tb_end(&b);
    tb_enter(&b, 15, 3);
    tb_record(&b, 2, OPS(ty, value)); /* VALUE */
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, code, needle);
}

/* The same through a bitcast constant of the function (value 3), which
 * LLVM 22 folds away: explicit type fnty. */
static void cast_call_case(uint64_t fnty, int code, const char *needle)
{
    tb b;
    gep_head(&b, false);
    tb_record(&b, 1, OPS(2));         /* SETTYPE ptr */
    tb_record(&b, 11, OPS(11, 4, 0)); /* CE_CAST bitcast @f */
    call_body_check(&b, OPS(0, 1u << 15, fnty, 2, 1), 0, NULL, code, needle); /* fnty %cast(%arg) */
}

/* Fuzzer find (load target): a shufflevector whose mask is not a constant
 * <n x i32> crashed LLVM 22 in getShuffleMask. Types 0 i32, 1 <2 x i32>,
 * 2 void, 3 void(<2 x i32>); values 0 @f, 1 i32 0, 2 i32 1, 3 <i32 0, i32 1>,
 * 4 undef <2 x i32>, 5 the argument; a first shuffle (mask 3) is value 6.
 * mask is the second shuffle's mask, absolute. */
static void shuffle_case(uint64_t mask, int code, const char *needle)
{
    tb b;
    tb_begin(&b);
    tb_enter(&b, 8, 3);
    tb_record(&b, 1, OPS(1));
    tb_enter(&b, 17, 4);
    tb_record(&b, 1, OPS(4));
    tb_record(&b, 7, OPS(32));
    tb_record(&b, 12, OPS(2, 0));
    tb_record(&b, 2, 0, NULL);
    tb_record(&b, 21, OPS(0, 2, 1));
    tb_end(&b);
    tb_record(&b, 8, OPS(3, 0, 0));
    tb_enter(&b, 11, 4);
    tb_record(&b, 1, OPS(0));
    tb_record(&b, 4, OPS(0));
    tb_record(&b, 4, OPS(2));
    tb_record(&b, 1, OPS(1));
    tb_record(&b, 7, OPS(1, 2)); /* AGGREGATE */
    tb_record(&b, 3, 0, NULL);   /* UNDEF */
    tb_end(&b);
    tb_enter(&b, 12, 4);
    tb_record(&b, 1, OPS(1));
    tb_record(&b, 8, OPS(1, 1, 3));        /* SHUFFLEVEC: value 6 */
    if (mask < 7)
        tb_record(&b, 8, OPS(2, 2, 7 - mask)); /* value 7 */
    else /* a forward reference: the id wraps, its type follows */
        tb_record(&b, 8, OPS(2, 2, (uint32_t)(7 - mask), 1));
    tb_record(&b, 10, 0, NULL);
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, code, needle);
}

/* Fuzzing gap closed: a call passing an (old) intrinsic as an argument is
 * among the intrinsic's users, and LLVM 22's upgrade then rewrites it as
 * if it were the callee (llvm_unreachable). DXIL has no function pointers:
 * a module function, or a bitcast of one (value 3), as an argument is
 * refused; the argument itself (%arg) is fine. */
static void fn_arg_case(bool via_cast, bool pass_function, int code, const char *needle)
{
    tb b;
    gep_head(&b, false);
    if (via_cast) {
        tb_record(&b, 1, OPS(2));         /* SETTYPE ptr */
        tb_record(&b, 11, OPS(11, 4, 0)); /* CE_CAST bitcast @f */
    }
    uint64_t next = via_cast ? 5 : 4; /* the argument's value id, and the first instruction's */
    uint64_t passed = !pass_function ? next - 1 : via_cast ? 3 : 0;
    call_body_check(&b, OPS(0, 1u << 15, 4, next, next - passed), 0, NULL, code, needle);
}

static void test_call_types(void)
{
    fn_arg_case(false, false, 0, NULL);
    fn_arg_case(true, false, 0, NULL);
    fn_arg_case(false, true, DXIL_E_BITSTREAM_RECORD, "passes function value 0 as an argument");
    fn_arg_case(true, true, DXIL_E_BITSTREAM_RECORD, "passes function value 3 as an argument");
    shuffle_case(3, 0, NULL);
    shuffle_case(4, 0, NULL);
    shuffle_case(1, DXIL_E_BITSTREAM_RECORD, "shufflevector mask is not a constant");
    shuffle_case(6, DXIL_E_BITSTREAM_RECORD, "shufflevector mask is not a constant");
    shuffle_case(8, DXIL_E_BITSTREAM_RECORD, "shufflevector mask is not a constant");
    cast_call_case(4, 0, NULL);
    cast_call_case(0, DXIL_E_BITSTREAM_RECORD, "is not the type 4 of the function it calls");
    md_value_case(0, 2, 0, NULL);
    md_value_case(0, 3, DXIL_E_BITSTREAM_RECORD, "refers to value 3, but only 3 module values");
    md_value_case(1, 2, DXIL_E_BITSTREAM_RECORD, "names value 2 as type 1, which it is not");
    md_value_case(4, 0, 0, NULL); /* a function: its type is not followed */
    call_case(true, 0, DXIL_E_BITSTREAM_RECORD, "is not the type 4 of the function it calls");
    call_case(true, 4, DXIL_E_BITSTREAM_RECORD, "is 5, but it has 1 fields");
    call_case(false, 0, DXIL_E_BITSTREAM_RECORD, "is 5, but it has 1 fields");
}

/* Seed 4 mutants 6070 and 33767: an AGGREGATE whose element is itself
 * (20 s hangs in LLVM 22). Values 0 @f, 1 and 2 the i32s; the aggregate is 3. */
static void aggregate_case(uint64_t elt, int code, const char *needle)
{
    tb b;
    gep_head(&b, false);
    tb_record(&b, 1, OPS(1));         /* SETTYPE {i32} */
    tb_record(&b, 7, OPS(elt));       /* AGGREGATE */
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, code, needle);
}

/* One constant-expression record after the i32s of gep_head (it is
 * value 3); needle NULL: accepted. */
static void ce_case(size_t n, const uint64_t *ops, const char *needle)
{
    tb b;
    gep_head(&b, false);
    tb_record(&b, 1, OPS(0)); /* SETTYPE i32 */
    tb_record(&b, (unsigned)ops[0], n - 1, ops + 1);
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, needle ? DXIL_E_BITSTREAM_RECORD : 0, needle);
}

static void test_constant_types(void)
{
    aggregate_case(1, 0, NULL);
    aggregate_case(4, 0, NULL); /* a forward reference is fine */
    aggregate_case(3, DXIL_E_BITSTREAM_RECORD, "constant 3 (record code 7) has itself");
    /* Fuzz find (load): a CE_CAST of itself made LLVM 22 grow its value
     * list to 2^32 entries and report_fatal_error (abort). The same for
     * the other expression shapes; a type id equal to the own id is fine. */
    ce_case(OPS(11, 0, 0, 3), "constant 3 (record code 11) has itself");  /* CE_CAST trunc */
    ce_case(OPS(11, 0, 3, 1), NULL);                                       /* type 3, value 1 */
    ce_case(OPS(10, 0, 1, 3), "constant 3 (record code 10) has itself");  /* CE_BINOP add */
    ce_case(OPS(17, 0, 1, 3, 32), "constant 3 (record code 17) has itself"); /* CE_CMP */
    ce_case(OPS(20, 0, 2, 0, 3, 0, 1), "constant 3 (record code 20) has itself"); /* CE GEP */
    ce_case(OPS(20, 0, 2, 0, 0, 0, 1), NULL);
    /* SETTYPE past the type table and DATA of a non-array type: LLVM 22
     * reads a garbage element type (crash or hang). */
    sem_case(11, false, 1, OPS(5), "SETTYPE names type 5");
    sem_case(11, false, 22, OPS(1, 2), "DATA constant before any SETTYPE");
    /* Seed 7 mutant 68734: SETTYPE flipped to the metadata type, then NULL
     * (LLVM 22 traps in Constant::getNullValue). Type 3 is void here. */
    tb b;
    gep_head(&b, false);
    tb_record(&b, 1, OPS(3)); /* SETTYPE void */
    tb_record(&b, 2, 0, NULL); /* NULL */
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, DXIL_E_BITSTREAM_RECORD, "which no constant has");
}

/* Modern streams may use metadata LLVM 3.7 never wrote (STRINGS 35);
 * version-independent reference checks still apply to them. */
static void md_case(bool modern, size_t n, const uint64_t *ops, int code, const char *needle)
{
    tb b;
    gep_head(&b, modern);
    tb_end(&b);
    tb_enter(&b, 15, 3);
    tb_record(&b, 35, OPS(2, 0));  /* STRINGS: two ids (offsets and blob elided) */
    tb_record(&b, 3, n, ops);      /* NODE */
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, code, needle);
}

static void test_modern_metadata(void)
{
    md_case(true, OPS(1, 2), 0, NULL);
    md_case(true, OPS(4), DXIL_E_BITSTREAM_RECORD, "metadata id 3");
    md_case(false, OPS(1, 2), DXIL_E_BITSTREAM_RECORD, "code 35 is not LLVM 3.7");
}

/* Debug-info fields as LLVM reads them: ids 0 and 1 are strings, 2 a
 * node, 3 a value (i32 0), then the record under test. LLVM 3.7 streams
 * write one STRING_OLD per string, modern ones a STRINGS record. */
static void di_case(bool modern, unsigned code, size_t n, const uint64_t *ops, const char *needle)
{
    tb b;
    gep_head(&b, modern);
    tb_end(&b);
    tb_enter(&b, 15, 3);
    if (modern) {
        tb_record(&b, 35, OPS(2, 0)); /* STRINGS: two ids (offsets and blob elided) */
    } else {
        tb_record(&b, 1, OPS('a'));   /* STRING_OLD */
        tb_record(&b, 1, OPS('b'));
    }
    tb_record(&b, 3, 0, NULL);    /* NODE !{} */
    tb_record(&b, 2, OPS(0, 1)); /* VALUE i32 0 */
    tb_record(&b, code, n, ops);
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, needle ? DXIL_E_BITSTREAM_RECORD : 0, needle);
}

static void test_debug_info_strings(void)
{
    const char *not_string = "metadata that is not a string read before it";
    /* FILE [distinct, filename, directory, ...]: fuzz find, a filename
     * naming an id not read yet crashed the reader. */
    for (int modern = 0; modern < 2; modern++) {
        di_case(modern, 16, OPS(0, 1, 2), NULL);
        di_case(modern, 16, OPS(0, 0, 0), NULL); /* null names */
        di_case(modern, 16, OPS(0, 3, 2), not_string);  /* the node */
        di_case(modern, 16, OPS(0, 1, 5), not_string);  /* id 4: not read yet */
    }
    /* The checksum is read only with a kind; the source always. */
    di_case(true, 16, OPS(0, 1, 2, 0, 3), NULL);
    di_case(true, 16, OPS(0, 1, 2, 1, 3), not_string);
    di_case(true, 16, OPS(0, 1, 2, 0, 0, 3), not_string);
    /* LOCAL_VAR: the name follows the old tag field when there are more
     * than eight fields and no alignment flag. */
    di_case(false, 28, OPS(0, 0x100, 0, 1, 0, 0, 0, 0, 0), NULL);
    di_case(false, 28, OPS(0, 0x100, 0, 3, 0, 0, 0, 0, 0), not_string);
    di_case(true, 28, OPS(2, 0, 3, 0, 0, 0, 0, 0, 0), not_string);
    /* NAMESPACE: the name moved when file and line were dropped. */
    di_case(true, 24, OPS(0, 0, 3), not_string);
    di_case(true, 24, OPS(0, 0, 0, 3, 0), not_string);
    di_case(true, 24, OPS(0, 0, 0, 1, 0), NULL);
    /* COMMON_BLOCK is read without a size check. */
    di_case(true, 44, OPS(0, 0, 0, 1), "fewer fields");
    di_case(true, 44, OPS(0, 0, 0, 1, 0, 0), NULL);
    /* Wide enumerator values: a width the record cannot back would only
     * make LLVM allocate for it. */
    di_case(true, 14, OPS(4, 128, 1, 7), NULL);
    di_case(true, 14, OPS(4, (uint64_t)1 << 40, 1, 7), "wider than any LLVM integer");
    /* FIXED_POINT_TYPE factors: [bits | words << 32, words...]. */
    di_case(true, 49, OPS(0, 0, 1, 32, 0, 0, 0, 0, 0, 64 | (1ull << 32), 3, 64 | (1ull << 32), 1),
            NULL);
    di_case(true, 49, OPS(0, 0, 1, 32, 0, 0, 0, 0, 0, 64 | (5ull << 32), 3, 64, 1),
            "more words than the record");
    /* Node fields in modern layouts: a placeholder never resolved made
     * LLVM index past its tables (fuzz find: a compile unit's file). */
    di_case(true, 20, OPS(1, 12, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), NULL);
    di_case(true, 20, OPS(1, 12, 27, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), "metadata id 26");
    di_case(true, 20, OPS(1, 12, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9), "metadata id 8");
    /* SUBPROGRAM: the packed-flags layout moves the unit to field 12. */
    di_case(true, 21, OPS(6, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0), NULL);
    di_case(true, 21, OPS(6, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 40, 0, 0, 0, 0, 0),
            "metadata id 39");
    /* Numbers are not references: a line far past every id is fine. */
    di_case(true, 22, OPS(0, 3, 0, 5000, 7), NULL);
    di_case(true, 22, OPS(0, 300, 0, 5000, 7), "metadata id 299");
    /* DIArgList [value ids...]: LLVM casts each to value metadata. */
    di_case(true, 46, OPS(3), NULL);
    di_case(true, 46, OPS(3, 2), "not a value read before it");
    /* Global attachments [value, (kind, node)*] name nodes by raw id. */
    di_case(true, 36, OPS(0, 0, 2), NULL);
    di_case(true, 36, OPS(0, 0, 77), "metadata id 77");
}

/* Module-level lists LLVM 22 reads unchecked (bitcode_modflags.c). Ids:
 * 0 "Linker Options", 1 "k", 2 VALUE i32 0, 3 !{}, 4 !{!3}, 5 the node
 * under test, named by `list`. */
static void named_case(bool modern, const char *list, size_t n, const uint64_t *node,
                       const char *needle)
{
    static const char linker[] = "Linker Options";
    uint64_t chars[32];
    tb b;
    gep_head(&b, modern);
    tb_end(&b);
    tb_enter(&b, 15, 3);
    for (size_t i = 0; linker[i]; i++)
        chars[i] = (unsigned char)linker[i];
    tb_record(&b, 1, sizeof linker - 1, chars); /* STRING_OLD */
    tb_record(&b, 1, OPS('k'));
    tb_record(&b, 2, OPS(0, 1));
    tb_record(&b, 3, 0, NULL);
    tb_record(&b, 3, OPS(4));
    tb_record(&b, 3, n, node);
    size_t len = strlen(list);
    for (size_t i = 0; i < len; i++)
        chars[i] = (unsigned char)list[i];
    tb_record(&b, 4, len, chars);  /* NAME */
    tb_record(&b, 10, OPS(5));     /* NAMED_NODE */
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, needle ? DXIL_E_MODULE_METADATA : 0, needle);
}

/* Issue 23: !{null, null, null} as a module flag crashed LLVM's reader
 * (Module::getModuleFlag casts the key unchecked). */
static void test_module_lists(void)
{
    for (int modern = 0; modern < 2; modern++) {
        named_case(modern, "llvm.module.flags", OPS(3, 2, 4), NULL);
        named_case(modern, "llvm.module.flags", OPS(0, 0, 0), "behaviour that is not a constant");
        named_case(modern, "llvm.module.flags", OPS(3, 2), "does not have 3 operands");
        named_case(modern, "llvm.module.flags", OPS(3, 2, 4, 4), "does not have 3 operands");
        named_case(modern, "llvm.module.flags", OPS(3, 4, 4), "key that is not a string");
        named_case(modern, "llvm.module.flags", OPS(3, 2, 0), "has a null value");
        /* "Linker Options": LLVM casts the value and its operands to nodes. */
        named_case(modern, "llvm.module.flags", OPS(3, 1, 5), NULL);
        named_case(modern, "llvm.module.flags", OPS(3, 1, 4), NULL);
        named_case(modern, "llvm.module.flags", OPS(3, 1, 3), "\"Linker Options\"");
        named_case(modern, "llvm.dbg.cu", OPS(3, 2, 4), "!llvm.dbg.cu operand 0 (metadata 5)");
        named_case(modern, "llvm.ident", OPS(3, 2, 4), NULL);
    }
}

/* ---- whole loads of crafted inputs -------------------------------------------- */


int tu_register(void)
{
    malformed_init();
    static const tu_case records[] = {
        {"records that crash LLVM 22", test_llvm_crashers},
        {"GEP struct indices", test_gep_struct_indices},
        {"debug records in function bodies", test_debug_records},
        {"constant types", test_constant_types},
        {"call types, metadata values, shuffle masks", test_call_types},
        {"modern-stream metadata", test_modern_metadata},
        {"debug-info string fields", test_debug_info_strings},
        {"module flags and compile-unit lists", test_module_lists},
        {NULL, NULL}};
    tu_add_suite("malformed records", records);
    return 0;
}
