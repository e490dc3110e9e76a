/* part_sfi0.c - SFI0: the feature flags, derived from the entry's
 * ShaderFlags by the table the --check reader uses (container/sfi0_map.h). */
#include "write_internal.h"
#include "container/sfi0_map.h"

int write_sfi0(write_module *wm, wbuf *out)
{
    uint64_t features = sfi0_features_from_flags(wm->flags, NULL);
    wb_u32(out, (uint32_t)features);
    wb_u32(out, (uint32_t)(features >> 32));
    return 0;
}
