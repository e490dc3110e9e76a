/* bcw_interim.c - INTERIM body of bcwrite.h, so that the container path
 * (dxil_lower_write_container, `dxil-lower -o x.dxil`, `dxil-roundtrip
 * --binary`) can be built and tested before the LLVM 3.7 writer lands.
 *
 * It writes LLVM 22 bitcode (LLVMWriteBitcodeToMemoryBuffer): our own
 * loader reads it back, DXC and drivers do not. The real writer replaces
 * this whole file (the lead deletes it when merging bcwrite/); nothing
 * else depends on how it writes, only on bcwrite.h. */
#include "bcwrite.h"

#include <llvm-c/BitWriter.h>
#include <stdlib.h>
#include <string.h>

void bcw_options_init(bcw_options *o)
{
    memset(o, 0, sizeof *o);
}

int bcw_write_module(LLVMModuleRef m, const bcw_options *o, uint8_t **out, size_t *size,
                     dxil_diags *diags)
{
    *out = NULL;
    *size = 0;
    LLVMMemoryBufferRef buf = m ? LLVMWriteBitcodeToMemoryBuffer(m) : NULL;
    size_t n = buf ? LLVMGetBufferSize(buf) : 0;
    uint8_t *copy = buf ? malloc(n ? n : 1) : NULL;
    if (copy)
        memcpy(copy, LLVMGetBufferStart(buf), n);
    if (buf)
        LLVMDisposeMemoryBuffer(buf);
    if (!copy) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_LLVM_WRITE, DXIL_LOC_NONE, 0,
                       "%s: could not write the module's bitcode",
                       o && o->name ? o->name : "module");
        return -1;
    }
    *out = copy;
    *size = n;
    return 0;
}
