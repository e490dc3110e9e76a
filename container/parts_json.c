/* parts_json.c - dxil_parts_json_string: the decoded parts as JSON
 * (json-c). Keys are part of the interface: docs/container.md lists them
 * and test/lit/cli/dump-json.test pins them. */
#include "parts_json.h"

#include <stdlib.h>
#include <string.h>

void ju(json_object *o, const char *key, uint64_t v)
{
    json_object_object_add(o, key, json_object_new_int64((int64_t)v));
}

void js(json_object *o, const char *key, const char *v)
{
    json_object_object_add(o, key, json_object_new_string(v ? v : ""));
}

void jhex(json_object *o, const char *key, const uint8_t *bytes, size_t n)
{
    char *s = malloc(2 * n + 1);
    if (!s)
        return;
    for (size_t i = 0; i < n; i++) {
        s[2 * i] = "0123456789abcdef"[bytes[i] >> 4];
        s[2 * i + 1] = "0123456789abcdef"[bytes[i] & 15];
    }
    s[2 * n] = '\0';
    js(o, key, s);
    free(s);
}

json_object *json_u32_array(const uint32_t *v, uint32_t n)
{
    json_object *a = json_object_new_array();
    for (uint32_t i = 0; i < n; i++)
        json_object_array_add(a, json_object_new_int64(v[i]));
    return a;
}

static json_object *json_sfi0(const dxil_decoded_part *d)
{
    json_object *o = json_object_new_object(), *names = json_object_new_array();
    ju(o, "flags", d->u.sfi0.flags);
    for (unsigned bit = 0; bit < 64; bit++)
        if (d->u.sfi0.flags & (1ull << bit)) {
            const char *n = dxil_sfi0_flag_name(bit);
            char buf[24];
            snprintf(buf, sizeof buf, "bit%u", bit);
            json_object_array_add(names, json_object_new_string(n ? n : buf));
        }
    json_object_object_add(o, "features", names);
    return o;
}

static json_object *json_sig(const dxil_decoded_part *d)
{
    json_object *o = json_object_new_object(), *a = json_object_new_array();
    for (uint32_t i = 0; i < d->u.sig.count; i++) {
        const dxil_sig_element *e = &d->u.sig.elements[i];
        json_object *x = json_object_new_object();
        js(x, "semantic", e->semantic);
        ju(x, "index", e->semantic_index);
        ju(x, "system_value", e->system_value);
        js(x, "system_value_name", PARTS_NAME(parts_sysvalue_names, e->system_value));
        ju(x, "component_type", e->component_type);
        ju(x, "register", e->reg);
        ju(x, "mask", e->mask);
        ju(x, "rw_mask", e->rw_mask);
        ju(x, "stream", e->stream);
        ju(x, "min_precision", e->min_precision);
        json_object_array_add(a, x);
    }
    json_object_object_add(o, "elements", a);
    return o;
}

static json_object *json_hash_part(const dxil_decoded_part *d)
{
    json_object *o = json_object_new_object();
    ju(o, "flags", d->u.hash.flags);
    jhex(o, "digest", d->u.hash.digest, 16);
    return o;
}

static json_object *json_vers(const dxil_decoded_part *d)
{
    json_object *o = json_object_new_object();
    ju(o, "major", d->u.vers.major);
    ju(o, "minor", d->u.vers.minor);
    ju(o, "flags", d->u.vers.flags);
    ju(o, "commit_count", d->u.vers.commit_count);
    js(o, "commit", d->u.vers.commit);
    js(o, "version_string", d->u.vers.version_string);
    return o;
}

static json_object *json_ildn(const dxil_decoded_part *d)
{
    json_object *o = json_object_new_object();
    ju(o, "flags", d->u.ildn.flags);
    js(o, "name", d->u.ildn.name);
    return o;
}

static json_object *json_program(const dxil_decoded_part *d)
{
    const dxil_program_header *h = &d->u.program;
    json_object *o = json_object_new_object();
    const char *kind = dxil_shader_kind_short_name(h->shader_kind);
    js(o, "shader_kind", kind ? kind : "?");
    ju(o, "sm_major", h->sm_major);
    ju(o, "sm_minor", h->sm_minor);
    ju(o, "dxil_major", h->dxil_major);
    ju(o, "dxil_minor", h->dxil_minor);
    ju(o, "size_in_dwords", h->size_in_dwords);
    ju(o, "bitcode_offset", h->bitcode_offset);
    ju(o, "bitcode_size", h->bitcode_size);
    return o;
}

static json_object *json_srci(const dxil_decoded_part *d)
{
    json_object *o = json_object_new_object(), *a = json_object_new_array();
    ju(o, "size", d->u.srci.size);
    ju(o, "flags", d->u.srci.flags);
    for (uint32_t i = 0; d->u.srci.sections && i < d->u.srci.section_count; i++) {
        json_object *x = json_object_new_object();
        ju(x, "type", d->u.srci.sections[i].type);
        ju(x, "flags", d->u.srci.sections[i].flags);
        ju(x, "size", d->u.srci.sections[i].size);
        json_object_array_add(a, x);
    }
    json_object_object_add(o, "sections", a);
    return o;
}

static json_object *json_unknown(const dxil_decoded_part *d)
{
    json_object *o = json_object_new_object();
    jhex(o, "bytes", d->bytes, d->part.size);
    return o;
}

typedef json_object *(*json_fn)(const dxil_decoded_part *d);

static const json_fn json_by_kind[] = {
    [DXIL_PART_UNKNOWN] = json_unknown, [DXIL_PART_SFI0] = json_sfi0,
    [DXIL_PART_SIGNATURE] = json_sig,   [DXIL_PART_PSV0] = parts_json_psv0,
    [DXIL_PART_RTS0] = parts_json_rts0, [DXIL_PART_HASH] = json_hash_part,
    [DXIL_PART_VERS] = json_vers,       [DXIL_PART_ILDN] = json_ildn,
    [DXIL_PART_RDAT] = parts_json_rdat, [DXIL_PART_PROGRAM] = json_program,
    [DXIL_PART_SRCI] = json_srci};

static json_object *json_hash(const dxil_hash_check *h)
{
    json_object *o = json_object_new_object();
    js(o, "status", dxil_hash_status_name(h->status));
    jhex(o, "stored", h->stored, 16);
    jhex(o, "computed", h->computed, 16);
    return o;
}

char *dxil_parts_json_string(const dxil_parts *p, bool pretty)
{
    json_object *root = json_object_new_object(), *parts = json_object_new_array();
    ju(root, "file_size", p->container.file_size);
    ju(root, "version_major", p->container.version_major);
    ju(root, "version_minor", p->container.version_minor);
    json_object_object_add(root, "hash", json_hash(&p->hash));
    for (uint32_t i = 0; i < p->count; i++) {
        const dxil_decoded_part *d = &p->parts[i];
        json_object *x = json_object_new_object();
        js(x, "fourcc", d->part.name);
        ju(x, "offset", d->part.offset);
        ju(x, "size", d->part.size);
        json_object_object_add(x, "ok", json_object_new_boolean(d->ok));
        json_object_object_add(x, "decoded", d->ok ? json_by_kind[d->kind](d) : NULL);
        json_object_array_add(parts, x);
    }
    json_object_object_add(root, "parts", parts);
    const char *s = json_object_to_json_string_ext(
        root, pretty ? JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED : JSON_C_TO_STRING_PLAIN);
    char *copy = s ? strdup(s) : NULL;
    json_object_put(root);
    return copy;
}
