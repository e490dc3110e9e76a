/* module_write.c - serialise a module as IR text or bitcode. */
#include "file_io.h"
#include "module_internal.h"

#include <llvm-c/BitWriter.h>
#include <stdlib.h>
#include <string.h>

int dxil_module_write_memory(dxil_module *m, dxil_emit_format fmt, void **data, size_t *size,
                             dxil_diags *diags)
{
    *data = NULL;
    *size = 0;
    if (fmt == DXIL_EMIT_LL) {
        char *text = LLVMPrintModuleToString(m->mod);
        size_t len = text ? strlen(text) : 0;
        char *copy = text ? malloc(len + 1) : NULL;
        if (copy)
            memcpy(copy, text, len + 1);
        LLVMDisposeMessage(text);
        *data = copy;
        *size = len;
    } else {
        LLVMMemoryBufferRef buf = LLVMWriteBitcodeToMemoryBuffer(m->mod);
        size_t len = buf ? LLVMGetBufferSize(buf) : 0;
        void *copy = buf ? malloc(len ? len : 1) : NULL;
        if (copy)
            memcpy(copy, LLVMGetBufferStart(buf), len);
        if (buf)
            LLVMDisposeMemoryBuffer(buf);
        *data = copy;
        *size = len;
    }
    if (!*data) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_LLVM_WRITE, DXIL_LOC_NONE, 0,
                       "could not serialise the module");
        return -1;
    }
    return 0;
}

int dxil_module_write_file(dxil_module *m, const char *path, dxil_emit_format fmt,
                           dxil_diags *diags)
{
    void *data;
    size_t size;
    if (dxil_module_write_memory(m, fmt, &data, &size, diags) != 0)
        return -1;
    int rc = dxil_write_file_atomic(path, data, size, diags);
    free(data);
    return rc;
}
