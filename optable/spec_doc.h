/* spec_doc.h - the records an op spec file is read into, their memory, and
 * the <types> reader. Below the reader's entry points (spec_reader.h), so
 * the files that fill a spec_doc need not include the reader. Not
 * installed. */
#ifndef DXIL_SPEC_DOC_H
#define DXIL_SPEC_DOC_H

#include "optable_internal.h"

typedef struct spec_arena spec_arena;

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

/* Zeroed memory that lives as long as the spec (for callers that build
 * more records around it). NULL when memory is exhausted. */
void *spec_doc_alloc(spec_doc *spec, size_t size);

/* spec_types.c: reads a <types> element into spec->types; returns the
 * number of errors reported. `types` is an xmlNode. */
size_t spec_read_types(spec_doc *spec, const void *types, dxil_diags *diags);
/* Reports every type code the spec does not describe (the built-in spec
 * must describe them all); returns the number of errors. */
size_t spec_types_complete(const spec_doc *spec, dxil_diags *diags);

#endif
