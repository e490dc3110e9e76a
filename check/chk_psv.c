/* chk_psv.c - the PSV0 part walked as DXC's validator walks it
 * (SimplePSV in DxilContainerValidation.cpp): runtime info, resource
 * bindings, then from runtime info 1 on the string table (4-byte
 * aligned), the semantic index table, the signature elements, the ViewID
 * masks of every output stream (and the patch constant / primitive
 * outputs of hull and mesh shaders) when ViewID is used, and the
 * input-to-output tables; the part must end exactly there. */
#include "chk_psv.h"

#include "dxil-upgrade/dxil_abi.h"

#include <string.h>

uint32_t cpsv_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
           ((uint32_t)p[3] << 24);
}

uint32_t cpsv_info8(const cpsv *c, uint32_t off)
{
    return c->info && off < c->info_size ? c->info[off] : 0;
}

uint32_t cpsv_info32(const cpsv *c, uint32_t off)
{
    return c->info && off + 4 <= c->info_size ? cpsv_u32(c->info + off) : 0;
}

static uint32_t mask_dwords(uint32_t vectors)
{
    return (vectors + 7) >> 3;
}

static uint32_t io_dwords(uint32_t in, uint32_t out)
{
    return mask_dwords(out) * in * 4;
}

typedef struct walker {
    cpsv *c;
    uint64_t off;
    bool ok;
} walker;

/* Moves past n bytes; false (and invalid) when that passes the end. */
static bool skip(walker *w, uint64_t n)
{
    w->off += n;
    if (w->off > w->c->size)
        w->ok = false;
    return w->ok;
}

/* Reads a u32 at the current offset and moves past it. */
static bool read32(walker *w, uint32_t *v)
{
    if (!w->ok || w->off + 4 > w->c->size) {
        w->ok = false;
        return false;
    }
    *v = cpsv_u32(w->c->p + w->off);
    return skip(w, 4);
}

static bool stage_has_pc_outputs(uint32_t stage)
{
    return stage == DXIL_SHADER_HULL || stage == DXIL_SHADER_MESH;
}

/* The ViewID masks and dependency tables, sized from the runtime info. */
static void walk_tables(walker *w)
{
    cpsv *c = w->c;
    uint32_t stage = cpsv_info8(c, CPSV_STAGE), in = cpsv_info8(c, CPSV_IN_VECS);
    uint32_t pc = cpsv_info8(c, CPSV_PCVECS);
    c->tables_at = (uint32_t)w->off;
    if (cpsv_info8(c, CPSV_VIEWID)) {
        for (unsigned s = 0; s < 4; s++)
            if (cpsv_info8(c, CPSV_OUT_VECS + s) && !skip(w, 4ull * mask_dwords(cpsv_info8(c, CPSV_OUT_VECS + s))))
                return;
        if (stage_has_pc_outputs(stage) && pc && !skip(w, 4ull * mask_dwords(pc)))
            return;
    }
    for (unsigned s = 0; s < 4; s++) {
        uint32_t out = cpsv_info8(c, CPSV_OUT_VECS + s);
        if (out && !skip(w, 4ull * io_dwords(in, out)))
            return;
    }
    if (stage_has_pc_outputs(stage) && pc && in && !skip(w, 4ull * io_dwords(in, pc)))
        return;
    uint32_t out0 = cpsv_info8(c, CPSV_OUT_VECS);
    if (stage == DXIL_SHADER_DOMAIN && out0 && pc)
        skip(w, 4ull * io_dwords(pc, out0));
}

/* String and index tables, elements and tables (runtime info 1+). */
static void walk_info1(walker *w)
{
    cpsv *c = w->c;
    if (!read32(w, &c->string_size))
        return;
    if (c->string_size & 3) {
        w->ok = false;
        return;
    }
    if (c->string_size) {
        c->strings = (const char *)(c->p + w->off);
        if (!skip(w, c->string_size))
            return;
    }
    if (!read32(w, &c->index_count))
        return;
    if (c->index_count) {
        c->indices = c->p + w->off;
        if (!skip(w, 4ull * c->index_count))
            return;
    }
    c->n_in = cpsv_info8(c, CPSV_IN_ELEMS);
    c->n_out = cpsv_info8(c, CPSV_OUT_ELEMS);
    c->n_pc = cpsv_info8(c, CPSV_PC_ELEMS);
    if (c->n_in || c->n_out || c->n_pc) {
        if (!read32(w, &c->elem_size))
            return;
        c->elems = c->p + w->off;
        if (!skip(w, (uint64_t)(c->n_in + c->n_out + c->n_pc) * c->elem_size))
            return;
    }
    walk_tables(w);
}

void cpsv_walk(const uint8_t *p, uint32_t size, cpsv *c)
{
    memset(c, 0, sizeof *c);
    c->p = p;
    c->size = size;
    walker w = {c, 0, true};
    if (!read32(&w, &c->info_size))
        return;
    c->info = p + w.off;
    c->has_info1 = c->info_size >= CPSV_INFO1;
    if (!skip(&w, c->info_size)) {
        c->info = NULL;
        c->has_info1 = false;
        return;
    }
    if (!read32(&w, &c->res_count))
        return;
    if (c->res_count) {
        if (!read32(&w, &c->bind_size))
            return;
        c->binds = p + w.off;
        if (!skip(&w, (uint64_t)c->res_count * c->bind_size))
            return;
    }
    if (c->has_info1)
        walk_info1(&w);
    c->valid = w.ok && w.off == size;
}

const char *cpsv_string(const cpsv *c, uint32_t off)
{
    return c->strings && off < c->string_size ? c->strings + off : "";
}

uint32_t cpsv_count(const cpsv *c, unsigned sig)
{
    return sig == 0 ? c->n_in : sig == 1 ? c->n_out : c->n_pc;
}

const uint8_t *cpsv_element(const cpsv *c, unsigned sig, uint32_t i)
{
    uint32_t first = sig == 0 ? 0 : sig == 1 ? c->n_in : c->n_in + c->n_out;
    return c->elems ? c->elems + (size_t)(first + i) * c->elem_size : NULL;
}

unsigned cpsv_version(unsigned val_major, unsigned val_minor)
{
    unsigned v = val_major * 100 + val_minor;
    if (val_major < 1 || v < 101)
        return 0;
    if (v < 106)
        return 1;
    if (v < 108)
        return 2;
    return v < 110 ? 3 : 4;
}

uint32_t cpsv_info_size_of(unsigned version)
{
    static const uint32_t sizes[] = {CPSV_INFO0, CPSV_INFO1, CPSV_INFO2, CPSV_INFO3, CPSV_INFO4};
    return sizes[version < 5 ? version : 4];
}
