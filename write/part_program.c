/* part_program.c - the DXIL program part and the HASH part.
 *
 * Program part: ProgramVersion (kind << 16 | major << 4 | minor),
 * SizeInUint32 (the whole part), then the bitcode header: 'DXIL', DXIL
 * version (major << 8 | minor), BitcodeOffset (16, from the bitcode
 * header), BitcodeSize, the bitcode, zero padding to 4 bytes.
 * HASH: a flags word (1 = computed over the debug bitcode, with sources)
 * and the plain MD5 of the bitcode. */
#include "write_internal.h"
#include "container/md5.h"

enum { BITCODE_HEADER = 16 };

int write_program(write_module *wm, const void *bitcode, size_t size, wbuf *out)
{
    if (size > UINT32_MAX - DXIL_PROGRAM_HEADER_SIZE - 4)
        return wm_fail(wm, "DXIL", "BitcodeSize", "%zu bytes of bitcode do not fit", size);
    uint32_t padded = (uint32_t)((size + 3) & ~(size_t)3);
    wb_u32(out, wm->kind << 16 | (wm->sm_major & 0xF) << 4 | (wm->sm_minor & 0xF));
    wb_u32(out, (DXIL_PROGRAM_HEADER_SIZE + padded) / 4);
    wb_u32(out, DXIL_FOURCC('D', 'X', 'I', 'L'));
    wb_u32(out, wm->dxil_major << 8 | wm->dxil_minor);
    wb_u32(out, BITCODE_HEADER);
    wb_u32(out, (uint32_t)size);
    wb_bytes(out, bitcode, size);
    wb_zero(out, padded - size);
    return 0;
}

int write_hash(const void *bitcode, size_t size, uint32_t flags, wbuf *out)
{
    uint8_t digest[16];
    md5_digest(bitcode, size, digest);
    wb_u32(out, flags);
    wb_bytes(out, digest, 16);
    return 0;
}
