/* spec_xml.c - the op spec reader's access to the XML: errors, arena
 * memory, nodes and attributes (typed ones too), and the first two
 * passes: libxml2's parse (well-formedness errors keep their line) and
 * the RelaxNG schema check. */
#include "spec_xml.h"
#include "spec_arena.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/xmlerror.h>

#if LIBXML_VERSION >= 21200
#define SPEC_XML_ERROR const xmlError
#else
#define SPEC_XML_ERROR xmlError
#endif

/* ---- reader state -------------------------------------------------------- */

void spec_error(spec_ctx *c, int code, long line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    dxil_diags_addv(c->diags, DXIL_SEV_ERROR, code, line > 0 ? DXIL_LOC_LINE : DXIL_LOC_NONE,
                    line > 0 ? (uint64_t)line : 0, fmt, ap);
    va_end(ap);
    c->errors++;
}

long spec_line(const xmlNode *n)
{
    return xmlGetLineNo(n);
}

void *spec_alloc(spec_ctx *c, size_t size)
{
    void *p = spec_arena_alloc(c->spec->arena, size ? size : 1);
    if (!p && !c->oom) {
        c->oom = true;
        spec_error(c, DXIL_E_SPEC, 0, "out of memory while reading the spec");
    }
    return p;
}

char *spec_strdup(spec_ctx *c, const char *s, size_t len)
{
    char *p = spec_alloc(c, len + 1);
    if (p)
        memcpy(p, s, len);
    return p;
}

const char *spec_attr(spec_ctx *c, const xmlNode *n, const char *name)
{
    xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
    if (!v)
        return NULL;
    const char *s = spec_strdup(c, (const char *)v, strlen((const char *)v));
    xmlFree(v);
    return s;
}

bool spec_is(const xmlNode *n, const char *name)
{
    return n->type == XML_ELEMENT_NODE && strcmp((const char *)n->name, name) == 0;
}

size_t spec_count_children(const xmlNode *n, const char *name)
{
    size_t k = 0;
    for (const xmlNode *ch = n->children; ch; ch = ch->next)
        k += spec_is(ch, name);
    return k;
}

const xmlNode *spec_child(const xmlNode *n, const char *name)
{
    for (const xmlNode *ch = n->children; ch; ch = ch->next) {
        if (spec_is(ch, name))
            return ch;
    }
    return NULL;
}

bool spec_parse_int(const char *s, int64_t *out)
{
    if (!s || !*s)
        return false;
    const char *p = s;
    bool neg = *p == '-';
    p += neg;
    int base = (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) ? 16 : 10;
    if (base == 16)
        p += 2;
    if (!*p || *p == '-' || *p == '+')
        return false;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(p, &end, base);
    if (errno || *end || v > (unsigned long long)INT64_MAX + (neg ? 1u : 0u))
        return false;
    *out = neg ? (int64_t)(0 - v) : (int64_t)v;
    return true;
}

/* ---- typed attributes ------------------------------------------------------ */

bool spec_version_attr(spec_ctx *c, const xmlNode *n, const char *attr, bool required,
                              dxil_version *out)
{
    const char *v = spec_attr(c, n, attr);
    *out = 0;
    if (!v) {
        if (required)
            spec_error(c, DXIL_E_SPEC, spec_line(n), "<%s> needs a %s= version", (const char *)n->name, attr);
        return !required;
    }
    if (!dxil_version_parse(v, strlen(v), out) || DXIL_VERSION_MAJOR(*out) == 0) {
        spec_error(c, DXIL_E_SPEC, spec_line(n), "bad version string '%s' in %s= (want major.minor, e.g. 1.6)",
                   v, attr);
        return false;
    }
    return true;
}

bool spec_type_attr(spec_ctx *c, const xmlNode *n, const char *owner, uint8_t *out)
{
    const char *t = spec_attr(c, n, "type");
    int code = t ? dxil_type_code_from_name(t, strlen(t)) : -1;
    if (code < 0) {
        spec_error(c, DXIL_E_SPEC_TYPE, spec_line(n), "%s: unknown type code '%s'", owner, t ? t : "");
        return false;
    }
    *out = (uint8_t)code;
    return true;
}


/* ---- libxml2 error capture ---------------------------------------------- */

static void spec_trim_copy(char *dst, size_t size, const char *src)
{
    snprintf(dst, size, "%s", src ? src : "unknown error");
    size_t n = strlen(dst);
    while (n && (dst[n - 1] == '\n' || dst[n - 1] == ' '))
        dst[--n] = '\0';
}

static void spec_report_xml(spec_ctx *c, SPEC_XML_ERROR *e, int code, const char *what)
{
    if (e->level < XML_ERR_ERROR)
        return;
    long line = e->line;
    if (line <= 0 && e->node)
        line = xmlGetLineNo((const xmlNode *)e->node);
    char msg[512];
    spec_trim_copy(msg, sizeof msg, e->message);
    spec_error(c, code, line, "%s: %s", what, msg);
}

static void spec_on_parse_error(void *data, SPEC_XML_ERROR *e)
{
    xmlParserCtxtPtr pc = data;
    spec_report_xml(pc->_private, e, DXIL_E_SPEC, "malformed XML");
}

static void spec_on_schema_error(void *data, SPEC_XML_ERROR *e)
{
    spec_report_xml(data, e, DXIL_E_SPEC_SCHEMA, "schema");
}

xmlDocPtr spec_parse_xml(spec_ctx *c, const void *buf, size_t len, const char *name)
{
    if (len > INT_MAX) {
        spec_error(c, DXIL_E_SPEC, 0, "spec too large");
        return NULL;
    }
    xmlParserCtxtPtr pc = xmlNewParserCtxt();
    if (!pc) {
        spec_error(c, DXIL_E_SPEC, 0, "cannot create an XML parser");
        return NULL;
    }
    pc->_private = c;
    pc->sax->serror = spec_on_parse_error;
    int opts = XML_PARSE_NONET | XML_PARSE_BIG_LINES;
    xmlDocPtr doc = xmlCtxtReadMemory(pc, buf, (int)len, name, NULL, opts);
    size_t errors = c->errors;
    xmlFreeParserCtxt(pc);
    if (doc && errors) {
        xmlFreeDoc(doc);
        doc = NULL;
    }
    if (!doc && !c->errors)
        spec_error(c, DXIL_E_SPEC, 0, "malformed XML");
    return doc;
}

bool spec_validate(spec_ctx *c, xmlDocPtr doc)
{
    const spec_read_options *o = c->opt;
    if (!o || !o->schema)
        return true;
    size_t before = c->errors;
    xmlRelaxNGParserCtxtPtr pc = xmlRelaxNGNewMemParserCtxt(o->schema, (int)o->schema_len);
    xmlRelaxNGPtr rng = NULL;
    if (pc) {
        xmlRelaxNGSetParserStructuredErrors(pc, spec_on_schema_error, c);
        rng = xmlRelaxNGParse(pc);
        xmlRelaxNGFreeParserCtxt(pc);
    }
    if (!rng) {
        spec_error(c, DXIL_E_SPEC_SCHEMA, 0, "the op spec schema itself is invalid");
        return false;
    }
    xmlRelaxNGValidCtxtPtr vc = xmlRelaxNGNewValidCtxt(rng);
    int rc = -1;
    if (vc) {
        xmlRelaxNGSetValidStructuredErrors(vc, spec_on_schema_error, c);
        rc = xmlRelaxNGValidateDoc(vc, doc);
        xmlRelaxNGFreeValidCtxt(vc);
    }
    xmlRelaxNGFree(rng);
    if (rc != 0 && c->errors == before)
        spec_error(c, DXIL_E_SPEC_SCHEMA, 0, "the spec does not match the schema");
    return rc == 0;
}

