/* module_write.c - serialise a module as IR text or bitcode. */
#include "common/file_io.h"
#include "llvm_shim.h"
#include "module_internal.h"

#include <llvm-c/BitWriter.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* LLVM's own output: text (LLVMPrintModuleToString) or a bitcode buffer.
 * Files are written straight from it; only write_memory copies it into
 * malloc'd memory for the caller. */
typedef struct mw_output {
    char *text;
    LLVMMemoryBufferRef buf;
    const void *data;
    size_t size;
} mw_output;

/* LLVM's printer writes a string attribute's key unescaped (its value is
 * escaped): a key holding a NUL (where LLVMPrintModuleToString's string
 * ends), a quote or a backslash prints as text that does not read back,
 * or reads back as another key. Its bitcode writer ends a key at a NUL,
 * which its reader then refuses. Returns the first such key in attrs
 * (text: any of the three; bitcode: NUL). */
static const char *mw_bad_key(LLVMAttributeRef *attrs, unsigned n, bool text, unsigned *len)
{
    for (unsigned i = 0; i < n; i++) {
        if (!LLVMIsStringAttribute(attrs[i]))
            continue;
        const char *k = LLVMGetStringAttributeKind(attrs[i], len);
        for (unsigned j = 0; j < *len; j++)
            if (k[j] == '\0' || (text && (k[j] == '"' || k[j] == '\\')))
                return k;
    }
    return NULL;
}

/* The attributes at one index of a function (call == NULL) or call. */
static const char *mw_bad_key_at(LLVMValueRef fn, LLVMValueRef call, LLVMAttributeIndex idx,
                                 bool text, unsigned *len)
{
    unsigned n = call ? LLVMGetCallSiteAttributeCount(call, idx)
                      : LLVMGetAttributeCountAtIndex(fn, idx);
    if (!n)
        return NULL;
    LLVMAttributeRef *attrs = malloc(n * sizeof *attrs);
    if (!attrs)
        return NULL;
    if (call)
        LLVMGetCallSiteAttributes(call, idx, attrs);
    else
        LLVMGetAttributesAtIndex(fn, idx, attrs);
    const char *k = mw_bad_key(attrs, n, text, len);
    free(attrs);
    return k;
}

/* Function, return and parameter indices of fn, or of call's callee type. */
static const char *mw_bad_key_of(LLVMValueRef fn, LLVMValueRef call, bool text, unsigned *len)
{
    unsigned params = call ? (unsigned)LLVMGetNumArgOperands(call) : LLVMCountParams(fn);
    const char *k = mw_bad_key_at(fn, call, LLVMAttributeFunctionIndex, text, len);
    for (unsigned i = 0; !k && i <= params; i++)
        k = mw_bad_key_at(fn, call, i, text, len);
    return k;
}

static int mw_check_keys(dxil_module *m, bool text, dxil_diags *diags)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(m->mod); f; f = LLVMGetNextFunction(f)) {
        unsigned len = 0;
        const char *k = mw_bad_key_of(f, NULL, text, &len);
        for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b && !k; b = LLVMGetNextBasicBlock(b))
            for (LLVMValueRef i = LLVMGetFirstInstruction(b); i && !k; i = LLVMGetNextInstruction(i))
                if (LLVMIsACallInst(i))
                    k = mw_bad_key_of(f, i, text, &len);
        if (!k)
            continue;
        size_t nl = 0;
        const char *name = LLVMGetValueName2(f, &nl);
        unsigned shown = 0; /* up to its first NUL */
        while (shown < len && shown < 64 && k[shown])
            shown++;
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_LLVM_WRITE, DXIL_LOC_NONE, 0,
                       "function @%.*s: string attribute \"%.*s...\" holds %s: LLVM's %s "
                       "would not read back", (int)nl, name, (int)shown, k,
                       text ? "a NUL, quote or backslash, which LLVM prints unescaped"
                            : "a NUL, where LLVM's bitcode writer ends it",
                       text ? "text" : "bitcode");
        return -1;
    }
    return 0;
}

/* A module LLVM's verifier rejects is bad input whether or not --verify
 * was asked for: it is never written (LLVM's printer and writer assume a
 * valid module and can crash on a broken one). */
static int mw_serialise(dxil_module *m, dxil_emit_format fmt, mw_output *out, dxil_diags *diags)
{
    memset(out, 0, sizeof *out);
    if (dxil_module_verify(m, diags) != 0)
        return -1;
    if (mw_check_keys(m, fmt == DXIL_EMIT_LL, diags) != 0)
        return -1;
    if (fmt == DXIL_EMIT_LL) {
        out->text = LLVMPrintModuleToString(m->mod);
        out->data = out->text;
        out->size = out->text ? strlen(out->text) : 0;
    } else {
        /* Bitcode nobody could read back is not written (text is fine). */
        char *why = shim_datalayout_bitcode_error(m->mod);
        if (why) {
            dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_LLVM_WRITE, DXIL_LOC_NONE, 0,
                           "%s; write .ll instead", why);
            free(why);
            return -1;
        }
        out->buf = LLVMWriteBitcodeToMemoryBuffer(m->mod);
        out->data = out->buf ? LLVMGetBufferStart(out->buf) : NULL;
        out->size = out->buf ? LLVMGetBufferSize(out->buf) : 0;
    }
    if (out->text || out->buf)
        return 0;
    dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_LLVM_WRITE, DXIL_LOC_NONE, 0,
                   "could not serialise the module");
    return -1;
}

static void mw_release(mw_output *out)
{
    if (out->text)
        LLVMDisposeMessage(out->text);
    if (out->buf)
        LLVMDisposeMemoryBuffer(out->buf);
}

int dxil_module_write_memory(dxil_module *m, dxil_emit_format fmt, void **data, size_t *size,
                             dxil_diags *diags)
{
    *data = NULL;
    *size = 0;
    mw_output out;
    if (mw_serialise(m, fmt, &out, diags) != 0)
        return -1;
    /* Text keeps its NUL terminator in the copy. */
    size_t extra = fmt == DXIL_EMIT_LL ? 1 : 0;
    void *copy = malloc(out.size + extra ? out.size + extra : 1);
    if (copy)
        memcpy(copy, out.data, out.size + extra);
    mw_release(&out);
    if (!copy) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_LLVM_WRITE, DXIL_LOC_NONE, 0,
                       "could not serialise the module");
        return -1;
    }
    *data = copy;
    *size = out.size;
    return 0;
}

int dxil_module_write_file(dxil_module *m, const char *path, dxil_emit_format fmt,
                           dxil_diags *diags)
{
    mw_output out;
    if (mw_serialise(m, fmt, &out, diags) != 0)
        return -1;
    int rc = file_write_atomic(path, out.data, out.size, diags);
    mw_release(&out);
    return rc;
}
