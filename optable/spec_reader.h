/* spec_reader.h - reads an op spec XML file (spec/dxil-ops.xml or an
 * overlay) into dxil_op_info / dxil_op_class records.
 *
 * Shared by the build-time generator (spec/opgen.c) and the run-time
 * overlay loader (optable/optable_overlay.c), so both accept exactly the
 * same language. Every problem is reported to a dxil_diags list with the
 * line it was found on (DXIL_LOC_LINE). Not installed.
 */
#ifndef DXIL_SPEC_READER_H
#define DXIL_SPEC_READER_H

#include "optable_internal.h"

typedef struct dxil_spec_arena dxil_spec_arena;

/* Finds a class that the file uses but does not define (overlays use the
 * classes of their base table). */
typedef const dxil_op_class *(*dxil_spec_find_class)(void *ctx, const char *name);

typedef struct dxil_spec_options {
    const char *schema;       /* RelaxNG text; NULL skips schema validation */
    size_t schema_len;
    dxil_spec_find_class find_class; /* may be NULL */
    void *find_class_ctx;
} dxil_spec_options;

typedef struct dxil_spec {
    dxil_spec_arena *arena;   /* owns every record below */
    size_t n_classes;
    dxil_op_class **classes;  /* classes defined by the file, in file order */
    size_t n_ops;
    dxil_op_info **ops;       /* ops in file order */
    dxil_type_desc *types;    /* <types>: DXIL_TY_COUNT entries (line 0 = not
                                 described); NULL when the file has none */
    uint32_t types_line;      /* line of <types>; 0 when none */
} dxil_spec;

/* Reads the spec from path, or from buf/len when path is NULL (name is
 * then only used in messages). Returns NULL when any error was reported. */
dxil_spec *dxil_spec_read(const char *path, const void *buf, size_t len, const char *name,
                          const dxil_spec_options *opt, dxil_diags *diags);
void dxil_spec_free(dxil_spec *spec);

/* spec_types.c: reads a <types> element into spec->types; returns the
 * number of errors reported. `types` is an xmlNode. */
size_t dxil_spec_read_types(dxil_spec *spec, const void *types, dxil_diags *diags);
/* Reports every type code the spec does not describe (the built-in spec
 * must describe them all); returns the number of errors. */
size_t dxil_spec_types_complete(const dxil_spec *spec, dxil_diags *diags);

/* Zeroed memory that lives as long as the spec (for callers that build
 * more records around it). NULL when memory is exhausted. */
void *dxil_spec_alloc(dxil_spec *spec, size_t size);

#endif
