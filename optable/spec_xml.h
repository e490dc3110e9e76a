/* spec_xml.h - the op spec reader's state and its access to the XML
 * (optable/spec_xml.c): errors, arena memory, nodes and attributes, and
 * the libxml2 parse and schema check. The value checks (spec_ops.c,
 * spec_maps.c) build on it. */
#ifndef DXIL_SPEC_XML_H
#define DXIL_SPEC_XML_H

#include "spec_reader.h"

#include <libxml/tree.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The reader's state while one file is read. */
typedef struct spec_ctx {
    spec_doc *spec;
    dxil_diags *diags;
    const spec_read_options *opt;
    size_t errors;
    bool oom;
    size_t cap_ops;
    dxil_op_class **sorted_classes; /* file classes by name, for lookups */
} spec_ctx;

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
void spec_error(spec_ctx *c, int code, long line, const char *fmt, ...);
long spec_line(const xmlNode *n);
/* Arena memory; an out-of-memory error is reported once. */
void *spec_alloc(spec_ctx *c, size_t size);
char *spec_strdup(spec_ctx *c, const char *s, size_t len);
/* Attribute value copied into the arena, or NULL when absent. */
const char *spec_attr(spec_ctx *c, const xmlNode *n, const char *name);
bool spec_is(const xmlNode *n, const char *name);
size_t spec_count_children(const xmlNode *n, const char *name);
const xmlNode *spec_child(const xmlNode *n, const char *name);
/* Parses a decimal or 0x-hex integer, optionally negative. */
bool spec_parse_int(const char *s, int64_t *out);
/* Reads a required (or optional) version attribute. */
bool spec_version_attr(spec_ctx *c, const xmlNode *n, const char *attr, bool required,
                       dxil_version *out);
/* The type= attribute as a type code; owner names the element in errors. */
bool spec_type_attr(spec_ctx *c, const xmlNode *n, const char *owner, uint8_t *out);
/* libxml2 parse (its errors keep their line) and RelaxNG validation
 * against c->opt->schema (skipped when NULL). */
xmlDocPtr spec_parse_xml(spec_ctx *c, const void *buf, size_t len, const char *name);
bool spec_validate(spec_ctx *c, xmlDocPtr doc);

#endif
