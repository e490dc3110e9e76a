/* chk_meta_flags.c - Meta.FlagsUsage: the ShaderFlags an entry declares
 * (dx.entryPoints operand 0, property 0) against what the module uses,
 * computed by DXC's rules in module/shader_flags.h, over the bits DXC
 * collects (ShaderFlags::GetShaderFlagsRawForCollection). SFI0 carries
 * the declared flags; the container family compares it with them. */
#include "chk_facts.h"
#include "families.h"

#include <inttypes.h>
#include <stdio.h>

int chk_meta_flags(chk_ctx *c)
{
    const sf_module *sf = chk_sf(c);
    if (!sf)
        return 0;
    uint64_t mask = sf_collected_mask();
    uint64_t declared = sf->declared & mask, actual = sf->expected & mask;
    if (declared == actual)
        return 0;
    char note[128];
    snprintf(note, sizeof note, "(declared 0x%" PRIx64 ", used 0x%" PRIx64 ")", declared, actual);
    chk_fail_note(c, CHK_META_FLAGSUSAGE, NULL, note, NULL);
    return 0;
}
