/* intrinsics37.h - LLVM 3.7's intrinsics (DXC's LLVM): names, signatures
 * and the reader's name lookup, for the bitcode writer (the names it
 * writes) and the validator's LLVM 3.7 rules (check/chk_llvm37.c).
 *
 * A signature is the return tokens and the parameter tokens (both
 * space-separated; no return token: void, two: a literal struct):
 *   i1 i8 i16 i32 i64   integers          ptr   i8*      pptr  i8**
 *   md                  metadata          desc  {}*      ...   varargs
 *   anyint anyfloat anyvec anyptr any     an overloaded type (integer or
 *                       integer vector, float or float vector, vector,
 *                       pointer, any), numbered in order of appearance
 *   m0 m1 ...           the overloaded type of that number again
 *   ptrto0 vsw0i1 vpe0 anyptrint          pointer to overload 0, i1
 *                       vector as wide as it, vector of pointers to its
 *                       elements, pointer to an overloaded integer */
#ifndef DXIL_BITCODE_INTRINSICS37_H
#define DXIL_BITCODE_INTRINSICS37_H

#include <stdbool.h>
#include <stddef.h>

typedef struct i37_intrinsic {
    const char *name; /* "llvm.powi": without the overloaded types' suffixes */
    const char *ret, *params;
} i37_intrinsic;

/* The intrinsic LLVM 3.7's reader takes a function named `name` for, or
 * NULL (an ordinary external function to 3.7). */
const i37_intrinsic *i37_lookup(const char *name);
/* Its name carries the types of its overloaded tokens. */
bool i37_overloaded(const i37_intrinsic *in);

/* The next space-separated token of a signature string (*p, advanced)
 * in tok; false at the end or when it does not fit. */
bool i37_next_token(const char **p, char *tok, size_t size);

#endif
