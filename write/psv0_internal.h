/* psv0_internal.h - the two halves of the PSV0 writer: part_psv0.c (the
 * runtime info and resources) and part_psv0_sig.c (string and index
 * tables, signature elements, dependency tables). */
#ifndef DXIL_WRITE_PSV0_INTERNAL_H
#define DXIL_WRITE_PSV0_INTERNAL_H

#include "write_internal.h"
#include "container/psv0_layout.h"

/* Vector counts of the signatures (NumVectorsUsed) and ViewID use. */
typedef struct psv_counts {
    uint8_t uses_view_id;
    uint32_t in_vectors, out_vectors[4], pc_vectors;
} psv_counts;

/* The string table, semantic index table and element records. */
typedef struct psv_tables {
    wbuf strings;
    uint32_t *indices;
    uint32_t index_count, index_cap;
    uint32_t entry_name; /* string offset (version 3+) */
    uint32_t *name_off, *index_off; /* per element, inputs, outputs, then PC */
} psv_tables;

void psv_count(const write_module *wm, psv_counts *c);
/* Resource count and bindings, CBVs, samplers, SRVs then UAVs. */
int psv0_write_resources(write_module *wm, uint32_t version, wbuf *out);
int psv_tables_build(write_module *wm, uint32_t version, psv_tables *t);
int psv_tables_write(write_module *wm, const psv_counts *c, const psv_tables *t, wbuf *out);
void psv_tables_free(psv_tables *t);

#endif
