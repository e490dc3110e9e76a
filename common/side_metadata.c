/* side_metadata.c - the registry of named metadata nodes (side_metadata.h):
 * one row per name, so raise's park-md and lowering's restore-md read the
 * same list. docs/side-metadata.md explains each name and role. */
#include "side_metadata.h"

#include <string.h>

static const side_md side_md_registry[] = {
    /* dx.* names the generic park leaves alone. */
    {DXIL_MD_VALVER, DXIL_SIDE_MD_STAYS},    /* modern IR has it */
    {DXIL_MD_RESOURCES, DXIL_SIDE_MD_STAYS}, /* the resource raiser's */
    /* Parked DXIL nodes (operands verbatim). */
    {DXU_MD_VERSION, DXIL_SIDE_MD_PARKED},
    {DXU_MD_SHADER_MODEL, DXIL_SIDE_MD_PARKED},
    {DXU_MD_ENTRY_POINTS, DXIL_SIDE_MD_PARKED},
    {DXU_MD_RESOURCES, DXIL_SIDE_MD_PARKED},
    {DXU_MD_TYPE_ANNOTATIONS, DXIL_SIDE_MD_PARKED},
    {DXU_MD_VIEW_ID_STATE, DXIL_SIDE_MD_PARKED},
    {DXU_MD_DXR_PAYLOAD_ANNOTATIONS, DXIL_SIDE_MD_PARKED},
    /* Raise's own records for lowering. */
    {DXU_MD_DATALAYOUT, DXIL_SIDE_MD_BOOKKEEPING},
    {DXU_MD_ABSENT, DXIL_SIDE_MD_BOOKKEEPING},
    {DXU_MD_ORDER, DXIL_SIDE_MD_BOOKKEEPING},
    {DXU_MD_OP_ATTRS, DXIL_SIDE_MD_BOOKKEEPING},
    {DXU_MD_RESOURCE_PROPS, DXIL_SIDE_MD_BOOKKEEPING},
    {DXU_MD_RESOURCES_KEPT, DXIL_SIDE_MD_BOOKKEEPING},
    /* The container's carried parts: for the writer, never DXIL. */
    {DXU_MD_PARTS, DXIL_SIDE_MD_BOOKKEEPING},
    {DXU_MD_CONTAINER, DXIL_SIDE_MD_BOOKKEEPING},
    /* What the 3.7 bitcode writer needs to write the input's bytes again. */
    {DXU_MD_MD_KINDS, DXIL_SIDE_MD_BOOKKEEPING},
    {DXU_MD_FUNCTIONS, DXIL_SIDE_MD_BOOKKEEPING},
    {DXU_MD_RESOURCE_TYPES, DXIL_SIDE_MD_BOOKKEEPING},
    {DXU_MD_PARAM_TYPES, DXIL_SIDE_MD_BOOKKEEPING},
    {DXU_MD_OP_POINTEES, DXIL_SIDE_MD_BOOKKEEPING},
    {DXU_MD_VST_ORDER, DXIL_SIDE_MD_BOOKKEEPING},
};

const side_md *side_md_all(size_t *count)
{
    *count = sizeof side_md_registry / sizeof side_md_registry[0];
    return side_md_registry;
}

const side_md *side_md_lookup(const char *name)
{
    for (size_t i = 0; name && i < sizeof side_md_registry / sizeof side_md_registry[0]; i++)
        if (strcmp(side_md_registry[i].name, name) == 0)
            return &side_md_registry[i];
    return NULL;
}

bool side_md_is(const char *name, side_md_role role)
{
    const side_md *e = side_md_lookup(name);
    return e && e->role == role;
}
