/* module_write.c - serialise a module as IR text or bitcode. */
#include "common/file_io.h"
#include "llvm_shim.h"
#include "module_internal.h"

#include <llvm-c/BitWriter.h>
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

/* A module LLVM's verifier rejects is bad input whether or not --verify
 * was asked for: it is never written (LLVM's printer and writer assume a
 * valid module and can crash on a broken one). */
static int mw_serialise(dxil_module *m, dxil_emit_format fmt, mw_output *out, dxil_diags *diags)
{
    memset(out, 0, sizeof *out);
    if (dxil_module_verify(m, diags) != 0)
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
