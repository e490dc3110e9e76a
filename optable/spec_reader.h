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

#include "spec_doc.h"

/* Finds a class that the file uses but does not define (overlays use the
 * classes of their base table). */
typedef const dxil_op_class *(*spec_class_finder)(void *ctx, const char *name);

typedef struct spec_read_options {
    const char *schema;       /* RelaxNG text; NULL skips schema validation */
    size_t schema_len;
    spec_class_finder find_class; /* may be NULL */
    void *find_class_ctx;
} spec_read_options;

/* Reads the spec from path, or from buf/len when path is NULL (name is
 * then only used in messages). Returns NULL when any error was reported. */
spec_doc *spec_doc_read(const char *path, const void *buf, size_t len, const char *name,
                          const spec_read_options *opt, dxil_diags *diags);
void spec_doc_free(spec_doc *spec);

#endif
