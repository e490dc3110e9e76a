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

typedef struct spec_arena spec_arena;

/* Finds a class that the file uses but does not define (overlays use the
 * classes of their base table). */
typedef const dxil_op_class *(*spec_class_finder)(void *ctx, const char *name);

typedef struct spec_read_options {
    const char *schema;       /* RelaxNG text; NULL skips schema validation */
    size_t schema_len;
    spec_class_finder find_class; /* may be NULL */
    void *find_class_ctx;
} spec_read_options;

typedef struct spec_doc {
    spec_arena *arena;   /* owns every record below */
    size_t n_classes;
    dxil_op_class **classes;  /* classes defined by the file, in file order */
    size_t n_ops;
    dxil_op_info **ops;       /* ops in file order */
    type_desc *types;    /* <types>: DXIL_TY_COUNT entries (line 0 = not
                                 described); NULL when the file has none */
    uint32_t types_line;      /* line of <types>; 0 when none */
} spec_doc;

/* Reads the spec from path, or from buf/len when path is NULL (name is
 * then only used in messages). Returns NULL when any error was reported. */
spec_doc *spec_doc_read(const char *path, const void *buf, size_t len, const char *name,
                          const spec_read_options *opt, dxil_diags *diags);
void spec_doc_free(spec_doc *spec);

/* spec_types.c: reads a <types> element into spec->types; returns the
 * number of errors reported. `types` is an xmlNode. */
size_t spec_read_types(spec_doc *spec, const void *types, dxil_diags *diags);
/* Reports every type code the spec does not describe (the built-in spec
 * must describe them all); returns the number of errors. */
size_t spec_types_complete(const spec_doc *spec, dxil_diags *diags);

/* Zeroed memory that lives as long as the spec (for callers that build
 * more records around it). NULL when memory is exhausted. */
void *spec_doc_alloc(spec_doc *spec, size_t size);

#endif
