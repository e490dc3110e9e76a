/* raise_parts.c - keeps a DXContainer's carried parts in the raised
 * module. The container writer (write/) regenerates SFI0, the signatures,
 * PSV0, HASH and DXIL from the module; every other part (RTS0, VERS, ILDN,
 * STAT, RDAT, ILDB, unknown ones) has no source in the IR, so its bytes go
 * into !dxu.parts verbatim, in container order, and what the writer needs
 * besides (digest kind, HASH flag, PSV0 version) into !dxu.container.
 * A raised .ll or .bc alone is then enough to write the container back
 * (dxil_write_carried_from_module). An MDString holds arbitrary bytes and
 * the text printer escapes them, so both forms keep them exact. */
#include "raise_internal.h"

#include "dxil-upgrade/dxil_write.h"
#include "common/side_metadata.h"
#include "module/md_util.h"

#include <stdio.h>
#include <string.h>

static LLVMValueRef parts_bytes(LLVMContextRef ctx, const void *data, size_t size)
{
    return LLVMMetadataAsValue(ctx, LLVMMDStringInContext2(ctx, data, size));
}

static LLVMValueRef parts_fact(LLVMContextRef ctx, const char *key, LLVMValueRef value)
{
    LLVMValueRef ops[2] = {md_make_string(ctx, key), value};
    return md_make_node(ctx, ops, 2);
}

static LLVMValueRef parts_i32(raise_ctx *rc, uint32_t v)
{
    return LLVMConstInt(LLVMInt32TypeInContext(rc->ctx), v, false);
}

static int parts_add(raise_ctx *rc, const char *node, LLVMValueRef v)
{
    if (v) {
        LLVMAddNamedMetadataOperand(rc->mod, node, v);
        return 0;
    }
    dxil_diags_add(rc->diags, DXIL_SEV_ERROR, DXIL_E_RAISE, DXIL_LOC_NONE, 0,
                   "out of memory while writing !%s", node);
    return -1;
}

static int parts_container(raise_ctx *rc, const dxil_write_carried *c)
{
    LLVMContextRef ctx = rc->ctx;
    const char *digest = dxil_hash_status_name(c->digest);
    int err = parts_add(rc, DXU_MD_CONTAINER,
                        parts_fact(ctx, DXU_CONTAINER_DIGEST, md_make_string(ctx, digest)));
    err |= parts_add(rc, DXU_MD_CONTAINER,
                     parts_fact(ctx, DXU_CONTAINER_HASH_SOURCE,
                                parts_i32(rc, c->hash_includes_source)));
    if (c->psv_info_size)
        err |= parts_add(rc, DXU_MD_CONTAINER,
                         parts_fact(ctx, DXU_CONTAINER_PSV_INFO_SIZE,
                                    parts_i32(rc, c->psv_info_size)));
    if (c->has_content_digest) {
        char hex[33];
        for (int i = 0; i < 16; i++)
            snprintf(hex + 2 * i, 3, "%02x", c->content_digest[i]);
        err |= parts_add(rc, DXU_MD_CONTAINER,
                         parts_fact(ctx, DXU_CONTAINER_CONTENT_DIGEST, md_make_string(ctx, hex)));
    }
    return err ? -1 : 0;
}

int raise_parts(raise_ctx *rc)
{
    const dxil_write_carried *c = rc->carried;
    /* Not a container, or raised before: the nodes say all there is. */
    if (!c || LLVMGetNamedMetadata(rc->mod, DXU_MD_CONTAINER, strlen(DXU_MD_CONTAINER)))
        return 0;
    for (size_t i = 0; i < c->count; i++) {
        const dxil_write_part *p = &c->parts[i];
        LLVMValueRef ops[2] = {md_make_string(rc->ctx, p->fourcc),
                               parts_bytes(rc->ctx, p->data, p->size)};
        if (parts_add(rc, DXU_MD_PARTS, md_make_node(rc->ctx, ops, 2)))
            return -1;
    }
    return parts_container(rc, c);
}
